//! What a stranger can send, and what it costs the server: oversized and
//! malformed match records, floods of them while a match is played, chat
//! that would grow a match's record without end, guessed tokens, missing
//! assets, `verify` pointed at a hostile address; and the host's say over
//! who sits (moving a person to the spectators, closing and reopening
//! seats, locking the room, look-alike names).
#![allow(clippy::unwrap_used, missing_docs)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlor_games::record::{RECORD_BODY_LIMIT, RECORD_MAX_STEPS};
use parlor_protocol::http::MatchRecord;
use parlor_protocol::replay::MatchExport;
use parlor_protocol::{close, ClientMsg, ErrorCode, GameKind, Seat, ServerMsg, Viewer};
use parlor_server::limits::RateLimits;
use parlor_tests::client::Answer;
use parlor_tests::driver::{act_if_due, Table};
use parlor_tests::process::ServerProcess;
use parlor_tests::{Api, TestClient, TestDb, TestServer};

/// An 8 MiB "record" whose steps are four million zeros.
fn eight_mib_of_zeros() -> Vec<u8> {
    let mut body = br#"{"format":1,"steps":["#.to_vec();
    while body.len() < 8 * 1024 * 1024 {
        body.extend_from_slice(b"0,");
    }
    body.extend_from_slice(b"0]}");
    body
}

async fn post_record(
    api: &Api,
    body: impl Into<reqwest::Body>,
) -> Result<(u16, String, Option<String>), String> {
    let resp = api
        .http
        .post(format!("{}/api/replay", api.base()))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = resp.status().as_u16();
    let retry = resp
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let text = resp.text().await.map_err(|e| e.to_string())?;
    Ok((status, text, retry))
}

/// A finished match's record.
async fn finished_record(api: &Api, kind: GameKind) -> MatchExport {
    let mut t = Table::started(api, kind, 0, 2, 0).await;
    t.play_to_end().await;
    let id = t.seats[0].match_id();
    api.get_json(&format!("/api/matches/{id}/export")).await
}

/// One move by whichever seat is to act: the time from sending it to its
/// ack, unless it ended the match (finishing a match stores its result and
/// scorecards: a different, slower write, not counted); every seat then
/// holds the new version. A finished match is followed by a rematch.
async fn timed_move(t: &mut Table) -> Option<Duration> {
    if t.seats[0].state().finished() {
        t.rematch().await;
    }
    for i in 0..t.seats.len() {
        let c = &mut t.seats[i];
        let sent = Instant::now();
        let Some(seq) = act_if_due(c).await else {
            continue;
        };
        let Answer::Acked(version) = c.await_answer(seq).await else {
            panic!("a move was refused")
        };
        let took = sent.elapsed();
        for c in t.all_mut() {
            c.await_version(version).await;
        }
        return (!t.seats[0].state().finished()).then_some(took);
    }
    panic!("nobody is to act")
}

/// A process's CPU time so far (user and system), from `/proc`.
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<u64> = rest
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0))
        .collect();
    // utime and stime are fields 14 and 15, in clock ticks (100 a second).
    Duration::from_millis((fields[11] + fields[12]) * 10)
}

fn resident_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb * 1024
}

