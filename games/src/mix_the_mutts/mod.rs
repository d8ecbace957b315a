//! Mix-the-Mutts! as ruled in RULINGS §3; the rules as implemented, with
//! every ruling and choice, are in `docs/games/mix-the-mutts.md`.
//!
//! - [`tiles`]: the 72 cards, the 12 tiles and the hex geometry (§3(b)).
//! - `state`: the state machine ([`MixTheMutts`]) and the [`crate::Game`] impl.
//! - `view`: views, step views and the final scorecard.
//!
//! Hidden: every hand (its owner sees it), the order of the card pile and
//! of the face-down tiles (never stored: each card or tile is drawn, as a
//! chance step, when it is taken), and each seat's answer in a scoring
//! window until the last answer closes the window and reveals them all.

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

use parlor_protocol::mix_the_mutts::{Breed, CardId, TileId};
use parlor_protocol::Seat;
use serde::{Deserialize, Serialize};

pub use state::MixTheMutts;

/// A chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// Setup: the top tile of the stack is turned over and placed (the first
    /// at (0,0), the second at (1,0)) with this rotation (0, 2 or 4).
    SetupTile {
        /// The tile, 1..=12.
        tile: TileId,
        /// Its rotation.
        rotation: u8,
    },
    /// The next tile of the stack is turned face up.
    Tile(TileId),
    /// A card leaves the pile for a hand (dealt or drawn): any card still in
    /// the pile, each equally likely.
    Card(CardId),
    /// The server draws the first player (when the host did not choose one).
    FirstPlayer(Seat),
}

/// Why a step is refused. The messages speak only of public facts and of
/// the submitter's own hand: they never tell where another card is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat (or chance) is to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// A chance outcome was offered while players are to act.
    #[error("players are to act, not chance")]
    UnexpectedChance,
    /// A chance outcome that cannot happen now (a tile or card already
    /// drawn, an id that doesn't exist, the wrong kind of outcome…).
    #[error("that chance outcome is impossible now")]
    ImpossibleOutcome,
    /// Connect or draw while a scoring window is open.
    #[error("the scoring window is open: answer with your claims or a pass")]
    WindowOpen,
    /// An answer outside a scoring window.
    #[error("there is no scoring window open")]
    NoWindow,
    /// A second answer in the same window.
    #[error("you have already answered in this scoring window")]
    AlreadyAnswered,
    /// A rotation of 6 or more.
    #[error("rotation {0} does not exist: use 0, 2 or 4")]
    BadRotation(u8),
    /// An odd rotation would put a head against a head.
    #[error("rotation {0} would put a head against a head: use 0, 2 or 4")]
    OddRotation(u8),
    /// The hex already holds a tile.
    #[error("hex ({q}, {r}) already holds a tile")]
    HexTaken {
        /// Column.
        q: i8,
        /// Row.
        r: i8,
    },
    /// The new tile must touch at least two tiles.
    #[error("a tile must touch at least two tiles; hex ({q}, {r}) touches {touching}")]
    TouchesTooFew {
        /// Column.
        q: i8,
        /// Row.
        r: i8,
        /// Tiles it would touch.
        touching: u8,
    },
    /// Draw two with an empty pile.
    #[error("the card pile is empty: connect a tile")]
    PileEmpty,
    /// A non-active seat claimed more than one combo.
    #[error("only the active player may score more than one combo")]
    OneClaimOnly,
    /// A claim names a combo the placement did not create.
    #[error("there is no combo {0} in this window")]
    NoSuchCombo(u8),
    /// The same combo claimed twice in one answer.
    #[error("combo {0} is claimed twice")]
    ComboTwice(u8),
    /// A claim with other than two cards.
    #[error("a claim on combo {combo} takes exactly two cards, not {got}")]
    TwoCards {
        /// The combo claimed.
        combo: u8,
        /// Cards given.
        got: usize,
    },
    /// A card id outside 0..72.
    #[error("there is no card {0} (cards are 0 to 71)")]
    NoSuchCard(u8),
    /// The same card named twice in one answer.
    #[error("card {0} is used twice")]
    CardTwice(u8),
    /// A card the submitter does not hold (it says nothing of where it is).
    #[error("you don't hold card {0}")]
    NotInHand(u8),
    /// The two cards are not the combo's breeds.
    #[error("combo {combo} needs {}", needs(*.head, *.tail))]
    Mismatch {
        /// The combo claimed.
        combo: u8,
        /// Its head breed.
        head: Breed,
        /// Its tail breed.
        tail: Breed,
    },
}

/// "a Poodle card and a Beagle card" / "two Pug cards".
fn needs(head: Breed, tail: Breed) -> String {
    if head == tail {
        format!("two {head:?} cards")
    } else {
        format!("a {head:?} card and a {tail:?} card")
    }
}

impl crate::TestPlan for MixTheMutts {
    const SESSION_SEEDS: u64 = 40;
    const HIDES_FROM_SEATS: bool = true;
    const TAKES_BACK: bool = false;
    const SIMULTANEOUS: bool = true;
    const BOT_TWIN_SEEDS: u64 = 6;
}
