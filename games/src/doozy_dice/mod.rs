//! Doozy Dice (Kid Powered, 2020) as ruled in RULINGS §5; the rules as
//! implemented, with every ruling applied, are in `docs/games/doozy-dice.md`.
//!
//! - [`cards`]: the 26 Doozy Cards and the "do these dice make it?" check.
//! - [`state`]: the state machine ([`DoozyDice`]) and the [`Game`] impl.
//! - `view`: the public views, step views and the final scorecard.
//!
//! Everything is public in Doozy Dice, so every viewer gets the same view.

mod bot;
pub mod cards;
mod determinize;
mod state;
mod view;

#[cfg(test)]
mod conformance;
#[cfg(test)]
mod fast_tests;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use state::DoozyDice;

/// A chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// A card dealt to the centre: its id, 1..=26.
    Card(u8),
    /// A die landed: 1..=6. On a white Doozy die, 1 is the Doozy Face. In
    /// the first-player roll-off, the value rolled (a Face counts as 1).
    Die(u8),
}

/// Why a step is refused. Nothing in Doozy Dice is hidden, so messages may
/// say anything.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat (or chance) is to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The dice of the last roll have not all landed yet.
    #[error("the dice are still rolling")]
    DiceInTheAir,
    /// A chance outcome was offered while a player is to act.
    #[error("a player is to act, not chance")]
    UnexpectedChance,
    /// A chance outcome that cannot happen now (a card already dealt, a
    /// die value outside 1–6, a die where a card is expected…).
    #[error("that chance outcome is impossible now")]
    ImpossibleOutcome,
    /// The 13 rolls of this turn are used up.
    #[error("you have used all 13 rolls: claim a combo or take the cutoff")]
    NoRollsLeft,
    /// The turn's first roll must roll every die.
    #[error("the first roll of a turn must roll all five dice")]
    MustRollAllFirst,
    /// A roll of no dice.
    #[error("choose at least one die to roll")]
    EmptyRoll,
    /// A die index other than 0–4.
    #[error("there is no die {0} (dice are numbered 0 to 4)")]
    BadDie(u8),
    /// The same die named twice in one roll.
    #[error("die {0} is listed twice")]
    DuplicateDie(u8),
    /// With `lock_set_aside`, a die left out of an earlier re-roll.
    #[error("die {0} was set aside and cannot be rolled again this turn")]
    DieLocked(u8),
    /// Adjusting or claiming before the turn's first roll.
    #[error("roll the dice first")]
    NotRolledYet,
    /// An adjustment costs more dots than the player has.
    #[error("that costs {cost} dots but you have {have}")]
    NotEnoughDots {
        /// Dots the change costs.
        cost: u8,
        /// The player's balance.
        have: i32,
    },
    /// A Doozy Face can be neither made nor changed with dots.
    #[error("a Doozy Face cannot be changed, and dots cannot make one")]
    FaceCannotChange,
    /// Blue dice take 1–6, white Doozy dice 2–6.
    #[error("die {die} cannot be set to {to} (blue dice 1-6, white dice 2-6)")]
    ValueOutOfRange {
        /// The die.
        die: u8,
        /// The value asked for.
        to: u8,
    },
    /// The die already shows that value.
    #[error("die {0} already shows that value")]
    NoChange(u8),
    /// Not a card on the table, or one this player has already recorded.
    #[error("card {0} is not one of your remaining combos")]
    CardNotAvailable(u8),
    /// The dice do not make the combo.
    #[error("the dice do not make that combo")]
    NotSatisfied,
    /// Cutoff before the 13th roll.
    #[error("the cutoff comes only after the 13th roll")]
    CutoffNotReached,
    /// With `auto_claim`, the dice make a remaining combo: claim it.
    #[error("auto-claim is on and the dice make a combo: claim one")]
    MustClaim,
}

impl crate::TestPlan for DoozyDice {
    const SESSION_SEEDS: u64 = 40;
    const HIDES_FROM_SEATS: bool = false;
    const TAKES_BACK: bool = true;
    const SIMULTANEOUS: bool = false;
    const BOT_TWIN_SEEDS: u64 = 3;
}
