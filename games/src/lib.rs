//! Parlor's game rules.
//!
//! Every game implements [`Game`]: a deterministic state machine whose only
//! inputs are [`Step`]s — seat actions and chance outcomes. The server draws
//! chance outcomes from its own seeded RNG and records them in the log, so a
//! match is exactly its log: replaying it rebuilds the state without
//! re-sampling anything. States never serialize; only per-viewer views leave.

pub mod any;
pub mod bot;
pub mod chance;
pub mod doozy_dice;
pub mod game;
pub mod mix_the_mutts;
pub mod patch;
pub mod record;
pub mod reveal;
pub mod rules;
pub mod standing;
pub mod test_plan;
pub mod testing;
pub mod timeline;
pub mod zingamino;
pub mod zoomies;
pub mod zop_zoo;

pub use any::{AnyGame, AnyStep, MatchError};
pub use bot::{bot_action, Bot, Level, Player, RandomBot};
pub use game::{replay, Game, GameOutcome, ReplayError, SetupError, Step, ViewChanges};
pub use parlor_protocol::{Seat, ToAct, Viewer};
pub use reveal::{reveal, RevealError, Revealed};
pub use rules::Rules;
pub use standing::Standing;
pub use test_plan::TestPlan;
pub use timeline::Timeline;
