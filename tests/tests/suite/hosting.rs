//! What a host running Parlor relies on: Prometheus metrics after a played
//! match (and who may read them), readiness that follows the database,
//! the admin API behind its token (live rooms, closing a room with a
//! reason players see, retention numbers), idle rooms leaving memory and
//! coming back on their link with the match intact, and the retention
//! sweep (abandoned lobbies go, history stays unless limited).
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_protocol::{close, RoomStatus};
use parlor_server::admin::{AdminRoom, RetentionReport};
use parlor_server::config::MetricsAccess;
use parlor_server::db::Store;
use parlor_tests::driver::Table;
use parlor_tests::players::PLAYERS;
use parlor_tests::{Api, TestDb, TestServer};
use tokio::time::Instant;

const ADMIN: &str = "admin-token-for-tests-0123456789";

fn config(db: &TestDb) -> parlor_server::Config {
    let mut c = parlor_server::Config::for_tests(db.url());
    c.metrics = MetricsAccess::Open;
    c.admin_token = Some(ADMIN.into());
    c
}

/// A GET with an optional bearer token: status and body.
async fn get(api: &Api, path: &str, token: Option<&str>) -> (u16, String) {
    let mut req = api.http.get(format!("{}{path}", api.base()));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let resp = req.send().await.unwrap();
    (resp.status().as_u16(), resp.text().await.unwrap())
}

/// The value of a Prometheus sample line `name{labels} value`.
fn sample(text: &str, name_and_labels: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(name_and_labels) && l[name_and_labels.len()..].starts_with(' '))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_after_a_played_match() {
    let db = TestDb::sqlite();
    let server = TestServer::start_with(config(&db)).await;
    let p = &PLAYERS[0];
    let mut t = Table::started(&server, p.kind, 0, 2, 1).await;
    let result = t.play_to_end().await;
    assert!(!result.ranks.is_empty());
    let (status, text) = get(&server, "/metrics", None).await;
    assert_eq!(status, 200, "{text}");
    let game = p.kind.slug();
    let finished = format!("parlor_matches_finished_total{{game=\"{game}\"}}");
    let started = format!("parlor_matches_started_total{{game=\"{game}\"}}");
    let actions = format!("parlor_actions_total{{game=\"{game}\"}}");
    assert!(sample(&text, &finished).unwrap_or(0.0) >= 1.0, "{text}");
    assert!(sample(&text, &started).unwrap_or(0.0) >= 1.0, "{text}");
    assert!(sample(&text, &actions).unwrap_or(0.0) >= 1.0, "{text}");
    assert!(
        sample(&text, "parlor_rooms{status=\"finished\"}").unwrap_or(0.0) >= 1.0,
        "{text}"
    );
    assert!(
        sample(&text, "parlor_connections").unwrap_or(0.0) >= 3.0,
        "{text}"
    );
    assert!(sample(&text, "parlor_process_resident_bytes").unwrap_or(0.0) > 1e6);
    let commits = sample(&text, "parlor_store_seconds_count").unwrap_or(0.0);
    assert!(commits >= 1.0, "{text}");
    assert!(
        text.contains("parlor_store_seconds_bucket{le=\"0.005\"}"),
        "{text}"
    );
    assert!(sample(&text, "parlor_store_batch_appends_sum").unwrap_or(0.0) >= commits);
    assert!(text.contains("# TYPE parlor_actions_total counter"));
    server.stop().await;

    // Behind a token, and off.
    let mut c = config(&db);
    c.metrics = MetricsAccess::Token("metrics-secret".into());
    let server = TestServer::start_with(c).await;
    assert_eq!(get(&server, "/metrics", None).await.0, 401);
    assert_eq!(get(&server, "/metrics", Some("wrong")).await.0, 401);
    assert_eq!(
        get(&server, "/metrics", Some("metrics-secret")).await.0,
        200
    );
    server.stop().await;
    let mut c = config(&db);
    c.metrics = MetricsAccess::Off;
    let server = TestServer::start_with(c).await;
    assert_eq!(get(&server, "/metrics", None).await.0, 404);
    server.stop().await;
    db.drop_db().await;
}

