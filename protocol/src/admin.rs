//! The admin API (`/api/admin`, behind the server's admin token): what the
//! admin page reads and sends.

use serde::{Deserialize, Serialize};

use crate::room::RoomInfo;

/// A live room as the admin page lists it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminRoom {
    /// Everything public about it. For a room another server serves
    /// (`owner.here` false), as stored: who is connected there is not
    /// known here (seats show as not connected, no spectators).
    pub info: RoomInfo,
    /// Open connections (seats' tabs and spectators) on the server that
    /// answered; 0 for a room another server serves.
    pub connections: u32,
    /// Seconds since it was created.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub age_secs: u64,
    /// Cluster mode: the server that owns the room, as the database says
    /// (`None` in single mode).
    #[serde(default)]
    pub owner: Option<AdminOwner>,
}

/// Cluster mode: the server that owns a room.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdminOwner {
    /// Its node id (`PARLOR_NODE_ID`).
    pub node_id: String,
    /// Its lease holds (alive or draining, unexpired): it serves the room.
    /// `false`: it stopped or went silent; the next server asked for the
    /// room (or the sweep, for a match in play) takes it over.
    pub alive: bool,
    /// It is draining: it is handing its rooms to the others.
    pub draining: bool,
    /// It is the server that answered this request.
    pub here: bool,
}

/// What the database holds, in numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredCounts {
    /// Rooms in their lobby.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub lobbies: u64,
    /// Rooms with a match in progress.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub playing: u64,
    /// Rooms whose last match is over.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub finished_rooms: u64,
    /// Finished matches (the history).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub finished_matches: u64,
    /// Stored steps of every match.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub steps: u64,
}

/// What retention sweeps deleted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Swept {
    /// Abandoned lobbies.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub lobbies: u64,
    /// Finished matches past the host's limit.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub matches: u64,
    /// Rooms deleted with their last match.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub rooms: u64,
}

/// The retention settings and what the database holds.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RetentionReport {
    /// Rooms in memory now.
    pub live_rooms: u32,
    /// A room with nobody connected leaves memory after this many seconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub idle_unload_secs: u64,
    /// Lobbies never started are deleted after this many idle days.
    pub lobby_days: Option<u32>,
    /// Finished matches are deleted after this many days (`None`: kept).
    pub finished_days: Option<u32>,
    /// Rows in the database.
    pub stored: StoredCounts,
    /// What the sweeps since the server started deleted.
    pub swept: Swept,
}

/// `POST /api/admin/rooms/{code}/close`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CloseRoom {
    /// Shown to the players (1–200 characters).
    pub reason: String,
}
