//! Configuration from the environment, with defaults that need no set-up.
//!
//! [`Config::from_env`] checks every variable and reports every bad value at
//! once, naming the variable, so a typo stops the server at start instead of
//! silently falling back to a default.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::limits::{Rate, RateLimits};
use crate::serve::ServeLimits;

/// Server settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (`PARLOR_ADDR`, default 127.0.0.1:8080; port 0 picks one).
    pub addr: SocketAddr,
    /// `DATABASE_URL`: `sqlite:path` (default `sqlite:data/parlor.sqlite`) or `postgres://…`.
    pub database_url: String,
    /// `PARLOR_WEB_DIR`: the built web client (default `web-client/dist`).
    pub web_dir: PathBuf,
    /// `PARLOR_ALLOWED_ORIGINS`: origins (`scheme://host[:port]`, lower case)
    /// whose pages may open WebSockets besides the server's own origin.
    pub allowed_origins: Vec<String>,
    /// Request rates per client (`PARLOR_RATE_LIMIT`, `PARLOR_RATE_CREATE`,
    /// `PARLOR_RATE_ROOM`, `PARLOR_RATE_API`).
    pub rate_limits: RateLimits,
    /// `PARLOR_MAX_SOCKETS_PER_IP`: live WebSockets per client IP (IPv6: per
    /// /64); `None` for no cap.
    pub max_sockets_per_ip: Option<usize>,
    /// `PARLOR_BODY_LIMIT`: largest JSON request body, in bytes.
    pub body_limit: usize,
    /// `PARLOR_REQUEST_TIMEOUT`: longest an API request may take, reading
    /// its body included.
    pub request_timeout: Duration,
    /// The accept loop's limits (`PARLOR_HEADER_TIMEOUT`,
    /// `PARLOR_MAX_CONNS_PER_IP`, `PARLOR_SHUTDOWN_GRACE`).
    pub serve: ServeLimits,
    /// Per-WebSocket limits (handshake and idle timeouts, send timeout,
    /// message rate).
    pub ws: crate::ws::WsLimits,
    /// Room limits (connections per room, idle unloading).
    pub rooms: crate::room::RoomConfig,
    /// `PARLOR_PUBLIC_URL`: the address players reach the server at
    /// (`https://games.example.org`); its origin may open WebSockets.
    pub public_url: Option<String>,
    /// `PARLOR_LOG_FORMAT`: `text` (default) or `json`.
    pub log_format: LogFormat,
    /// `PARLOR_ADMIN_TOKEN`: enables the admin API and page; `None`: off.
    pub admin_token: Option<String>,
    /// Who may read `/metrics` (`PARLOR_METRICS`, `PARLOR_METRICS_TOKEN`).
    pub metrics: MetricsAccess,
    /// How long rooms and matches are kept in the database.
    pub retention: Retention,
    /// `PARLOR_REPLAY_WORKERS`: threads for heavy requests (uploaded
    /// records, replays); default one fewer than the cores, at least one.
    pub replay_workers: usize,
    /// `PARLOR_REPLAY_QUEUE`: heavy requests that may wait for a worker;
    /// beyond, they are answered 503 `busy` (default 8).
    pub replay_queue: usize,
}

/// The log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line (tracing-subscriber's json layer).
    Json,
}

/// Who may read the Prometheus metrics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetricsAccess {
    /// `/metrics` answers 404.
    Off,
    /// Anyone who can reach the server (the default when it listens on
    /// loopback only).
    Open,
    /// Only with `Authorization: Bearer TOKEN`.
    Token(String),
}

/// What the retention sweep deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    /// Lobbies never started and untouched for this many days are deleted
    /// (`PARLOR_LOBBY_RETENTION_DAYS`, default 7; `off` keeps them).
    pub lobby_days: Option<u32>,
    /// Finished matches older than this many days are deleted with their
    /// room (`PARLOR_FINISHED_RETENTION_DAYS`, default off: history is
    /// kept).
    pub finished_days: Option<u32>,
    /// How often the sweep runs.
    pub every: Duration,
}

/// One setting: its environment variable and its command-line flag (the
/// same name, lower case, without the `PARLOR_` prefix).
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// The environment variable.
    pub env: &'static str,
    /// What it sets, for `--help`.
    pub help: &'static str,
}