/// Polls `/api/ready` until it answers `want` (bounded).
async fn ready_becomes(api: &Api, want: u16) -> String {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let (status, body) = get(api, "/api/ready", None).await;
        if status == want {
            return body;
        }
        assert!(Instant::now() < until, "/api/ready stayed {status}: {body}");
        // Polling a probe, as an orchestrator does.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_the_database() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let TestDb::Postgres { admin, name, .. } = &db else {
        panic!("postgres() gives a Postgres database")
    };
    let server = TestServer::start_with(config(&db)).await;
    let body = ready_becomes(&server, 200).await;
    assert!(body.contains("\"ready\":true"), "{body}");
    // The database goes away: no new connections, the open ones cut.
    let admin_pool = sqlx::PgPool::connect(admin).await.unwrap();
    sqlx::query(&format!(
        "alter database \"{name}\" allow_connections false"
    ))
    .execute(&admin_pool)
    .await
    .unwrap();
    sqlx::query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1")
        .bind(name)
        .execute(&admin_pool)
        .await
        .unwrap();
    let body = ready_becomes(&server, 503).await;
    assert!(body.contains("\"database\":false"), "{body}");
    assert!(
        !server.healthy().await,
        "health says the database is down too"
    );
    // And comes back.
    sqlx::query(&format!("alter database \"{name}\" allow_connections true"))
        .execute(&admin_pool)
        .await
        .unwrap();
    let body = ready_becomes(&server, 200).await;
    assert!(body.contains("\"migrations\":true"), "{body}");
    admin_pool.close().await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_needs_its_token_and_closes_rooms() {
    let db = TestDb::sqlite();
    // Without a token the admin API does not exist.
    let mut c = config(&db);
    c.admin_token = None;
    let server = TestServer::start_with(c).await;
    assert_eq!(get(&server, "/api/admin/rooms", Some(ADMIN)).await.0, 404);
    server.stop().await;

    let server = TestServer::start_with(config(&db)).await;
    let p = &PLAYERS[0];
    let mut t = Table::started(&server, p.kind, 0, 2, 1).await;
    for path in [
        "/api/admin/rooms",
        "/api/admin/matches",
        "/api/admin/retention",
    ] {
        assert_eq!(get(&server, path, None).await.0, 401, "{path}");
        assert_eq!(
            get(&server, path, Some("not-the-token")).await.0,
            401,
            "{path}"
        );
        assert_eq!(get(&server, path, Some(ADMIN)).await.0, 200, "{path}");
    }
    let (_, body) = get(&server, "/api/admin/rooms", Some(ADMIN)).await;
    let rooms: Vec<AdminRoom> = serde_json::from_str(&body).unwrap();
    let room = rooms.iter().find(|r| r.info.code.0 == t.code).unwrap();
    assert_eq!(room.info.status, RoomStatus::Playing);
    assert_eq!(room.info.game, p.kind);
    assert_eq!(room.connections, 3);

    // Closing needs the token and a reason.
    let close = |token: Option<&str>, reason: &str| {
        let mut req = server
            .http
            .post(format!(
                "{}/api/admin/rooms/{}/close",
                server.base(),
                t.code
            ))
            .json(&serde_json::json!({ "reason": reason }));
        if let Some(tok) = token {
            req = req.bearer_auth(tok);
        }
        req.send()
    };
    assert_eq!(close(None, "bye").await.unwrap().status().as_u16(), 401);
    assert_eq!(
        close(Some(ADMIN), " ").await.unwrap().status().as_u16(),
        400
    );
    let resp = close(Some(ADMIN), "maintenance tonight").await.unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    // Every connection is closed with 4410, and the link says why.
    for c in t.all_mut() {
        assert_eq!(c.close_code().await, close::ROOM_CLOSED);
    }
    let (status, body) = get(&server, &format!("/api/rooms/{}", t.code), None).await;
    assert_eq!(status, 410, "{body}");
    assert!(
        body.contains("room_closed") && body.contains("maintenance tonight"),
        "{body}"
    );
    // A new socket is refused before the upgrade, the same way.
    match tokio_tungstenite::connect_async(server.ws_url(&t.code)).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status().as_u16(), 410);
        }
        other => panic!("a socket to a closed room: {:?}", other.map(|_| ())),
    }
    let (_, body) = get(&server, "/api/admin/rooms", Some(ADMIN)).await;
    let rooms: Vec<AdminRoom> = serde_json::from_str(&body).unwrap();
    assert!(
        rooms.iter().all(|r| r.info.code.0 != t.code),
        "a closed room leaves memory"
    );

    let (_, body) = get(&server, "/api/admin/retention", Some(ADMIN)).await;
    let report: RetentionReport = serde_json::from_str(&body).unwrap();
    assert_eq!(report.stored.playing, 1, "the closed room's match is kept");
    assert_eq!(report.lobby_days, Some(7));
    assert_eq!(report.finished_days, None);
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_room_leaves_memory_and_comes_back_on_its_link() {
    let db = TestDb::sqlite();
    let mut c = config(&db);
    c.rooms.idle_unload = Duration::from_millis(300);
    let server = TestServer::start_with(c).await;
    // A game whose hands are hidden: the restored table must be the seat's
    // own view, hand and all.
    let p = PLAYERS
        .iter()
        .rfind(|p| parlor_tests::players::hides_from_seats(p.kind))
        .unwrap();
    let mut t = Table::started(&server, p.kind, 0, 2, 0).await;
    // A few moves, then everyone leaves.
    for _ in 0..3 {
        for c in t.all_mut() {
            parlor_tests::driver::act_if_due(c).await;
        }
        for c in t.all_mut() {
            c.settle().await;
        }
    }
    // A pong can pass an update still on its way from the room: settle until
    // every action is acknowledged and both seats hold the same version.
    for _ in 0..50 {
        if t.seats
            .iter()
            .all(|c| !c.busy() && c.version() == t.seats[0].version())
        {
            break;
        }
        for c in t.all_mut() {
            c.settle().await;
        }
    }
    let version = t.seats[0].version();
    let view = t.seats[0].state().view.clone();
    assert!(version > 0);
    let code = t.code.clone();
    let tokens = t.tokens.clone();
    drop(t);
    let live = || async {
        let (_, body) = get(&server, "/api/admin/rooms", Some(ADMIN)).await;
        let rooms: Vec<AdminRoom> = serde_json::from_str(&body).unwrap();
        rooms.iter().any(|r| r.info.code.0 == code)
    };
    let until = Instant::now() + Duration::from_secs(20);
    while live().await {
        assert!(Instant::now() < until, "the idle room stayed in memory");
        // Polling the admin list, as a host would.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The link brings it back, the match where it was.
    let info = server.room_info(&code).await;
    assert_eq!(info.status, RoomStatus::Playing);
    assert!(live().await);
    let mut seats = Vec::new();
    for token in &tokens {
        seats.push(server.connect_welcomed(&code, Some(token)).await);
    }
    assert_eq!(seats[0].version(), version);
    assert_eq!(seats[0].state().view, view, "the same table");
    let finished = parlor_tests::driver::play_to_end(seats).await;
    assert!(finished[0].state().result.is_some());
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_deletes_abandoned_lobbies_and_keeps_history() {
    let db = TestDb::sqlite();
    let server = TestServer::start_with(config(&db)).await;
    // An old lobby, a fresh one, and a finished match from long ago.
    let old = server.create_room(PLAYERS[0].kind, None, "Old").await;
    let fresh = server.create_room(PLAYERS[0].kind, None, "Fresh").await;
    let p = &PLAYERS[0];
    let mut t = Table::started(&server, p.kind, 0, 2, 0).await;
    t.play_to_end().await;
    let match_id = t.seats[0].match_id();
    server.stop().await;

    let store = Store::connect(db.url()).await.unwrap();
    let long_ago = 1_000_000i64; // 1970
    let pool = sqlx::AnyPool::connect(db.url()).await.unwrap();
    sqlx::query("update room set created_at = $1 where room_code = $2")
        .bind(long_ago)
        .bind(&old.code.0)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("update seat set joined_at = $1 where room_code = $2")
        .bind(long_ago)
        .bind(&old.code.0)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("update game_match set finished_at = $1 where match_id = $2")
        .bind(long_ago)
        .bind(match_id.to_string())
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let day = 24 * 60 * 60 * 1000;
    let now = 400 * day;
    // The default: lobbies after 7 days, finished matches kept.
    let swept = store.sweep(Some(now - 7 * day), None, &[]).await.unwrap();
    assert_eq!((swept.lobbies, swept.matches), (1, 0));
    assert!(matches!(
        store.load_room(&old.code).await,
        Err(parlor_server::db::StoreError::NotFound)
    ));
    assert!(store.load_room(&fresh.code).await.is_ok());
    assert!(
        store.match_record(match_id).await.is_ok(),
        "history is kept"
    );
    // A host's limit on history: the old match goes, with its room.
    let live = [fresh.code.clone()];
    let swept = store
        .sweep(Some(now - 7 * day), Some(now - 30 * day), &live)
        .await
        .unwrap();
    assert_eq!((swept.lobbies, swept.matches, swept.rooms), (0, 1, 1));
    assert!(store.match_record(match_id).await.is_err());
    assert!(store.load_room(&fresh.code).await.is_ok());
    store.close().await;
    db.drop_db().await;
}

/// The start sequence the container image runs: a server answers ready,
/// and a stopped one does not (the health check binary mode, in-process).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_asks_the_ready_endpoint() {
    let db = TestDb::sqlite();
    let server = TestServer::start_with(config(&db)).await;
    let addr = server.server.addr;
    assert!(parlor_server::health::check(addr).await);
    // A wildcard address means this host.
    let wildcard = std::net::SocketAddr::from(([0, 0, 0, 0], addr.port()));
    assert!(parlor_server::health::check(wildcard).await);
    server.stop().await;
    assert!(!parlor_server::health::check(addr).await);
    db.drop_db().await;
}

/// The web client is served compressed, its content-named assets cached
/// for good and the page itself revalidated (so a release shows at once).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_client_is_compressed_and_cached() {
    let db = TestDb::sqlite();
    let c = config(&db);
    let index = c.web_dir.join("index.html");
    let Ok(page) = std::fs::read_to_string(&index) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing: CI builds the web client before these tests",
            index.display()
        );
        eprintln!("NOTE: web client not built ({}); skipping", index.display());
        return;
    };
    let script = page
        .split('"')
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .expect("index.html loads a built script")
        .to_owned();
    let server = TestServer::start_with(c).await;
    let get = |path: String, encoding: &'static str| {
        server
            .http
            .get(format!("{}{path}", server.base()))
            .header("accept-encoding", encoding)
            .send()
    };
    let resp = get(script.clone(), "gzip").await.unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    let header = |r: &reqwest::Response, name: &str| {
        r.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    assert_eq!(header(&resp, "content-encoding"), "gzip");
    assert!(header(&resp, "cache-control").contains("immutable"));
    let gzipped = resp.bytes().await.unwrap().len();
    let plain = get(script, "identity").await.unwrap();
    assert_eq!(header(&plain, "content-encoding"), "");
    let plain = plain.bytes().await.unwrap().len();
    assert!(gzipped * 2 < plain, "gzip {gzipped} bytes vs {plain}");
    let page = get("/r/ABCDEFGH".into(), "br").await.unwrap();
    assert_eq!(header(&page, "content-encoding"), "br");
    assert_eq!(header(&page, "cache-control"), "no-cache");
    server.stop().await;
    db.drop_db().await;
}

