//! Reading the settings: defaults, every knob, flags over variables, and
//! every bad value reported by name.
#![allow(clippy::unwrap_used)]

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
    assert!(c.trusted_proxies.is_off());
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
        ("PARLOR_TRUSTED_PROXIES", "10.0.0.0/8, fc00::/7"),
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
    assert_eq!(c.trusted_proxies.to_string(), "10.0.0.0/8,fc00::/7");
    assert!(c.trusted_proxies.contains("10.1.2.3".parse().unwrap()));
    assert!(!c.trusted_proxies.contains("203.0.113.1".parse().unwrap()));
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
    let source = include_str!("mod.rs");
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
        ("PARLOR_TRUSTED_PROXIES", "10.0.0.0/8,10.0.0/8"),
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
        "PARLOR_TRUSTED_PROXIES",
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

#[test]
fn the_drain_linger_reads_and_checks() {
    let cluster = [
        ("PARLOR_CLUSTER", "on"),
        ("DATABASE_URL", "postgres://p@db/parlor"),
        ("PARLOR_CLUSTER_SECRET", "a-long-enough-secret"),
    ];
    let with = |extra: &[(&str, &str)]| {
        let vars: Vec<(&str, &str)> = cluster.iter().chain(extra).copied().collect();
        from(&vars)
    };
    let linger = |c: Config| c.cluster.unwrap().drain_linger;
    assert_eq!(linger(with(&[]).unwrap()), Duration::from_millis(1_500));
    assert_eq!(
        linger(with(&[("PARLOR_DRAIN_LINGER", "3s")]).unwrap()),
        Duration::from_secs(3)
    );
    let long = with(&[("PARLOR_DRAIN_LINGER", "40s")])
        .unwrap_err()
        .to_string();
    assert!(long.contains("PARLOR_DRAIN_LINGER"), "{long}");
    let alone = from(&[("PARLOR_DRAIN_LINGER", "2s")])
        .unwrap_err()
        .to_string();
    assert!(alone.contains("only with PARLOR_CLUSTER=on"), "{alone}");
}
