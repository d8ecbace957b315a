//! Cluster mode, two servers on one Postgres, over real sockets: a room
//! belongs to the server that claimed it, and the other sends its sockets
//! there ("room moved", 4010); when the room is taken over, its old server
//! commits nothing more (the write is refused by the store, the action is
//! never acknowledged) and sends its clients on; they resume on the new
//! owner with exactly what they missed, and the match plays to its end
//! there and verifies. A drained server hands its rooms back at once. A
//! server process paused past its lease wakes to find its room moved: what
//! it held is never acknowledged, and it joins again as a new run.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_games::record::verify;
use parlor_protocol::replay::MatchExport;
use parlor_protocol::{close, ClientMsg, GameKind, ServerMsg};
use parlor_server::config::Cluster;
use parlor_server::Config;
use parlor_tests::cluster::signal;
use parlor_tests::driver::{act_if_due, Table};
use parlor_tests::process::ServerProcess;
use parlor_tests::{Answer, Api, TestClient, TestDb, TestServer, WAIT};
use sqlx::{Connection, Row};

fn node(db: &TestDb, id: &str) -> Config {
    let mut config = Config::for_tests(db.url());
    config.cluster = Some(Cluster {
        node_id: id.into(),
        internal_addr: None,
        lease_ttl: Duration::from_secs(2),
        secret: "a-test-cluster-secret".into(),
        drain_linger: Duration::ZERO,
    });
    config
}

/// Servers "a" and "b" in cluster mode on one database.
async fn two_servers(db: &TestDb) -> (TestServer, TestServer) {
    let a = TestServer::start_with(node(db, "a")).await;
    let b = TestServer::start_with(node(db, "b")).await;
    (a, b)
}

/// Sends the next action of whichever seat is due, reading what arrives
/// until one is; returns (seat index, client_seq).
async fn act_once(seats: &mut [TestClient]) -> (usize, u32) {
    for _ in 0..2_000 {
        for (i, c) in seats.iter_mut().enumerate() {
            if let Some(seq) = act_if_due(c).await {
                return (i, seq);
            }
        }
        // Nobody is due on what they hold yet: read what is coming.
        for c in seats.iter_mut() {
            c.try_recv(Duration::from_millis(20)).await;
        }
    }
    panic!("no seat came to act");
}

/// Plays `n` acknowledged actions; then every seat holds the same version.
async fn play_some(seats: &mut [TestClient], n: usize) {
    for _ in 0..n {
        let (i, seq) = act_once(seats).await;
        let answer = seats[i].await_answer(seq).await;
        assert!(matches!(answer, Answer::Acked(_)), "{answer:?}");
    }
    // Everything the server sent before a pong has been read: each seat
    // holds the room's latest version (an ack can come before the update
    // carrying the chance steps after it).
    for c in seats.iter_mut() {
        c.settle().await;
    }
    let v = seats[0].version();
    assert!(seats.iter().all(|c| c.version() == v));
}

/// Each seat's player comes back through `api` holding what it held, and
/// finds exactly the stored version (`stored`): nothing lost, nothing more.
async fn resume_all(
    api: &Api,
    code: &str,
    held: &[TestClient],
    tokens: &[String],
    stored: u64,
) -> Vec<TestClient> {
    let mut back = Vec::new();
    for (c, token) in held.iter().zip(tokens) {
        let mut r = api.resume(code, Some(token), Some(c.state().clone())).await;
        r.recv_until(|m| matches!(m, ServerMsg::Welcome { .. }).then_some(()))
            .await;
        r.settle().await;
        assert_eq!(
            r.version(),
            stored,
            "the new server holds exactly what was stored"
        );
        back.push(r);
    }
    back
}

/// Steps stored for the room's matches.
async fn steps(conn: &mut sqlx::PgConnection, code: &str) -> i64 {
    sqlx::query("select cast(coalesce(sum(s.steps), 0) as bigint) from step_batch s join game_match m on m.match_id = s.match_id where m.room_code = $1")
        .bind(code)
        .fetch_one(conn)
        .await
        .unwrap()
        .get(0)
}

