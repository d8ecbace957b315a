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

/// Settings read through a `var` function, with every bad value noted
/// against its variable's name.
struct Vars<F> {
    var: F,
    errors: Vec<String>,
}

impl<F: Fn(&str) -> Option<String>> Vars<F> {
    /// A variable's value, trimmed; an empty variable counts as unset
    /// (handy in compose files).
    fn read(&self, name: &str) -> Option<String> {
        let value = (self.var)(name)?;
        let value = value.trim().to_owned();
        (!value.is_empty()).then_some(value)
    }

    /// Notes `result`'s error against `name`.
    fn check(&mut self, name: &str, result: Result<(), String>) {
        if let Err(e) = result {
            self.errors.push(format!("{name}: {e}"));
        }
    }

    /// A whole number within `range` into `slot`, if `name` is set.
    fn count(&mut self, name: &str, slot: &mut u64, range: std::ops::RangeInclusive<u64>) {
        if let Some(v) = self.read(name) {
            let read = v
                .parse::<u64>()
                .ok()
                .filter(|n| range.contains(n))
                .map(|n| *slot = n)
                .ok_or_else(|| {
                    format!(
                        "{v:?}: write a number from {} to {}",
                        range.start(),
                        range.end()
                    )
                });
            self.check(name, read);
        }
    }