impl Setting {
    /// The long flag: `PARLOR_RATE_API` is `--rate-api`, `DATABASE_URL`
    /// is `--database-url`.
    pub fn flag(&self) -> String {
        self.env
            .strip_prefix("PARLOR_")
            .unwrap_or(self.env)
            .to_ascii_lowercase()
            .replace('_', "-")
    }
}

/// Every setting, in `--help` order. A flag wins over its variable.
pub const SETTINGS: &[Setting] = &[
    Setting { env: "PARLOR_ADDR", help: "Address to listen on [default: 127.0.0.1:8080; port 0 picks one]" },
    Setting { env: "PARLOR_PUBLIC_URL", help: "Where players reach the server, e.g. https://games.example.org (behind a proxy)" },
    Setting { env: "DATABASE_URL", help: "sqlite:PATH or postgres://USER@HOST/DB [default: sqlite:data/parlor.sqlite]" },
    Setting { env: "PARLOR_WEB_DIR", help: "The built web client [default: web-client/dist]" },
    Setting { env: "PARLOR_LOG_FORMAT", help: "text or json [default: text]; the level comes from RUST_LOG" },
    Setting { env: "PARLOR_ADMIN_TOKEN", help: "Turns on the admin page and API (/admin), for Authorization: Bearer TOKEN; at least 16 characters [default: off]" },
    Setting { env: "PARLOR_METRICS", help: "on, off or auto: Prometheus metrics at /metrics; auto is on when listening on loopback or when a token is set [default: auto]" },
    Setting { env: "PARLOR_METRICS_TOKEN", help: "Bearer token /metrics requires; at least 16 characters [default: none]" },
    Setting { env: "PARLOR_ALLOWED_ORIGINS", help: "Other origins whose pages may open WebSockets, comma-separated" },
    Setting { env: "PARLOR_RATE_LIMIT", help: "on or off: every request rate limit [default: on]" },
    Setting { env: "PARLOR_RATE_CREATE", help: "Rooms created per client, e.g. 10/min,burst=5, or off" },
    Setting { env: "PARLOR_RATE_ROOM", help: "Room lookups and joins per client, or off" },
    Setting { env: "PARLOR_RATE_API", help: "Other API requests per client, or off" },
    Setting { env: "PARLOR_MAX_SOCKETS_PER_IP", help: "Live WebSockets per client IP (IPv6: per /64), or off [default: 32]" },
    Setting { env: "PARLOR_MAX_CONNS_PER_IP", help: "Open TCP connections per client IP, or off [default: 64]" },
    Setting { env: "PARLOR_BODY_LIMIT", help: "Largest JSON request body in bytes [default: 16384]" },
    Setting { env: "PARLOR_HEADER_TIMEOUT", help: "Time to send request headers [default: 10s]" },
    Setting { env: "PARLOR_REQUEST_TIMEOUT", help: "Longest an API request may take [default: 30s]" },
    Setting { env: "PARLOR_SHUTDOWN_GRACE", help: "How long a stop waits for connections to close [default: 10s]" },
    Setting { env: "PARLOR_WS_IDLE_TIMEOUT", help: "A socket that says nothing for this long is closed [default: 60s]" },
    Setting { env: "PARLOR_WS_HELLO_TIMEOUT", help: "Time a new socket has to say hello [default: 10s]" },
    Setting { env: "PARLOR_CHAT_MAX_LINES", help: "Chat lines and reactions one match keeps (and a room between matches); more are refused [default: 1000]" },
    Setting { env: "PARLOR_CHAT_MAX_BYTES", help: "Bytes of chat one match keeps (and a room between matches) [default: 100000]" },
    Setting { env: "PARLOR_REPLAY_WORKERS", help: "Threads for uploaded records and replays [default: cores - 1, at least 1]" },
    Setting { env: "PARLOR_REPLAY_QUEUE", help: "Uploads and replays that may wait for a thread; more are answered 503 busy [default: 8]" },
    Setting { env: "PARLOR_BOT_THINK", help: "How long a bot waits before its move, so people can follow [default: 900ms]" },
    Setting { env: "PARLOR_ROOM_IDLE_UNLOAD", help: "A room with nobody connected leaves memory after this long; its link brings it back [default: 1h]" },
    Setting { env: "PARLOR_LOBBY_RETENTION_DAYS", help: "Delete lobbies never started after this many idle days, or off [default: 7]" },
    Setting { env: "PARLOR_FINISHED_RETENTION_DAYS", help: "Delete finished matches older than this many days, or off [default: off: history is kept]" },
];