async fn raw(db: &TestDb) -> sqlx::PgConnection {
    sqlx::PgConnection::connect(db.url()).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_taken_over_commits_nothing_on_its_old_server() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (a, b) = two_servers(&db).await;

    // Created on A, the room is A's.
    let mut t = Table::started(&a, GameKind::DoozyDice, 0, 2, 0).await;
    play_some(&mut t.seats, 3).await;

    // B takes the room over while A still believes it owns it (as after a
    // pause past its lease): the epoch moves on under A.
    let mut conn = raw(&db).await;
    let before: i64 = sqlx::query("select epoch from room_owner where room_code = $1")
        .bind(&t.code)
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);
    sqlx::query("update room_owner set epoch = epoch + 1, node_id = 'b', incarnation = (select incarnation from node where node_id = 'b') where room_code = $1")
        .bind(&t.code)
        .execute(&mut conn)
        .await
        .unwrap();

    // A's next action is refused by the store: never acknowledged, and A
    // sends every socket of the room on.
    let stored = t.seats[0].version();
    let (due, seq) = act_once(&mut t.seats).await;
    for c in &mut t.seats {
        assert_eq!(c.close_code().await, close::ROOM_MOVED);
    }
    assert!(
        !t.seats[due].acked().any(|(sent, _)| sent.client_seq == seq),
        "an action the old owner could not store was acknowledged"
    );

    // The clients resume on B, which serves the room from the log.
    let mut on_b = resume_all(&b, &t.code, &t.seats, &t.tokens, stored).await;
    play_some(&mut on_b, 3).await;

    // Now B's: A relays a socket for it there. Play to the end on B.
    let mut via_a = a.connect_welcomed(&t.code, None).await;
    via_a.settle().await;
    assert_eq!(via_a.version(), on_b[0].version(), "A relays to B");
    drop(via_a);
    let clients = parlor_tests::driver::play_to_end(on_b).await;
    let match_id = clients[0].match_id();
    assert!(clients[0].state().result.is_some());
    let (status, body) = b.get_raw(&format!("/api/matches/{match_id}/export")).await;
    assert_eq!(status, 200);
    let record: MatchExport = serde_json::from_slice(&body).unwrap();
    verify(&record).expect("the match verifies from its seed");

    // Every step carries the epoch that wrote it, never decreasing; none
    // at A's epoch came after the takeover.
    let rows = sqlx::query("select seq, epoch from step_batch where match_id = $1 order by seq")
        .bind(match_id.to_string())
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let epochs: Vec<(i64, i64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert!(epochs.windows(2).all(|w| w[0].1 <= w[1].1), "{epochs:?}");
    for (seq, epoch) in &epochs {
        let by_a = *epoch == before;
        assert_eq!(by_a, (*seq as u64) <= stored, "step {seq} at epoch {epoch}");
    }
    a.stop().await;
    b.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drained_server_hands_its_rooms_over() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (a, b) = two_servers(&db).await;
    let mut t = Table::started(&a, GameKind::DoozyDice, 0, 2, 0).await;
    play_some(&mut t.seats, 2).await;
    let stored = t.seats[0].version();

    // A drains (a deploy): its sockets are told to come back at once.
    let (code, tokens) = (t.code.clone(), t.tokens.clone());
    let mut seats = std::mem::take(&mut t.seats);
    let stop = tokio::spawn(a.stop());
    for c in &mut seats {
        assert_eq!(c.close_code().await, close::SERVICE_RESTART);
    }
    stop.await.unwrap();
    let mut conn = raw(&db).await;
    let state: String = sqlx::query("select state from node where node_id = 'a'")
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);
    assert_eq!(state, "left");
    let owner: Option<String> = sqlx::query("select node_id from room_owner where room_code = $1")
        .bind(&code)
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);
    // Handed back (and maybe swept up by B already: the match is on).
    assert_ne!(owner.as_deref(), Some("a"), "A handed the room back");

    // The next socket, on B, claims it with nothing lost.
    let mut on_b = resume_all(&b, &code, &seats, &tokens, stored).await;
    play_some(&mut on_b, 2).await;
    for c in &mut on_b {
        c.send(&ClientMsg::Ping).await;
        assert!(c.try_recv(WAIT).await.is_some());
    }
    b.stop().await;
    db.drop_db().await;
}

