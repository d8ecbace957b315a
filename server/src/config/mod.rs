//! Configuration from the environment, with defaults that need no set-up.
//!
//! [`Config::from_env`] checks every variable and reports every bad value at
//! once, naming the variable, so a typo stops the server at start instead of
//! silently falling back to a default.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::limits::{Rate, RateLimits, TrustedProxies};
use crate::serve::ServeLimits;

mod vars;
use vars::Vars;

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
    /// `PARLOR_TRUSTED_PROXIES`: proxies whose `X-Forwarded-For` names the
    /// client that the per-client limits count (default: none).
    pub trusted_proxies: TrustedProxies,
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
    /// `PARLOR_NOTICES_PRIVATE=allow`: notices (room webhooks) may go to
    /// `http` and to private, loopback and link-local addresses (default:
    /// `https` to public addresses only).
    pub notices_private: bool,
    /// `PARLOR_SMTP_URL` and `PARLOR_SMTP_FROM`: turn emails (none: off).
    pub smtp: Option<crate::notices::SmtpSettings>,
    /// `PARLOR_PUSH=off` turns browser push notices off (default: on, with
    /// a key made on first start and stored in the database).
    pub push: bool,
    /// `PARLOR_PUSH_CONTACT`: a `mailto:` or `https:` address push services
    /// may reach the host at (default: `PARLOR_PUBLIC_URL`).
    pub push_contact: Option<String>,
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
    /// `PARLOR_CLUSTER=on`: several servers on one Postgres; `None`: one
    /// server per database (the default).
    pub cluster: Option<Cluster>,
}

/// Cluster mode's settings (Postgres only; see `docs/scaling.md`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// `PARLOR_NODE_ID`: unique among the cluster's servers (default: the
    /// host's name).
    pub node_id: String,
    /// `PARLOR_INTERNAL_ADDR`: where the other servers reach this one
    /// (default: the listening address, its port once bound).
    pub internal_addr: Option<String>,
    /// `PARLOR_LEASE_TTL`: a server not heard from for this long may be
    /// declared dead and its rooms taken over (default 5 s).
    pub lease_ttl: Duration,
    /// `PARLOR_CLUSTER_SECRET`: shared by the cluster's servers; a request
    /// relayed from one to another carries it (required, 16 characters or
    /// more).
    pub secret: String,
    /// `PARLOR_DRAIN_LINGER`: after a drain hands its rooms back, how long
    /// the port stays open answering "not ready" and 503 before it closes
    /// (default 1.5 s). A proxy retries a refused connection on the same
    /// server for seconds (HAProxy: a second per try) but gives a 503 back
    /// at once, and its health check marks the server down within
    /// `inter × fall` (1 s in `deploy/haproxy.cfg`): keep this longer.
    pub drain_linger: Duration,
}