/// What the binary was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Migrate the database, then serve (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Ask the server at `PARLOR_ADDR` whether it is ready; exit 0 if so.
    Healthcheck,
    /// Check a match record against its seed: a file, `-` (standard input)
    /// or a server's URL for the match.
    Verify(String),
}

/// The command line: `parlor-server [serve|migrate|healthcheck] [--flag VALUE]…`.
pub fn command() -> clap::Command {
    let mut cmd = clap::Command::new("parlor-server")
        .about("Parlor: an authoritative server for tabletop games with friends in the browser")
        .version(env!("CARGO_PKG_VERSION"))
        .after_help("Every flag can also be set by its environment variable (a flag wins). Bad values stop the server at start, each named.")
        .subcommand(clap::Command::new("serve").about("Migrate the database, then serve (the default)"))
        .subcommand(clap::Command::new("migrate").about("Apply the database migrations and exit"))
        .subcommand(clap::Command::new("healthcheck").about("Exit 0 if the server at --addr is ready (for container health checks)"))
        .subcommand(
            clap::Command::new("verify")
                .about("Check a downloaded match record: re-derive every chance step from its seed through the rules")
                .arg(clap::Arg::new("file").required(true).value_name("FILE|URL").help("The record (.json), - for standard input, or the match's address on a server (its match page, e.g. https://parlor.example/matches/ID, or its /export link)")),
        );
    for s in SETTINGS {
        cmd = cmd.arg(
            clap::Arg::new(s.env)
                .long(s.flag())
                .env(s.env)
                .value_name("VALUE")
                .help(s.help)
                .global(true)
                // The value is checked (with the others) by `from_vars`.
                .hide_env_values(s.env.contains("TOKEN") || s.env == "DATABASE_URL"),
        );
    }
    cmd
}

/// Parses the command line (flags over the environment). `Err` is clap's:
/// `--help`, `--version` or a usage error, each printed by `exit()`.
pub fn from_args<I, T>(args: I) -> Result<(Mode, anyhow::Result<Config>), clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = command().try_get_matches_from(args)?;
    let mode = match matches.subcommand() {
        Some(("migrate", _)) => Mode::Migrate,
        Some(("healthcheck", _)) => Mode::Healthcheck,
        Some(("verify", sub)) => {
            Mode::Verify(sub.get_one::<String>("file").cloned().unwrap_or_default())
        }
        _ => Mode::Serve,
    };
    // Global args are read from the subcommand's matches when one is given.
    let m = matches.subcommand().map_or(&matches, |(_, sub)| sub);
    let config = Config::from_vars(|name| m.get_one::<String>(name).cloned());
    Ok((mode, config))
}

/// Default SQLite file, relative to the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:data/parlor.sqlite";

/// Default largest JSON request body (16 KiB).
pub const DEFAULT_BODY_LIMIT: usize = 16 * 1024;

impl Config {
    /// Reads the environment.
    pub fn from_env() -> anyhow::Result<Config> {
        Config::from_vars(|name| std::env::var(name).ok())
    }

    /// Reads settings through `var` (the environment in [`Config::from_env`]).
    /// Every bad value is reported, each with its variable's name.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Config> {
        let mut errors = Vec::new();
        let read = |name: &str| {
            let value = var(name)?;
            let value = value.trim().to_owned();
            // An empty variable counts as unset (handy in compose files).
            (!value.is_empty()).then_some(value)
        };
        let mut check = |name: &str, result: Result<(), String>| {
            if let Err(e) = result {
                errors.push(format!("{name}: {e}"));
            }
        };
        let defaults = Config::defaults();

        let mut addr = defaults.addr;
        if let Some(v) = read("PARLOR_ADDR") {
            check(
                "PARLOR_ADDR",
                v.parse()
                    .map(|a| addr = a)
                    .map_err(|e| format!("{v:?} is not an address like 127.0.0.1:8080 ({e})")),
            );
        }
        let database_url = read("DATABASE_URL").unwrap_or(defaults.database_url);
        if !(database_url.starts_with("sqlite:")
            || database_url.starts_with("postgres://")
            || database_url.starts_with("postgresql://"))
        {
            check(
                "DATABASE_URL",
                Err(format!(
                    "{database_url:?} is neither sqlite:PATH nor postgres://…"
                )),
            );
        }
        let web_dir = read("PARLOR_WEB_DIR")
            .map(PathBuf::from)
            .unwrap_or(defaults.web_dir);