/// Bot seats with nobody connected: when their server goes, no socket will
/// come for the room, so another server's sweep takes it over and the bots
/// play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_orphaned_room_of_bots_is_swept_up() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let mut config = node(&db, "a");
    config.rooms.bot_think = Duration::from_millis(50);
    let a = TestServer::start_with(config).await;
    let mut config = node(&db, "b");
    config.rooms.bot_think = Duration::from_millis(50);
    let b = TestServer::start_with(config).await;

    let host = a.create_room(GameKind::DoozyDice, None, "Host").await;
    let code = host.code.0.clone();
    let mut c = a.connect_welcomed(&code, Some(&host.token)).await;
    c.send(&ClientMsg::AddBot {
        level: parlor_protocol::BotLevel::Easy,
    })
    .await;
    c.send(&ClientMsg::AddBot {
        level: parlor_protocol::BotLevel::Easy,
    })
    .await;
    c.recv_until(|m| match m {
        ServerMsg::Room { room } if room.seats.len() == 3 => Some(()),
        _ => None,
    })
    .await;
    c.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut c).await;
    // The host's own seat goes to a stand-in: bots play every seat.
    c.send(&ClientMsg::StandIn {
        seat: parlor_protocol::Seat(0),
        on: true,
    })
    .await;
    let v = c.version();
    c.await_version(v + 3).await;
    drop(c);
    let mut conn = raw(&db).await;
    // A goes (drained: its rooms are handed back, nobody reconnects).
    a.stop().await;
    let after_a = steps(&mut conn, &code).await;
    // B's sweep claims the orphan; its bots (and the host's stand-in) play on.
    let until = tokio::time::Instant::now() + WAIT;
    loop {
        let owner: Option<String> =
            sqlx::query("select node_id from room_owner where room_code = $1")
                .bind(&code)
                .fetch_one(&mut conn)
                .await
                .unwrap()
                .get(0);
        if owner.as_deref() == Some("b") && steps(&mut conn, &code).await > after_a {
            break;
        }
        assert!(
            tokio::time::Instant::now() < until,
            "B never took the orphaned room over"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    b.stop().await;
    db.drop_db().await;
}

/// Polls `sql` (one text column) until it answers `want`.
async fn await_row(conn: &mut sqlx::PgConnection, sql: &str, want: &str) {
    let until = tokio::time::Instant::now() + WAIT;
    loop {
        let got: Option<String> = sqlx::query(sql)
            .fetch_optional(&mut *conn)
            .await
            .unwrap()
            .map(|r| r.get(0));
        if got.as_deref() == Some(want) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < until,
            "{sql}: {got:?}, not {want}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Two server processes. A is paused (SIGSTOP) past its lease while one of
/// its players sends an action; B declares A dead and the players resume
/// there; then A wakes. The action it held is never acknowledged, A sends
/// its sockets on ("room moved") and joins the cluster again as a new run;
/// no step of A's epoch was stored after B's claim.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_server_wakes_to_find_its_room_moved() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let addr: std::net::SocketAddr = "127.0.0.1:0".parse().unwrap();
    let env = |id: &'static str| {
        [
            ("PARLOR_CLUSTER", "on"),
            ("PARLOR_NODE_ID", id),
            ("PARLOR_LEASE_TTL", "1s"),
            ("PARLOR_CLUSTER_SECRET", "a-test-cluster-secret"),
            ("PARLOR_RATE_LIMIT", "off"),
        ]
    };
    let a = ServerProcess::start(db.url(), addr, &env("a")).await;
    let b = ServerProcess::start(db.url(), addr, &env("b")).await;
    let mut conn = raw(&db).await;
    let first_run: i64 = sqlx::query("select incarnation from node where node_id = 'a'")
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);

    let mut t = Table::started(&a.api, GameKind::DoozyDice, 0, 2, 0).await;
    play_some(&mut t.seats, 3).await;
    let stored = t.seats[0].version();

    signal(a.pid(), "STOP").await;
    let (due, seq) = act_once(&mut t.seats).await;
    // A's lease runs out (1 s) and a lease later B declares it dead.
    await_row(
        &mut conn,
        "select state from node where node_id = 'a'",
        "dead",
    )
    .await;

    let mut on_b = resume_all(&b.api, &t.code, &t.seats, &t.tokens, stored).await;
    play_some(&mut on_b, 2).await;

    signal(a.pid(), "CONT").await;
    for c in &mut t.seats {
        assert_eq!(
            c.close_code().await,
            close::ROOM_MOVED,
            "A sends its sockets on"
        );
    }
    assert!(
        !t.seats[due].acked().any(|(sent, _)| sent.client_seq == seq),
        "the action A held while paused was acknowledged"
    );
    // A joins again as a new run.
    await_row(
        &mut conn,
        "select state from node where node_id = 'a'",
        "alive",
    )
    .await;
    let run: i64 = sqlx::query("select incarnation from node where node_id = 'a'")
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);
    assert_ne!(run, first_run);

    // B plays on; nothing of A's epoch came after B's claim.
    play_some(&mut on_b, 2).await;
    let match_id = on_b[0].match_id();
    let rows = sqlx::query("select seq, epoch from step_batch where match_id = $1 order by seq")
        .bind(match_id.to_string())
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let epochs: Vec<(i64, i64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert!(epochs.windows(2).all(|w| w[0].1 <= w[1].1), "{epochs:?}");
    let first = epochs[0].1;
    for (seq, epoch) in &epochs {
        assert_eq!(
            *epoch == first,
            (*seq as u64) <= stored,
            "step {seq} at epoch {epoch}"
        );
    }
    a.kill().await;
    assert!(b.terminate(WAIT).await);
    db.drop_db().await;
}