/// One single-mode server per database: a second one on the same SQLite
/// file or Postgres database is refused at start, naming cluster mode, and
/// the first serves on; once the first has stopped, a server starts again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_one_database_is_refused() {
    let mut dbs = vec![TestDb::sqlite()];
    dbs.extend(TestDb::postgres().await);
    for db in dbs {
        let first = TestServer::start(&db).await;
        let second = parlor_server::start(parlor_server::config::Config::for_tests(db.url())).await;
        let Err(e) = second else {
            panic!("{}: a second server on one database started", db.label());
        };
        let message = e.to_string();
        assert!(
            message.contains("already serving") && message.contains("cluster mode"),
            "{}: {message}",
            db.label()
        );
        // The first is untouched.
        let room = first.create_room(PLAYERS[0].kind, None, "Ana").await;
        assert!(!room.code.0.is_empty());
        first.stop().await;
        let again = TestServer::start(&db).await;
        again.stop().await;
        db.drop_db().await;
    }
}

/// Cluster mode and single mode never share a Postgres database: a
/// cluster's server beside a single-mode one is refused, and the reverse;
/// two cluster servers may share it, but not a node id. On SQLite cluster
/// mode is refused by the configuration.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_and_single_mode_never_share_a_database() {
    use parlor_server::config::{Cluster, Config};
    let clustered = |db: &TestDb, id: &str| {
        let mut c = Config::for_tests(db.url());
        c.cluster = Some(Cluster {
            node_id: id.into(),
            internal_addr: None,
            lease_ttl: std::time::Duration::from_secs(2),
            secret: "a-test-cluster-secret".into(),
            drain_linger: std::time::Duration::ZERO,
        });
        c
    };
    let refused = Config::from_vars(|name| match name {
        "PARLOR_CLUSTER" => Some("on".into()),
        "DATABASE_URL" => Some("sqlite:data/x.sqlite".into()),
        _ => None,
    })
    .unwrap_err()
    .to_string();
    assert!(
        refused.contains("PARLOR_CLUSTER") && refused.contains("Postgres"),
        "{refused}"
    );

    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let single = TestServer::start(&db).await;
    let e = parlor_server::start(clustered(&db, "a"))
        .await
        .err()
        .expect("a cluster beside a single server");
    assert!(e.to_string().contains("single-mode"), "{e}");
    single.stop().await;

    let a = TestServer::start_with(clustered(&db, "a")).await;
    let b = TestServer::start_with(clustered(&db, "b")).await;
    let e = parlor_server::start(Config::for_tests(db.url()))
        .await
        .err()
        .expect("a single server beside a cluster");
    assert!(e.to_string().contains("cluster mode"), "{e}");
    let twin = tokio::time::timeout(
        std::time::Duration::from_secs(30),
        parlor_server::start(clustered(&db, "a")),
    )
    .await
    .expect("refused within two leases");
    let e = twin.err().expect("a second live server with node id a");
    assert!(e.to_string().contains("PARLOR_NODE_ID"), "{e}");
    a.stop().await;
    b.stop().await;
    db.drop_db().await;
}

