//! Zingamino as ruled in RULINGS §2; the rules as implemented, with every
//! ruling and choice, are in `docs/games/zingamino.md`.
//!
//! - [`tiles`]: the 64 tiles and tile sets.
//! - [`board`]: the four circles, the Zinga/Double squares and the bridges.
//! - `state`: the state machine ([`Zingamino`]) and the [`crate::Game`] impl.
//! - `view`: views, step views and the final scorecard.
//!
//! Hidden: every hand (its owner sees it) until a round's scoring (or the
//! end of the game) reveals them all, and the bag, which is never ordered:
//! each tile is drawn, as a chance step, when it leaves the bag.

pub mod board;
mod bot;
mod determinize;
mod state;
pub mod tiles;
mod view;

#[cfg(test)]
mod conformance;
#[cfg(test)]
mod fast_tests;
#[cfg(test)]
mod tests;

use parlor_protocol::zingamino::TileId;
use serde::{Deserialize, Serialize};

pub use state::Zingamino;

/// A chance outcome: this tile leaves the bag (for the start-player draw,
/// the deal or a dig), any tile in the bag equally likely.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// The tile drawn.
    Tile(TileId),
}

/// Why a step is refused. The messages speak only of public facts and of
/// the submitter's own hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat (or chance) is to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// A chance outcome was offered while a seat is to act.
    #[error("a seat is to act, not chance")]
    UnexpectedChance,
    /// A tile not in the bag, or no draw is due.
    #[error("that chance outcome is impossible now")]
    ImpossibleOutcome,
    /// A tile the submitter does not hold.
    #[error("you don't hold tile {0}")]
    NotInHand(u8),
    /// A space outside 0..64.
    #[error("there is no space {0} (spaces are 0 to 63)")]
    NoSuchSpace(u8),
    /// The space holds a tile.
    #[error("space {0} is taken")]
    SpaceTaken(u8),
    /// Tile and circle colours differ.
    #[error("the tile's colour is not the circle's")]
    WrongColour,
    /// A non-double in a Zinga/Double square.
    #[error("only doubles and Zingas go in a Zinga/Double square")]
    NotADouble,
    /// The opening must be a double or Zinga in a Zinga/Double square.
    #[error("your opening tile must be a double or a Zinga in a Zinga/Double square")]
    OpeningSquare,
    /// A normal placement touching no tile.
    #[error("the tile must touch a tile already on the board")]
    Isolated,
    /// An end does not match its neighbour.
    #[error("the tile does not match its neighbour in space {0}")]
    Mismatch(u8),
    /// `flip` on a double or Zinga, or in a Zinga/Double square.
    #[error("this tile has no orientation to choose: flip must be false")]
    NoFlip,
    /// A declared value where none is needed, or none where one is.
    #[error("a value is declared only when a Zinga meets an unassigned Zinga")]
    Declaration,
    /// A declared value above 4.
    #[error("value {0} does not exist: declare 0 to 4")]
    BadValue(u8),
    /// A tile can be placed (or drawn): passing is not allowed.
    #[error("you may pass only when nothing can be placed and the bag is empty")]
    CannotPass,
    /// A tile can be placed, or the bag is empty: no dig.
    #[error("you may dig only when nothing can be placed and the bag is not empty")]
    CannotDig,
}

impl crate::TestPlan for Zingamino {
    // Matches run several rounds to 64: fewer seeds per count.
    const SESSION_SEEDS: u64 = 12;
    const HIDES_FROM_SEATS: bool = true;
    const TAKES_BACK: bool = false;
    const SIMULTANEOUS: bool = false;
    // A two-player match often ends after one blocked round: more seeds.
    const BOT_TWIN_SEEDS: u64 = 30;
}
