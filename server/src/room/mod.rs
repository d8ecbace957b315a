//! Rooms: one actor task per room owns its lobby and match; everything else
//! talks to it through [`Rooms`] (`rooms`), which also brings rooms back
//! from the database — at start, and whenever a link names a room not in
//! memory. This file holds what they share: the commands a room takes, its
//! settings and the reasons it turns a connection away.
//!
//! A room by concern: [`Room`]'s state (`state`), its task's loop,
//! connections and broadcasts (`actor`), and what it does, one module
//! each: `lobby` (options, start, rematch), `seats` (joining, seat links,
//! the host's say over seats), `bots`, `clock` (response windows and turn
//! timers), `chat`, `play` (the match's actions, stored then
//! published), `notify` (the room's webhook and its notices) and `tables`
//! (a seat's table at a glance, for "My tables"). Each answers a client it turns down with a `Refusal`.
//! They share the state, never each other's code; `live` (the match in
//! memory) and `names` are leaves.

mod actor;
mod bots;
mod chat;
mod clock;
pub mod live;
mod lobby;
pub mod names;
mod notify;
mod play;
mod refusal;
mod rooms;
mod seats;
mod state;
mod tables;
pub mod think;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use parlor_games::Rules;
use parlor_protocol::http::Joined;
use parlor_protocol::{ClientMsg, GameOptions, MatchId, RoomCode, RoomInfo, Viewer};
use rand::Rng;
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info, warn, Instrument};

use crate::db::{Claim, Membership, Store, StoreError, StoredMatch};

pub use actor::Stopped;
pub use clock::Clock;
pub use rooms::{CreateError, RoomHandle, Rooms};
pub use state::Room;

/// Identifies one connection within a room.
pub type ConnId = u64;

/// How many messages may wait for a slow connection before it is dropped
/// (it then reconnects and resumes instead of holding the room back).
pub const OUTBOX: usize = 256;

/// What a room hands a connection's socket task.
#[derive(Debug)]
pub enum Outgoing {
    /// A message, already encoded (once per viewer, shared by its sockets).
    Text(Utf8Bytes),
    /// Close the socket with this code.
    Close {
        /// Close code (`parlor_protocol::close`).
        code: u16,
        /// Short reason.
        reason: &'static str,
    },
}

/// Limits and lifetimes of rooms.
#[derive(Debug, Clone)]
pub struct RoomConfig {
    /// Connections one room accepts (players' tabs and spectators).
    pub max_conns: usize,
    /// A room without connections for this long leaves memory; its link
    /// rebuilds it from the database.
    pub idle_unload: Duration,
    /// A bot waits this long before each move, so people can follow.
    pub bot_think: Duration,
    /// A hard bot's search answers within this long of its turn coming,
    /// time waiting for a search thread included (it runs during
    /// `bot_think`, so most of it is hidden).
    pub hard_think: Duration,
    /// The threads hard bots search on, shared by every room.
    pub searches: think::Searches,
    /// Table talk one match keeps (and, between matches, the room): lines
    /// and bytes; past either, lines are refused with `chat_full`.
    pub chat_cap: ChatCap,
    /// The clock deadlines are stored in: this process's, or in cluster
    /// mode the cluster's ([`Rooms::new`] sets it).
    pub clock: Clock,
    /// Where rooms hand their notices (none: notices are off).
    pub notices: Option<crate::notices::Notices>,
    /// Notices one room sends in a day at most (a turn told to the
    /// webhook, an email and a browser counts once).
    pub notices_a_day: u32,
}

/// How much table talk one match (or the room between matches) takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChatCap {
    /// Lines and reactions (`PARLOR_CHAT_MAX_LINES`, default 1,000).
    pub lines: u32,
    /// Bytes of words (`PARLOR_CHAT_MAX_BYTES`, default 100,000).
    pub bytes: u64,
}

impl Default for ChatCap {
    fn default() -> Self {
        ChatCap {
            lines: 1_000,
            bytes: 100_000,
        }
    }
}

impl Default for RoomConfig {
    fn default() -> Self {
        RoomConfig {
            max_conns: 256,
            idle_unload: Duration::from_secs(60 * 60),
            bot_think: Duration::from_millis(900),
            hard_think: Duration::from_millis(400),
            searches: think::Searches::default(),
            chat_cap: ChatCap::default(),
            clock: Clock::default(),
            notices: None,
            notices_a_day: notify::DAILY_CAP,
        }
    }
}

