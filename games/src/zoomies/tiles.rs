//! The components of RULINGS §1(b) — the 50 dog tiles Z01–Z50 (printed in
//! [`TILES`], which the wire shares), the start row — and the square-grid
//! geometry.

use parlor_protocol::zoomies::{Breed, Cell, Dir, Dog, TileFace, TileId, TILES};

/// Number of tiles: ids are `1..=TILE_COUNT`.
pub const TILE_COUNT: u8 = 50;

/// Every tile id as a bit mask (bit `id` set, bits 1..=50).
pub const ALL_TILES: u64 = ((1u64 << TILE_COUNT) - 1) << 1;

/// The five breeds, in the order of RULINGS §1(b).
pub const BREEDS: [Breed; 5] = [
    Breed::Chihuahua,
    Breed::Poodle,
    Breed::Beagle,
    Breed::Husky,
    Breed::Greyhound,
];

/// The four directions, clockwise from north.
pub const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

/// Tokens of each shape per player.
pub const TOKENS_PER_KIND: u8 = 4;

/// The Zoomies ladder: points for a group of `n` Zoomies dogs, `n` capped
/// at 5 (RULINGS §1(c)).
pub const LADDER: [u32; 6] = [0, 1, 3, 6, 10, 15];

/// Dogs A and B of tile `id`, if it exists.
pub fn dogs(id: TileId) -> Option<(Dog, Dog)> {
    face(id).map(|f| (f.a, f.b))
}

/// Tile `id` as shown on the wire, if it exists.
pub fn face(id: TileId) -> Option<TileFace> {
    TILES.get(usize::from(id.0).checked_sub(1)?).copied()
}

/// The bit of tile `id` in a tile mask (0 for an id that doesn't exist).
pub fn tile_bit(id: TileId) -> u64 {
    if (1..=TILE_COUNT).contains(&id.0) {
        1 << id.0
    } else {
        0
    }
}

/// The tiles of a mask, lowest id first.
pub fn tiles_of(mask: u64) -> impl Iterator<Item = TileId> {
    (1..=TILE_COUNT)
        .filter(move |i| mask & (1u64 << i) != 0)
        .map(TileId)
}

/// Number of tiles in a mask.
pub fn count(mask: u64) -> u8 {
    u8::try_from(mask.count_ones()).unwrap_or(u8::MAX)
}

/// "Z07".
pub fn name(id: TileId) -> String {
    format!("Z{:02}", id.0)
}

/// The step of `dir` as (dx, dy).
pub fn delta(dir: Dir) -> (i8, i8) {
    match dir {
        Dir::North => (0, -1),
        Dir::East => (1, 0),
        Dir::South => (0, 1),
        Dir::West => (-1, 0),
    }
}

/// The opposite direction.
pub fn opposite(dir: Dir) -> Dir {
    match dir {
        Dir::North => Dir::South,
        Dir::East => Dir::West,
        Dir::South => Dir::North,
        Dir::West => Dir::East,
    }
}

/// The cell next to `at` towards `dir`, or `None` off the `i8` grid.
pub fn step(at: Cell, dir: Dir) -> Option<Cell> {
    let (dx, dy) = delta(dir);
    Some(Cell {
        x: at.x.checked_add(dx)?,
        y: at.y.checked_add(dy)?,
    })
}

/// Where start tile `index` (0..3) goes: the row `(0,0)-(1,0)`,
/// `(2,0)-(3,0)`, `(4,0)-(5,0)`; dog A on the left unless `flipped`.
pub fn start_place(index: usize, flipped: bool) -> Option<(Cell, Dir)> {
    let left = i8::try_from(index.checked_mul(2)?)
        .ok()
        .filter(|x| *x <= 4)?;
    Some(if flipped {
        (Cell { x: left + 1, y: 0 }, Dir::West)
    } else {
        (Cell { x: left, y: 0 }, Dir::East)
    })
}

/// The cell (0, 0).
pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

/// Number of start tiles.
pub const START_TILES: usize = 3;
