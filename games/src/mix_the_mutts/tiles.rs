//! The components of RULINGS §3(b): the 72 breed cards, the 12 tiles M01–M12
//! and the axial hex geometry that makes every shared edge a head meeting a
//! tail.

use parlor_protocol::mix_the_mutts::{Breed, Card, CardId, Hex, TileFace, TileId};

/// The eight breeds, most common first: a breed's index + 1 is its card value.
pub const BREEDS: [Breed; 8] = [
    Breed::Poodle,
    Breed::Beagle,
    Breed::Pug,
    Breed::Dachshund,
    Breed::Schnauzer,
    Breed::Pomeranian,
    Breed::Dalmatian,
    Breed::Chihuahua,
];

/// Cards per breed, in [`BREEDS`] order (16/14/…/2, 72 in all).
const CARDS_PER_BREED: [u8; 8] = [16, 14, 12, 10, 8, 6, 4, 2];

/// Number of cards: ids are `0..CARD_COUNT`.
pub const CARD_COUNT: u8 = 72;

/// Every card id as a bit mask (bit `id` set).
pub const ALL_CARDS: u128 = (1u128 << CARD_COUNT) - 1;

/// Number of tiles: ids are `1..=TILE_COUNT`.
pub const TILE_COUNT: u8 = 12;

/// The rotations that put a head against a tail on every shared edge.
pub const ROTATIONS: [u8; 3] = [0, 2, 4];

/// Axial steps of directions 0..6: E, NE, NW, W, SW, SE.
const DIRS: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The breed's index in [`BREEDS`] (0 = Poodle … 7 = Chihuahua).
pub fn breed_index(breed: Breed) -> usize {
    BREEDS.iter().position(|b| *b == breed).unwrap_or(0)
}

/// A card's points: 1 (Poodle) to 8 (Chihuahua).
pub fn value(breed: Breed) -> u32 {
    u32::try_from(breed_index(breed)).unwrap_or(0) + 1
}

/// The breed printed on card `id`: ids run through the breeds in order
/// (0–15 Poodle, 16–29 Beagle, …, 70–71 Chihuahua). `None` past 71.
pub fn card_breed(id: CardId) -> Option<Breed> {
    let mut first = 0u8;
    for (breed, count) in BREEDS.iter().zip(CARDS_PER_BREED) {
        if id.0 < first + count {
            return Some(*breed);
        }
        first += count;
    }
    None
}

/// Card `id` with its breed, if it exists.
pub fn card(id: CardId) -> Option<Card> {
    card_breed(id).map(|breed| Card { id, breed })
}

/// The bit of card `id` in a card mask (0 for an id that doesn't exist).
pub fn card_bit(id: CardId) -> u128 {
    if id.0 < CARD_COUNT {
        1u128 << id.0
    } else {
        0
    }
}

/// The cards of a mask, lowest id first.
pub fn cards_of(mask: u128) -> impl Iterator<Item = CardId> {
    (0..CARD_COUNT)
        .filter(move |i| mask & (1u128 << i) != 0)
        .map(CardId)
}

/// Number of cards in a mask.
pub fn count(mask: u128) -> u8 {
    u8::try_from(mask.count_ones()).unwrap_or(u8::MAX)
}

use Breed::{
    Beagle as BEA, Chihuahua as CHI, Dachshund as DAC, Dalmatian as DAL, Pomeranian as POM,
    Poodle as POO, Pug as PUG, Schnauzer as SCH,
};

/// Edges e0..e5 of M01..M12 (RULINGS §3(b)); even edges are heads, odd
/// edges tails.
const TILES: [[Breed; 6]; 12] = [
    [POO, POO, BEA, PUG, DAC, SCH],
    [POO, POO, BEA, BEA, DAC, SCH],
    [POO, POO, BEA, BEA, SCH, DAC],
    [POO, POO, PUG, BEA, SCH, DAC],
    [POO, BEA, PUG, DAC, SCH, CHI],
    [POO, BEA, PUG, DAC, SCH, DAL],
    [POO, BEA, PUG, DAC, POM, DAL],
    [POO, BEA, PUG, PUG, POM, POM],
    [BEA, POO, PUG, PUG, POM, POM],
    [BEA, POO, DAC, PUG, DAL, POM],
    [BEA, POO, DAC, PUG, DAL, SCH],
    [BEA, POO, DAC, PUG, CHI, SCH],
];

/// The printed edges of tile `id` (1..=12).
pub fn edges(id: TileId) -> Option<&'static [Breed; 6]> {
    TILES.get(usize::from(id.0).checked_sub(1)?)
}

/// Tile `id` as shown on the wire; an id that doesn't exist (only in a
/// refused step) shows no edges.
pub fn face(id: TileId) -> TileFace {
    TileFace {
        tile: id,
        edges: edges(id).map_or_else(Vec::new, |e| e.to_vec()),
    }
}

/// The bit of tile `id` in a tile mask (0 for an id that doesn't exist).
pub fn tile_bit(id: TileId) -> u16 {
    if (1..=TILE_COUNT).contains(&id.0) {
        1 << id.0
    } else {
        0
    }
}

/// The hex next to `at` in direction `dir` (0..6), or `None` off the `i8`
/// grid or for a direction that doesn't exist.
pub fn neighbour(at: Hex, dir: u8) -> Option<Hex> {
    let (dq, dr) = DIRS.get(usize::from(dir))?;
    Some(Hex {
        q: at.q.checked_add(*dq)?,
        r: at.r.checked_add(*dr)?,
    })
}

/// The local edge of a tile with `rotation` that faces direction `dir`:
/// local edge `k` faces `(k + rotation) mod 6`.
pub fn edge_facing(rotation: u8, dir: u8) -> usize {
    usize::from((dir % 6 + 6 - rotation % 6) % 6)
}

/// The breed a placed tile shows towards `dir`, and whether it is a head.
pub fn breed_towards(id: TileId, rotation: u8, dir: u8) -> Option<(Breed, bool)> {
    let k = edge_facing(rotation, dir);
    edges(id).and_then(|e| e.get(k)).map(|b| (*b, k & 1 == 0))
}
