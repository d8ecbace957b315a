//! Replays and match records, rebuilt from the stored log through the
//! rules (views are never stored): a viewer's replay of a match, the
//! portable [`MatchExport`] of a finished one. Verifying a record is a
//! rule of the record, in [`parlor_games::record`].
//!
//! Who may see what: a spectator's replay (public information only) of any
//! match, finished or not; a seat's replay only once the match is over,
//! when its hidden information no longer matters to play; everything
//! revealed only for a log that ends its match
//! ([`parlor_games::standing::reveal_log`]).

use parlor_games::record::Record;
use parlor_games::standing::reveal_log;
use parlor_games::{patch, AnyStep, RevealError, Standing};
use parlor_protocol::replay::{MatchExport, Replay, ReplayStep, EXPORT_FORMAT};
use parlor_protocol::{MatchId, Viewer};

use crate::db::{Store, StoreError};

/// Why a replay or an export is refused.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// No such match.
    #[error("no match with that id")]
    NotFound,
    /// A seat's eyes, or the record, before the match is over.
    #[error("the match is not over: only a spectator's replay is shown until it ends")]
    NotOver,
    /// That seat does not exist in this match.
    #[error("this match has no seat {0}")]
    NoSuchSeat(u8),
    /// The stored log does not replay.
    #[error("the stored match does not replay: {0}")]
    Broken(String),
    /// The match was played under rules this server does not run (a build
    /// before or after a rules change): rebuilt here it would show wrongly.
    /// Its record (the export) is still served: it is what was stored.
    #[error("this match was played under the rules {needs}; this server runs {runs}, so it cannot show it move by move (its record can still be downloaded)")]
    OtherRules {
        /// The rules it was played under (`slug@version`).
        needs: String,
        /// The rules this server runs for that game.
        runs: String,
    },
    /// Storage failed.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for ReplayError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => ReplayError::NotFound,
            other => ReplayError::Store(other),
        }
    }
}

/// A stored match read for one viewer's replay, not yet rebuilt: the
/// rebuilding is CPU work, done on the heavy pool ([`StoredReplay::replay`]).
#[derive(Debug)]
pub struct StoredReplay {
    id: MatchId,
    record: parlor_protocol::http::MatchRecord,
    viewer: Viewer,
    steps: Vec<(u64, String)>,
    timed_out: Vec<u64>,
}

/// Reads what `viewer`'s replay of a stored match needs.
pub async fn load(store: &Store, id: MatchId, viewer: Viewer) -> Result<StoredReplay, ReplayError> {
    let record = store.match_record(id).await?;
    if viewer != Viewer::Spectator && record.result.is_none() {
        return Err(ReplayError::NotOver);
    }
    let rules = store.match_rules(id).await?;
    if !rules.is_running() {
        return Err(ReplayError::OtherRules {
            needs: rules.to_string(),
            runs: parlor_games::Rules::running(rules.kind).to_string(),
        });
    }
    Ok(StoredReplay {
        id,
        viewer,
        steps: store.steps(id).await?,
        timed_out: store.timed_out(id).await?,
        record,
    })
}