/// The done-when of the record upload: 8 MiB records sent over and over
/// (rate limits off, the worst case; one used to take 143 MB and stall
/// every room for seconds) while a match is played.
///
/// - Acks take no more than twice their usual time: the median of 100
///   moves under the flood against that of 100 moves unattacked, floored
///   at 25 ms. The median and a floor because this 2-core machine stalls
///   an ack for 100–850 ms now and then with or without an attack (seen in
///   both phases, and with the flood replaced by health checks; the 95th
///   percentile, used before, fell on such a stall in one CI run in four),
///   while a flood that held moves up would slow most of them;
///   no ack stalls for 2 s.
/// - The server spends less than 5 ms of CPU per upload (measured from
///   its own CPU time, which other load does not disturb).
/// - The server's memory grows by less than 32 MiB.
///
/// nextest runs it alone (`.config/nextest.toml`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_huge_records_stalls_no_move_and_holds_no_memory() {
    let db = TestDb::sqlite();
    let server = ServerProcess::start(
        db.url(),
        SocketAddr::from(([127, 0, 0, 1], 0)),
        &[("PARLOR_RATE_LIMIT", "off")],
    )
    .await;
    let api = server.api.clone();
    let mut t = Table::started(&api, GameKind::DoozyDice, 0, 2, 1).await;
    const MOVES: usize = 100;
    let mut quiet = Vec::new();
    let cpu_before_quiet = cpu_time(server.pid());
    while quiet.len() < MOVES {
        quiet.extend(timed_move(&mut t).await);
    }
    let quiet_cpu = cpu_time(server.pid()) - cpu_before_quiet;
    let baseline = resident_bytes(server.pid());
    let percentile = |acks: &[Duration], p: usize| {
        let mut sorted = acks.to_vec();
        sorted.sort();
        sorted[sorted.len() * p / 100]
    };
    let p95 = |acks: &[Duration]| percentile(acks, 95);
    let median = |acks: &[Duration]| percentile(acks, 50);
    let usual = median(&quiet).max(Duration::from_millis(25));

    let stop = Arc::new(AtomicBool::new(false));
    let sent = Arc::new(AtomicUsize::new(0));
    // Shared, not copied per request: the attack costs this process little.
    let body = axum::body::Bytes::from(eight_mib_of_zeros());
    // The attackers have a thread and runtime of their own: the players'
    // connections must not wait behind them in this process.
    let attackers = {
        let (api, stop, sent) = (api.clone(), stop.clone(), sent.clone());
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let api = Api::new(api.addr);
                let tasks: Vec<_> = (0..4)
                    .map(|_| {
                        let (api, stop, sent, body) =
                            (api.clone(), stop.clone(), sent.clone(), body.clone());
                        tokio::spawn(async move {
                            let mut answers = Vec::new();
                            while !stop.load(Ordering::Relaxed) {
                                sent.fetch_add(1, Ordering::Relaxed);
                                if let Ok((status, text, _)) = post_record(&api, body.clone()).await
                                {
                                    answers.push((status, text));
                                }
                                // Ten a second each: the default API rate of one address.
                                tokio::time::sleep(Duration::from_millis(100)).await;
                            }
                            answers
                        })
                    })
                    .collect();
                let mut all = Vec::new();
                for t in tasks {
                    all.extend(t.await.unwrap());
                }
                all
            })
        })
    };
    let pid = server.pid();
    let peak = {
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut peak = 0;
            while !stop.load(Ordering::Relaxed) {
                peak = peak.max(resident_bytes(pid));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            peak
        })
    };
    // Let the flood start before the first attacked move.
    while sent.load(Ordering::Relaxed) < 8 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let cpu_before_attack = cpu_time(server.pid());
    let mut attacked = Vec::new();
    while attacked.len() < MOVES {
        attacked.extend(timed_move(&mut t).await);
    }
    stop.store(true, Ordering::Relaxed);
    let attack_cpu = cpu_time(server.pid()) - cpu_before_attack;
    let peak = peak.await.unwrap();
    let mut answered = 0;
    for (status, text) in attackers.join().unwrap() {
        assert_eq!(status, 413, "{text}");
        assert!(text.contains("payload_too_large"), "{text}");
        answered += 1;
    }
    let worst = attacked.iter().max().copied().unwrap();
    eprintln!(
        "quiet acks: median {:?}, p95 {:?}, worst {:?}; under {} uploads of 8 MiB ({answered} \
         answered 413): median {:?}, p95 {:?}, worst {worst:?}; memory {} MB → peak {} MB",
        median(&quiet),
        p95(&quiet),
        quiet.iter().max().unwrap(),
        sent.load(Ordering::Relaxed),
        median(&attacked),
        p95(&attacked),
        baseline >> 20,
        peak >> 20
    );
    assert!(
        sent.load(Ordering::Relaxed) >= 16,
        "the flood ran through the moves"
    );
    assert!(
        median(&attacked) <= usual * 2,
        "acks took {:?} under the flood (median), usually {usual:?}: {attacked:?}",
        median(&attacked)
    );
    assert!(
        worst < Duration::from_secs(2),
        "an ack stalled for {worst:?} under the flood"
    );
    let uploads = sent.load(Ordering::Relaxed) as u32;
    eprintln!(
        "server CPU: {quiet_cpu:?} for the quiet moves, {attack_cpu:?} with {uploads} uploads"
    );
    assert!(
        attack_cpu < quiet_cpu + Duration::from_millis(5) * uploads + Duration::from_millis(100),
        "{uploads} uploads cost the server {:?} of CPU",
        attack_cpu.saturating_sub(quiet_cpu)
    );
    assert!(
        peak.saturating_sub(baseline) < 32 << 20,
        "memory grew from {baseline} to {peak} bytes"
    );
    assert!(api.healthy().await);
    server.kill().await;
    db.drop_db().await;
}

