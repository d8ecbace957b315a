//! Reading the settings: each variable checked, every bad value noted
//! against its name ([`super::Config::from_vars`] reports them all at once).

use std::path::PathBuf;
use std::time::Duration;

use super::{host_name, parse_duration, parse_origin, Cluster, Config, LogFormat, MetricsAccess};
use crate::limits::{Rate, RateLimits, TrustedProxies};

/// Settings read through a `var` function, with every bad value noted
/// against its variable's name.
pub(super) struct Vars<F> {
    pub(super) var: F,
    pub(super) errors: Vec<String>,
}

impl<F: Fn(&str) -> Option<String>> Vars<F> {
    /// A variable's value, trimmed; an empty variable counts as unset
    /// (handy in compose files).
    pub(super) fn read(&self, name: &str) -> Option<String> {
        let value = (self.var)(name)?;
        let value = value.trim().to_owned();
        (!value.is_empty()).then_some(value)
    }

    /// Notes `result`'s error against `name`.
    pub(super) fn check(&mut self, name: &str, result: Result<(), String>) {
        if let Err(e) = result {
            self.errors.push(format!("{name}: {e}"));
        }
    }

    /// A whole number within `range` into `slot`, if `name` is set.
    pub(super) fn count(
        &mut self,
        name: &str,
        slot: &mut u64,
        range: std::ops::RangeInclusive<u64>,
    ) {
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
    pub(super) fn cluster(&mut self, c: &mut Config) {
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
    pub(super) fn places(&mut self, c: &mut Config) {
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
    pub(super) fn request_limits(&mut self, c: &mut Config) {
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
    pub(super) fn timeouts(&mut self, c: &mut Config) {
        for (name, slot) in [
            ("PARLOR_HEADER_TIMEOUT", &mut c.serve.header_timeout),
            ("PARLOR_REQUEST_TIMEOUT", &mut c.request_timeout),
            ("PARLOR_SHUTDOWN_GRACE", &mut c.serve.shutdown_grace),
            ("PARLOR_WS_IDLE_TIMEOUT", &mut c.ws.idle),
            ("PARLOR_WS_HELLO_TIMEOUT", &mut c.ws.handshake),
            ("PARLOR_ROOM_IDLE_UNLOAD", &mut c.rooms.idle_unload),
            ("PARLOR_BOT_THINK", &mut c.rooms.bot_think),
            ("PARLOR_HARD_BOT_THINK", &mut c.rooms.hard_think),
        ] {
            if let Some(v) = self.read(name) {
                self.check(name, parse_duration(&v).map(|d| *slot = d));
            }
        }
    }

    /// The address players reach the server at (its origin may open
    /// sockets too), and the log format.
    pub(super) fn public_url_and_logs(&mut self, c: &mut Config) {
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
    pub(super) fn tokens(&mut self, c: &mut Config) -> Option<String> {
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

    /// How much chat a match keeps, the heavy pool's threads and queue,
    /// and the hard bots' search threads.
    pub(super) fn capacities(&mut self, c: &mut Config) {
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
        let mut bot_threads = crate::room::think::Searches::default_threads() as u64;
        self.count("PARLOR_BOT_THREADS", &mut bot_threads, 1..=256);
        c.rooms.searches =
            crate::room::think::Searches::new(usize::try_from(bot_threads).unwrap_or(1), 1_024);
    }

    /// Who may read `/metrics`: off, a token's holders, or (on, or by
    /// default on loopback) anyone who can reach the server.
    pub(super) fn metrics(&mut self, c: &mut Config, token: Option<String>) {
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
    pub(super) fn retention(&mut self, c: &mut Config) {
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
