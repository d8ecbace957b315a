//! Doc Colour's Zop Zoo as ruled in RULINGS §4; the rules as implemented,
//! with every ruling and choice, are in `docs/games/zop-zoo.md`.
//!
//! - [`cards`]: the 126 cards and their numbering.
//! - `state`: the state machine ([`ZopZoo`]) and the [`crate::Game`] impl.
//! - `view`: views, step views and the final scorecard.
//!
//! Hidden: only the order of the draw pile, which is never stored: each
//! card is drawn, as a chance step, when it leaves the pile (any card left
//! equally likely). The white deck is dealt the same way. The state holds
//! no secret at all beyond which cards remain, which is public.

mod bot;
pub mod cards;
mod determinize;
mod state;
mod view;

#[cfg(test)]
mod conformance;
#[cfg(test)]
mod tests;

use parlor_protocol::Seat;
use serde::{Deserialize, Serialize};

pub use state::ZopZoo;

/// A chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// Round 1's first player, drawn when the host chose none.
    FirstPlayer(Seat),
    /// This white card (by animal, `0..52`) is dealt next.
    Deal(u8),
    /// A card of this black kind (`0..66`) leaves the draw pile; weighted by
    /// the copies left.
    Draw(u8),
}

/// Why a step is refused. Everything in Zop Zoo is public except the draw
/// pile's order, which no message mentions.
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
    /// A card not left in its deck, or the wrong kind of outcome.
    #[error("that chance outcome is impossible now")]
    ImpossibleOutcome,
    /// The top of the discard pile matches: it must be taken.
    #[error("the top card of the discard pile matches your row: you must take it")]
    MustTakeFromDiscard,
    /// A live task card on top of the discard pile must be used.
    #[error("you must use the {0} on top of the discard pile")]
    MustUseDiscardTask(&'static str),
    /// A MOLE on top of the discard pile: dig or draw.
    #[error("dig with the MOLE on top of the discard pile, or draw")]
    MustDigOrDraw,
    /// A drawn wild waits for a stack.
    #[error("put the {0} you drew on one of your cards")]
    MustCover(&'static str),
    /// A drawn task card waits for its targets.
    #[error("use the {0} you drew")]
    MustUseTask(&'static str),
    /// The discard pile offers nothing (or the turn goes on): draw.
    #[error("draw a card from the draw pile")]
    MustDraw,
    /// Nothing to decide: the next card comes from the draw pile.
    #[error("nothing to decide now: the next card comes from the draw pile")]
    NothingToDecide,
    /// The wild's target is not an uncovered, unconnected card of the row.
    #[error("a wild card can only cover one of your cards that has nothing on it")]
    NotWildEligible,
    /// A seat that is not at the table.
    #[error("there is no seat {0}")]
    NoSuchSeat(u8),
    /// A task card aimed at its own user.
    #[error("choose another player")]
    OwnSeat,
    /// The named item is not one of that seat's POINTS items.
    #[error("seat {0} has no such POINTS card")]
    NoSuchItem(u8),
}

impl crate::TestPlan for ZopZoo {
    // Matches run several rounds to 800 (a few thousand steps).
    const SESSION_SEEDS: u64 = 2;
    // Nothing to hide from a seat (the draw pile is never an order).
    const HIDES_FROM_SEATS: bool = false;
    // A wild's cover or a drawn task card's use leaves the seat alone to
    // act, waiting for its draw (`draw_by_click`): nothing hidden shown, no
    // chance step yet, so it may be taken back. Everything else ends the
    // turn or is followed by a draw.
    const TAKES_BACK: bool = true;
    const SIMULTANEOUS: bool = false;
    const BOT_TWIN_SEEDS: u64 = 3;
}