        let mut allowed_origins = Vec::new();
        if let Some(v) = read("PARLOR_ALLOWED_ORIGINS") {
            for origin in v.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                check(
                    "PARLOR_ALLOWED_ORIGINS",
                    parse_origin(origin).map(|o| allowed_origins.push(o)),
                );
            }
        }

        let mut rate_limits = defaults.rate_limits;
        let all_off = match read("PARLOR_RATE_LIMIT").as_deref() {
            None | Some("on") => false,
            Some("off") => true,
            Some(other) => {
                check(
                    "PARLOR_RATE_LIMIT",
                    Err(format!("{other:?}: write on or off")),
                );
                false
            }
        };
        for (name, slot) in [
            ("PARLOR_RATE_CREATE", &mut rate_limits.create_room),
            ("PARLOR_RATE_ROOM", &mut rate_limits.room_code),
            ("PARLOR_RATE_API", &mut rate_limits.api),
        ] {
            if let Some(v) = read(name) {
                match v.as_str() {
                    "off" => *slot = None,
                    _ => check(name, Rate::parse(&v).map(|r| *slot = Some(r))),
                }
            }
        }
        if all_off {
            rate_limits = RateLimits::OFF;
        }

        let mut max_sockets_per_ip = defaults.max_sockets_per_ip;
        if let Some(v) = read("PARLOR_MAX_SOCKETS_PER_IP") {
            check(
                "PARLOR_MAX_SOCKETS_PER_IP",
                parse_cap(&v).map(|c| max_sockets_per_ip = c),
            );
        }
        let mut serve = defaults.serve;
        if let Some(v) = read("PARLOR_MAX_CONNS_PER_IP") {
            check(
                "PARLOR_MAX_CONNS_PER_IP",
                parse_cap(&v).map(|c| serve.max_conns_per_ip = c),
            );
        }
        let mut body_limit = defaults.body_limit;
        if let Some(v) = read("PARLOR_BODY_LIMIT") {
            check(
                "PARLOR_BODY_LIMIT",
                v.parse::<usize>()
                    .ok()
                    .filter(|&n| (64..=16 * 1024 * 1024).contains(&n))
                    .map(|n| body_limit = n)
                    .ok_or_else(|| format!("{v:?}: write a size in bytes, 64 to 16777216")),
            );
        }
        let mut request_timeout = defaults.request_timeout;
        let mut ws = defaults.ws.clone();
        let mut rooms = defaults.rooms.clone();
        for (name, slot) in [
            ("PARLOR_HEADER_TIMEOUT", &mut serve.header_timeout),
            ("PARLOR_REQUEST_TIMEOUT", &mut request_timeout),
            ("PARLOR_SHUTDOWN_GRACE", &mut serve.shutdown_grace),
            ("PARLOR_WS_IDLE_TIMEOUT", &mut ws.idle),
            ("PARLOR_WS_HELLO_TIMEOUT", &mut ws.handshake),
            ("PARLOR_ROOM_IDLE_UNLOAD", &mut rooms.idle_unload),
            ("PARLOR_BOT_THINK", &mut rooms.bot_think),
        ] {
            if let Some(v) = read(name) {
                check(name, parse_duration(&v).map(|d| *slot = d));
            }
        }

        let mut public_url = None;
        if let Some(v) = read("PARLOR_PUBLIC_URL") {
            check(
                "PARLOR_PUBLIC_URL",
                parse_origin(&v).map(|o| {
                    if !allowed_origins.contains(&o) {
                        allowed_origins.push(o.clone());
                    }
                    public_url = Some(o);
                }),
            );
        }
        let log_format = match read("PARLOR_LOG_FORMAT").as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => {
                check(
                    "PARLOR_LOG_FORMAT",
                    Err(format!("{other:?}: write text or json")),
                );
                LogFormat::Text
            }
        };
        let admin_token = read("PARLOR_ADMIN_TOKEN");
        if admin_token.as_ref().is_some_and(|t| t.chars().count() < 16) {
            check(
                "PARLOR_ADMIN_TOKEN",
                Err("too short: use at least 16 characters (say, `openssl rand -hex 16`)".into()),
            );
        }
        let metrics_token = read("PARLOR_METRICS_TOKEN");
        if metrics_token
            .as_ref()
            .is_some_and(|t| t.chars().count() < 16)
        {
            check(
                "PARLOR_METRICS_TOKEN",
                Err("too short: use at least 16 characters (say, `openssl rand -hex 16`)".into()),
            );
        }
        let mut count = |name: &str, slot: &mut u64, range: std::ops::RangeInclusive<u64>| {
            if let Some(v) = read(name) {
                check(
                    name,
                    v.parse::<u64>()
                        .ok()
                        .filter(|n| range.contains(n))
                        .map(|n| *slot = n)
                        .ok_or_else(|| {
                            format!(
                                "{v:?}: write a number from {} to {}",
                                range.start(),
                                range.end()
                            )
                        }),
                );
            }
        };
        let mut chat_lines = u64::from(rooms.chat_cap.lines);
        count("PARLOR_CHAT_MAX_LINES", &mut chat_lines, 1..=1_000_000);
        rooms.chat_cap.lines = u32::try_from(chat_lines).unwrap_or(u32::MAX);
        count(
            "PARLOR_CHAT_MAX_BYTES",
            &mut rooms.chat_cap.bytes,
            1_000..=1_000_000_000,
        );
        let mut replay_workers = defaults.replay_workers as u64;
        count("PARLOR_REPLAY_WORKERS", &mut replay_workers, 1..=256);
        let mut replay_queue = defaults.replay_queue as u64;
        count("PARLOR_REPLAY_QUEUE", &mut replay_queue, 0..=10_000);
        let metrics = match (read("PARLOR_METRICS").as_deref(), metrics_token) {
            (Some("off"), _) => MetricsAccess::Off,
            (_, Some(t)) => MetricsAccess::Token(t),
            (Some("on"), None) => MetricsAccess::Open,
            (None | Some("auto"), None) if addr.ip().is_loopback() => MetricsAccess::Open,
            (None | Some("auto"), None) => MetricsAccess::Off,
            (Some(other), None) => {
                check(
                    "PARLOR_METRICS",
                    Err(format!("{other:?}: write on, off or auto")),
                );
                MetricsAccess::Off
            }
        };
        let mut retention = defaults.retention;
        for (name, slot) in [
            ("PARLOR_LOBBY_RETENTION_DAYS", &mut retention.lobby_days),
            (
                "PARLOR_FINISHED_RETENTION_DAYS",
                &mut retention.finished_days,
            ),
        ] {
            if let Some(v) = read(name) {
                check(name, parse_days(&v).map(|d| *slot = d));
            }
        }

        if !errors.is_empty() {
            anyhow::bail!("bad configuration:\n  {}", errors.join("\n  "));
        }
        Ok(Config {
            addr,
            database_url,
            web_dir,
            allowed_origins,
            rate_limits,
            max_sockets_per_ip,
            body_limit,
            request_timeout,
            serve,
            ws,
            rooms,
            public_url,
            log_format,
            admin_token,
            metrics,
            retention,
            replay_workers: usize::try_from(replay_workers).unwrap_or(1),
            replay_queue: usize::try_from(replay_queue).unwrap_or(0),
        })
    }

    /// The defaults, as documented in the README.
    fn defaults() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database_url: DEFAULT_DATABASE_URL.into(),
            web_dir: "web-client/dist".into(),
            allowed_origins: Vec::new(),
            rate_limits: RateLimits::defaults(),
            max_sockets_per_ip: Some(32),
            body_limit: DEFAULT_BODY_LIMIT,
            request_timeout: Duration::from_secs(30),
            serve: ServeLimits::default(),
            ws: crate::ws::WsLimits::default(),
            rooms: crate::room::RoomConfig::default(),
            public_url: None,
            log_format: LogFormat::Text,
            admin_token: None,
            metrics: MetricsAccess::Off,
            retention: Retention {
                lobby_days: Some(7),
                finished_days: None,
                every: Duration::from_secs(3600),
            },
            replay_workers: crate::heavy::HeavyPool::default_workers(),
            replay_queue: 8,
        }
    }

    /// Settings for tests: port 0, the given database, the default web dir,
    /// and limits generous enough for many rooms and sockets from 127.0.0.1
    /// in quick succession (they still run, so the code paths are exercised).
    pub fn for_tests(database_url: impl Into<String>) -> Config {
        let generous = Rate::new(1000, Duration::from_secs(1), 10_000);
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: database_url.into(),
            web_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client/dist")),
            rate_limits: RateLimits {
                create_room: Some(generous),
                room_code: Some(generous),
                api: Some(generous),
            },
            max_sockets_per_ip: Some(10_000),
            serve: ServeLimits {
                max_conns_per_ip: Some(10_000),
                ..ServeLimits::default()
            },
            ..Config::defaults()
        }
    }

    /// For a SQLite URL, the file's parent folder (created at start-up).
    pub fn sqlite_dir(&self) -> Option<PathBuf> {
        let path = self.database_url.strip_prefix("sqlite:")?;
        let path = path.trim_start_matches("//");
        let path = path.split('?').next()?;
        if path.is_empty() || path == ":memory:" {
            return None;
        }
        PathBuf::from(path)
            .parent()
            .map(PathBuf::from)
            .filter(|p| !p.as_os_str().is_empty())
    }
}