/// Records are read by their type: too large is refused while reading,
/// too many steps at the first one too many, wrong shapes and foreign
/// steps by name; an honest record replays. A full heavy pool answers 503
/// `busy` with `Retry-After`, never anything else.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploaded_records_are_read_by_type_and_the_pool_says_busy() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::Config::for_tests(db.url());
    config.replay_workers = 1;
    config.replay_queue = 0;
    let server = TestServer::start_with(config).await;
    let record = finished_record(&server, GameKind::DoozyDice).await;
    let honest = serde_json::to_vec(&record).unwrap();
    let (status, text, _) = post_record(&server, honest.clone()).await.unwrap();
    assert_eq!(status, 200, "{text}");

    match post_record(&server, eight_mib_of_zeros()).await {
        Ok((status, text, _)) => {
            assert_eq!(status, 413, "{text}");
            assert!(text.contains("payload_too_large"));
        }
        // The server may close the connection before the client is done
        // sending: refused all the same.
        Err(e) => eprintln!("8 MiB: connection ended while sending ({e})"),
    }
    let mut value = serde_json::to_value(&record).unwrap();
    let too_many = vec![serde_json::json!(0); RECORD_MAX_STEPS + 1];
    value["steps"] = serde_json::json!(too_many);
    let body = serde_json::to_vec(&value).unwrap();
    assert!(body.len() < RECORD_BODY_LIMIT);
    let (status, text, _) = post_record(&server, body).await.unwrap();
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("more than 20000 items"), "{text}");
    for (field, junk, says) in [
        ("players", serde_json::json!(5), "not a match record"),
        (
            "seed",
            serde_json::json!({"a": [[[]]]}),
            "not a match record",
        ),
        (
            "steps",
            serde_json::json!([{"chance": {"outcome": "seven"}}]),
            "step 1 is not a step",
        ),
        (
            "steps",
            serde_json::json!([[[[[[[[1]]]]]]]]),
            "step 1 is not a step",
        ),
        (
            "players",
            serde_json::json!(vec!["x"; 9]),
            "more than 8 items",
        ),
    ] {
        let mut bad = value.clone();
        bad[field] = junk;
        let (status, text, _) = post_record(&server, serde_json::to_vec(&bad).unwrap())
            .await
            .unwrap();
        assert_eq!(status, 400, "{field}: {text}");
        assert!(text.contains(says), "{field}: {text}");
    }

    // One worker, no queue: uploads side by side are answered 200 or busy.
    let tasks: Vec<_> = (0..12)
        .map(|_| {
            let (api, body) = (server.api.clone(), honest.clone());
            tokio::spawn(async move { post_record(&api, body).await.unwrap() })
        })
        .collect();
    let (mut ok, mut busy) = (0, 0);
    for task in tasks {
        let (status, text, retry) = task.await.unwrap();
        match status {
            200 => ok += 1,
            503 => {
                assert!(text.contains("\"busy\""), "{text}");
                assert_eq!(retry.as_deref(), Some("1"));
                busy += 1;
            }
            other => panic!("{other}: {text}"),
        }
    }
    eprintln!("side by side: {ok} replayed, {busy} told busy");
    assert!(ok >= 1);
    // Nothing stays taken: one at a time, all replay.
    for _ in 0..3 {
        let (status, text, _) = post_record(&server, honest.clone()).await.unwrap();
        assert_eq!(status, 200, "{text}");
    }
    server.stop().await;
    db.drop_db().await;
}