/// A request for a room another server owns is relayed there, one hop:
/// a player joins through B and plays through B's socket at A's table,
/// beside players connected to A. A header claiming a relay with the
/// wrong secret changes nothing (it is relayed like any request); with the
/// cluster's secret, B does not relay again but says the room is elsewhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_server_reaches_a_room_through_the_relay() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (a, b) = two_servers(&db).await;
    let t = Table::open(
        &a,
        GameKind::DoozyDice,
        parlor_protocol::GameOptions::default_for(GameKind::DoozyDice).unwrap(),
        1,
        0,
    )
    .await;
    let mut host = t.seats.into_iter().next().unwrap();

    // Through B: the room's info, a join, and a socket, all A's.
    let info = b.room_info(&t.code).await;
    assert_eq!(info.seats.len(), 1);
    let joined = b.join(&t.code, "Via B").await;
    let mut guest = b.connect_welcomed(&t.code, Some(&joined.token)).await;
    assert_eq!(guest.seat().map(|s| s.index()), Some(1));
    host.send(&ClientMsg::Start).await;
    let mut seats = vec![host, guest];
    for c in &mut seats {
        parlor_tests::await_start(c).await;
    }
    play_some(&mut seats, 6).await;
    guest = seats.pop().unwrap();
    assert_eq!(
        guest.version(),
        seats[0].version(),
        "the relayed socket sees the same table"
    );

    // The relay header: a wrong secret is ignored, the right one is one hop.
    let path = format!("/api/rooms/{}", t.code);
    let client = reqwest::Client::new();
    let forged = client
        .get(format!("{}{path}", b.base()))
        .header("x-parlor-relayed", "not-the-cluster-secret")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 200, "relayed like any request");
    let hop = client
        .get(format!("{}{path}", b.base()))
        .header("x-parlor-relayed", "a-test-cluster-secret")
        .send()
        .await
        .unwrap();
    assert_eq!(hop.status(), 503, "a relayed request is not relayed again");
    assert!(hop.text().await.unwrap().contains("room_moved"));
    drop(guest);
    a.stop().await;
    b.stop().await;
    db.drop_db().await;
}

/// A turn timer that ran out while its room had no server (between a
/// drain and the next claim) starts afresh on the new server: the room was
/// out of reach, not its player, so nothing is decided for them at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_that_ran_out_while_the_room_moved_starts_afresh() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (a, b) = two_servers(&db).await;
    let mut t = Table::open(
        &a,
        GameKind::DoozyDice,
        parlor_protocol::GameOptions::default_for(GameKind::DoozyDice).unwrap(),
        2,
        0,
    )
    .await;
    t.seats[0]
        .send(&ClientMsg::SetTurnTimer {
            timer: parlor_protocol::TurnTimer::Fast,
        })
        .await;
    t.start().await;
    for c in &mut t.seats {
        c.settle().await;
    }
    let stored = t.seats[0].version();
    assert!(t.seats[0].state().deadline.is_some(), "the turn timer runs");
    let (code, tokens) = (t.code.clone(), t.tokens.clone());
    let held: Vec<_> = t.seats.iter().map(|c| c.state().clone()).collect();
    drop(t);
    a.stop().await;

    // The deadline passes while nobody serves the room.
    let mut conn = raw(&db).await;
    sqlx::query("update game_match set deadline_at = deadline_at - 60000 where room_code = $1 and status = 'playing'")
        .bind(&code)
        .execute(&mut conn)
        .await
        .unwrap();
    let mut c = b
        .resume(&code, Some(&tokens[0]), Some(held[0].clone()))
        .await;
    c.recv_until(|m| matches!(m, ServerMsg::Welcome { .. }).then_some(()))
        .await;
    c.settle().await;
    let remaining = c.state().deadline.as_ref().map(|d| d.remaining_ms);
    assert!(
        remaining.is_some_and(|ms| ms > 10_000),
        "a fresh turn: {remaining:?} ms left"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    c.settle().await;
    assert_eq!(c.version(), stored, "nothing was decided for the player");
    b.stop().await;
    db.drop_db().await;
}

const ADMIN: &str = "admin-token-for-tests-0123456789";

