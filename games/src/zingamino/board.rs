//! The board (RULINGS §2(b)): four circles of 16 spaces, Zinga/Double
//! squares at `i % 4 == 0`, and the four bridges. Space `c * 16 + i`.

/// Spaces on the board.
pub const SPACES: u8 = 64;

/// The bridges, as pairs of spaces: G4–Y12, G8–O0, Y8–P0, O4–P12.
pub const BRIDGES: [(u8, u8); 4] = [(4, 16 + 12), (8, 32), (16 + 8, 48), (32 + 4, 48 + 12)];

/// The neighbours of each space as a mask (bit = space), for searches
/// that visit many spaces; the same as [`neighbours`].
pub const NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut space = 0;
    while space < 64 {
        let base = space - space % 16;
        let i = space % 16;
        table[space] = 1 << (base + (i + 15) % 16) | 1 << (base + (i + 1) % 16);
        space += 1;
    }
    let mut b = 0;
    while b < BRIDGES.len() {
        let (x, y) = BRIDGES[b];
        table[x as usize] |= 1 << y;
        table[y as usize] |= 1 << x;
        b += 1;
    }
    table
};

/// Which of a placed tile's ports faces a neighbour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Port {
    /// Towards `i - 1`.
    Ccw,
    /// Towards `i + 1`.
    Cw,
    /// Across a bridge (Zinga/Double squares only).
    Bridge,
}

/// A Zinga/Double square.
pub fn is_square(space: u8) -> bool {
    space.is_multiple_of(4)
}

/// The colour (0..4) of a space.
pub fn colour_of(space: u8) -> u8 {
    space / 16
}

/// The bridge partner of a space, if it has one.
pub fn partner(space: u8) -> Option<u8> {
    BRIDGES.iter().find_map(|&(a, b)| {
        if a == space {
            Some(b)
        } else if b == space {
            Some(a)
        } else {
            None
        }
    })
}

/// Every neighbour of `space`, with the port of `space` that faces it.
pub fn neighbours(space: u8) -> impl Iterator<Item = (u8, Port)> {
    let base = space - space % 16;
    let i = space % 16;
    [
        (base + (i + 15) % 16, Port::Ccw),
        (base + (i + 1) % 16, Port::Cw),
    ]
    .into_iter()
    .chain(partner(space).map(|p| (p, Port::Bridge)))
}

/// The port of `from` that faces its neighbour `to`.
pub fn port_towards(from: u8, to: u8) -> Port {
    if partner(from) == Some(to) {
        Port::Bridge
    } else if (from % 16 + 15) % 16 == to % 16 {
        Port::Ccw
    } else {
        Port::Cw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neighbour_masks_are_the_neighbours() {
        for space in 0..SPACES {
            let mask = neighbours(space).fold(0u64, |m, (n, _)| m | 1 << n);
            assert_eq!(NEIGHBOURS[usize::from(space)], mask, "space {space}");
        }
    }

    #[test]
    fn geometry() {
        let squares = (0..SPACES).filter(|&s| is_square(s)).count();
        assert_eq!(squares, 16);
        let bridged = (0..SPACES).filter(|&s| partner(s).is_some()).count();
        assert_eq!(bridged, 8);
        for s in 0..SPACES {
            for (n, port) in neighbours(s) {
                assert_eq!(port_towards(s, n), port);
                assert!(neighbours(n).any(|(m, _)| m == s), "{s} ~ {n}");
            }
            if let Some(p) = partner(s) {
                assert!(is_square(s) && is_square(p));
                assert_ne!(colour_of(s), colour_of(p));
            }
        }
        // The outer squares: G0, G12, Y0, Y4, O8, O12, P4, P8.
        let outer: Vec<u8> = (0..SPACES)
            .filter(|&s| is_square(s) && partner(s).is_none())
            .collect();
        assert_eq!(outer, vec![0, 12, 16, 20, 40, 44, 52, 56]);
        assert_eq!(
            neighbours(16).map(|(n, _)| n).collect::<Vec<_>>(),
            vec![31, 17]
        );
    }
}
