//! Figures of a run: counters read at the edges of the window, the report
//! (printed and saved as JSON) and a markdown table of saved reports.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::Ordering;

use serde::Serialize;
use serde_json::Value;
use tokio::time::Instant;

use crate::args::{Mode, Opts};
use crate::client::{ConnResult, Shared};
use crate::procfs::{self, ProcSet};

/// Everything read at one instant.
#[derive(Debug, Clone)]
pub struct Counters {
    at: Instant,
    pub moves: u64,
    moves_by_game: Vec<u64>,
    matches: u64,
    recv_bytes: u64,
    recv_frames: u64,
    sent_bytes: u64,
    sent_frames: u64,
    client_read_ns: u64,
    client_decide_ns: u64,
    throttled: u64,
    loopback: Option<u64>,
    server_cpu: Option<f64>,
    server_rss: Option<u64>,
    store_cpu: HashMap<u32, f64>,
    me_cpu: Option<f64>,
}

impl Counters {
    /// Reads the counters, `/proc` and the loopback interface now.
    pub fn read(opts: &Opts, s: &Shared) -> Counters {
        let r = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
        Counters {
            at: Instant::now(),
            moves: r(&s.moves),
            moves_by_game: s.moves_by_game.iter().map(r).collect(),
            matches: r(&s.matches),
            recv_bytes: r(&s.recv_bytes),
            recv_frames: r(&s.recv_frames),
            sent_bytes: r(&s.sent_bytes),
            sent_frames: r(&s.sent_frames),
            client_read_ns: r(&s.client_read_ns),
            client_decide_ns: r(&s.client_decide_ns),
            throttled: r(&s.throttled),
            loopback: procfs::loopback_bytes(),
            server_cpu: opts.server_pid.and_then(procfs::cpu_seconds),
            server_rss: opts.server_pid.and_then(procfs::rss_kib),
            store_cpu: if opts.store.is_empty() {
                HashMap::new()
            } else {
                opts.store.sample()
            },
            me_cpu: procfs::cpu_seconds(std::process::id()),
        }
    }
}

/// One interval's figures, for `--progress`.
pub fn progress_line(a: &Counters, b: &Counters, t0: Instant) -> String {
    let secs = b.at.duration_since(a.at).as_secs_f64().max(1e-9);
    let moves = b.moves - a.moves;
    let mut line = format!(
        "[progress] t={:.0}s moves/s={:.0}",
        b.at.duration_since(t0).as_secs_f64(),
        moves as f64 / secs
    );
    if let (Some(x), Some(y)) = (a.server_cpu, b.server_cpu) {
        line += &format!(
            " server_util={:.2} server_us/move={}",
            (y - x) / secs,
            per(moves, (y - x) * 1e6).map_or("n/a".into(), |v| format!("{v:.1}"))
        );
    }
    if let Some(rss) = b.server_rss {
        line += &format!(" server_rss={:.1}MiB", rss as f64 / 1024.0);
    }
    if let (Some(x), Some(y)) = (a.me_cpu, b.me_cpu) {
        line += &format!(" loadgen_util={:.2}", (y - x) / secs);
    }
    line
}

fn per(moves: u64, total: f64) -> Option<f64> {
    (moves > 0).then(|| total / moves as f64)
}

/// Facts about the run besides the counters.
#[derive(Debug)]
pub struct RunFacts {
    pub connections: usize,
    pub connect_s: f64,
    pub window_s: f64,
    /// Window edges, µs since the epoch.
    pub window_us: (u64, u64),
    pub server_rss_idle: Option<u64>,
    pub server_rss_connected: Option<u64>,
    pub server_rss_end: Option<u64>,
}

/// Latency percentiles, ms.
#[derive(Debug, Clone, Serialize)]
pub struct Latency {
    pub samples: usize,
    pub p50: Option<f64>,
    pub p99: Option<f64>,
    pub p999: Option<f64>,
    pub max: Option<f64>,
}