impl Cluster {
    /// How often a server renews its lease (a fifth of the lease).
    pub fn renew_every(&self) -> Duration {
        self.lease_ttl / 5
    }
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
    Setting { env: "PARLOR_NOTICES_PRIVATE", help: "allow or deny: room webhooks may call http and private, loopback and link-local addresses [default: deny]" },
    Setting { env: "PARLOR_SMTP_URL", help: "Turn emails' SMTP server: smtps://USER:PASS@HOST, or smtp://USER:PASS@HOST:587?tls=required [default: off]" },
    Setting { env: "PARLOR_SMTP_FROM", help: "Turn emails' sender, e.g. Parlor <games@example.org> (with PARLOR_SMTP_URL)" },
    Setting { env: "PARLOR_PUSH", help: "Browser push notices: on (default; a key is made on first start and kept in the database) or off" },
    Setting { env: "PARLOR_PUSH_CONTACT", help: "A mailto: or https:// address push services may reach you at (default: PARLOR_PUBLIC_URL)" },
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
    Setting { env: "PARLOR_MAX_CONNS_PER_IP", help: "Open TCP connections per client IP, or off [default: 64]; counts the TCP peer (a proxy), never X-Forwarded-For" },
    Setting { env: "PARLOR_TRUSTED_PROXIES", help: "Proxies whose X-Forwarded-For names the client, for the per-client limits: address ranges, comma-separated (e.g. 10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7), or off [default: off]" },
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
    Setting { env: "PARLOR_HARD_BOT_THINK", help: "A hard bot's search answers within this long of its turn, waiting for a thread included (it runs during the think delay) [default: 400ms]" },
    Setting { env: "PARLOR_BOT_THREADS", help: "Lowest-priority threads hard bots search on, shared by all rooms [default: cores - 1, at least 1]" },
    Setting { env: "PARLOR_ROOM_IDLE_UNLOAD", help: "A room with nobody connected leaves memory after this long; its link brings it back [default: 1h]" },
    Setting { env: "PARLOR_LOBBY_RETENTION_DAYS", help: "Delete lobbies never started after this many idle days, or off [default: 7]" },
    Setting { env: "PARLOR_FINISHED_RETENTION_DAYS", help: "Delete finished matches older than this many days, or off [default: off: history is kept]" },
    Setting { env: "PARLOR_CLUSTER", help: "on or off: several servers on one Postgres database, rooms moving between them (docs/scaling.md) [default: off]" },
    Setting { env: "PARLOR_NODE_ID", help: "Cluster mode: this server's name, unique in the cluster [default: the host name]" },
    Setting { env: "PARLOR_INTERNAL_ADDR", help: "Cluster mode: host:port where the other servers reach this one [default: the listening address]" },
    Setting { env: "PARLOR_LEASE_TTL", help: "Cluster mode: a server silent this long may be declared dead and its rooms taken over [default: 5s]" },
    Setting { env: "PARLOR_DRAIN_LINGER", help: "Cluster mode: after a drain, how long the port stays open answering 503 so the proxy sees the server down before connections are refused [default: 1.5s]" },
    Setting { env: "PARLOR_CLUSTER_SECRET", help: "Cluster mode: a secret the servers share, at least 16 characters; requests relayed between them carry it (required)" },
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
        let mut vars = Vars {
            var,
            errors: Vec::new(),
        };
        let mut c = Config::defaults();
        // In this order, so the errors come in the order of `--help`'s areas.
        vars.places(&mut c);
        vars.request_limits(&mut c);
        vars.timeouts(&mut c);
        vars.public_url_and_logs(&mut c);
        let metrics_token = vars.tokens(&mut c);
        vars.capacities(&mut c);
        vars.metrics(&mut c, metrics_token);
        vars.retention(&mut c);
        vars.cluster(&mut c);
        if !vars.errors.is_empty() {
            anyhow::bail!("bad configuration:\n  {}", vars.errors.join("\n  "));
        }
        Ok(c)
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
            trusted_proxies: TrustedProxies::default(),
            body_limit: DEFAULT_BODY_LIMIT,
            request_timeout: Duration::from_secs(30),
            serve: ServeLimits::default(),
            ws: crate::ws::WsLimits::default(),
            rooms: crate::room::RoomConfig::default(),
            public_url: None,
            notices_private: false,
            smtp: None,
            push: true,
            push_contact: None,
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
            cluster: None,
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
        self.sqlite_file()?
            .parent()
            .map(PathBuf::from)
            .filter(|p| !p.as_os_str().is_empty())
    }

    /// For a SQLite URL, the database file (none in memory).
    pub fn sqlite_file(&self) -> Option<PathBuf> {
        let path = self.database_url.strip_prefix("sqlite:")?;
        let path = path.trim_start_matches("//");
        let path = path.split('?').next()?;
        if path.is_empty() || path == ":memory:" {
            return None;
        }
        Some(PathBuf::from(path))
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
mod tests;

/// The host's name (cluster mode's default node id and, when listening on
/// every interface, internal address), else "parlor".
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "parlor".into())
}
