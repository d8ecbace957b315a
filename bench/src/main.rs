//! `parlor-loadgen`: rooms of bot players against a running Parlor server,
//! over real WebSockets on loopback.
//!
//! Every room plays real matches of a playable game (the host starts the
//! next match whenever one ends); every seat keeps its own view by applying
//! the server's patches and acts as the game's player in `parlor-tests`
//! decides from that view alone — paced (`--think`) or greedy. The run
//! reports moves per second, action→update latency percentiles, the
//! server's and the store's CPU per move (from `/proc`), server memory per
//! connection and bytes per move. `--mode connect` only holds connections.
//! See `docs/performance.md` and `scripts/bench`.

mod args;
mod client;
mod lean;
mod procfs;
mod report;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::sync::Semaphore;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use args::{Mode, Opts};
use client::{Conn, ConnResult, Shared};
use report::{Counters, Report};

fn main() -> anyhow::Result<()> {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match argv.first().map(String::as_str) {
        None | Some("help" | "-h" | "--help") => {
            print!("{}", args::USAGE);
            Ok(())
        }
        Some("table") => report::print_table(&argv[1..]),
        Some(_) => {
            let opts = args::parse(&argv)?;
            // One thread: the load generator gets one core (taskset), and
            // the server the other.
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            let out = opts.out.clone();
            let report = rt.block_on(run(Arc::new(opts)))?;
            report.print(out.as_deref())
        }
    }
}

async fn run(opts: Arc<Opts>) -> anyhow::Result<Report> {
    let shared = Arc::new(Shared::new(opts.games.len()));
    let server_rss_idle = opts.server_pid.and_then(procfs::rss_kib);
    if let Some(pid) = opts.server_pid {
        procfs::cpu_seconds(pid).with_context(|| format!("no process {pid} (--server-pid)"))?;
    }

    // Set every room up: create, join, open and welcome each seat's socket.
    let t_connect = Instant::now();
    let conns = connect_all(&opts, &shared).await;
    let connect_s = t_connect.elapsed().as_secs_f64();
    let wanted = opts.rooms * usize::from(opts.seats);
    if conns.len() < wanted {
        eprintln!(
            "only {}/{wanted} connections set up after {connect_s:.1} s",
            conns.len()
        );
    }
    let connections = conns.len();
    // Let the server settle (room broadcasts are coalesced) before reading RSS.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let server_rss_connected = opts.server_pid.and_then(procfs::rss_kib);

    // Go: every seat's task; the hosts start their matches.
    let stop = CancellationToken::new();
    let mut tasks = Vec::with_capacity(conns.len());
    for conn in conns {
        let (o, s, st) = (opts.clone(), shared.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            match o.mode {
                Mode::Play => client::play(conn, o, s, st).await,
                Mode::Connect => client::hold(conn, o, s, st).await,
            }
        }));
    }
    tokio::time::sleep(opts.warmup).await;

    // The measured window.
    let c0 = Counters::read(&opts, &shared);
    let t0 = Instant::now();
    let deadline = t0 + opts.duration;
    let mut last = c0.clone();
    let mut next_progress = opts.progress.map(|p| t0 + p);
    loop {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        if opts
            .max_moves
            .is_some_and(|m| shared.moves.load(Ordering::Relaxed) - c0.moves >= m)
        {
            break;
        }
        let wake = next_progress.map_or(deadline, |p| p.min(deadline));
        tokio::time::sleep_until(wake.min(now + Duration::from_millis(100))).await;
        if let (Some(p), Some(every)) = (next_progress, opts.progress) {
            if Instant::now() >= p {
                let c = Counters::read(&opts, &shared);
                eprintln!("{}", report::progress_line(&last, &c, t0));
                last = c;
                next_progress = Some(p + every);
            }
        }
    }
    let c1 = Counters::read(&opts, &shared);
    let t1 = Instant::now();
    let server_rss_end = opts.server_pid.and_then(procfs::rss_kib);
    stop.cancel();

    let mut results: Vec<ConnResult> = Vec::with_capacity(tasks.len());
    for t in tasks {
        if let Ok(r) = t.await {
            results.push(r);
        }
    }
    let window = (
        u64::try_from(t0.duration_since(shared.epoch).as_micros()).unwrap_or(0),
        u64::try_from(t1.duration_since(shared.epoch).as_micros()).unwrap_or(u64::MAX),
    );
    Ok(Report::build(
        &opts,
        &shared,
        report::RunFacts {
            connections,
            connect_s,
            window_s: t1.duration_since(t0).as_secs_f64(),
            window_us: window,
            server_rss_idle,
            server_rss_connected,
            server_rss_end,
        },
        &c0,
        &c1,
        &results,
    ))
}

/// Sets up every room, `opts.concurrency` at a time, within the connect
/// timeout; returns the welcomed connections of the rooms that made it.
async fn connect_all(opts: &Arc<Opts>, shared: &Arc<Shared>) -> Vec<Conn> {
    let http = match client::http_client() {
        Ok(h) => h,
        Err(e) => {
            shared.error(format!("http client: {e}"));
            return Vec::new();
        }
    };
    let permits = Arc::new(Semaphore::new(opts.concurrency));
    let deadline = Instant::now() + opts.connect_timeout;
    let mut tasks = Vec::with_capacity(opts.rooms);
    for room in 0..opts.rooms {
        let (o, s, h, p) = (opts.clone(), shared.clone(), http.clone(), permits.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = p.acquire_owned().await.ok()?;
            if Instant::now() >= deadline {
                return None;
            }
            let game = client::game_of(room, &o.games);
            match tokio::time::timeout_at(deadline, client::setup_room(&o, &h, room, game, &s))
                .await
            {
                Ok(Ok(conns)) => Some(conns),
                Ok(Err(e)) => {
                    s.error(format!("setup: {e:#}"));
                    None
                }
                Err(_) => {
                    s.error("setup: connect timeout");
                    None
                }
            }
        }));
    }
    let mut conns = Vec::new();
    for t in tasks {
        if let Ok(Some(c)) = t.await {
            conns.extend(c);
        }
    }
    conns
}