async fn chat(c: &mut TestClient, text: &str) -> Result<(), ErrorCode> {
    c.send(&ClientMsg::Chat { text: text.into() }).await;
    let me = c.you.unwrap();
    c.recv_until(|m| match m {
        ServerMsg::Chat { line } if line.text == text && line.from == me => Some(Ok(())),
        ServerMsg::Error {
            code,
            client_seq: None,
            ..
        } => Some(Err(*code)),
        _ => None,
    })
    .await
}

/// A match's table talk stops at its cap (lines, then bytes), whoever
/// speaks; once the match is over, talk is the room's and the record
/// stays as it was; the cap holds across a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_talk_is_capped_per_match_and_closed_with_it() {
    let db = TestDb::sqlite();
    let config = || {
        let mut config = parlor_server::Config::for_tests(db.url());
        config.rooms.chat_cap = parlor_server::room::ChatCap {
            lines: 4,
            bytes: 1_000,
        };
        config
    };
    let server = TestServer::start_with(config()).await;
    let mut t = Table::started(&server, GameKind::DoozyDice, 0, 2, 2).await;
    let long = "x".repeat(300);
    // Three long lines from three connections: 900 bytes.
    assert_eq!(chat(&mut t.seats[0], &long).await, Ok(()));
    assert_eq!(chat(&mut t.seats[1], &long).await, Ok(()));
    assert_eq!(chat(&mut t.spectators[0], &long).await, Ok(()));
    // 200 more would pass 1,000 bytes; 50 do not.
    let two_hundred = "y".repeat(200);
    assert_eq!(
        chat(&mut t.spectators[1], &two_hundred).await,
        Err(ErrorCode::ChatFull)
    );
    assert_eq!(chat(&mut t.spectators[1], &"z".repeat(50)).await, Ok(()));
    // Four lines: the fifth is refused, whoever says it, after a restart too.
    tokio::time::sleep(Duration::from_millis(450)).await;
    assert_eq!(chat(&mut t.seats[0], "hi").await, Err(ErrorCode::ChatFull));
    let id = t.seats[0].match_id();
    let code = t.code.clone();
    let tokens = t.tokens.clone();
    drop(t);
    server.stop().await;
    let server = TestServer::start_with(config()).await;
    let mut a = server.connect_welcomed(&code, Some(&tokens[0])).await;
    let b = server.connect_welcomed(&code, Some(&tokens[1])).await;
    assert_eq!(chat(&mut a, "hi").await, Err(ErrorCode::ChatFull));
    a.errors.clear();
    // Played out: talk goes on in the room, not in the finished record.
    let mut done = parlor_tests::driver::play_to_end(vec![a, b]).await;
    tokio::time::sleep(Duration::from_millis(450)).await;
    assert_eq!(chat(&mut done[0], "gg").await, Ok(()));
    let record: MatchRecord = server.get_json(&format!("/api/matches/{id}")).await;
    assert_eq!(record.chat_lines, 4);
    let page: parlor_protocol::http::ChatPage =
        server.get_json(&format!("/api/matches/{id}/chat")).await;
    assert_eq!(page.lines.len(), 4);
    assert!(page.lines.iter().all(|l| l.text != "gg"));
    server.stop().await;
    db.drop_db().await;
}

