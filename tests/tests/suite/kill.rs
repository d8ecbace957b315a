//! The real server binary is killed (SIGKILL, no grace) at random moments
//! — sometimes the instant a client receives an acknowledgement — while
//! rooms of every playable game are being played, on SQLite and on
//! Postgres. After each kill: every acknowledged action is in the stored
//! log. After each restart (same port, same database): every room is back
//! with its seats, every client reconnects with its token and resumes, and
//! play goes on; at the end every match is played to its end by the same
//! clients.
//!
//! `PARLOR_KILLS` sets the number of kills per store (default 20).
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlor_protocol::{ClientMsg, GameKind, MatchId, ServerMsg};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, await_welcome, Table};
use parlor_tests::players::PLAYERS;
use parlor_tests::process::ServerProcess;
use parlor_tests::truth::Truth;
use parlor_tests::{Api, Event, MatchState, SentAct, TestClient, TestDb, WAIT};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::Notify;

const ENV: [(&str, &str); 3] = [
    ("PARLOR_RATE_LIMIT", "off"),
    ("PARLOR_MAX_SOCKETS_PER_IP", "off"),
    ("PARLOR_MAX_CONNS_PER_IP", "off"),
];

/// One connection's life across restarts.
struct Slot {
    token: Option<String>,
    client: Option<TestClient>,
    /// What it held when its socket died.
    state: Option<MatchState>,
    /// Every action acknowledged to it, across restarts: (action, ack version).
    acked: Vec<(SentAct, u64)>,
}

struct Room {
    code: String,
    kind: GameKind,
    names: Vec<String>,
    slots: Vec<Slot>,
}

/// Shared between the client tasks and the killer.
struct Signals {
    acks: AtomicU64,
    ack: Notify,
    /// Play the current matches to their end, start no more.
    last: AtomicBool,
}

/// Plays one connection until its socket dies (or, in the last round, its
/// match ends). When one ends, every seat asks for a rematch.
async fn run(mut c: TestClient, signals: Arc<Signals>) -> TestClient {
    let mut started_after: Option<MatchId> = None;
    loop {
        if let Some((code, message, seq)) = c.errors.first() {
            panic!(
                "{:?} was refused {code:?} (client_seq {seq:?}): {message}",
                c.you
            );
        }
        let over = c.state.as_ref().is_some_and(|s| s.result.is_some());
        if over && signals.last.load(Ordering::SeqCst) {
            return c;
        }
        // Every seat asks for the next match; the last to ask starts it.
        if over && c.seat().is_some() && started_after != Some(c.match_id()) {
            started_after = Some(c.match_id());
            if !c.try_send(&ClientMsg::Rematch { ready: true }).await {
                return c;
            }
        }
        act_if_due(&mut c).await;
        match c.next_event(WAIT).await {
            Event::Msg(ServerMsg::Ack { .. }) => {
                signals.acks.fetch_add(1, Ordering::SeqCst);
                signals.ack.notify_one();
            }
            Event::Msg(_) => {}
            Event::Closed(_) | Event::Dropped(_) => return c,
            Event::Timeout => panic!("{:?}: nothing from the server for {WAIT:?}", c.you),
        }
    }
}

/// A free port on 127.0.0.1 (the server binds it; if it is taken in
/// between, the start retries).
fn free_port() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// Every action acknowledged to a seat is in the stored log: the first
/// action the seat took after the version it decided on, stored no later
/// than the version the ack reported.
async fn check_acked(store: &Store, rooms: &[Room], label: &str) -> usize {
    let mut checked = 0;
    for room in rooms {
        let mut truths: Vec<Truth> = Vec::new();
        for slot in &room.slots {
            for (sent, acked_at) in &slot.acked {
                let id = sent.match_id.unwrap();
                if !truths.iter().any(|t| t.match_id == id) {
                    truths.push(Truth::load(store, id).await);
                }
                let truth = truths.iter().find(|t| t.match_id == id).unwrap();
                let seat = sent.seat.unwrap();
                let first = truth.actions_by(seat, sent.version).into_iter().next();
                match first {
                    Some((seq, action)) if action == sent.action && seq <= *acked_at => {}
                    other => panic!(
                        "{label}: room {} seat {seat}: {:?} decided on {} was acknowledged at \
                         {acked_at}, but the log has {other:?} (stored version {})",
                        room.code,
                        sent.action,
                        sent.version,
                        truth.version()
                    ),
                }
                checked += 1;
            }
        }
    }
    checked
}

/// Reconnects every slot to a freshly started server: rooms are back with
/// their seats; clients resume (or get a snapshot of a match they never
/// saw) and hold exactly the stored version.
async fn reconnect(api: &Api, store: &Store, rooms: &mut [Room], label: &str) -> (u32, u32) {
    let (mut resumed_n, mut snapshots) = (0, 0);
    for room in rooms.iter_mut() {
        let info = api.room_info(&room.code).await;
        let names: Vec<String> = info.seats.iter().map(|s| s.name.clone()).collect();
        assert_eq!(
            names, room.names,
            "{label}: room {} is back with its seats",
            room.code
        );
        assert_eq!(info.game, room.kind);
        let current = info.match_id.expect("a match was started");
        let stored = store.step_count(current).await.unwrap();
        for slot in &mut room.slots {
            let held = slot.state.clone();
            let mut c = api
                .resume(&room.code, slot.token.as_deref(), held.clone())
                .await;
            let (resumed, steps) = await_welcome(&mut c).await;
            match held {
                Some(h) if h.match_id == current => {
                    assert!(
                        resumed,
                        "{label}: room {}: {:?} holding version {} of the live match was not resumed",
                        room.code, c.you, h.version
                    );
                    assert_eq!(steps, Some(usize::try_from(stored - h.version).unwrap()));
                    resumed_n += 1;
                }
                _ => {
                    assert!(!resumed, "{label}: a resume of another match");
                    snapshots += 1;
                }
            }
            assert_eq!(c.match_id(), current);
            assert_eq!(
                c.version(),
                stored,
                "{label}: room {}: {:?} continues from the stored version",
                room.code,
                c.you
            );
            slot.client = Some(c);
        }
    }
    (resumed_n, snapshots)
}