/// `scheme://host[:port]` with scheme http or https, lower-cased, without a
/// path or a trailing slash — the form browsers send in `Origin`.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let lower = text.trim().trim_end_matches('/').to_ascii_lowercase();
    let bad = || {
        format!("{text:?} is not an origin like https://games.example.org or http://localhost:8080")
    };
    let (scheme, authority) = lower.split_once("://").ok_or_else(bad)?;
    let host_ok = !authority.is_empty()
        && authority
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c));
    if !matches!(scheme, "http" | "https") || !host_ok {
        return Err(bad());
    }
    Ok(lower)
}

/// A number of days (1 to 36500), or `off`.
fn parse_days(text: &str) -> Result<Option<u32>, String> {
    if text == "off" {
        return Ok(None);
    }
    text.parse::<u32>()
        .ok()
        .filter(|n| (1..=36_500).contains(n))
        .map(Some)
        .ok_or_else(|| format!("{text:?}: write a number of days (1 to 36500), or off"))
}

/// A positive count, or `off` for no cap.
fn parse_cap(text: &str) -> Result<Option<usize>, String> {
    if text == "off" {
        return Ok(None);
    }
    text.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .map(Some)
        .ok_or_else(|| format!("{text:?}: write a positive number, or off"))
}

/// `250ms`, `10s`, `2m`, `1h`, or a bare number of seconds; more than zero
/// and at most an hour.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?}: write a duration like 500ms, 10s, 2m or 1h (0 < d <= 1h)");
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let n: u64 = number.parse().map_err(|_| bad())?;
    let d = match unit.trim() {
        "ms" => Duration::from_millis(n),
        "s" => Duration::from_secs(n),
        "m" | "min" => Duration::from_secs(n.saturating_mul(60)),
        "h" => Duration::from_secs(n.saturating_mul(3600)),
        _ => return Err(bad()),
    };
    if d.is_zero() || d > Duration::from_secs(3600) {
        return Err(bad());
    }
    Ok(d)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn from(vars: &[(&str, &str)]) -> anyhow::Result<Config> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_vars(|name| vars.get(name).cloned())
    }

    #[test]
    fn defaults_need_no_variables() {
        let c = from(&[]).unwrap();
        assert_eq!(c.addr, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(c.rate_limits, RateLimits::defaults());
        assert_eq!(c.max_sockets_per_ip, Some(32));
        assert_eq!(c.serve.max_conns_per_ip, Some(64));
        assert_eq!(c.serve.header_timeout, Duration::from_secs(10));
        assert_eq!(c.body_limit, 16 * 1024);
        assert!(c.allowed_origins.is_empty());
    }

    #[test]
    fn every_knob_reads_from_the_environment() {
        let c = from(&[
            ("PARLOR_ADDR", "0.0.0.0:9000"),
            ("DATABASE_URL", "postgres://u@h/db"),
            ("PARLOR_WEB_DIR", "/srv/web"),
            (
                "PARLOR_ALLOWED_ORIGINS",
                "https://Games.Example.org/, http://localhost:5173",
            ),
            ("PARLOR_RATE_CREATE", "5/min"),
            ("PARLOR_RATE_ROOM", "off"),
            ("PARLOR_RATE_API", "20/s,burst=100"),
            ("PARLOR_MAX_SOCKETS_PER_IP", "8"),
            ("PARLOR_MAX_CONNS_PER_IP", "off"),
            ("PARLOR_BODY_LIMIT", "4096"),
            ("PARLOR_HEADER_TIMEOUT", "500ms"),
            ("PARLOR_REQUEST_TIMEOUT", "2m"),
            ("PARLOR_SHUTDOWN_GRACE", "3"),
        ])
        .unwrap();
        assert_eq!(c.addr, "0.0.0.0:9000".parse().unwrap());
        assert_eq!(c.web_dir, PathBuf::from("/srv/web"));
        assert_eq!(
            c.allowed_origins,
            ["https://games.example.org", "http://localhost:5173"]
        );
        assert_eq!(
            c.rate_limits.create_room,
            Some(Rate::new(5, Duration::from_secs(60), 5))
        );
        assert_eq!(c.rate_limits.room_code, None);
        assert_eq!(
            c.rate_limits.api,
            Some(Rate::new(20, Duration::from_secs(1), 100))
        );
        assert_eq!(c.max_sockets_per_ip, Some(8));
        assert_eq!(c.serve.max_conns_per_ip, None);
        assert_eq!(c.body_limit, 4096);
        assert_eq!(c.serve.header_timeout, Duration::from_millis(500));
        assert_eq!(c.request_timeout, Duration::from_secs(120));
        assert_eq!(c.serve.shutdown_grace, Duration::from_secs(3));
    }

    #[test]
    fn hosting_settings_read_and_check() {
        let c = from(&[
            ("PARLOR_ADDR", "0.0.0.0:8080"),
            ("PARLOR_PUBLIC_URL", "https://Games.Example.org"),
            ("PARLOR_LOG_FORMAT", "json"),
            ("PARLOR_ADMIN_TOKEN", "0123456789abcdef"),
            ("PARLOR_LOBBY_RETENTION_DAYS", "off"),
            ("PARLOR_FINISHED_RETENTION_DAYS", "365"),
            ("PARLOR_ROOM_IDLE_UNLOAD", "30m"),
        ])
        .unwrap();
        assert_eq!(c.public_url.as_deref(), Some("https://games.example.org"));
        assert_eq!(c.allowed_origins, ["https://games.example.org"]);
        assert_eq!(c.log_format, LogFormat::Json);
        assert_eq!(c.admin_token.as_deref(), Some("0123456789abcdef"));
        // Bound publicly without a token: metrics stay off.
        assert_eq!(c.metrics, MetricsAccess::Off);
        assert_eq!(c.retention.lobby_days, None);
        assert_eq!(c.retention.finished_days, Some(365));
        assert_eq!(c.rooms.idle_unload, Duration::from_secs(1800));
        // On loopback they are open; a token guards them anywhere.
        assert_eq!(from(&[]).unwrap().metrics, MetricsAccess::Open);
        assert_eq!(
            from(&[]).unwrap().rooms.idle_unload,
            Duration::from_secs(3600)
        );
        let token = "metrics-token-0123456789";
        assert_eq!(
            from(&[
                ("PARLOR_ADDR", "0.0.0.0:1"),
                ("PARLOR_METRICS_TOKEN", token)
            ])
            .unwrap()
            .metrics,
            MetricsAccess::Token(token.into())
        );
        // A metrics token is as long as an admin token.
        let e = from(&[("PARLOR_METRICS_TOKEN", "short-token")])
            .unwrap_err()
            .to_string();
        assert!(e.contains("PARLOR_METRICS_TOKEN: too short"), "{e}");
        let e = from(&[("PARLOR_CHAT_MAX_LINES", "0"), ("PARLOR_REPLAY_QUEUE", "x")])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("PARLOR_CHAT_MAX_LINES") && e.contains("PARLOR_REPLAY_QUEUE"),
            "{e}"
        );
        let c = from(&[
            ("PARLOR_CHAT_MAX_LINES", "50"),
            ("PARLOR_CHAT_MAX_BYTES", "5000"),
            ("PARLOR_REPLAY_WORKERS", "3"),
            ("PARLOR_REPLAY_QUEUE", "0"),
        ])
        .unwrap();
        assert_eq!((c.rooms.chat_cap.lines, c.rooms.chat_cap.bytes), (50, 5000));
        assert_eq!((c.replay_workers, c.replay_queue), (3, 0));
        let e = from(&[
            ("PARLOR_PUBLIC_URL", "games.example.org"),
            ("PARLOR_LOG_FORMAT", "xml"),
            ("PARLOR_ADMIN_TOKEN", "short"),
            ("PARLOR_METRICS", "maybe"),
            ("PARLOR_LOBBY_RETENTION_DAYS", "0"),
        ])
        .unwrap_err()
        .to_string();
        for name in [
            "PARLOR_PUBLIC_URL",
            "PARLOR_LOG_FORMAT",
            "PARLOR_ADMIN_TOKEN",
            "PARLOR_METRICS",
            "PARLOR_LOBBY_RETENTION_DAYS",
        ] {
            assert!(e.contains(&format!("{name}: ")), "{name} missing from {e}");
        }
    }

    #[test]
    fn flags_win_over_the_environment_and_help_lists_every_setting() {
        let (mode, c) = from_args(["parlor-server", "--addr", "127.0.0.1:9"]).unwrap();
        assert_eq!(mode, Mode::Serve);
        assert_eq!(c.unwrap().addr, "127.0.0.1:9".parse().unwrap());
        let (mode, c) = from_args(["parlor-server", "healthcheck", "--addr=127.0.0.1:7"]).unwrap();
        assert_eq!(mode, Mode::Healthcheck);
        assert_eq!(c.unwrap().addr, "127.0.0.1:7".parse().unwrap());
        let (mode, _) = from_args(["parlor-server", "migrate"]).unwrap();
        assert_eq!(mode, Mode::Migrate);
        assert!(from_args(["parlor-server", "--no-such-flag", "1"]).is_err());
        let help = command().render_long_help().to_string();
        for s in SETTINGS {
            assert!(help.contains(&format!("--{}", s.flag())), "{}", s.env);
            assert!(help.contains(s.env), "{}", s.env);
        }
        // Every setting `from_vars` reads is listed.
        let source = include_str!("config.rs");
        for part in source.split("read(\"").skip(1) {
            let name = part.split('"').next().unwrap_or("");
            assert!(
                SETTINGS.iter().any(|s| s.env == name),
                "{name} is read but not listed"
            );
        }
    }

    #[test]
    fn rate_limit_off_turns_every_rate_off() {
        let c = from(&[("PARLOR_RATE_LIMIT", "off"), ("PARLOR_RATE_API", "1/s")]).unwrap();
        assert_eq!(c.rate_limits, RateLimits::OFF);
    }

    #[test]
    fn every_bad_value_is_reported_by_name() {
        let e = from(&[
            ("PARLOR_ADDR", "localhost"),
            ("DATABASE_URL", "mysql://x"),
            ("PARLOR_ALLOWED_ORIGINS", "example.org"),
            ("PARLOR_RATE_LIMIT", "maybe"),
            ("PARLOR_RATE_CREATE", "10 per minute"),
            ("PARLOR_MAX_SOCKETS_PER_IP", "0"),
            ("PARLOR_MAX_CONNS_PER_IP", "-3"),
            ("PARLOR_BODY_LIMIT", "huge"),
            ("PARLOR_HEADER_TIMEOUT", "0s"),
            ("PARLOR_REQUEST_TIMEOUT", "1d"),
        ])
        .unwrap_err()
        .to_string();
        for name in [
            "PARLOR_ADDR",
            "DATABASE_URL",
            "PARLOR_ALLOWED_ORIGINS",
            "PARLOR_RATE_LIMIT",
            "PARLOR_RATE_CREATE",
            "PARLOR_MAX_SOCKETS_PER_IP",
            "PARLOR_MAX_CONNS_PER_IP",
            "PARLOR_BODY_LIMIT",
            "PARLOR_HEADER_TIMEOUT",
            "PARLOR_REQUEST_TIMEOUT",
        ] {
            assert!(e.contains(&format!("{name}: ")), "{name} missing from {e}");
        }
    }

    #[test]
    fn origins_and_durations_parse() {
        assert_eq!(
            parse_origin("HTTPS://Example.org/").unwrap(),
            "https://example.org"
        );
        assert_eq!(
            parse_origin("http://[::1]:8080").unwrap(),
            "http://[::1]:8080"
        );
        for bad in ["example.org", "ftp://x", "https://", "https://a/b", "*"] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_duration("10").unwrap(), Duration::from_secs(10));
        assert_eq!(parse_duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(parse_duration("1h").unwrap(), Duration::from_secs(3600));
        for bad in ["", "0", "s", "10h", "2h", "61m", "1.5s"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sqlite_dir_is_the_file_parent() {
        let mut c = Config::for_tests("sqlite:data/p.sqlite");
        assert_eq!(c.sqlite_dir(), Some(PathBuf::from("data")));
        c.database_url = "sqlite::memory:".into();
        assert_eq!(c.sqlite_dir(), None);
    }
}
