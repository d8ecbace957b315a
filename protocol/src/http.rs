//! Bodies of the HTTP API (`/api/...`).

use serde::{Deserialize, Serialize};

use crate::game::{GameKind, GameOptions, MatchResult};
use crate::ids::{MatchId, RoomCode, Seat};

/// `POST /api/rooms`: create a room and take seat 0 as its host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CreateRoom {
    /// Which game.
    pub game: GameKind,
    /// Options; the game's defaults when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub options: Option<GameOptions>,
    /// The host's display name.
    pub name: String,
}

/// `POST /api/rooms/{code}/join`: take a seat (or watch, when none is free).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JoinRoom {
    /// Display name.
    pub name: String,
}

/// `POST /api/rooms/{code}/claim`: takes over a seat with the one-time code
/// its player's other device showed (answered with [`Joined`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClaimSeat {
    /// The code from [`crate::ServerMsg::SeatLink`].
    pub code: String,
}

/// Answer to create, join and claim: the secret seat token the browser keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Joined {
    /// The room.
    pub code: RoomCode,
    /// Path of the share link (`/r/CODE`).
    pub join_path: String,
    /// The seat taken, or `None` when joined as a spectator.
    pub seat: Option<Seat>,
    /// Secret that reclaims this seat on every (re)connection.
    pub token: String,
}

/// `GET /api/health`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Health {
    /// "ok" when the database answers.
    pub status: String,
    /// Server version.
    pub version: String,
}

/// One finished match in the history list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSummary {
    /// Match id.
    pub match_id: MatchId,
    /// Which game.
    pub game: GameKind,
    /// Player names, by seat.
    pub players: Vec<String>,
    /// Winners.
    pub winners: Vec<Seat>,
    /// Seats a bot played from the start.
    #[serde(default)]
    pub bots: Vec<Seat>,
    /// Each of those bots' level, in the order of `bots` (empty for a
    /// match recorded before levels were kept).
    #[serde(default)]
    pub bot_levels: Vec<crate::BotLevel>,
    /// Seats whose moves a stand-in bot made for the most part (their
    /// player was away).
    #[serde(default)]
    pub stand_ins: Vec<Seat>,
    /// Each seat's headline score, as the game's scorecard gives it.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Array<number>"))]
    pub scores: Vec<i64>,
    /// Moves the seats made (chance steps and take-backs left out).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub moves: u64,
    /// When it started (Unix ms).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub started_at: i64,
    /// When it ended (Unix ms).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub finished_at: i64,
}

/// `GET /api/matches/{id}`: a match with its result once finished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchRecord {
    /// Match id. (No room code: the public history never hands out a way
    /// into a room, which may still be live.)
    pub match_id: MatchId,
    /// Game.
    pub game: GameKind,
    /// Options in force.
    pub options: GameOptions,
    /// Player names, by seat.
    pub players: Vec<String>,
    /// SHA-256 of the seed (hex), public from the start.
    pub seed_sha256: String,
    /// The seed (hex), only once the match is over.
    pub seed: Option<String>,
    /// Steps in the log.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub steps: u64,
    /// The result, once over.
    pub result: Option<MatchResult>,
    /// When it started (Unix ms).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub started_at: i64,
    /// When it ended (Unix ms), once over.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub finished_at: Option<i64>,
    /// Seats a bot played from the start.
    #[serde(default)]
    pub bots: Vec<Seat>,
    /// Each of those bots' level, in the order of `bots` (empty for a
    /// match recorded before levels were kept).
    #[serde(default)]
    pub bot_levels: Vec<crate::BotLevel>,
    /// How many lines were said at the table while the match was played
    /// (players' lines and the spectators' rail); 0 until it is over. The
    /// lines come a page at a time from `GET /api/matches/{id}/chat`.
    #[serde(default)]
    pub chat_lines: u32,
}

/// `GET /api/matches/{id}/chat?after=N&limit=L`: one page of what was said
/// at the table while a finished match was played, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatPage {
    /// Up to `limit` lines (at most [`CHAT_PAGE_MAX`]).
    pub lines: Vec<crate::ChatLine>,
    /// Pass as `after` for the next page; absent on the last page.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub next: Option<u64>,
}

/// Most lines one [`ChatPage`] holds (and its default size).
pub const CHAT_PAGE_MAX: u32 = 100;

/// `GET /api/games`: one entry per game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// Which game.
    pub kind: GameKind,
    /// Display name.
    pub title: String,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// Rooms can be created for it.
    pub playable: bool,
    /// Default options (when playable).
    pub default_options: Option<GameOptions>,
}

/// Body of every HTTP error response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ApiError {
    /// Machine-readable code, e.g. "room_not_found".
    pub error: String,
    /// Human-readable message.
    pub message: String,
}
