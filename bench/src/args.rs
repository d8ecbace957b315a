//! Command-line options of a load run.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};
use parlor_protocol::GameKind;

use crate::procfs::ProcSet;

/// Longest measured window.
pub const MAX_DURATION_S: f64 = 600.0;
/// Most rooms in one run.
pub const MAX_ROOMS: usize = 5_000;

/// What the bots do once connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Play matches (paced by `--think`, greedy at `--think 0`).
    Play,
    /// Only connect and stay connected (pinging), to count what is held.
    Connect,
}

/// One run's settings.
#[derive(Debug, Clone)]
pub struct Opts {
    /// `http://127.0.0.1:PORT` (loopback only).
    pub base: String,
    /// `host:port` of `base`.
    pub authority: String,
    /// Games, assigned to rooms round-robin.
    pub games: Vec<GameKind>,
    /// Seats per room.
    pub seats: u8,
    /// Rooms.
    pub rooms: usize,
    /// Play or only connect.
    pub mode: Mode,
    /// Wait after a seat sees it may act; zero is greedy.
    pub think: Duration,
    /// Warm-up before the measured window.
    pub warmup: Duration,
    /// The measured window.
    pub duration: Duration,
    /// Stop the window early after this many moves.
    pub max_moves: Option<u64>,
    /// Time allowed to set every room up.
    pub connect_timeout: Duration,
    /// Rooms set up at once.
    pub concurrency: usize,
    /// Actions a connection may send in any one second (the server closes
    /// a connection above 40 frames a second).
    pub rate_cap: usize,
    /// Connect mode: ping every connection this often.
    pub ping: Duration,
    /// The server's PID (CPU, RSS).
    pub server_pid: Option<u32>,
    /// The store's processes (Postgres backends).
    pub store: ProcSet,
    /// Print per-interval figures to stderr this often.
    pub progress: Option<Duration>,
    /// Where to write the JSON result.
    pub out: Option<PathBuf>,
    /// Name of this run in tables.
    pub label: String,
    /// Print the first N frames seat 0 of room 0 receives (stderr).
    pub dump_frames: usize,
    /// A server bot at this level joins every room (one more seat), so
    /// that the players' figures show what the server's bots cost them.
    pub server_bot: Option<parlor_protocol::BotLevel>,
}

/// Usage text.
pub const USAGE: &str = "\
parlor-loadgen: bot players against a running Parlor server, over loopback only.

USAGE
  parlor-loadgen --url http://127.0.0.1:PORT [options]
  parlor-loadgen table RESULT.json...      (markdown table of saved results)

OPTIONS
  --url URL              server base (127.0.0.0/8, localhost or [::1] only)
  --game G               doozy-dice (default), mix-the-mutts, or all (rooms alternate)
  --seats N              seats per room (default 4)
  --rooms R              rooms (default 10, at most 5000)
  --mode play|connect    play matches (default), or only hold connections
  --think MS             paced: a seat waits MS after it may act (default 30); 0 = greedy
  --warmup S             seconds before the window (default 3)
  --duration S           measured window in seconds (default 10, at most 600)
  --max-moves N          end the window early after N moves
  --connect-timeout S    time to set every room up (default 180)
  --concurrency N        rooms set up at once (default 32)
  --rate-cap N           actions per connection per second, client side (default 36;
                         the server closes a connection that sends over 40 frames/s)
  --ping S               connect mode: ping interval (default 20)
  --server-pid PID       server process: CPU per move, RSS per connection
  --store-pid PID        a store process (repeatable)
  --store-cmdline PFX    store processes whose command line starts with PFX
                         (e.g. 'postgres: '; repeatable)
  --progress S           per-interval figures on stderr
  --out FILE             write the result as JSON
  --label NAME           name of the run in tables
  --dump-frames N        print the first N frames seat 0 of room 0 receives (stderr)
  --server-bot LEVEL     every room also seats a server bot (easy, normal or hard): one
                         seat more than --seats; figures are the players' moves only
";