async fn kill_and_restart(db: TestDb, seed: u64) {
    let label = db.label();
    let kills: usize = std::env::var("PARLOR_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(seed);
    let addr = free_port();
    let mut server = ServerProcess::start(db.url(), addr, &ENV).await;
    let api = server.api.clone();
    let mut rooms = Vec::new();
    for p in PLAYERS {
        for (i, seats) in p.seats.iter().take(2).enumerate() {
            let mut t = Table::started(&api, p.kind, i as u64, *seats, 1).await;
            let mut slots = Vec::new();
            for (s, c) in t.seats.drain(..).enumerate() {
                slots.push(Slot {
                    token: Some(t.tokens[s].clone()),
                    client: Some(c),
                    state: None,
                    acked: Vec::new(),
                });
            }
            for c in t.spectators.drain(..) {
                slots.push(Slot {
                    token: None,
                    client: Some(c),
                    state: None,
                    acked: Vec::new(),
                });
            }
            rooms.push(Room {
                code: t.code.clone(),
                kind: p.kind,
                names: (0..*seats).map(|i| format!("Player {i}")).collect(),
                slots,
            });
        }
    }
    let signals = Arc::new(Signals {
        acks: AtomicU64::new(0),
        ack: Notify::new(),
        last: AtomicBool::new(false),
    });
    let (mut resumes, mut snapshots, mut checks) = (0, 0, 0);
    for round in 0..=kills {
        let last = round == kills;
        signals.last.store(last, Ordering::SeqCst);
        // Play.
        let mut tasks = Vec::new();
        for (r, room) in rooms.iter_mut().enumerate() {
            for (s, slot) in room.slots.iter_mut().enumerate() {
                let c = slot.client.take().unwrap();
                tasks.push((r, s, tokio::spawn(run(c, signals.clone()))));
            }
        }
        if last {
            for (r, s, task) in tasks {
                let c = task.await.unwrap();
                let slot = &mut rooms[r].slots[s];
                slot.acked.extend(c.acked().map(|(a, v)| (a.clone(), v)));
                slot.client = Some(c);
            }
            break;
        }
        // A random moment: after a random time, or the instant an ack arrives.
        let before = signals.acks.load(Ordering::SeqCst);
        if rng.random_bool(0.5) {
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..400))).await;
        } else {
            let skip = rng.random_range(0..20);
            while signals.acks.load(Ordering::SeqCst) < before + 1 + skip {
                tokio::time::timeout(WAIT, signals.ack.notified())
                    .await
                    .expect("play goes on");
            }
        }
        server.kill().await;
        for (r, s, task) in tasks {
            let c = task.await.unwrap();
            let slot = &mut rooms[r].slots[s];
            slot.state = c.state.clone();
            slot.acked.extend(c.acked().map(|(a, v)| (a.clone(), v)));
        }
        // Every acknowledged action survived the kill.
        let store = Store::connect(db.url()).await.unwrap();
        checks += check_acked(&store, &rooms, label).await;
        // Same port, same database.
        server = ServerProcess::start(db.url(), addr, &ENV).await;
        assert_eq!(server.addr, addr);
        let (r, s) = reconnect(&server.api, &store, &mut rooms, label).await;
        resumes += r;
        snapshots += s;
        store.close().await;
    }
    // Every match was played to its end by the same clients, and its result stored.
    let store = Store::connect(db.url()).await.unwrap();
    checks += check_acked(&store, &rooms, label).await;
    let mut matches = 0;
    for room in &rooms {
        let first = room.slots[0].client.as_ref().unwrap().state().clone();
        let record = store.match_record(first.match_id).await.unwrap();
        assert_eq!(record.result, first.result, "{label}: room {}", room.code);
        assert!(first.result.is_some());
        for slot in &room.slots {
            let c = slot.client.as_ref().unwrap();
            assert_eq!(c.state().result, first.result);
        }
        let ids: HashSet<MatchId> = room
            .slots
            .iter()
            .flat_map(|s| s.acked.iter().filter_map(|(a, _)| a.match_id))
            .collect();
        matches += ids.len();
    }
    let acked: usize = rooms
        .iter()
        .flat_map(|r| &r.slots)
        .map(|s| s.acked.len())
        .sum();
    assert!(checks > acked && acked > 0);
    server.kill().await;
    store.close().await;
    eprintln!(
        "{label}: {kills} kills, {} rooms, {matches} matches, {acked} actions acknowledged \
         ({checks} checks that an acked action is in the log), {resumes} resumes, \
         {snapshots} snapshots, in {:?}",
        rooms.len(),
        started.elapsed()
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_sqlite() {
    kill_and_restart(TestDb::sqlite(), 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_postgres() {
    if let Some(db) = TestDb::postgres().await {
        kill_and_restart(db, 2).await;
    }
}