/// Static files: a missing asset is a 404 that nobody keeps (never the
/// page under a script's name); only content-hashed files are immutable;
/// the page itself is revalidated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_assets_are_404s_that_nobody_keeps() {
    let db = TestDb::sqlite();
    let web = std::env::temp_dir().join(format!("parlor-web-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Parlor</title>",
    )
    .unwrap();
    std::fs::write(web.join("assets/index-B2x_kQ9a.js"), "console.log(1)").unwrap();
    std::fs::write(web.join("assets/logo.svg"), "<svg/>").unwrap();
    let mut config = parlor_server::Config::for_tests(db.url());
    config.web_dir = web.clone();
    let server = TestServer::start_with(config).await;
    let get = |path: &'static str| {
        let api = server.api.clone();
        async move {
            let resp = api
                .http
                .get(format!("{}{path}", api.base()))
                .send()
                .await
                .unwrap();
            let cache = resp
                .headers()
                .get("cache-control")
                .map(|v| v.to_str().unwrap().to_owned());
            (resp.status().as_u16(), cache, resp.text().await.unwrap())
        }
    };
    let (status, cache, body) = get("/assets/index-Zz9_old00.js").await;
    assert_eq!(status, 404);
    assert_eq!(cache.as_deref(), Some("no-store"));
    assert!(
        !body.contains("<title>"),
        "the page under a script's name: {body}"
    );
    let (status, cache, _) = get("/assets/index-B2x_kQ9a.js").await;
    assert_eq!(status, 200);
    assert_eq!(
        cache.as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    let (status, cache, _) = get("/assets/logo.svg").await;
    assert_eq!((status, cache.as_deref()), (200, Some("no-cache")));
    for page in ["/", "/r/ABCDE", "/matches/x"] {
        let (status, cache, body) = get(page).await;
        assert_eq!(
            (status, cache.as_deref()),
            (200, Some("no-cache")),
            "{page}"
        );
        assert!(body.contains("<title>Parlor"), "{page}");
    }
    server.stop().await;
    let _ = std::fs::remove_dir_all(&web);
    db.drop_db().await;
}

/// Tokens: any-case bearer; wrong tokens for admin and metrics are limited
/// per address with every other limit off; answers that carry a seat
/// token are never stored; "not over" has its own code.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessed_tokens_are_slowed_and_token_answers_never_stored() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::Config::for_tests(db.url());
    config.rate_limits = RateLimits::OFF;
    config.admin_token = Some("admin-token-0123456789".into());
    config.metrics = parlor_server::config::MetricsAccess::Token("metrics-token-0123456789".into());
    let server = TestServer::start_with(config).await;
    let get = |path: &'static str, auth: Option<&'static str>| {
        let api = server.api.clone();
        async move {
            let mut req = api.http.get(format!("{}{path}", api.base()));
            if let Some(a) = auth {
                req = req.header("authorization", a);
            }
            let resp = req.send().await.unwrap();
            let retry = resp.headers().get("retry-after").is_some();
            (resp.status().as_u16(), retry)
        }
    };
    for (path, token) in [
        ("/api/admin/rooms", "admin-token-0123456789"),
        ("/metrics", "metrics-token-0123456789"),
    ] {
        for scheme in ["Bearer", "bearer", "BEARER"] {
            let auth: &'static str = Box::leak(format!("{scheme} {token}").into_boxed_str());
            assert_eq!(get(path, Some(auth)).await.0, 200, "{path} {scheme}");
        }
        let mut refused = 0;
        let limited = loop {
            match get(path, Some("Bearer a-wrong-guess")).await {
                (401, _) => refused += 1,
                (429, retry) => break retry,
                other => panic!("{path}: {other:?}"),
            }
            assert!(refused <= 11, "{path}: guesses are never slowed");
        };
        assert!(limited, "{path}: 429 with Retry-After");
        // Ten wrong tokens, and the one past them that starts the wait.
        assert_eq!(refused, 11, "{path}");
        let auth: &'static str = Box::leak(format!("Bearer {token}").into_boxed_str());
        assert_eq!(
            get(path, Some(auth)).await.0,
            429,
            "{path}: the address waits"
        );
    }
    // Seat tokens.
    let resp = server
        .http
        .post(format!("{}/api/rooms", server.base()))
        .json(&parlor_protocol::http::CreateRoom {
            game: GameKind::DoozyDice,
            options: None,
            name: "Host".into(),
        })
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["cache-control"], "no-store");
    let host: parlor_protocol::http::Joined = resp.json().await.unwrap();
    for (path, body) in [
        ("join", serde_json::json!({"name": "Guest"})),
        ("claim", serde_json::json!({"code": "nope"})),
    ] {
        let resp = server
            .http
            .post(format!("{}/api/rooms/{}/{path}", server.base(), host.code))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.headers()["cache-control"], "no-store", "{path}");
    }
    // "Not over" says so.
    let mut a = server
        .connect_welcomed(&host.code.0, Some(&host.token))
        .await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    let id = a.match_id();
    for path in [
        format!("/api/matches/{id}/export"),
        format!("/api/matches/{id}/replay?seat=0"),
        format!("/api/matches/{id}/chat"),
    ] {
        let (status, body) = server.get_raw(&path).await;
        assert_eq!(status, 403, "{path}");
        assert!(
            String::from_utf8_lossy(&body).contains("\"match_not_over\""),
            "{path}: {}",
            String::from_utf8_lossy(&body)
        );
    }
    server.stop().await;
    db.drop_db().await;
}