/// A request as a proxy on loopback would pass it: `X-Forwarded-For` lines
/// as given (none: no header), `token` as a bearer token. The status.
async fn as_forwarded(
    api: &Api,
    method: &str,
    path: &str,
    forwarded: &[&str],
    token: Option<&str>,
) -> u16 {
    let url = format!("{}{path}", api.base());
    let mut req = match method {
        "POST" => api
            .http
            .post(url)
            .json(&serde_json::json!({"game": "doozy-dice", "name": "Ana"})),
        _ => api.http.get(url),
    };
    for line in forwarded {
        req = req.header("x-forwarded-for", *line);
    }
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.unwrap().status().as_u16()
}

/// Behind a trusted proxy (`PARLOR_TRUSTED_PROXIES`, here the test's own
/// loopback address) each client `X-Forwarded-For` names has its own
/// room-creation quota and its own wrong-token lockout; what a client wrote
/// further left chooses nothing. A peer outside the trusted ranges is the
/// client whatever header it sends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    use parlor_server::limits::{Rate, TrustedProxies};
    let db = TestDb::sqlite();
    let mut c = config(&db);
    c.rate_limits.create_room = Some(Rate::new(3, Duration::from_secs(60), 3));
    c.trusted_proxies = TrustedProxies::parse("127.0.0.0/8").unwrap();
    let server = TestServer::start_with(c).await;
    let create = |forwarded: &'static [&'static str]| {
        let api = server.api.clone();
        async move { as_forwarded(&api, "POST", "/api/rooms", forwarded, None).await }
    };
    for client in [&["203.0.113.1"][..], &["203.0.113.2"]] {
        for n in 0..3 {
            assert_eq!(create(client).await, 200, "{client:?}, room {n}");
        }
    }
    for forwarded in [
        &["203.0.113.1"][..],
        // The client's own entries, left of what the proxy added.
        &["198.51.100.9, 203.0.113.1"],
        &["198.51.100.9", "203.0.113.2"],
        // Trusted hops (another proxy, a relaying server) are skipped.
        &["203.0.113.2, 127.0.0.5"],
        &["203.0.113.1", "127.0.0.1"],
    ] {
        assert_eq!(create(forwarded).await, 429, "{forwarded:?}");
    }
    // A third client, and the proxy's own requests (no client named), each
    // have a quota of their own.
    assert_eq!(create(&["2001:db8::1"]).await, 200);
    assert_eq!(create(&[]).await, 200);
    assert_eq!(create(&["127.0.0.9"]).await, 200);

    // Ten wrong admin tokens lock out that client only.
    let admin = |forwarded: &'static [&'static str], token: &'static str| {
        let api = server.api.clone();
        async move { as_forwarded(&api, "GET", "/api/admin/rooms", forwarded, Some(token)).await }
    };
    let mut refused = 0;
    while admin(&["203.0.113.66"], "a-wrong-guess").await == 401 {
        refused += 1;
        assert!(refused <= 11, "guesses are never slowed");
    }
    assert_eq!(
        refused, 11,
        "ten wrong tokens, then one that starts the wait"
    );
    assert_eq!(admin(&["203.0.113.66"], ADMIN).await, 429);
    assert_eq!(admin(&["203.0.113.67"], ADMIN).await, 200);
    assert_eq!(
        admin(&[], ADMIN).await,
        200,
        "the proxy itself is not locked out"
    );
    server.stop().await;

    // Trusting other addresses than the peer's: the header is ignored, the
    // peer is the one client.
    let mut c = config(&db);
    c.rate_limits.create_room = Some(Rate::new(3, Duration::from_secs(60), 3));
    c.trusted_proxies = TrustedProxies::parse("10.0.0.0/8,fc00::/7").unwrap();
    let server = TestServer::start_with(c).await;
    let create = |forwarded: &'static [&'static str]| {
        let api = server.api.clone();
        async move { as_forwarded(&api, "POST", "/api/rooms", forwarded, None).await }
    };
    for forwarded in [&["203.0.113.1"][..], &["203.0.113.2"], &[]] {
        assert_eq!(create(forwarded).await, 200, "{forwarded:?}");
    }
    for forwarded in [&["203.0.113.3"][..], &["10.0.0.1"], &[]] {
        assert_eq!(create(forwarded).await, 429, "{forwarded:?}");
    }
    server.stop().await;
    db.drop_db().await;
}

