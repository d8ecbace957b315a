//! Graceful shutdown: with rooms of every game mid-match and clients
//! sending actions as fast as their turns allow, the server is stopped
//! (in-process, and the real binary with SIGTERM). Every action is either
//! acknowledged and stored, or refused (`shutting_down`) and not stored, or
//! was never read (and is not stored); every socket gets a close frame 1001.
//! A server started again on the same database brings every match back at
//! its stored version, the clients resume, and every match is played to
//! its end.
#![allow(clippy::unwrap_used, missing_docs)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use parlor_protocol::{close, AnyAction, ErrorCode, GameKind, MatchId, ServerMsg};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, await_welcome, play_to_end, Table};
use parlor_tests::players::PLAYERS;
use parlor_tests::process::ServerProcess;
use parlor_tests::truth::Truth;
use parlor_tests::{Answer, Api, Event, TestClient, TestDb, TestServer, WAIT};
use tokio::sync::Notify;

/// A server to stop: in this process, or the real binary.
enum Running {
    InProcess(TestServer),
    Process(ServerProcess),
}

impl Running {
    async fn start(db: &TestDb, real: bool) -> Running {
        if real {
            let env = [
                ("PARLOR_RATE_LIMIT", "off"),
                ("PARLOR_MAX_SOCKETS_PER_IP", "off"),
                ("PARLOR_MAX_CONNS_PER_IP", "off"),
            ];
            Running::Process(
                ServerProcess::start(db.url(), "127.0.0.1:0".parse().unwrap(), &env).await,
            )
        } else {
            Running::InProcess(TestServer::start(db).await)
        }
    }

    fn api(&self) -> Api {
        match self {
            Running::InProcess(s) => s.api.clone(),
            Running::Process(p) => p.api.clone(),
        }
    }

    async fn stop(self) {
        match self {
            Running::InProcess(s) => s.stop().await,
            Running::Process(p) => {
                assert!(
                    p.terminate(Duration::from_secs(30)).await,
                    "the server exits cleanly on SIGTERM"
                );
            }
        }
    }
}

/// One room and its connections (seats, then one spectator).
struct Room {
    code: String,
    kind: GameKind,
    tokens: Vec<Option<String>>,
    clients: Vec<TestClient>,
    /// Per connection, the actions acknowledged before the restart.
    before: Vec<Vec<AnyAction>>,
}

/// Plays a connection (a seat acts as fast as its turn allows) until the
/// server ends the socket; counts acknowledgements.
async fn play_until_closed(
    mut c: TestClient,
    acks: Arc<AtomicU64>,
    more: Arc<Notify>,
) -> TestClient {
    loop {
        for (code, message, _) in &c.errors {
            assert_eq!(
                *code,
                ErrorCode::ShuttingDown,
                "{:?}: the only refusal expected is shutting_down: {message}",
                c.you
            );
        }
        act_if_due(&mut c).await;
        match c.next_event(WAIT).await {
            Event::Msg(ServerMsg::Ack { .. }) => {
                acks.fetch_add(1, Ordering::SeqCst);
                more.notify_one();
            }
            Event::Msg(_) => {}
            Event::Closed(_) | Event::Dropped(_) => return c,
            Event::Timeout => panic!("{:?}: nothing from the server for {WAIT:?}", c.you),
        }
    }
}