/// Parses the arguments of a run.
pub fn parse(argv: &[String]) -> anyhow::Result<Opts> {
    let mut url = None;
    let mut games = vec![GameKind::DoozyDice];
    let mut seats = 4u8;
    let mut rooms = 10usize;
    let mut mode = Mode::Play;
    let mut think_ms = 30u64;
    let mut warmup = 3.0f64;
    let mut duration = 10.0f64;
    let mut max_moves = None;
    let mut connect_timeout = 180.0f64;
    let mut concurrency = 32usize;
    let mut rate_cap = 36usize;
    let mut ping = 20.0f64;
    let mut server_pid = None;
    let mut store = ProcSet::default();
    let mut progress = None;
    let mut out = None;
    let mut label = String::new();
    let mut dump_frames = 0usize;
    let mut server_bot = None;

    let mut it = argv.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .with_context(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--url" => url = Some(value()?),
            "--game" => {
                let v = value()?;
                games = if v == "all" {
                    parlor_tests::players::PLAYABLE.to_vec()
                } else {
                    v.split(',')
                        .map(|s| {
                            GameKind::from_slug(s)
                                .filter(|k| parlor_tests::players::PLAYABLE.contains(k))
                                .with_context(|| format!("--game {s}: not a playable game"))
                        })
                        .collect::<anyhow::Result<_>>()?
                };
            }
            "--seats" => seats = value()?.parse().context("--seats")?,
            "--rooms" => rooms = value()?.parse().context("--rooms")?,
            "--mode" => {
                mode = match value()?.as_str() {
                    "play" => Mode::Play,
                    "connect" => Mode::Connect,
                    other => bail!("--mode {other}: write play or connect"),
                }
            }
            "--think" => think_ms = value()?.parse().context("--think")?,
            "--warmup" => warmup = value()?.parse().context("--warmup")?,
            "--duration" => duration = value()?.parse().context("--duration")?,
            "--max-moves" => max_moves = Some(value()?.parse().context("--max-moves")?),
            "--connect-timeout" => {
                connect_timeout = value()?.parse().context("--connect-timeout")?
            }
            "--concurrency" => concurrency = value()?.parse().context("--concurrency")?,
            "--rate-cap" => rate_cap = value()?.parse().context("--rate-cap")?,
            "--ping" => ping = value()?.parse().context("--ping")?,
            "--server-pid" => server_pid = Some(value()?.parse().context("--server-pid")?),
            "--store-pid" => store.pids.push(value()?.parse().context("--store-pid")?),
            "--store-cmdline" => store.prefixes.push(value()?),
            "--progress" => {
                progress = Some(Duration::from_secs_f64(
                    value()?.parse::<f64>().context("--progress")?.max(0.5),
                ))
            }
            "--out" => out = Some(PathBuf::from(value()?)),
            "--label" => label = value()?,
            "--dump-frames" => dump_frames = value()?.parse().context("--dump-frames")?,
            "--server-bot" => {
                server_bot = Some(
                    serde_json::from_value(serde_json::Value::String(value()?))
                        .context("--server-bot: easy, normal or hard")?,
                )
            }
            other => bail!("unknown argument {other}\n\n{USAGE}"),
        }
    }
    let url = url.context("--url is required")?;
    let authority = loopback_authority(&url)?;
    if !(duration > 0.0 && duration <= MAX_DURATION_S) {
        bail!("--duration must be in (0, {MAX_DURATION_S}] seconds");
    }
    if !(0.0..=60.0).contains(&warmup) {
        bail!("--warmup must be in [0, 60] seconds");
    }
    if !(1..=MAX_ROOMS).contains(&rooms) {
        bail!("--rooms must be in [1, {MAX_ROOMS}]");
    }
    if !(1.0..=600.0).contains(&connect_timeout) {
        bail!("--connect-timeout must be in [1, 600] seconds");
    }
    if !(1.0..=60.0).contains(&ping) {
        bail!("--ping must be in [1, 60] seconds");
    }
    if think_ms > 60_000 {
        bail!("--think must be at most 60000 ms");
    }
    if rate_cap == 0 || concurrency == 0 {
        bail!("--rate-cap and --concurrency must be positive");
    }
    let at_table = seats + u8::from(server_bot.is_some());
    for kind in &games {
        let (min, max) = kind.players();
        if !(min..=max).contains(&at_table) {
            bail!("{} takes {min} to {max} seats, not {at_table}", kind.slug());
        }
    }
    if label.is_empty() {
        let what = match mode {
            Mode::Connect => "connect".to_owned(),
            Mode::Play if think_ms == 0 => "greedy".to_owned(),
            Mode::Play => format!("think {think_ms} ms"),
        };
        label = format!("{rooms}x{seats} {what}");
        if let Some(level) = server_bot {
            label.push_str(&format!(" + {level:?} bot"));
        }
    }
    Ok(Opts {
        base: format!("http://{authority}"),
        authority,
        games,
        seats,
        rooms,
        mode,
        think: Duration::from_millis(think_ms),
        warmup: Duration::from_secs_f64(warmup),
        duration: Duration::from_secs_f64(duration),
        max_moves,
        connect_timeout: Duration::from_secs_f64(connect_timeout),
        server_bot,
        concurrency,
        rate_cap,
        ping: Duration::from_secs_f64(ping),
        server_pid,
        store,
        progress,
        out,
        label,
        dump_frames,
    })
}

/// `host:port` of an `http://` or `ws://` URL whose host is a loopback
/// address; anything else is refused.
pub fn loopback_authority(url: &str) -> anyhow::Result<String> {
    let rest = ["http://", "ws://"]
        .iter()
        .find_map(|s| url.strip_prefix(s))
        .with_context(|| format!("{url}: write http://127.0.0.1:PORT"))?;
    let authority = rest.split('/').next().unwrap_or_default();
    let (host, port) = authority
        .rsplit_once(':')
        .with_context(|| format!("{url}: the port is missing"))?;
    port.parse::<u16>()
        .with_context(|| format!("{url}: bad port {port}"))?;
    let loopback = match host {
        "localhost" | "[::1]" => true,
        h => h
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback()),
    };
    if !loopback {
        bail!("{url}: refusing a non-loopback address; loads go to 127.0.0.1 only");
    }
    Ok(authority.to_owned())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn only_loopback_urls() {
        for ok in [
            "http://127.0.0.1:8080",
            "http://127.3.2.1:1/",
            "ws://localhost:9",
            "http://[::1]:80",
        ] {
            assert!(loopback_authority(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://10.0.0.1:8080",
            "http://192.168.1.2:80",
            "http://example.org:80",
            "http://8.8.8.8:53",
            "https://127.0.0.1:443",
            "http://127.0.0.1",
            "http://localhost.evil.org:80",
        ] {
            assert!(loopback_authority(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn runs_are_bounded() {
        assert!(parse(&args("--url http://127.0.0.1:1 --duration 601")).is_err());
        assert!(parse(&args("--url http://127.0.0.1:1 --rooms 5001")).is_err());
        assert!(parse(&args("--url http://127.0.0.1:1 --rooms 0")).is_err());
        assert!(parse(&args("--url http://10.1.1.1:1")).is_err());
        let o = parse(&args("--url http://127.0.0.1:1 --game all --think 0")).unwrap();
        assert_eq!(o.games.len(), parlor_tests::players::PLAYABLE.len());
        assert_eq!(o.label, "10x4 greedy");
    }
}