/// Requests to a room actor.
#[derive(Debug)]
pub enum RoomCmd {
    /// A socket finished its handshake.
    Connect {
        /// Seat token, or none to watch.
        token: Option<String>,
        /// The match and version the client holds, to resume from.
        resume: Option<(MatchId, u64)>,
        /// Where the room sends this connection's messages.
        out: mpsc::Sender<Outgoing>,
        /// The room's answer: connection id and viewer, or a refusal.
        reply: oneshot::Sender<Result<(ConnId, Viewer), ConnectError>>,
    },
    /// A socket closed.
    Disconnect {
        /// Which.
        conn: ConnId,
    },
    /// A message from a connection.
    Msg {
        /// From whom.
        conn: ConnId,
        /// What.
        msg: ClientMsg,
    },
    /// Take a seat (HTTP join).
    Join {
        /// Display name (already validated).
        name: String,
        /// Answer.
        reply: oneshot::Sender<Result<Joined, JoinError>>,
    },
    /// Take over a seat with the one-time code its player's other device
    /// showed (HTTP claim).
    Claim {
        /// The code.
        code: String,
        /// Answer: the seat's new token.
        reply: oneshot::Sender<Result<Joined, JoinError>>,
    },
    /// Current public room info.
    Info {
        /// Answer.
        reply: oneshot::Sender<RoomInfo>,
    },
    /// "My tables": the table as the seat holding `token` sees it (`None`:
    /// no seat here holds it).
    Table {
        /// The seat's token.
        token: String,
        /// Answer.
        reply: oneshot::Sender<Option<Box<parlor_protocol::tables::Table>>>,
    },
    /// Cluster mode: this node lost its lease, so another may own the room
    /// now: stop, closing every socket with "room moved" (4010) so its
    /// clients reconnect to the owner.
    Moved,
    /// The server's host closes the room for good: it is marked closed,
    /// every connection is closed (4410), and its link says why.
    Close {
        /// Shown to anyone who opens the link.
        reason: String,
        /// Answer.
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    /// The push service said a seat's push subscription is gone: forget it
    /// (if the seat still holds it; the database already has).
    PushGone {
        /// The seat.
        seat: parlor_protocol::Seat,
        /// The subscription.
        subscription: parlor_protocol::room::PushSubscription,
    },
}

/// Why a socket was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConnectError {
    /// The seat token is unknown here.
    #[error("unknown seat token")]
    BadToken,
    /// The room holds as many connections as it allows.
    #[error("the room is full")]
    Full,
    /// The room stopped (shutting down or unloading).
    #[error("the room has closed")]
    Closed,
}

/// Why a join failed.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The room stopped before it could answer.
    #[error("the room has closed")]
    Closed,
    /// A seat link that is unknown here, expired or already used.
    #[error("this seat link was already used or has expired: ask for a new one on the device that has the seat")]
    BadClaim,
}

/// Why a room could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// No room has this code.
    #[error("no such room")]
    NotFound,
    /// The room's stored log does not replay; it is kept, not served.
    #[error("the room's saved game could not be restored")]
    Broken,
    /// The server's host closed the room (the reason they gave).
    #[error("this room was closed by the server's host: {0}")]
    Closed(String),
    /// The server is shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Cluster mode: another live server owns the room.
    #[error("the room is served by another server ({node_id})")]
    Elsewhere {
        /// That server's node id.
        node_id: String,
        /// Where the other servers reach it.
        addr: String,
    },
    /// The room's match in play was started under rules (`needs`, as
    /// `slug@version`) other than this server's (`runs`): a server of
    /// another build stored it. It is kept as it is and not replayed here
    /// (its log would replay wrongly); a server running those rules serves
    /// it. Never marked broken: nothing is wrong with the log.
    #[error("the room's match was started under the rules {needs}; this server runs {runs}")]
    OtherRules {
        /// The rules the match was started under.
        needs: String,
        /// The rules this server runs for that game.
        runs: String,
        /// Cluster mode, where no live server runs them now (one that does
        /// is relayed to instead): one may join (a rolling deploy), so
        /// ask again later. In single mode this server is the only one.
        retry: bool,
    },
    /// Storage failed.
    #[error(transparent)]
    Store(StoreError),
}

/// A fresh room code.
fn new_code() -> RoomCode {
    let mut rng = rand::rng();
    let code = (0..RoomCode::LEN)
        .map(|_| char::from(RoomCode::ALPHABET[rng.random_range(0..RoomCode::ALPHABET.len())]))
        .collect();
    RoomCode(code)
}

/// A fresh secret seat token (128 bits, hex).
pub fn new_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    hex::encode(bytes)
}

/// SHA-256 of a token, hex: what the database keeps.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
