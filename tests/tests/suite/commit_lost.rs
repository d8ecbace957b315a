//! A commit whose answer is lost: the connection to Postgres breaks as the
//! room's commit goes out (a COMMIT, or the lone insert that is its own
//! transaction). The server cannot know whether the step was
//! stored, so it acknowledges nothing, refuses the action (`storage`),
//! closes the room's sockets with 1012 and rebuilds the room from its
//! stored log (the high-water mark); its clients resume from what they
//! hold. Both ways a commit can be lost are played, through a proxy in
//! front of Postgres that cuts the connection sending the next one:
//!
//! - **before** Postgres gets it: the transaction is rolled back, the room
//!   comes back at the version it had, and the same move can be made again;
//! - **after** Postgres carried it out, with its answer dropped: the step
//!   is stored though refused, and every client resumes to the stored
//!   version, the step applied once.
//!
//! Each is played for both ways a move is written: a lone insert (no timer)
//! and a transaction (a turn timer's deadline moves with every move).
//!
//! Then the match is played to its end and verified from its seed.
#![allow(clippy::unwrap_used, missing_docs)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use parlor_games::record::verify;
use parlor_protocol::replay::MatchExport;
use parlor_protocol::{close, ClientMsg, ErrorCode, GameKind, TurnTimer};
use parlor_server::config::Config;
use parlor_server::db::Store;
use parlor_tests::driver::{await_welcome, Table};
use parlor_tests::{players, Answer, Event, TestClient, TestDb, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Where the proxy cuts the connection that sends the next commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// The COMMIT never reaches Postgres.
    Before,
    /// Postgres gets the COMMIT and carries it out; its answer is dropped.
    After,
}

/// A TCP proxy in front of Postgres (plain text: `sslmode=disable`).
struct CutProxy {
    addr: std::net::SocketAddr,
    armed: Arc<Mutex<Option<Armed>>>,
    cuts: Arc<AtomicUsize>,
}

/// A cut to make, and the bytes that mark a lone insert as the room's own
/// (its match id, among the parameters); `None`: only a COMMIT is cut.
type Armed = (Cut, Option<Vec<u8>>);

impl CutProxy {
    async fn start(upstream: String) -> CutProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let armed = Arc::new(Mutex::new(None));
        let cuts = Arc::new(AtomicUsize::new(0));
        let (a, n) = (armed.clone(), cuts.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(&upstream).await else {
                    continue;
                };
                tokio::spawn(pump(client, server, a.clone(), n.clone()));
            }
        });
        CutProxy { addr, armed, cuts }
    }

    fn arm(&self, cut: Cut, marker: Option<&str>) {
        *self.armed.lock().unwrap() = Some((cut, marker.map(|m| m.as_bytes().to_vec())));
    }
}

/// Passes bytes both ways until either side ends, or the connection is cut.
async fn pump(
    client: TcpStream,
    server: TcpStream,
    armed: Arc<Mutex<Option<Armed>>>,
    cuts: Arc<AtomicUsize>,
) {
    let (mut from_client, mut to_client) = client.into_split();
    let (mut from_server, mut to_server) = server.into_split();
    // Set once this connection is being cut: nothing more reaches the
    // client (the COMMIT's answer included).
    let cut = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let down_cut = cut.clone();
    let down = tokio::spawn(async move {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match from_server.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if down_cut.load(Ordering::SeqCst) || to_client.write_all(&buf[..n]).await.is_err() {
                break;
            }
        }
        let _ = to_client.shutdown().await;
    });
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match from_client.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let chunk = &buf[..n];
        // sqlx commits with the simple query "COMMIT"; a batch that is one
        // insert commits as it runs (a Parse, or a Bind of the statement
        // parsed before, whose parameters hold the match id).
        let take = {
            let mut armed = armed.lock().unwrap();
            let ours = armed.as_ref().is_some_and(|(_, marker)| {
                chunk.windows(6).any(|w| w == b"COMMIT")
                    || marker.as_ref().is_some_and(|marker| {
                        matches!(chunk.first(), Some(b'P' | b'B'))
                            && chunk.windows(marker.len()).any(|w| w == marker.as_slice())
                    })
            });
            if ours {
                armed.take().map(|(cut, _)| cut)
            } else {
                None
            }
        };
        match take {
            Some(Cut::Before) => {
                cut.store(true, Ordering::SeqCst);
                cuts.fetch_add(1, Ordering::SeqCst);
                break;
            }
            Some(Cut::After) => {
                cut.store(true, Ordering::SeqCst);
                cuts.fetch_add(1, Ordering::SeqCst);
                // Its answer, when it comes, ends the connection to the
                // server under test (see `down`).
                let _ = to_server.write_all(chunk).await;
                // Long enough for Postgres to carry the commit out.
                tokio::time::sleep(Duration::from_millis(300)).await;
                break;
            }
            None => {
                if to_server.write_all(chunk).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = to_server.shutdown().await;
    down.abort();
}

/// Reads `c` until its socket is closed; the close code.
async fn closed(c: &mut TestClient) -> Option<u16> {
    loop {
        match c.next_event(Duration::from_secs(10)).await {
            Event::Msg(_) => {}
            Event::Closed(code) => return code,
            other => panic!("{:?}: expected a close, got {other:?}", c.you),
        }
    }
}

/// A move's commit is one insert, which commits as it runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_commit_reloads_the_room_from_its_log() {
    lost_commits(None).await;
}