async fn graceful(db: TestDb, real: bool) {
    let label = format!("{}{}", db.label(), if real { " (SIGTERM)" } else { "" });
    let running = Running::start(&db, real).await;
    let api = running.api();
    let mut rooms = Vec::new();
    for p in PLAYERS {
        for (i, seats) in p.seats.iter().take(2).enumerate() {
            let mut t = Table::started(&api, p.kind, i as u64, *seats, 1).await;
            let mut clients: Vec<TestClient> = t.seats.drain(..).collect();
            clients.append(&mut t.spectators);
            let mut tokens: Vec<Option<String>> = t.tokens.iter().cloned().map(Some).collect();
            tokens.push(None);
            rooms.push(Room {
                code: t.code.clone(),
                kind: p.kind,
                tokens,
                clients,
                before: Vec::new(),
            });
        }
    }
    // Everyone plays; stop once every room has had a few actions stored.
    let acks = Arc::new(AtomicU64::new(0));
    let more = Arc::new(Notify::new());
    let mut tasks = Vec::new();
    for room in &mut rooms {
        let clients: Vec<_> = room
            .clients
            .drain(..)
            .map(|c| tokio::spawn(play_until_closed(c, acks.clone(), more.clone())))
            .collect();
        tasks.push(clients);
    }
    let enough = 8 * rooms.len() as u64;
    while acks.load(Ordering::SeqCst) < enough {
        tokio::time::timeout(WAIT, more.notified())
            .await
            .expect("play goes on");
    }
    running.stop().await;
    for (room, clients) in rooms.iter_mut().zip(tasks) {
        for task in clients {
            room.clients.push(task.await.unwrap());
        }
    }

    // Every socket was closed with 1001, and every action is accounted for.
    let store = Store::connect(db.url()).await.unwrap();
    let (mut acked, mut refused, mut unread) = (0, 0, 0);
    for room in &rooms {
        for c in &room.clients {
            assert_eq!(
                c.ended,
                Some(Event::Closed(Some(close::GOING_AWAY))),
                "{label}: {:?} in room {} ended without a going-away close frame",
                c.you,
                room.code
            );
        }
        let match_id = room.clients[0].match_id();
        let truth = Truth::load(&store, match_id).await;
        for c in &room.clients {
            let Some(seat) = c.seat() else { continue };
            for (_, answer) in &c.answered {
                match answer {
                    Answer::Acked(_) => acked += 1,
                    Answer::Refused(code, message) => {
                        assert_eq!(*code, ErrorCode::ShuttingDown, "{message}");
                        refused += 1;
                    }
                }
            }
            unread += c.pending.len();
            // The log holds exactly this seat's acknowledged actions: none
            // refused, none unanswered.
            let stored: Vec<_> = truth
                .actions_by(seat, 0)
                .into_iter()
                .map(|(_, a)| a)
                .collect();
            let acks: Vec<_> = c.acked().map(|(a, _)| a.action.clone()).collect();
            assert_eq!(
                stored, acks,
                "{label}: seat {seat} of room {}: stored actions = acknowledged actions",
                room.code
            );
            // And every ack's version is stored.
            for (a, v) in c.acked() {
                assert!(
                    v <= truth.version(),
                    "acked {a:?} at {v}, stored {}",
                    truth.version()
                );
            }
        }
    }
    eprintln!("{label}: {acked} acked, {refused} refused (shutting_down), {unread} never answered");
    assert!(acked >= enough);

    // Start again on the same database: every match is back at its stored
    // version, and the same clients resume and play it to the end.
    let running = Running::start(&db, real).await;
    let api = running.api();
    for room in &mut rooms {
        let truth_version = store.step_count(room.clients[0].match_id()).await.unwrap();
        let info = api.room_info(&room.code).await;
        assert_eq!(
            info.seats.len(),
            room.tokens.len() - 1,
            "the seats are back"
        );
        assert_eq!(info.game, room.kind);
        let old: Vec<TestClient> = room.clients.drain(..).collect();
        room.before = old
            .iter()
            .map(|c| c.acked().map(|(a, _)| a.action.clone()).collect())
            .collect();
        for (c, token) in old.into_iter().zip(&room.tokens) {
            let last = c.state.clone().unwrap();
            let mut back = api
                .resume(&room.code, token.as_deref(), Some(last.clone()))
                .await;
            let (resumed, steps) = await_welcome(&mut back).await;
            assert!(
                resumed,
                "{label}: {:?} holding version {} of the stored match was not resumed after the restart",
                c.you, last.version
            );
            assert_eq!(
                back.version(),
                truth_version,
                "{label}: the match continues from its stored version"
            );
            assert_eq!(
                steps,
                Some(usize::try_from(truth_version - last.version).unwrap())
            );
            room.clients.push(back);
        }
    }
    let mut finished = 0;
    for room in &mut rooms {
        let clients = play_to_end(room.clients.drain(..).collect()).await;
        let id: MatchId = clients[0].match_id();
        let record = store.match_record(id).await.unwrap();
        assert_eq!(
            record.result,
            clients[0].state().result,
            "{label}: the stored result"
        );
        // The whole log: each seat's actions acknowledged before the
        // restart, then those after, each once.
        let truth = Truth::load(&store, id).await;
        for (c, before) in clients.iter().zip(&room.before) {
            let Some(seat) = c.seat() else { continue };
            let mut acked = before.clone();
            acked.extend(c.acked().map(|(a, _)| a.action.clone()));
            let stored: Vec<_> = truth
                .actions_by(seat, 0)
                .into_iter()
                .map(|(_, a)| a)
                .collect();
            assert_eq!(
                stored, acked,
                "{label}: seat {seat}: the log across the restart"
            );
        }
        finished += 1;
        room.clients = clients;
    }
    assert_eq!(finished, rooms.len());
    running.stop().await;
    store.close().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graceful_shutdown_sqlite() {
    graceful(TestDb::sqlite(), false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graceful_shutdown_postgres() {
    if let Some(db) = TestDb::postgres().await {
        graceful(db, false).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_to_the_real_binary() {
    graceful(TestDb::sqlite(), true).await;
}
