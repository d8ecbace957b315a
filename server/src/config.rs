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
        ] {
            if let Some(v) = read(name) {
                check(name, parse_duration(&v).map(|d| *slot = d));
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

/// `250ms`, `10s`, `2m`, or a bare number of seconds; more than zero and at
/// most an hour.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?}: write a duration like 500ms, 10s or 2m (0 < d <= 1h)");
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let n: u64 = number.parse().map_err(|_| bad())?;
    let d = match unit.trim() {
        "ms" => Duration::from_millis(n),
        "s" => Duration::from_secs(n),
        "m" | "min" => Duration::from_secs(n.saturating_mul(60)),
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
        for bad in ["", "0", "s", "10h", "61m", "1.5s"] {
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