impl StoredReplay {
    /// Rebuilds the replay through the rules.
    pub fn replay(self) -> Result<Replay, ReplayError> {
        let kind = self.record.options.kind();
        let log = self
            .steps
            .iter()
            .map(|(seq, json)| {
                AnyStep::from_json(kind, json)
                    .map_err(|e| ReplayError::Broken(format!("step {seq}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (start, steps) = rebuild(
            &self.record.options,
            &self.record.players,
            &log,
            self.viewer,
            &self.timed_out,
        )?;
        Ok(Replay {
            match_id: self.id,
            game: self.record.game,
            viewer: self.viewer,
            players: self.record.players,
            bots: self.record.bots,
            bot_levels: self.record.bot_levels,
            start,
            steps,
            result: self.record.result,
        })
    }
}

/// `viewer`'s replay of a stored match.
pub async fn replay(store: &Store, id: MatchId, viewer: Viewer) -> Result<Replay, ReplayError> {
    load(store, id, viewer).await?.replay()
}

/// `viewer`'s replay of a match record (a finished match: any viewer).
pub fn replay_record(record: &MatchExport, viewer: Viewer) -> Result<Replay, ReplayError> {
    let record = Record::from_export(record).map_err(|e| ReplayError::Broken(e.to_string()))?;
    replay_steps(&record, viewer)
}

/// `viewer`'s replay of a record whose steps are decoded.
pub fn replay_steps(record: &Record, viewer: Viewer) -> Result<Replay, ReplayError> {
    let header = &record.header;
    let (start, steps) = rebuild(
        &header.options,
        &header.players,
        &record.steps,
        viewer,
        &header.timed_out,
    )?;
    Ok(Replay {
        match_id: header.match_id,
        game: header.game,
        viewer,
        players: header.players.clone(),
        bots: Vec::new(),
        bot_levels: Vec::new(),
        start,
        steps,
        result: Some(header.result.clone()),
    })
}

/// Plays `steps` through the rules, keeping `viewer`'s view of each step
/// and the patch it makes to the viewer's view.
fn rebuild(
    options: &parlor_protocol::GameOptions,
    players: &[String],
    log: &[AnyStep],
    viewer: Viewer,
    timed_out: &[u64],
) -> Result<(parlor_protocol::AnyView, Vec<ReplayStep>), ReplayError> {
    if let Viewer::Seat(s) = viewer {
        if usize::from(s.0) >= players.len() {
            return Err(ReplayError::NoSuchSeat(s.0));
        }
    }
    let seats = u8::try_from(players.len()).unwrap_or(u8::MAX);
    let (start, shown) = if viewer == Viewer::Revealed {
        let revealed = reveal_log(options, seats, log).map_err(|e| match e {
            RevealError::NotOver => ReplayError::NotOver,
            other => ReplayError::Broken(other.to_string()),
        })?;
        (revealed.start, revealed.steps)
    } else {
        let mut game =
            Standing::new(options, seats).map_err(|e| ReplayError::Broken(e.to_string()))?;
        let start = game.view(viewer);
        let mut shown = Vec::with_capacity(log.len());
        for (i, step) in log.iter().enumerate() {
            let broken =
                |e: parlor_games::MatchError| ReplayError::Broken(format!("step {}: {e}", i + 1));
            let step_view = game.step_view(step, viewer).map_err(broken)?;
            game.enter(step).map_err(broken)?;
            shown.push((step_view, game.view(viewer)));
        }
        (start, shown)
    };
    let json = |v: &parlor_protocol::AnyView| serde_json::to_value(v).unwrap_or_default();
    let mut before = json(&start);
    let mut out = Vec::with_capacity(shown.len());
    for (i, (step, view)) in shown.into_iter().enumerate() {
        let after = json(&view);
        out.push(ReplayStep {
            step,
            patch: patch::diff(&before, &after),
            timed_out: timed_out.contains(&(i as u64 + 1)),
        });
        before = after;
    }
    Ok((start, out))
}

/// The portable record of a finished match.
pub async fn export(store: &Store, id: MatchId) -> Result<MatchExport, ReplayError> {
    let record = store.match_record(id).await?;
    let (Some(seed), Some(result)) = (record.seed, record.result) else {
        return Err(ReplayError::NotOver);
    };
    let mut steps = Vec::new();
    for (seq, json) in store.steps(id).await? {
        let value = serde_json::from_str(&json)
            .map_err(|e| ReplayError::Broken(format!("step {seq}: {e}")))?;
        steps.push(value);
    }
    Ok(MatchExport {
        format: EXPORT_FORMAT,
        engine: format!("parlor-server {}", env!("CARGO_PKG_VERSION")),
        match_id: id,
        game: record.game,
        options: record.options,
        players: record.players,
        seed_sha256: record.seed_sha256,
        seed,
        steps,
        result,
        timed_out: store.timed_out(id).await?,
    })
}

/// The record's download address for a match's address on a server: its
/// match page (`…/matches/ID`), its replay (`…/matches/ID/replay?seat=1`)
/// or the download link itself (`…/api/matches/ID/export`). `None` for
/// anything else.
pub fn export_url(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let scheme = &url[..url.len() - rest.len()];
    let at = rest.find("/matches/")?;
    let host = rest[..at].strip_suffix("/api").unwrap_or(&rest[..at]);
    let id = rest[at + "/matches/".len()..]
        .split(['/', '?', '#'])
        .next()
        .filter(|id| id.parse::<uuid::Uuid>().is_ok())?;
    if host.is_empty() {
        return None;
    }
    Some(format!("{scheme}{host}/api/matches/{id}/export"))
}

#[cfg(test)]
mod tests {
    use super::export_url;

    #[test]
    fn a_match_address_leads_to_its_record() {
        let id = "0190f3a4-5b6c-7d8e-9fa0-b1c2d3e4f5a6";
        let want = format!("https://parlor.example/api/matches/{id}/export");
        for url in [
            format!("https://parlor.example/matches/{id}"),
            format!("https://parlor.example/matches/{id}/replay?seat=1&step=4"),
            format!("https://parlor.example/matches/{id}#top"),
            format!("https://parlor.example/api/matches/{id}/export"),
        ] {
            assert_eq!(export_url(&url).as_deref(), Some(want.as_str()), "{url}");
        }
        assert_eq!(
            export_url(&format!("http://127.0.0.1:8080/play/x/matches/{id}")).as_deref(),
            Some(format!("http://127.0.0.1:8080/play/x/api/matches/{id}/export").as_str())
        );
        for bad in [
            "https://parlor.example/matches/not-an-id".to_string(),
            format!("ftp://parlor.example/matches/{id}"),
            format!("https:///matches/{id}"),
            "https://parlor.example/rooms/ABCDE".to_string(),
            "matches.json".to_string(),
        ] {
            assert_eq!(export_url(&bad), None, "{bad}");
        }
    }
}
