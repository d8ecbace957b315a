//! Replays and match records: a finished match's log as a portable file
//! anyone can check, and the views of one viewer rebuilt step by step from
//! the stored log (never stored separately).

use serde::{Deserialize, Serialize};

use crate::game::{AnyStepView, AnyView, MatchResult};
use crate::ids::{MatchId, Viewer};
use crate::msg::ViewPatch;
use crate::{GameKind, GameOptions};

/// The format version of [`MatchExport`]; bumped when its meaning changes.
pub const EXPORT_FORMAT: u32 = 1;

/// A finished match as a file: everything needed to replay it and to check
/// every chance step against the seed (`parlor-server verify FILE`). The
/// format is described in `docs/match-record.md`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchExport {
    /// [`EXPORT_FORMAT`] when written.
    pub format: u32,
    /// The server that played it (`parlor-server 0.1.0`); its rules decide
    /// what the steps mean.
    pub engine: String,
    /// Match id.
    pub match_id: MatchId,
    /// Game.
    pub game: GameKind,
    /// Options in force.
    pub options: GameOptions,
    /// Player names, by seat.
    pub players: Vec<String>,
    /// SHA-256 (hex) of the seed's 32 bytes, published when the match began.
    pub seed_sha256: String,
    /// The seed (hex), published when it ended.
    pub seed: String,
    /// Every step in order (step `i + 1` of the log), in the log's own
    /// encoding: `{"act": {"seat", "action"}}` or `{"chance": {"outcome"}}`.
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub steps: Vec<serde_json::Value>,
    /// The result the server recorded.
    pub result: MatchResult,
    /// Which steps (numbered from 1) the response timer answered for a seat
    /// that did not answer in time (empty in records made before it was
    /// kept).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "Array<number>"))]
    pub timed_out: Vec<u64>,
}

/// One step of a replay as its viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayStep {
    /// The step as the viewer was told of it.
    pub step: AnyStepView,
    /// Turns the viewer's view before this step into its view after it.
    pub patch: ViewPatch,
    /// The response timer gave this answer: the seat did not answer in time.
    #[serde(default)]
    pub timed_out: bool,
}

/// A match as one viewer saw it, from the first step to the last stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Replay {
    /// Match id.
    pub match_id: MatchId,
    /// Game.
    pub game: GameKind,
    /// Whose eyes: a seat (only once the match is over) or a spectator.
    pub viewer: Viewer,
    /// Player names, by seat.
    pub players: Vec<String>,
    /// Seats a server bot played from the start (empty in the replay of a
    /// downloaded record, which does not say).
    #[serde(default)]
    pub bots: Vec<crate::Seat>,
    /// Each of those bots' level, in the order of `bots`.
    #[serde(default)]
    pub bot_levels: Vec<crate::BotLevel>,
    /// The view before the first step (version 0).
    pub start: AnyView,
    /// Step `i` takes the view from version `i` to version `i + 1`.
    pub steps: Vec<ReplayStep>,
    /// The result, when the match is over.
    pub result: Option<MatchResult>,
}
