//! What every game's wire types implement beyond their own fields, so the
//! envelopes in [`crate::game`] can ask it of any game. A leaf: the
//! per-game modules use it, and it uses none of them.

use serde::Serialize;

/// What every game's options say beyond their own fields.
pub trait MatchOptions {
    /// Seconds a simultaneous window waits for answers (`None`: no timer).
    fn response_timer_secs(&self) -> Option<u32> {
        None
    }
}

/// What every game's final scorecard says per seat, for the `scorecard`
/// table and history.
pub trait ScorecardLines {
    /// Per seat: the headline score and the seat's scorecard line.
    fn lines(&self) -> Vec<(i64, serde_json::Value)>;
}

/// [`ScorecardLines::lines`] for a scorecard of one line per seat, given
/// each line's headline score.
pub fn lines_by<L: Serialize>(
    lines: &[L],
    score: impl Fn(&L) -> i64,
) -> Vec<(i64, serde_json::Value)> {
    lines
        .iter()
        .map(|line| (score(line), serde_json::to_value(line).unwrap_or_default()))
        .collect()
}