/// A turn timer's deadline moves with every move, so each commit is a
/// transaction (BEGIN … COMMIT), and only a COMMIT is cut: were a move
/// written otherwise, nothing would be cut and the move acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_commit_of_a_timed_table_reloads_it_too() {
    lost_commits(Some(TurnTimer::Day)).await;
}

async fn lost_commits(timer: Option<TurnTimer>) {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let upstream = {
        let rest = db.url().split("@").nth(1).unwrap();
        rest.split('/').next().unwrap().to_owned()
    };
    let proxy = CutProxy::start(upstream.clone()).await;
    let url = format!(
        "{}?sslmode=disable",
        db.url().replace(&upstream, &proxy.addr.to_string())
    );
    let server = TestServer::start_with(Config::for_tests(&url)).await;
    let store = Store::connect(db.url()).await.unwrap();
    let kind = GameKind::DoozyDice;
    let mut t = Table::open(&server.api, kind, (players::player(kind).options)(0), 2, 0).await;
    if let Some(timer) = timer {
        // Taken before the start: the room reads its messages in order.
        t.seats[0].send(&ClientMsg::SetTurnTimer { timer }).await;
    }
    t.start().await;
    let id = t.seats[0].match_id();
    let id_text = id.to_string();
    let marker = timer.is_none().then_some(id_text.as_str());

    for (round, cut) in [Cut::Before, Cut::After].into_iter().enumerate() {
        for c in &mut t.seats {
            c.settle().await;
        }
        let held = t.seats[0].version();
        assert_eq!(store.step_count(id).await.unwrap(), held);
        let (i, action) = t
            .seats
            .iter()
            .enumerate()
            .find_map(|(i, c)| Some((i, players::decide(c.seat()?, c.view())?)))
            .expect("a seat is to act");
        proxy.arm(cut, marker);
        let seq = t.seats[i].act(held, action.clone()).await.unwrap();
        match t.seats[i].await_answer(seq).await {
            Answer::Refused(ErrorCode::Storage, _) => {}
            other => panic!("{cut:?}: the lost commit was answered {other:?}"),
        }
        assert_eq!(proxy.cuts.load(Ordering::SeqCst), round + 1);
        // The room reloads: every socket is told to come back.
        for c in &mut t.seats {
            assert_eq!(closed(c).await, Some(close::SERVICE_RESTART), "{cut:?}");
        }
        let stored = store.step_count(id).await.unwrap();
        match cut {
            Cut::Before => assert_eq!(stored, held, "rolled back: nothing stored"),
            Cut::After => assert!(stored > held, "carried out: the step is stored"),
        }
        // Each client resumes from what it holds, to the stored version.
        for (c, token) in t.seats.iter_mut().zip(t.tokens.clone()) {
            let mut back = server
                .api
                .resume(&t.code, Some(&token), c.state.clone())
                .await;
            let (resumed, _) = await_welcome(&mut back).await;
            assert!(resumed, "{cut:?}: a resume");
            back.settle().await;
            assert_eq!(back.version(), stored, "{cut:?}: resumed to the log");
            *c = back;
        }
        if cut == Cut::Before {
            // The same move, made again, is taken.
            let seq = t.seats[i].act(held, action).await.unwrap();
            match t.seats[i].await_answer(seq).await {
                Answer::Acked(v) => assert!(v > held),
                other => panic!("the move made again was answered {other:?}"),
            }
        }
    }

    t.play_to_end().await;
    let (status, body) = server
        .api
        .get_raw(&format!("/api/matches/{id}/export"))
        .await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let record: MatchExport = serde_json::from_slice(&body).unwrap();
    let v = verify(&record).unwrap();
    assert_eq!(v.steps as u64, store.step_count(id).await.unwrap());
    store.close().await;
    server.stop().await;
    db.drop_db().await;
}