/// `GET /api/admin/rooms` on `server`.
async fn admin_rooms(server: &TestServer) -> Vec<parlor_server::admin::AdminRoom> {
    let resp = reqwest::Client::new()
        .get(format!("{}/api/admin/rooms", server.base()))
        .bearer_auth(ADMIN)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.json().await.unwrap()
}

/// The admin page's room list, asked of either server, shows every room
/// some server owns with its owner (node id, alive, whether it is the
/// server asked), not only the rooms of the server asked; a room another
/// server serves is listed as stored (its connections are not known here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_list_shows_each_rooms_owner_whichever_server_is_asked() {
    use parlor_server::admin::AdminOwner;
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let with_admin = |id: &str| {
        let mut config = node(&db, id);
        config.admin_token = Some(ADMIN.into());
        config
    };
    let a = TestServer::start_with(with_admin("a")).await;
    let b = TestServer::start_with(with_admin("b")).await;
    let mut t = Table::started(&a, GameKind::DoozyDice, 0, 2, 0).await;
    for c in &mut t.seats {
        c.settle().await;
    }
    let lobby = b.create_room(GameKind::DoozyDice, None, "Bea").await;

    let owner = |id: &str, here: bool| {
        Some(AdminOwner {
            node_id: id.into(),
            alive: true,
            draining: false,
            here,
        })
    };
    for (asked, here) in [(&a, "a"), (&b, "b")] {
        let rooms = admin_rooms(asked).await;
        let on_a = rooms.iter().find(|r| r.info.code.0 == t.code);
        let on_a = on_a.unwrap_or_else(|| panic!("{here} lists A's room: {rooms:?}"));
        assert_eq!(on_a.owner, owner("a", here == "a"), "asked {here}");
        assert_eq!(on_a.info.status, parlor_protocol::RoomStatus::Playing);
        assert_eq!(on_a.info.seats.len(), 2);
        assert!(on_a.info.match_id.is_some());
        let conns = if here == "a" { 2 } else { 0 };
        assert_eq!(on_a.connections, conns, "asked {here}");
        let on_b = rooms.iter().find(|r| r.info.code == lobby.code);
        let on_b = on_b.unwrap_or_else(|| panic!("{here} lists B's room: {rooms:?}"));
        assert_eq!(on_b.owner, owner("b", here == "b"), "asked {here}");
        assert_eq!(on_b.info.seats[0].name, "Bea");
    }
    drop(t);
    a.stop().await;
    b.stop().await;
    db.drop_db().await;
}

/// Why the room was closed, as stored.
async fn closed_why(conn: &mut sqlx::PgConnection, code: &str) -> Option<String> {
    sqlx::query("select closed from room where room_code = $1")
        .bind(code)
        .fetch_one(conn)
        .await
        .unwrap()
        .get(0)
}

/// The admin page closes a room whichever server it asks: B, asked to
/// close a room A serves, relays the request to A, whose room closes its
/// sockets (4410) and stores why, never B writing a room it does not own.
/// A room nobody serves is claimed, then closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_closes_a_room_through_any_server() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let with_admin = |id: &str| {
        let mut config = node(&db, id);
        config.admin_token = Some(ADMIN.into());
        config
    };
    let a = TestServer::start_with(with_admin("a")).await;
    let b = TestServer::start_with(with_admin("b")).await;
    let mut t = Table::started(&a, GameKind::DoozyDice, 0, 2, 0).await;
    let close_via = |server: &TestServer, code: &str| {
        reqwest::Client::new()
            .post(format!("{}/api/admin/rooms/{code}/close", server.base()))
            .bearer_auth(ADMIN)
            .json(&serde_json::json!({ "reason": "closed for a test" }))
            .send()
    };
    let resp = close_via(&b, &t.code).await.unwrap();
    assert_eq!(resp.status(), 200, "{}", resp.text().await.unwrap());
    for c in &mut t.seats {
        assert_eq!(c.close_code().await, close::ROOM_CLOSED);
    }
    let mut conn = raw(&db).await;
    assert_eq!(
        closed_why(&mut conn, &t.code).await.as_deref(),
        Some("closed for a test")
    );

    // A lobby its server handed back (a drain): claimed, then closed.
    let lobby = a.create_room(GameKind::DoozyDice, None, "Ann").await;
    a.stop().await;
    let resp = close_via(&b, &lobby.code.0).await.unwrap();
    assert_eq!(resp.status(), 200, "{}", resp.text().await.unwrap());
    assert_eq!(
        closed_why(&mut conn, &lobby.code.0).await.as_deref(),
        Some("closed for a test")
    );
    b.stop().await;
    db.drop_db().await;
}