/// In a cluster a room another server owns is relayed there; the owner
/// counts the client the proxy named, not the relaying server: the relay
/// passes `X-Forwarded-For` on and appends the address it got the request
/// from, so a client that reaches a server directly cannot name its key at
/// the owner either. The servers trust 127.0.0.1 (the proxy's and each
/// other's address here); 127.0.0.2 is a client. Needs Postgres (skipped
/// without).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relayed_request_counts_as_the_same_client_at_the_owner() {
    use parlor_server::config::Cluster;
    use parlor_server::limits::{Rate, TrustedProxies};
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let clustered = |id: &str| {
        let mut c = parlor_server::Config::for_tests(db.url());
        c.cluster = Some(Cluster {
            node_id: id.into(),
            internal_addr: None,
            lease_ttl: Duration::from_secs(2),
            secret: "a-test-cluster-secret".into(),
            drain_linger: Duration::ZERO,
        });
        c.rate_limits.room_code = Some(Rate::new(3, Duration::from_secs(60), 3));
        c.trusted_proxies = TrustedProxies::parse("127.0.0.1").unwrap();
        c
    };
    let owner = TestServer::start_with(clustered("owner")).await;
    let relay = TestServer::start_with(clustered("relay")).await;
    let room = owner.create_room(PLAYERS[0].kind, None, "Ana").await;
    let path: &'static str = Box::leak(format!("/api/rooms/{}", room.code.0).into_boxed_str());
    // From 127.0.0.1: a trusted proxy. From 127.0.0.2: a client.
    let from = |server: &TestServer, local: [u8; 4]| Api {
        addr: server.addr,
        http: reqwest::Client::builder()
            .local_address(std::net::IpAddr::from(local))
            .timeout(parlor_tests::WAIT)
            .build()
            .unwrap(),
    };
    let get = |api: Api, forwarded: &'static [&'static str]| async move {
        as_forwarded(&api, "GET", path, forwarded, None).await
    };
    let (proxy_to_owner, proxy_to_relay) =
        (from(&owner, [127, 0, 0, 1]), from(&relay, [127, 0, 0, 1]));
    let (client_to_owner, client_to_relay) =
        (from(&owner, [127, 0, 0, 2]), from(&relay, [127, 0, 0, 2]));

    // A client behind the proxy uses up its lookups at the owner...
    for _ in 0..3 {
        assert_eq!(get(proxy_to_owner.clone(), &["203.0.113.1"]).await, 200);
    }
    assert_eq!(get(proxy_to_owner.clone(), &["203.0.113.1"]).await, 429);
    // ...and through the other server it is the same client there (the
    // relaying server's own count for it has room left).
    assert_eq!(get(proxy_to_relay.clone(), &["203.0.113.1"]).await, 429);
    assert_eq!(
        get(proxy_to_relay.clone(), &["198.51.100.9, 203.0.113.1"]).await,
        429
    );
    // Another client through the relay is served.
    assert_eq!(get(proxy_to_relay.clone(), &["203.0.113.2"]).await, 200);

    // A client at 127.0.0.2 uses up its lookups at the owner; through the
    // relay, naming another client in the header, it is still itself there.
    for _ in 0..3 {
        assert_eq!(get(client_to_owner.clone(), &["203.0.113.3"]).await, 200);
    }
    assert_eq!(get(client_to_owner.clone(), &[]).await, 429);
    assert_eq!(get(client_to_relay.clone(), &["203.0.113.4"]).await, 429);
    assert_eq!(get(client_to_relay, &[]).await, 429);
    // The client it named was never counted.
    assert_eq!(get(proxy_to_owner, &["203.0.113.4"]).await, 200);
    relay.stop().await;
    owner.stop().await;
    db.drop_db().await;
}