    /// Cluster mode: on Postgres only, with a node id and a lease.
    fn cluster(&mut self, c: &mut Config) {
        let on = match self.read("PARLOR_CLUSTER").as_deref() {
            None | Some("off") => false,
            Some("on") => true,
            Some(other) => {
                let bad = format!("{other:?}: write on or off");
                self.check("PARLOR_CLUSTER", Err(bad));
                false
            }
        };
        let node_id = self.read("PARLOR_NODE_ID");
        let internal_addr = self.read("PARLOR_INTERNAL_ADDR");
        let ttl = self.read("PARLOR_LEASE_TTL");
        let secret = self.read("PARLOR_CLUSTER_SECRET");
        let linger = self.read("PARLOR_DRAIN_LINGER");
        if !on {
            for (name, set) in [
                ("PARLOR_NODE_ID", node_id.is_some()),
                ("PARLOR_INTERNAL_ADDR", internal_addr.is_some()),
                ("PARLOR_LEASE_TTL", ttl.is_some()),
                ("PARLOR_CLUSTER_SECRET", secret.is_some()),
                ("PARLOR_DRAIN_LINGER", linger.is_some()),
            ] {
                if set {
                    self.check(name, Err("set only with PARLOR_CLUSTER=on".into()));
                }
            }
            return;
        }
        if c.database_url.starts_with("sqlite:") {
            let bad = "cluster mode needs Postgres (DATABASE_URL=postgres://…); a SQLite file serves one server".into();
            self.check("PARLOR_CLUSTER", Err(bad));
        }
        let secret = match secret {
            Some(s) if s.len() >= 16 && s.chars().all(|ch| ch.is_ascii_graphic()) => s,
            Some(_) => {
                let bad = "at least 16 characters, printable, no spaces".into();
                self.check("PARLOR_CLUSTER_SECRET", Err(bad));
                String::new()
            }
            None => {
                let bad = "required with PARLOR_CLUSTER=on: the same secret on every server of the cluster".into();
                self.check("PARLOR_CLUSTER_SECRET", Err(bad));
                String::new()
            }
        };
        let mut cluster = Cluster {
            node_id: node_id.unwrap_or_else(host_name),
            internal_addr: None,
            lease_ttl: Duration::from_secs(5),
            secret,
            drain_linger: Duration::from_millis(1_500),
        };
        if cluster.node_id.len() > 64
            || !cluster
                .node_id
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || "-_.".contains(ch))
        {
            let bad = format!(
                "{:?}: up to 64 letters, digits, '-', '_' or '.'",
                cluster.node_id
            );
            self.check("PARLOR_NODE_ID", Err(bad));
        }
        if let Some(addr) = internal_addr {
            let ok = addr.rsplit_once(':').is_some_and(|(host, port)| {
                !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0)
            });
            if ok {
                cluster.internal_addr = Some(addr);
            } else {
                self.check(
                    "PARLOR_INTERNAL_ADDR",
                    Err(format!("{addr:?}: write host:port")),
                );
            }
        }
        if let Some(v) = ttl {
            let read = parse_duration(&v).and_then(|d| {
                if (Duration::from_secs(1)..=Duration::from_secs(300)).contains(&d) {
                    cluster.lease_ttl = d;
                    Ok(())
                } else {
                    Err(format!("{v:?}: from 1s to 300s"))
                }
            });
            self.check("PARLOR_LEASE_TTL", read);
        }
        if let Some(v) = linger {
            let read = parse_duration(&v).and_then(|d| {
                if d <= Duration::from_secs(30) {
                    cluster.drain_linger = d;
                    Ok(())
                } else {
                    Err(format!("{v:?}: at most 30s"))
                }
            });
            self.check("PARLOR_DRAIN_LINGER", read);
        }
        c.cluster = Some(cluster);
    }

    /// Where it listens, its database, its web client, and the other
    /// origins whose pages may open sockets.
    fn places(&mut self, c: &mut Config) {
        if let Some(v) = self.read("PARLOR_ADDR") {
            let addr = v
                .parse()
                .map(|a| c.addr = a)
                .map_err(|e| format!("{v:?} is not an address like 127.0.0.1:8080 ({e})"));
            self.check("PARLOR_ADDR", addr);
        }
        if let Some(url) = self.read("DATABASE_URL") {
            c.database_url = url;
        }
        let url = &c.database_url;
        if !(url.starts_with("sqlite:")
            || url.starts_with("postgres://")
            || url.starts_with("postgresql://"))
        {
            let bad = format!("{url:?} is neither sqlite:PATH nor postgres://…");
            self.check("DATABASE_URL", Err(bad));
        }
        if let Some(dir) = self.read("PARLOR_WEB_DIR") {
            c.web_dir = PathBuf::from(dir);
        }
        if let Some(v) = self.read("PARLOR_ALLOWED_ORIGINS") {
            for origin in v.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                let origin = parse_origin(origin).map(|o| c.allowed_origins.push(o));
                self.check("PARLOR_ALLOWED_ORIGINS", origin);
            }
        }
    }

    /// Request rates, sockets and connections per client, the proxies that
    /// say who the client is, and the largest body.
    fn request_limits(&mut self, c: &mut Config) {
        let all_off = match self.read("PARLOR_RATE_LIMIT").as_deref() {
            None | Some("on") => false,
            Some("off") => true,
            Some(other) => {
                let bad = format!("{other:?}: write on or off");
                self.check("PARLOR_RATE_LIMIT", Err(bad));
                false
            }
        };
        for (name, slot) in [
            ("PARLOR_RATE_CREATE", &mut c.rate_limits.create_room),
            ("PARLOR_RATE_ROOM", &mut c.rate_limits.room_code),
            ("PARLOR_RATE_API", &mut c.rate_limits.api),
        ] {
            if let Some(v) = self.read(name) {
                match v.as_str() {
                    "off" => *slot = None,
                    _ => self.check(name, Rate::parse(&v).map(|r| *slot = Some(r))),
                }
            }
        }
        if all_off {
            c.rate_limits = RateLimits::OFF;
        }
        if let Some(v) = self.read("PARLOR_MAX_SOCKETS_PER_IP") {
            let cap = parse_cap(&v).map(|cap| c.max_sockets_per_ip = cap);
            self.check("PARLOR_MAX_SOCKETS_PER_IP", cap);
        }
        if let Some(v) = self.read("PARLOR_MAX_CONNS_PER_IP") {
            let cap = parse_cap(&v).map(|cap| c.serve.max_conns_per_ip = cap);
            self.check("PARLOR_MAX_CONNS_PER_IP", cap);
        }
        if let Some(v) = self.read("PARLOR_TRUSTED_PROXIES") {
            let trusted = TrustedProxies::parse(&v).map(|t| c.trusted_proxies = t);
            self.check("PARLOR_TRUSTED_PROXIES", trusted);
        }
        if let Some(v) = self.read("PARLOR_BODY_LIMIT") {
            let limit = v
                .parse::<usize>()
                .ok()
                .filter(|&n| (64..=16 * 1024 * 1024).contains(&n))
                .map(|n| c.body_limit = n)
                .ok_or_else(|| format!("{v:?}: write a size in bytes, 64 to 16777216"));
            self.check("PARLOR_BODY_LIMIT", limit);
        }
    }

    /// Every duration setting.
    fn timeouts(&mut self, c: &mut Config) {
        for (name, slot) in [
            ("PARLOR_HEADER_TIMEOUT", &mut c.serve.header_timeout),
            ("PARLOR_REQUEST_TIMEOUT", &mut c.request_timeout),
            ("PARLOR_SHUTDOWN_GRACE", &mut c.serve.shutdown_grace),
            ("PARLOR_WS_IDLE_TIMEOUT", &mut c.ws.idle),
            ("PARLOR_WS_HELLO_TIMEOUT", &mut c.ws.handshake),
            ("PARLOR_ROOM_IDLE_UNLOAD", &mut c.rooms.idle_unload),
            ("PARLOR_BOT_THINK", &mut c.rooms.bot_think),
        ] {
            if let Some(v) = self.read(name) {
                self.check(name, parse_duration(&v).map(|d| *slot = d));
            }
        }
    }

    /// The address players reach the server at (its origin may open
    /// sockets too), and the log format.
    fn public_url_and_logs(&mut self, c: &mut Config) {
        if let Some(v) = self.read("PARLOR_PUBLIC_URL") {
            let url = parse_origin(&v).map(|o| {
                if !c.allowed_origins.contains(&o) {
                    c.allowed_origins.push(o.clone());
                }
                c.public_url = Some(o);
            });
            self.check("PARLOR_PUBLIC_URL", url);
        }
        c.notices_private = match self.read("PARLOR_NOTICES_PRIVATE").as_deref() {
            None | Some("deny") => false,
            Some("allow") => true,
            Some(other) => {
                let bad = format!("{other:?}: write allow or deny");
                self.check("PARLOR_NOTICES_PRIVATE", Err(bad));
                false
            }
        };
        match (self.read("PARLOR_SMTP_URL"), self.read("PARLOR_SMTP_FROM")) {
            (None, None) => {}
            (Some(url), Some(from)) => {
                let smtp = crate::notices::SmtpSettings { url, from };
                let checked = crate::notices::check_smtp(&smtp).map(|()| c.smtp = Some(smtp));
                self.check("PARLOR_SMTP_URL", checked);
            }
            _ => {
                let both = Err("PARLOR_SMTP_URL and PARLOR_SMTP_FROM go together".to_owned());
                self.check("PARLOR_SMTP_URL", both);
            }
        }
        c.push = match self.read("PARLOR_PUSH").as_deref() {
            None | Some("on") => true,
            Some("off") => false,
            Some(other) => {
                let bad = format!("{other:?}: write on or off");
                self.check("PARLOR_PUSH", Err(bad));
                true
            }
        };
        if let Some(v) = self.read("PARLOR_PUSH_CONTACT") {
            let ok = if v.starts_with("mailto:") || v.starts_with("https://") {
                c.push_contact = Some(v);
                Ok(())
            } else {
                Err(format!("{v:?}: write a mailto: or https:// address"))
            };
            self.check("PARLOR_PUSH_CONTACT", ok);
        }
        c.log_format = match self.read("PARLOR_LOG_FORMAT").as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => {
                let bad = format!("{other:?}: write text or json");
                self.check("PARLOR_LOG_FORMAT", Err(bad));
                LogFormat::Text
            }
        };
    }

    /// The admin token, and the metrics token (returned: it decides who
    /// may read the metrics, see [`Vars::metrics`]); each 16 characters or
    /// more.
    fn tokens(&mut self, c: &mut Config) -> Option<String> {
        const SHORT: &str = "too short: use at least 16 characters (say, `openssl rand -hex 16`)";
        let short = |t: &Option<String>| t.as_ref().is_some_and(|t| t.chars().count() < 16);
        c.admin_token = self.read("PARLOR_ADMIN_TOKEN");
        if short(&c.admin_token) {
            self.check("PARLOR_ADMIN_TOKEN", Err(SHORT.into()));
        }
        let metrics_token = self.read("PARLOR_METRICS_TOKEN");
        if short(&metrics_token) {
            self.check("PARLOR_METRICS_TOKEN", Err(SHORT.into()));
        }
        metrics_token
    }

    /// How much chat a match keeps, and the heavy pool's threads and
    /// queue.
    fn capacities(&mut self, c: &mut Config) {
        let mut chat_lines = u64::from(c.rooms.chat_cap.lines);
        self.count("PARLOR_CHAT_MAX_LINES", &mut chat_lines, 1..=1_000_000);
        c.rooms.chat_cap.lines = u32::try_from(chat_lines).unwrap_or(u32::MAX);
        self.count(
            "PARLOR_CHAT_MAX_BYTES",
            &mut c.rooms.chat_cap.bytes,
            1_000..=1_000_000_000,
        );
        let mut replay_workers = c.replay_workers as u64;
        self.count("PARLOR_REPLAY_WORKERS", &mut replay_workers, 1..=256);
        c.replay_workers = usize::try_from(replay_workers).unwrap_or(1);
        let mut replay_queue = c.replay_queue as u64;
        self.count("PARLOR_REPLAY_QUEUE", &mut replay_queue, 0..=10_000);
        c.replay_queue = usize::try_from(replay_queue).unwrap_or(0);
    }

    /// Who may read `/metrics`: off, a token's holders, or (on, or by
    /// default on loopback) anyone who can reach the server.
    fn metrics(&mut self, c: &mut Config, token: Option<String>) {
        c.metrics = match (self.read("PARLOR_METRICS").as_deref(), token) {
            (Some("off"), _) => MetricsAccess::Off,
            (_, Some(t)) => MetricsAccess::Token(t),
            (Some("on"), None) => MetricsAccess::Open,
            (None | Some("auto"), None) if c.addr.ip().is_loopback() => MetricsAccess::Open,
            (None | Some("auto"), None) => MetricsAccess::Off,
            (Some(other), None) => {
                let bad = format!("{other:?}: write on, off or auto");
                self.check("PARLOR_METRICS", Err(bad));
                MetricsAccess::Off
            }
        };
    }

    /// How long lobbies and finished matches are kept.
    fn retention(&mut self, c: &mut Config) {
        for (name, slot) in [
            ("PARLOR_LOBBY_RETENTION_DAYS", &mut c.retention.lobby_days),
            (
                "PARLOR_FINISHED_RETENTION_DAYS",
                &mut c.retention.finished_days,
            ),
        ] {
            if let Some(v) = self.read(name) {
                self.check(name, parse_days(&v).map(|d| *slot = d));
            }
        }
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