impl Latency {
    fn of(mut us: Vec<u32>) -> Latency {
        us.sort_unstable();
        let pct = |p: f64| -> Option<f64> {
            if us.is_empty() {
                return None;
            }
            let idx = ((p / 100.0) * us.len() as f64).ceil() as usize;
            let idx = idx.clamp(1, us.len()) - 1;
            Some(f64::from(us[idx]) / 1000.0)
        };
        Latency {
            samples: us.len(),
            p50: pct(50.0),
            p99: pct(99.0),
            p999: pct(99.9),
            max: us.last().map(|v| f64::from(*v) / 1000.0),
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub label: String,
    pub url: String,
    pub mode: &'static str,
    pub games: Vec<String>,
    pub rooms: usize,
    pub seats: u8,
    pub think_ms: u64,
    pub connections: usize,
    pub connect_seconds: f64,
    pub window_seconds: f64,
    /// Actions acknowledged in the window (each stored before its ack).
    pub moves: u64,
    pub moves_per_sec: f64,
    pub moves_by_game: BTreeMap<String, u64>,
    pub matches_finished: u64,
    /// Send `act` → its `ack`.
    pub ack_latency_ms: Latency,
    /// Send `act` → the `update` whose version includes it.
    pub update_latency_ms: Latency,
    pub server_cpu_us_per_move: Option<f64>,
    pub server_cpu_util: Option<f64>,
    pub store_cpu_us_per_move: Option<f64>,
    pub store_cpu_util: Option<f64>,
    pub server_rss_kib: BTreeMap<&'static str, Option<u64>>,
    /// (RSS with every connection open − RSS before any) / connections.
    pub delta_rss_per_conn_kib: Option<f64>,
    /// Connections still open at the end of the window.
    pub held: u64,
    /// All loopback traffic in the window (both directions, TCP/IP headers
    /// and ACKs included) per move, from /proc/net/dev.
    pub loopback_bytes_per_move: Option<f64>,
    /// WebSocket frames (payload and frame headers) received per move, on
    /// every connection.
    pub ws_recv_bytes_per_move: Option<f64>,
    /// WebSocket frames sent per move.
    pub ws_sent_bytes_per_move: Option<f64>,
    pub recv_frames_per_move: Option<f64>,
    pub sent_frames_per_move: Option<f64>,
    /// This client's time per move reading frames (parse, patch).
    pub client_read_us_per_move: Option<f64>,
    /// This client's time per move deciding (typed view, player, encode).
    pub client_decide_us_per_move: Option<f64>,
    /// Share of its one core the load generator used (near 1.0: it, not
    /// the server, may be the limit).
    pub loadgen_cpu_util: Option<f64>,
    pub throttled_sends: u64,
    pub errors: BTreeMap<String, u64>,
}

impl Report {
    /// Puts a run's figures together.
    pub fn build(
        opts: &Opts,
        shared: &Shared,
        facts: RunFacts,
        c0: &Counters,
        c1: &Counters,
        results: &[ConnResult],
    ) -> Report {
        let moves = c1.moves - c0.moves;
        let secs = facts.window_s.max(1e-9);
        let (from, to) = facts.window_us;
        let in_window: Vec<_> = results
            .iter()
            .flat_map(|r| r.samples.iter())
            .filter(|s| s.sent_us >= from && s.sent_us + u64::from(s.update_us) <= to)
            .collect();
        let server = c0.server_cpu.zip(c1.server_cpu).map(|(a, b)| b - a);
        let store = (!opts.store.is_empty()).then(|| ProcSet::used(&c0.store_cpu, &c1.store_cpu));
        let me = c0.me_cpu.zip(c1.me_cpu).map(|(a, b)| b - a);
        let delta_rss = facts
            .server_rss_idle
            .zip(facts.server_rss_connected)
            .filter(|_| facts.connections > 0)
            .map(|(a, b)| (b as f64 - a as f64) / facts.connections as f64);
        let fmoves = |v: f64| per(moves, v);
        Report {
            label: opts.label.clone(),
            url: opts.base.clone(),
            mode: match opts.mode {
                Mode::Play => "play",
                Mode::Connect => "connect",
            },
            games: opts.games.iter().map(|g| g.slug().to_owned()).collect(),
            rooms: opts.rooms,
            seats: opts.seats,
            think_ms: u64::try_from(opts.think.as_millis()).unwrap_or(u64::MAX),
            connections: facts.connections,
            connect_seconds: round(facts.connect_s, 2),
            window_seconds: round(facts.window_s, 3),
            moves,
            moves_per_sec: round(moves as f64 / secs, 1),
            moves_by_game: opts
                .games
                .iter()
                .zip(c1.moves_by_game.iter().zip(&c0.moves_by_game))
                .map(|(g, (b, a))| (g.slug().to_owned(), b - a))
                .collect(),
            matches_finished: c1.matches - c0.matches,
            ack_latency_ms: Latency::of(in_window.iter().map(|s| s.ack_us).collect()),
            update_latency_ms: Latency::of(in_window.iter().map(|s| s.update_us).collect()),
            server_cpu_us_per_move: server.and_then(|s| fmoves(s * 1e6)).map(|v| round(v, 1)),
            server_cpu_util: server.map(|s| round(s / secs, 3)),
            store_cpu_us_per_move: store.and_then(|s| fmoves(s * 1e6)).map(|v| round(v, 1)),
            store_cpu_util: store.map(|s| round(s / secs, 3)),
            server_rss_kib: BTreeMap::from([
                ("idle", facts.server_rss_idle),
                ("connected", facts.server_rss_connected),
                ("end", facts.server_rss_end),
            ]),
            delta_rss_per_conn_kib: delta_rss.map(|v| round(v, 2)),
            held: results.iter().filter(|r| r.open_at_end).count() as u64,
            loopback_bytes_per_move: c0
                .loopback
                .zip(c1.loopback)
                .and_then(|(a, b)| fmoves((b - a) as f64))
                .map(|v| round(v, 1)),
            ws_recv_bytes_per_move: fmoves((c1.recv_bytes - c0.recv_bytes) as f64)
                .map(|v| round(v, 1)),
            ws_sent_bytes_per_move: fmoves((c1.sent_bytes - c0.sent_bytes) as f64)
                .map(|v| round(v, 1)),
            recv_frames_per_move: fmoves((c1.recv_frames - c0.recv_frames) as f64)
                .map(|v| round(v, 2)),
            sent_frames_per_move: fmoves((c1.sent_frames - c0.sent_frames) as f64)
                .map(|v| round(v, 2)),
            client_read_us_per_move: fmoves((c1.client_read_ns - c0.client_read_ns) as f64 / 1e3)
                .map(|v| round(v, 2)),
            client_decide_us_per_move: fmoves(
                (c1.client_decide_ns - c0.client_decide_ns) as f64 / 1e3,
            )
            .map(|v| round(v, 2)),
            loadgen_cpu_util: me.map(|m| round(m / secs, 3)),
            throttled_sends: c1.throttled - c0.throttled,
            errors: shared.errors.lock().map(|e| e.clone()).unwrap_or_default(),
        }
    }

    /// Prints the report as JSON on stdout, and saves it to `out`.
    pub fn print(&self, out: Option<&std::path::Path>) -> anyhow::Result<()> {
        let json = serde_json::to_string_pretty(self)?;
        println!("{json}");
        if let Some(path) = out {
            std::fs::write(path, json + "\n")?;
        }
        Ok(())
    }
}

fn round(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (v * k).round() / k
}

/// `parlor-loadgen table FILE...`: a markdown table of saved reports (ours
/// and the peer-bench Node load generator's JSON alike).
pub fn print_table(files: &[String]) -> anyhow::Result<()> {
    println!(
        "| run | conns | moves/s | p50 ms | p99 ms | p99.9 ms | server µs/move | store µs/move | ΔRSS KiB/conn | loopback B/move | WS B/move | held | errors |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for f in files {
        let text = std::fs::read_to_string(f)?;
        let v: Value = serde_json::from_str(&text)?;
        let num = |path: &[&str]| -> String {
            let mut x = &v;
            for p in path {
                x = &x[*p];
            }
            match x.as_f64() {
                Some(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{n:.0}"),
                Some(n) if n.abs() >= 100.0 => format!("{n:.0}"),
                Some(n) if n.abs() >= 10.0 => format!("{n:.1}"),
                Some(n) => format!("{n:.2}"),
                None => "–".into(),
            }
        };
        // Our reports say update_latency_ms; the Node load generator's say latencyMs.
        let ours = v.get("update_latency_ms").is_some();
        let row = if ours {
            let ws = match (
                v["ws_recv_bytes_per_move"].as_f64(),
                v["ws_sent_bytes_per_move"].as_f64(),
            ) {
                (Some(r), Some(s)) => format!("{:.0}", r + s),
                _ => "–".into(),
            };
            let errors: u64 = v["errors"]
                .as_object()
                .map(|m| m.values().filter_map(Value::as_u64).sum())
                .unwrap_or(0);
            [
                v["label"].as_str().unwrap_or(f).to_owned(),
                num(&["connections"]),
                num(&["moves_per_sec"]),
                num(&["update_latency_ms", "p50"]),
                num(&["update_latency_ms", "p99"]),
                num(&["update_latency_ms", "p999"]),
                num(&["server_cpu_us_per_move"]),
                num(&["store_cpu_us_per_move"]),
                num(&["delta_rss_per_conn_kib"]),
                num(&["loopback_bytes_per_move"]),
                ws,
                num(&["held"]),
                errors.to_string(),
            ]
        } else {
            [
                v["label"].as_str().unwrap_or(f).to_owned(),
                num(&["clients"]),
                num(&["movesPerSec"]),
                num(&["latencyMs", "p50"]),
                num(&["latencyMs", "p99"]),
                "–".into(),
                num(&["serverCpuUsPerMove"]),
                "–".into(),
                num(&["deltaRssPerClientKB"]),
                num(&["loopbackBytesPerMove"]),
                "–".into(),
                "–".into(),
                num(&["errors"]),
            ]
        };
        println!("| {} |", row.join(" | "));
    }
    Ok(())
}