fn refusal(c: &mut TestClient) -> impl std::future::Future<Output = ErrorCode> + '_ {
    c.recv_until(|m| match m {
        ServerMsg::Error {
            code,
            client_seq: None,
            ..
        } => Some(*code),
        _ => None,
    })
}

/// The host moves a person to the spectators: their token stops working,
/// their seat stays closed until reopened; a locked room seats nobody new;
/// both survive a restart. Look-alike names count as taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_decides_who_sits() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    // Doozy Dice seats up to four.
    let host = server.create_room(GameKind::DoozyDice, None, "Host").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Guest").await;
    assert_eq!(guest.seat, Some(Seat(1)));
    let mut h = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut g = server.connect_welcomed(&code, Some(&guest.token)).await;
    // Only the host, never the host's own seat.
    for msg in [
        ClientMsg::Unseat { seat: Seat(0) },
        ClientMsg::ReopenSeat,
        ClientMsg::Lock { locked: true },
    ] {
        g.send(&msg).await;
        assert_eq!(refusal(&mut g).await, ErrorCode::NotHost, "{msg:?}");
    }
    h.send(&ClientMsg::Unseat { seat: Seat(0) }).await;
    assert_eq!(refusal(&mut h).await, ErrorCode::NoSeat);
    h.send(&ClientMsg::ReopenSeat).await;
    assert_eq!(
        refusal(&mut h).await,
        ErrorCode::NoSeat,
        "nothing is closed"
    );

    h.send(&ClientMsg::Unseat { seat: Seat(1) }).await;
    assert_eq!(refusal(&mut g).await, ErrorCode::NotSeated);
    let you = g
        .recv_until(|m| match m {
            ServerMsg::Welcome { you, .. } => Some(*you),
            _ => None,
        })
        .await;
    assert_eq!(you, Viewer::Spectator, "the guest watches on");
    let info = server.room_info(&code).await;
    assert_eq!((info.seats.len(), info.closed_seats), (1, 1));
    // Their token no longer opens a seat.
    let mut again = server.connect(&code, Some(&guest.token)).await;
    assert_eq!(
        again.closed_within(Duration::from_secs(10)).await,
        Some(close::BAD_TOKEN)
    );
    // Four seats: the host, one closed, two open.
    let a = server.join(&code, "A").await;
    let b = server.join(&code, "B").await;
    let c = server.join(&code, "C").await;
    assert_eq!(
        (a.seat, b.seat, c.seat),
        (Some(Seat(1)), Some(Seat(2)), None)
    );
    h.send(&ClientMsg::ReopenSeat).await;
    // The room has taken the reopening before anyone joins over HTTP.
    h.settle().await;
    let d = server.join(&code, "D").await;
    assert_eq!(d.seat, Some(Seat(3)), "the reopened seat");
    // Locked: nobody new sits, even with a free seat; across a restart.
    h.send(&ClientMsg::Unseat { seat: Seat(3) }).await;
    h.send(&ClientMsg::ReopenSeat).await;
    h.send(&ClientMsg::Lock { locked: true }).await;
    h.settle().await;
    drop((h, g));
    server.stop().await;
    let server = TestServer::start(&db).await;
    let info = server.room_info(&code).await;
    assert!(info.locked);
    assert_eq!((info.seats.len(), info.closed_seats), (3, 0));
    assert_eq!(server.join(&code, "E").await.seat, None);
    let mut h = server.connect_welcomed(&code, Some(&host.token)).await;
    h.send(&ClientMsg::Lock { locked: false }).await;
    h.settle().await;
    // Look-alikes: a Cyrillic "Ноst" beside "Host" is numbered on joining,
    // and nobody may rename to a look-alike.
    let lookalike = server.join(&code, "\u{041D}\u{043E}st").await;
    assert_eq!(lookalike.seat, Some(Seat(3)));
    let info = server.room_info(&code).await;
    assert_eq!(info.seats[3].name, "\u{041D}\u{043E}st 2");
    let mut l = server.connect_welcomed(&code, Some(&lookalike.token)).await;
    for name in ["HOST", "\u{041D}ost", "\u{0410}"] {
        l.send(&ClientMsg::Rename { name: name.into() }).await;
        assert_eq!(refusal(&mut l).await, ErrorCode::NameTaken, "{name}");
    }
    // Once the match starts, seats are fixed.
    h.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut h).await;
    h.send(&ClientMsg::Unseat { seat: Seat(1) }).await;
    assert_eq!(refusal(&mut h).await, ErrorCode::NotNow);
    server.stop().await;
    db.drop_db().await;
}

