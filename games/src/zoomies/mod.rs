//! Zoomies as ruled in RULINGS §1; the rules as implemented, with every
//! ruling and choice, are in `docs/games/zoomies.md`.
//!
//! - [`tiles`]: the 50 dog tiles, the start row and the grid geometry (§1(b)).
//! - `board`: the table, Packs and Zoomies groups, legal placements.
//! - `state`: the turn state machine ([`Zoomies`]) and the [`crate::Game`] impl.
//! - `scoring`: what each token scores, splits included (§1(c)).
//! - `view`: views, step views and the final scorecard.
//!
//! Hidden: every hand (its owner sees it), the draw pile (never stored as an
//! order: each tile is drawn, as a chance step, when it is taken) and the
//! discarded tiles.

mod board;
mod bot;
mod determinize;
mod scoring;
mod state;
pub mod tiles;
mod view;

#[cfg(test)]
mod conformance;
#[cfg(test)]
mod fast_tests;
#[cfg(test)]
mod tests;

use std::fmt;

use parlor_protocol::zoomies::{TileId, TokenRefusal};
use parlor_protocol::Seat;
use serde::{Deserialize, Serialize};

pub use state::Zoomies;

/// A chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// Setup: a tile is drawn and laid in the start row, in the next free
    /// slot, dog A on the left unless `flipped`.
    StartTile {
        /// The tile.
        tile: TileId,
        /// Dog A on the right.
        flipped: bool,
    },
    /// A tile leaves the pile for a hand (dealt, redrawn or drawn up): any
    /// tile still in the pile, each equally likely.
    Tile(TileId),
    /// The server draws the first player (when the host did not choose one).
    FirstPlayer(Seat),
}

/// What the active player must do now (in [`Illegal::NotNow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Awaiting {
    /// Place a tile (or say none fits).
    Tile,
    /// Place or discard a token.
    Token,
    /// Place the Zoomies extra tile (or say it does not fit).
    ExtraTile,
    /// End the turn.
    EndTurn,
}

impl fmt::Display for Awaiting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Awaiting::Tile => "place a tile",
            Awaiting::Token => "place a token on the tile you played (or discard one)",
            Awaiting::ExtraTile => "place your other tile (Zoomies)",
            Awaiting::EndTurn => "end your turn (keeping or discarding your tile)",
        })
    }
}

/// Why a step is refused. The messages speak only of public facts and of
/// the submitter's own hand: they never tell where another tile is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat (or chance) is to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// A chance outcome was offered while a player is to act.
    #[error("a player is to act, not chance")]
    UnexpectedChance,
    /// A chance outcome that cannot happen now (a tile not in the pile, a
    /// seat that doesn't exist, the wrong kind of outcome…).
    #[error("that chance outcome is impossible now")]
    ImpossibleOutcome,
    /// An action of another step of the turn.
    #[error("not now: {0}")]
    NotNow(Awaiting),
    /// A tile id outside 1..=50.
    #[error("there is no tile {0} (tiles are 1 to 50)")]
    NoSuchTile(u8),
    /// A tile the submitter does not hold (it says nothing of where it is).
    #[error("you don't hold tile Z{:02}", .0.0)]
    NotInHand(TileId),
    /// The second cell would be off the grid.
    #[error("that placement goes off the table")]
    OffTheGrid,
    /// A cell already holds a dog.
    #[error("cell ({x}, {y}) already holds a dog")]
    CellTaken {
        /// Column.
        x: i8,
        /// Row.
        y: i8,
    },
    /// The tile would touch no tile side to side.
    #[error("a tile must share a side with a tile on the table (corners don't count)")]
    NotTouching,
    /// No dog of the tile would be next to a dog of its own breed.
    #[error("at least one dog of the tile must be next to a dog of the same breed")]
    NoMatch,
    /// `CannotPlace` while a tile of the hand fits.
    #[error("a tile in your hand fits on the table: you must place it")]
    TileFits,
    /// A token on no tile: none was played this turn.
    #[error("no tile was played this turn: discard a token")]
    NoTilePlayed,
    /// A token not on the tile just played.
    #[error("a token goes on a dog of the tile you just played")]
    NotOnNewTile,
    /// A Frens token without an arrow.
    #[error("a Frens token needs an arrow towards a neighbouring dog")]
    FrensNeedsArrow,
    /// An arrow on a token that is not Frens.
    #[error("only a Frens token has an arrow")]
    ArrowOnlyForFrens,
    /// The arrow points at an empty cell.
    #[error("the Frens arrow must point at a neighbouring dog")]
    ArrowToEmpty,
    /// No round token left.
    #[error("you have no round (Leader or Zoomies) token left")]
    NoRoundLeft,
    /// No square token left.
    #[error("you have no square (Bones or Frens) token left")]
    NoSquareLeft,
    /// A second Leader in a Pack.
    #[error("that Pack already has a Leader token")]
    PackHasLeader,
    /// A second Bones in a Pack.
    #[error("that Pack already has a Bones token")]
    PackHasBones,
    /// Zoomies on a dog without the icon.
    #[error("a Zoomies token goes on a dog with the Zoomies icon")]
    NotZoomiesDog,
    /// A second Zoomies in a group.
    #[error("that Zoomies group already has a Zoomies token")]
    GroupHasZoomies,
    /// Frens pointing at the same breed.
    #[error("the Frens arrow must point at a dog of another breed")]
    ArrowToSameBreed,
    /// The Base Pack is already Frens with that breed.
    #[error("that Pack is already Frens with that breed")]
    FrensTaken,
    /// Discarding a token while one can be placed.
    #[error("a token can be placed: you may discard one only when none can")]
    MustPlaceToken,
}

impl Illegal {
    /// The refusal a token step shows for this error, if it is one.
    pub fn token_refusal(&self) -> Option<TokenRefusal> {
        Some(match self {
            Illegal::NoRoundLeft => TokenRefusal::NoRoundLeft,
            Illegal::NoSquareLeft => TokenRefusal::NoSquareLeft,
            Illegal::PackHasLeader => TokenRefusal::PackHasLeader,
            Illegal::PackHasBones => TokenRefusal::PackHasBones,
            Illegal::NotZoomiesDog => TokenRefusal::NotZoomiesDog,
            Illegal::GroupHasZoomies => TokenRefusal::GroupHasZoomies,
            Illegal::ArrowToSameBreed => TokenRefusal::ArrowToSameBreed,
            Illegal::FrensTaken => TokenRefusal::FrensTaken,
            _ => return None,
        })
    }
}

impl crate::TestPlan for Zoomies {
    const SESSION_SEEDS: u64 = 40;
    const HIDES_FROM_SEATS: bool = true;
    const TAKES_BACK: bool = true;
    const SIMULTANEOUS: bool = false;
    const BOT_TWIN_SEEDS: u64 = 6;
}
