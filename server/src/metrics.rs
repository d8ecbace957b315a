//! Prometheus metrics through the `metrics` facade and its Prometheus
//! exporter. The recorder is process-wide (the facade has one global
//! recorder), so servers sharing a process — tests — share the counters.
//!
//! - `parlor_rooms{status}`: live rooms by status (read at each scrape);
//! - `parlor_connections`: open WebSockets;
//! - `parlor_matches_started_total{game}`, `parlor_matches_finished_total{game}`;
//! - `parlor_actions_total{game}`: acknowledged actions;
//! - `parlor_refusals_total{code}`: requests refused, by error code;
//! - `parlor_store_seconds`: one group commit of steps (histogram);
//! - `parlor_store_batch_appends`: appends per group commit (histogram);
//! - `parlor_append_wait_seconds`: a room's wait for its steps to be
//!   durable, queueing for a writer included (histogram);
//! - `parlor_ws_closes_total{code}`: WebSockets the server closed, by code;
//! - `parlor_process_resident_bytes`: resident memory (Linux);
//! - `parlor_bot_queue_seconds`: a hard bot's wait for a search thread
//!   (histogram); near `PARLOR_HARD_BOT_THINK`, searches get no time and
//!   hard bots play the normal move;
//! - `parlor_bot_search_seconds`: one hard bot's search (histogram).

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the recorder (once per process); `None` if another recorder
/// was installed first.
pub fn install() -> Option<PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Full("parlor_store_seconds".into()),
                    &[
                        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                    ],
                )
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Full("parlor_append_wait_seconds".into()),
                        &[
                            0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                        ],
                    )
                })
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Full("parlor_store_batch_appends".into()),
                        &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0],
                    )
                })
                .ok()?;
            let handle = builder.install_recorder().ok()?;
            describe();
            Some(handle)
        })
        .clone()
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_gauge!("parlor_rooms", "Live rooms by status");
    describe_gauge!("parlor_connections", "Open WebSockets");
    describe_counter!("parlor_matches_started_total", "Matches started, by game");
    describe_counter!("parlor_matches_finished_total", "Matches finished, by game");
    describe_counter!(
        "parlor_actions_total",
        "Actions stored and acknowledged, by game"
    );
    describe_counter!("parlor_refusals_total", "Requests refused, by error code");
    describe_histogram!(
        "parlor_store_seconds",
        Unit::Seconds,
        "One group commit of steps"
    );
    describe_histogram!(
        "parlor_append_wait_seconds",
        Unit::Seconds,
        "A room's wait for its steps to be durable, queueing for a writer included"
    );
    describe_histogram!(
        "parlor_store_batch_appends",
        "Appends written per group commit"
    );
    describe_counter!(
        "parlor_ws_closes_total",
        "WebSockets closed by the server, by close code"
    );
    describe_histogram!(
        "parlor_bot_queue_seconds",
        Unit::Seconds,
        "A hard bot's wait for a search thread"
    );
    describe_histogram!(
        "parlor_bot_search_seconds",
        Unit::Seconds,
        "One hard bot's search"
    );
    // Cluster mode (the live rooms above are the rooms this server owns).
    describe_counter!(
        "parlor_claims_total",
        "Rooms this server claimed, by reason (open, create, sweep)"
    );
    describe_counter!(
        "parlor_fenced_writes_total",
        "Writes refused because another server took the room over"
    );
    describe_counter!(
        "parlor_reaps_total",
        "Servers this one declared dead after their lease ran out"
    );
    describe_histogram!(
        "parlor_lease_renew_seconds",
        Unit::Seconds,
        "One renewal of this server's lease"
    );
    describe_gauge!(
        "parlor_clock_offset_ms",
        "The database's clock minus this server's, in ms, at the last lease renewal (cluster mode)"
    );
    describe_counter!(
        "parlor_relayed_total",
        "Requests and sockets relayed to the server that owns the room, by kind"
    );
    describe_gauge!(
        "parlor_process_resident_bytes",
        Unit::Bytes,
        "Resident memory"
    );
}

/// Resident memory of this process in bytes (Linux; `None` elsewhere).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // Linux on every platform we ship uses 4 KiB pages.
    Some(pages * 4096)
}
