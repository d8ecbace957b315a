//! Deadlines bring rooms back. A table played at its own pace has a clock
//! hours or days long; its room leaves memory when nobody has been at it for
//! `PARLOR_ROOM_IDLE_UNLOAD`, and nothing would load it again until someone
//! opened its link. This loop looks in the database for rooms whose stored
//! deadline is near and opens each one not in memory here: the room's own
//! clock then fires on time (or at once, if it passed while the server was
//! down). In a cluster every server runs it; a room another live server
//! owns is left to that server.

use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tracing::{info, warn};

use crate::room::{OpenError, Rooms};

/// How often the database is asked; a room is opened when its deadline is
/// at most two rounds away, so it is in memory before the deadline.
pub const EVERY: Duration = Duration::from_secs(20);

/// Rooms opened per round at most: a backlog after a long outage is worked
/// off over a few rounds instead of all at once.
const BATCH: u32 = 50;

/// Opens the rooms whose deadline falls by `by_ms` and that are not in
/// memory here; returns how many it opened.
pub async fn wake_once(rooms: &Rooms, by_ms: i64) -> usize {
    let due = match rooms.store().rooms_due(by_ms, BATCH).await {
        Ok(codes) => codes,
        Err(e) => {
            warn!(error = %e, "could not look for rooms with a deadline due");
            return 0;
        }
    };
    let live: Vec<_> = rooms.live().into_iter().map(|(code, _)| code).collect();
    let mut opened = 0;
    for code in due.iter().filter(|c| !live.contains(c)) {
        match rooms.open_for(code, "deadline").await {
            Ok(_) => {
                opened += 1;
                info!(room = %code, "room brought back for its deadline");
            }
            // Another server serves it, and its clock with it; or this one
            // is stopping.
            Err(OpenError::Elsewhere { .. } | OpenError::ShuttingDown) => {}
            Err(e) => {
                warn!(room = %code, error = %e, "could not bring a room back for its deadline")
            }
        }
    }
    opened
}

/// Runs [`wake_once`] every [`EVERY`] until `shutdown`.
pub async fn run(rooms: Rooms, shutdown: CancellationToken) {
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(EVERY) => {}
        }
        let horizon = i64::try_from(2 * EVERY.as_millis()).unwrap_or(i64::MAX);
        wake_once(&rooms, rooms.now_ms().saturating_add(horizon)).await;
    }
}
