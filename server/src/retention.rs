//! Retention: what the server keeps. Rooms nobody is connected to leave
//! memory after `PARLOR_ROOM_IDLE_UNLOAD` (the room actor does that) and
//! come back from the database on their link; this sweep deletes, once an
//! hour, lobbies never started and untouched for
//! `PARLOR_LOBBY_RETENTION_DAYS`, and — only if the host set
//! `PARLOR_FINISHED_RETENTION_DAYS` — finished matches older than that.
//! Rooms in memory are never swept (in a cluster: rooms any live server
//! owns). In a cluster one server sweeps at a time; the others skip that
//! round (`db::retention`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio_util::sync::CancellationToken;

use crate::config::Retention;
use crate::db::Swept;
use crate::room::Rooms;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The settings and what the sweeps deleted so far.
#[derive(Debug)]
pub struct RetentionState {
    /// The settings.
    pub settings: Retention,
    /// When an unconnected room leaves memory.
    pub idle_unload: Duration,
    lobbies: AtomicU64,
    matches: AtomicU64,
    rooms: AtomicU64,
}

impl RetentionState {
    /// Nothing swept yet.
    pub fn new(settings: Retention, idle_unload: Duration) -> Arc<RetentionState> {
        Arc::new(RetentionState {
            settings,
            idle_unload,
            lobbies: AtomicU64::new(0),
            matches: AtomicU64::new(0),
            rooms: AtomicU64::new(0),
        })
    }

    /// Totals of every sweep since the start.
    pub fn swept(&self) -> Swept {
        Swept {
            lobbies: self.lobbies.load(Ordering::Relaxed),
            matches: self.matches.load(Ordering::Relaxed),
            rooms: self.rooms.load(Ordering::Relaxed),
        }
    }

    fn add(&self, s: Swept) {
        self.lobbies.fetch_add(s.lobbies, Ordering::Relaxed);
        self.matches.fetch_add(s.matches, Ordering::Relaxed);
        self.rooms.fetch_add(s.rooms, Ordering::Relaxed);
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// One sweep now, as of `now` (ms since the epoch), unless another server
/// of the cluster is sweeping (then nothing is done: it sweeps this round).
pub async fn sweep_once(rooms: &Rooms, state: &RetentionState, now: i64) -> Swept {
    let cutoff = |days: Option<u32>| days.map(|d| now - i64::from(d) * DAY_MS);
    let live: Vec<_> = rooms.live().into_iter().map(|(code, _)| code).collect();
    let result = rooms
        .store()
        .sweep_alone(
            cutoff(state.settings.lobby_days),
            cutoff(state.settings.finished_days),
            &live,
        )
        .await;
    match result {
        Ok(None) => {
            tracing::debug!("another server is sweeping; skipping this round");
            Swept::default()
        }
        Ok(Some(swept)) => {
            if swept != Swept::default() {
                tracing::info!(
                    lobbies = swept.lobbies,
                    matches = swept.matches,
                    rooms = swept.rooms,
                    "retention sweep"
                );
            }
            state.add(swept);
            swept
        }
        Err(e) => {
            tracing::warn!(error = %e, "retention sweep failed; it runs again later");
            Swept::default()
        }
    }
}

/// Sweeps every `settings.every` until shutdown (the first a minute after
/// the start, out of the way of restoring rooms).
pub async fn run(rooms: Rooms, state: Arc<RetentionState>, shutdown: CancellationToken) {
    let mut next = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep_until(next) => {}
        }
        sweep_once(&rooms, &state, now_ms()).await;
        next = tokio::time::Instant::now() + state.settings.every;
    }
}
