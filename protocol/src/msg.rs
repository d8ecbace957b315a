//! The WebSocket envelopes: [`ClientMsg`] in, [`ServerMsg`] out.
//!
//! Flow: the client opens `/api/rooms/{code}/ws` and sends `Hello` first (with
//! its seat token, or none to watch). The server answers `Welcome` with the
//! room and, if a match is on, a full snapshot of the caller's own view (a
//! resumed client gets the snapshot too; missed steps are not replayed yet).
//! When a match starts, every connection gets `Sync` with the view before
//! setup, then an `Update` with the setup steps (deal, first-player roll).
//! After each accepted action every connection receives an `Update` built
//! for its own viewer; the acting connection gets an `Ack` first. Close codes
//! are in [`crate::close`].

use serde::{Deserialize, Serialize};

use crate::game::{AnyAction, AnyStepView, AnyView, GameOptions, MatchResult, ToAct};
use crate::ids::{MatchId, Viewer};
use crate::room::RoomInfo;

/// Messages from a browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// First message on a socket.
    Hello {
        /// Seat token from join; absent to watch as a spectator.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        token: Option<String>,
        /// Last match version this client saw, to resume without a full view.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
        last_version: Option<u64>,
    },
    /// Host only, in the lobby: change the match options.
    SetOptions {
        /// New options (must be for the room's game).
        options: GameOptions,
    },
    /// Host only, in the lobby: start the match with the seated players.
    Start,
    /// Submit a game action.
    Act {
        /// Client-chosen number echoed in the `Ack` or `Error`.
        client_seq: u32,
        /// The match version this action was decided on; a stale one is refused.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
        /// The action.
        action: AnyAction,
    },
    /// Keep-alive.
    Ping,
}

/// Typed error codes; `message` beside them is for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The message could not be parsed.
    BadMessage,
    /// `Hello` was not the first message, or came twice.
    BadHandshake,
    /// The seat token is unknown for this room.
    BadToken,
    /// Only the host may do that.
    NotHost,
    /// Spectators cannot act.
    NotSeated,
    /// There is no match in progress.
    NoMatch,
    /// The match has already started.
    AlreadyStarted,
    /// Too few or too many players for this game.
    PlayerCount,
    /// Options are for another game, or invalid.
    BadOptions,
    /// The action is for another game.
    WrongGame,
    /// The client's version is behind the match; resync and decide again.
    StaleVersion,
    /// It is not this seat's turn to act.
    NotYourTurn,
    /// The rules forbid this action now (see message).
    IllegalAction,
    /// The match is over.
    MatchOver,
    /// The server could not store the action; nothing changed.
    Storage,
    /// The room is shutting down.
    ShuttingDown,
}

/// A full snapshot of a match for one viewer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSnapshot {
    /// Match id.
    pub match_id: MatchId,
    /// Steps in the log so far.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub version: u64,
    /// SHA-256 (hex) of the match's 32 random seed bytes (the raw bytes, not
    /// their hex), committed at the start.
    pub seed_sha256: String,
    /// The seed itself (hex), only once the match is over.
    pub seed: Option<String>,
    /// Who acts next.
    pub to_act: ToAct,
    /// The viewer's own view.
    pub view: AnyView,
    /// The running response timer, if any.
    pub deadline: Option<Deadline>,
    /// The result, once over.
    pub result: Option<MatchResult>,
}

/// A response timer (e.g. a simultaneous scoring window): seats that have
/// not answered when it runs out are answered for (a pass).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Deadline {
    /// Milliseconds left when this message was sent.
    pub remaining_ms: u32,
    /// The seats that still owe an answer.
    pub seats: Vec<crate::ids::Seat>,
}

/// Messages to a browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Answer to `Hello`.
    Welcome {
        /// Who this connection is.
        you: Viewer,
        /// The room.
        room: RoomInfo,
        /// The match, if one has started.
        #[serde(rename = "match")]
        #[cfg_attr(feature = "ts", ts(rename = "match"))]
        snapshot: Option<MatchSnapshot>,
    },
    /// The room changed (seats, names, connections, options, status).
    Room {
        /// The room now.
        room: RoomInfo,
    },
    /// A full view (after start, or when a resume was not possible).
    Sync {
        /// The snapshot.
        snapshot: MatchSnapshot,
    },
    /// Steps were applied. `steps` are the viewer's redacted views of the
    /// steps from `version - steps.len()` to `version`.
    Update {
        /// Version after these steps.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
        /// The new steps as this viewer may see them.
        steps: Vec<AnyStepView>,
        /// Who acts next.
        to_act: ToAct,
        /// The viewer's view after the steps.
        view: AnyView,
        /// The running response timer, if any.
        deadline: Option<Deadline>,
    },
    /// Your action with this `client_seq` is stored and applied.
    Ack {
        /// Echo of `ClientMsg::Act::client_seq`.
        client_seq: u32,
        /// Version after the action.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
    },
    /// The match ended: the result, and the seed so anyone can check every roll.
    MatchOver {
        /// Match id.
        match_id: MatchId,
        /// Final result.
        result: MatchResult,
        /// The seed (hex).
        seed: String,
    },
    /// A request was refused; nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// Human-readable detail.
        message: String,
        /// Set when the refusal answers an `Act`.
        #[serde(default)]
        client_seq: Option<u32>,
    },
    /// Answer to `Ping`.
    Pong,
}
