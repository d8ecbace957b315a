//! "My tables": the status of the tables a browser holds seats at, asked
//! for with the seat tokens it keeps (`POST /api/tables`, or one room's
//! `POST /api/rooms/{code}/table`). Each answer is what that seat may see
//! and nothing more: its own view of the last steps, who acts, the clock.

use serde::{Deserialize, Serialize};

use crate::game::{AnyStepView, AnyView, GameKind, MatchResult};
use crate::ids::{MatchId, RoomCode, Seat};
use crate::room::{RoomStatus, TurnTimer};

/// Most seats one `POST /api/tables` may ask about.
pub const MAX_TABLES: usize = 50;

/// `POST /api/tables`: the seats this browser holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TablesQuery {
    /// At most [`MAX_TABLES`].
    pub seats: Vec<HeldSeat>,
}

/// One seat a browser holds: its room and its token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HeldSeat {
    /// The room.
    pub room: RoomCode,
    /// The seat's token.
    pub token: String,
}

/// `POST /api/rooms/{code}/table`: one seat's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableQuery {
    /// The seat's token.
    pub token: String,
}

/// Answer to `POST /api/tables`: a table per seat that is still held
/// (an unknown, moved or revoked token has none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tables {
    /// In the order asked.
    pub tables: Vec<Table>,
}

/// One table as its seat sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Table {
    /// The room.
    pub room: RoomCode,
    /// Its game.
    pub game: GameKind,
    /// The seat held.
    pub seat: Seat,
    /// Every seat's display name, in seat order.
    pub players: Vec<String>,
    /// Lobby, playing or finished.
    pub status: RoomStatus,
    /// The match in play or just played.
    pub match_id: Option<MatchId>,
    /// Its version (steps so far).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub version: u64,
    /// The seats a decision is owed by (empty between decisions and after
    /// the end).
    pub to_act: Vec<Seat>,
    /// This seat is among them: the table waits on you.
    pub yours: bool,
    /// The room's pace and turn timer.
    pub turn_timer: TurnTimer,
    /// Time left on the running clock, if one runs.
    pub time_left_ms: Option<u32>,
    /// The last batch of steps (an action and what it set off) as this
    /// seat saw them; empty before the first.
    #[serde(with = "crate::game::step_views")]
    #[cfg_attr(feature = "ts", ts(as = "crate::game::step_views::StepViews"))]
    pub last: Vec<AnyStepView>,
    /// The seat's own view of the match now (to tell the last steps in
    /// the game's words); none in the lobby.
    pub view: Option<AnyView>,
    /// The result, once the match is over.
    pub result: Option<MatchResult>,
}