/// `verify URL` follows no redirect (one to a local service is reported,
/// never fetched) and stops reading past the record limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_follows_no_redirect_and_reads_a_bounded_amount() {
    use axum::response::{IntoResponse, Redirect};
    let secret_fetched = Arc::new(AtomicBool::new(false));
    let served = Arc::new(AtomicUsize::new(0));
    let app = {
        let (secret_fetched, served) = (secret_fetched.clone(), served.clone());
        axum::Router::new()
            .route(
                "/redirect/api/matches/{id}/export",
                axum::routing::get(|| async { Redirect::temporary("/secret") }),
            )
            .route(
                "/secret",
                axum::routing::get(move || async move {
                    secret_fetched.store(true, Ordering::Relaxed);
                    "{}"
                }),
            )
            .route(
                "/endless/api/matches/{id}/export",
                axum::routing::get(move || async move {
                    // 64 KiB chunks without end (no length given).
                    let chunk = axum::body::Bytes::from(vec![b' '; 64 * 1024]);
                    let stream = futures_util::stream::repeat_with(move || {
                        served.fetch_add(1, Ordering::Relaxed);
                        Ok::<_, std::io::Error>(chunk.clone())
                    });
                    axum::body::Body::from_stream(stream).into_response()
                }),
            )
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let serving = tokio::spawn(async move { axum::serve(listener, app).await });
    let verify = |url: String| async move {
        let out = tokio::process::Command::new(parlor_tests::process::server_binary())
            .arg("verify")
            .arg(&url)
            .env("RUST_LOG", "error")
            .output()
            .await
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let id = uuid::Uuid::new_v4();
    let (code, err) = verify(format!("http://{addr}/redirect/matches/{id}")).await;
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("redirects are not followed"), "{err}");
    assert!(
        !secret_fetched.load(Ordering::Relaxed),
        "the redirect was followed"
    );
    let (code, err) = verify(format!("http://{addr}/endless/matches/{id}")).await;
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("larger than"), "{err}");
    let chunks = served.load(Ordering::Relaxed);
    assert!(
        chunks * 64 * 1024 < 64 * RECORD_BODY_LIMIT,
        "read {chunks} chunks of 64 KiB"
    );
    serving.abort();
}

/// The probes are outside the API's rate limit: a proxy's health checks from
/// one address (every player's, behind a front proxy that names no client)
/// are never answered 429, while other API requests from it are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_checks_are_never_rate_limited() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::Config::for_tests(db.url());
    config.rate_limits = RateLimits::OFF;
    config.rate_limits.api = Some(parlor_server::limits::Rate::new(
        1,
        std::time::Duration::from_secs(60),
        3,
    ));
    let server = TestServer::start_with(config).await;
    for path in ["/api/ready", "/api/health"] {
        for i in 0..20 {
            let (status, _) = server.api.get_raw(path).await;
            assert_eq!(status, 200, "{path}, request {i}");
        }
    }
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(server.api.get_raw("/api/games").await.0);
    }
    assert_eq!(statuses, [200, 200, 200, 429, 429], "the API's limit holds");
    server.stop().await;
    db.drop_db().await;
}
