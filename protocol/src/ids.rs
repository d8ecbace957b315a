//! Identifiers shared by every game and every boundary.

use serde::{Deserialize, Serialize};

/// A place at the table: 0, 1, 2, … in turn order (clockwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index into per-seat vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who is looking at a match: a seated player, a spectator who sees only
/// what is public, or, in the replay of a finished match only, everyone's
/// hidden information at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "seat", rename_all = "snake_case")]
pub enum Viewer {
    /// A player in this seat.
    Seat(Seat),
    /// Anyone else.
    Spectator,
    /// Every seat's hidden information at once. Never a live table: only
    /// the replay of a finished match is shown to this viewer (see
    /// `parlor_games::reveal`).
    Revealed,
}

/// A room's short, shareable code (what a join link carries).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct RoomCode(pub String);

impl RoomCode {
    /// Letters used in codes: no 0/O, 1/I/L look-alikes, so codes read aloud well.
    pub const ALPHABET: &'static [u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    /// Length of a code: 31^8 ≈ 8.5e11 codes, so at the lookup rate limit
    /// (`server::limits`) guessing a live room takes months even with
    /// thousands of rooms open.
    pub const LEN: usize = 8;

    /// Normalises user input (case, whitespace) and checks the shape.
    pub fn parse(s: &str) -> Option<RoomCode> {
        let up = s.trim().to_ascii_uppercase();
        (up.len() == Self::LEN && up.bytes().all(|b| Self::ALPHABET.contains(&b)))
            .then_some(RoomCode(up))
    }
}

impl std::fmt::Display for RoomCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// One match played in a room (a room may host several matches in a row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct MatchId(#[cfg_attr(feature = "ts", ts(type = "string"))] pub uuid::Uuid);

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
