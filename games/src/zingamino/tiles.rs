//! The 64 tiles (RULINGS §2(b)): 4 colours × the 15 dominoes 0–4 and one
//! Zinga each, numbered as the protocol says, and bag/hand bit sets.

use parlor_protocol::zingamino::{Colour, TileId};

/// Tiles in the game.
pub const TILE_COUNT: u8 = 64;

/// Every tile at once, as a [`Set`].
pub const ALL: Set = u64::MAX;

/// The colours in numbering order.
pub const COLOURS: [Colour; 4] = [
    Colour::Green,
    Colour::Yellow,
    Colour::Orange,
    Colour::Purple,
];

/// A set of tiles: bit `id` set when tile `id` is in it.
pub type Set = u64;

/// The dominoes of one colour, low end first, in numbering order.
const DOMINOES: [(u8, u8); 15] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 4),
];

/// What is printed on a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// A domino, low end first.
    Domino(u8, u8),
    /// The colour's wild tile.
    Zinga,
}

impl Face {
    /// A double or a Zinga: may go in a Zinga/Double square.
    pub fn is_spinner(self) -> bool {
        match self {
            Face::Domino(a, b) => a == b,
            Face::Zinga => true,
        }
    }

    /// Hand value: the pips, a Zinga 16.
    pub fn value(self) -> u32 {
        match self {
            Face::Domino(a, b) => u32::from(a) + u32::from(b),
            Face::Zinga => 16,
        }
    }
}

/// The colour of a tile (or of a space: both are `id / 16`).
pub fn colour_index(id: u8) -> u8 {
    id / 16
}

/// The colour of a tile.
pub fn colour(tile: TileId) -> Colour {
    COLOURS[usize::from(colour_index(tile.0) & 3)]
}

/// What is printed on tile `tile` (ids above 63 read as their colour's
/// equivalent; callers check the range first).
pub fn face(tile: TileId) -> Face {
    match DOMINOES.get(usize::from(tile.0 % 16)) {
        Some(&(a, b)) => Face::Domino(a, b),
        None => Face::Zinga,
    }
}

/// The tile with `face` in colour `colour` (0..4).
pub fn tile_of(colour: u8, face: Face) -> TileId {
    let k = match face {
        Face::Zinga => 15,
        Face::Domino(a, b) => {
            let (lo, hi) = (a.min(b), a.max(b));
            DOMINOES
                .iter()
                .position(|&d| d == (lo, hi))
                .and_then(|p| u8::try_from(p).ok())
                .unwrap_or(15)
        }
    };
    TileId(colour * 16 + k)
}

/// The bit of a tile.
pub fn bit(tile: TileId) -> Set {
    1u64 << (tile.0 & 63)
}

/// The tiles of a set, in id order.
pub fn tiles_of(set: Set) -> impl Iterator<Item = TileId> {
    (0..TILE_COUNT)
        .filter(move |i| set & (1u64 << i) != 0)
        .map(TileId)
}

/// The number of tiles in a set.
pub fn count(set: Set) -> u8 {
    u8::try_from(set.count_ones()).unwrap_or(u8::MAX)
}

/// The value of a set of tiles in hand.
pub fn hand_value(set: Set) -> u32 {
    tiles_of(set).map(|t| face(t).value()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_four_tiles_sixteen_per_colour() {
        let mut per_colour = [0u32; 4];
        let mut zingas = 0;
        let mut doubles = 0;
        for t in tiles_of(ALL) {
            per_colour[usize::from(colour_index(t.0))] += 1;
            match face(t) {
                Face::Zinga => zingas += 1,
                Face::Domino(a, b) if a == b => doubles += 1,
                Face::Domino(..) => {}
            }
            assert_eq!(tile_of(colour_index(t.0), face(t)), t);
        }
        assert_eq!(per_colour, [16; 4]);
        assert_eq!((zingas, doubles), (4, 20));
        // Each colour: the 15 dominoes hold 60 pips, plus the Zinga's 16.
        assert_eq!(hand_value(ALL), 4 * (60 + 16));
        assert_eq!(colour(TileId(17)), Colour::Yellow);
    }
}
