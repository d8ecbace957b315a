//! Room webhooks over real sockets, against a local receiver: an address
//! the server may not call is refused when given; a notice goes out when a
//! seat's player has a new turn and is away (one per turn, none while they
//! are at the table) and when the match ends; no notice carries a token or
//! anything hidden; and a receiver that never answers never holds a room up.
#![allow(clippy::unwrap_used, missing_docs)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::post;
use axum::Router;
use parlor_protocol::room::{Webhook, WebhookFormat};
use parlor_protocol::{ClientMsg, ErrorCode, GameKind, RoomInfo, Seat, ServerMsg};
use parlor_tests::client::TestClient;
use parlor_tests::{driver, TestDb, TestServer};
use serde_json::Value;

/// A webhook receiver on loopback: every body it got, and (`hang`) whether
/// it answers at all.
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Value>>>,
}

async fn receiver(hang: bool) -> Receiver {
    let got = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&got);
    let app = Router::new().route(
        "/hook",
        post(move |body: String| {
            let keep = Arc::clone(&keep);
            async move {
                keep.lock()
                    .unwrap()
                    .push(serde_json::from_str::<Value>(&body).unwrap());
                if hang {
                    tokio::time::sleep(Duration::from_secs(3600)).await;
                }
                "ok"
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    Receiver {
        url: format!("http://{addr}/hook"),
        got,
    }
}

impl Receiver {
    fn bodies(&self) -> Vec<Value> {
        self.got.lock().unwrap().clone()
    }

    /// Waits until it has `n` bodies (a notice is posted off the room's path).
    async fn await_count(&self, n: usize) -> Vec<Value> {
        for _ in 0..200 {
            let b = self.bodies();
            if b.len() >= n {
                return b;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the receiver got {:?}, not {n} notices", self.bodies());
    }
}

async fn server(db: &TestDb) -> TestServer {
    let mut config = parlor_server::config::Config::for_tests(db.url());
    // The receiver is on loopback, which a default server refuses.
    config.notices_private = true;
    TestServer::start_with(config).await
}

async fn room_until(c: &mut TestClient, ok: impl Fn(&RoomInfo) -> bool) {
    while !c.room.as_ref().is_some_and(&ok) {
        c.recv().await;
    }
}

async fn refused(c: &mut TestClient) -> ErrorCode {
    c.recv_until(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    })
    .await
}

fn set(url: &str) -> ClientMsg {
    ClientMsg::SetWebhook {
        webhook: Some(Webhook {
            url: url.into(),
            format: WebhookFormat::Json,
        }),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_says_whose_turn_it_is_when_they_are_away_and_who_won() {
    let db = TestDb::sqlite();
    let server = server(&db).await;
    let hook = receiver(false).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    // Refused when given, with a clear code; nothing set.
    for bad in [
        "not a url",
        "ftp://127.0.0.1/hook",
        "https://no-such-host.invalid/hook",
    ] {
        a.send(&set(bad)).await;
        assert_eq!(refused(&mut a).await, ErrorCode::BadWebhook, "{bad}");
    }
    assert_eq!(a.room.as_ref().unwrap().webhook, None);
    a.send(&set(&hook.url)).await;
    room_until(&mut a, |r| r.webhook == Some(WebhookFormat::Json)).await;
    // Only the host says where.
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    b.send(&set(&hook.url)).await;
    assert_eq!(refused(&mut b).await, ErrorCode::NotHost);
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;

    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    // Bo plays through a connection of his own, opened for his turn only;
    // Ana stays at the table throughout.
    let mut turns_away = 0;
    let mut last_to_act: Vec<Seat> = Vec::new();
    while !a.state().finished() {
        let owing = match &a.state().to_act {
            parlor_protocol::ToAct::Seats { seats } => seats.clone(),
            _ => Vec::new(),
        };
        if owing.contains(&Seat(1)) && !last_to_act.contains(&Seat(1)) {
            turns_away += 1;
        }
        last_to_act = owing.clone();
        if owing.contains(&Seat(1)) {
            let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
            while b.state().is_to_act(Seat(1)) && !b.state().finished() {
                driver::act_if_due(&mut b).await;
                b.settle().await;
            }
            drop(b);
            room_until(&mut a, |r| !r.seats[1].connected).await;
            a.settle().await;
            // His turn ended while he was here: nothing new owed by him.
            last_to_act.retain(|s| *s != Seat(1));
        } else {
            driver::act_if_due(&mut a).await;
            a.settle().await;
        }
    }
    assert!(turns_away >= 2, "Bo had turns: {turns_away}");
    let bodies = hook.await_count(turns_away + 1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let bodies_now = hook.bodies();
    assert_eq!(
        bodies_now.len(),
        bodies.len(),
        "no more than one a turn: {bodies_now:?}"
    );
    let (turns, ends): (Vec<&Value>, Vec<&Value>) =
        bodies_now.iter().partition(|b| b["event"] == "turn");
    assert_eq!(
        turns.len(),
        turns_away,
        "a notice for each of Bo's turns, none for Ana's"
    );
    for t in &turns {
        assert_eq!(t["player"], "Bo");
        assert_eq!(t["seat"], 1);
        assert_eq!(t["game"], "doozy-dice");
        assert_eq!(t["room"], code.as_str());
        assert_eq!(t["text"], format!("Bo's turn in Doozy Dice: room {code}"));
    }
    assert_eq!(ends.len(), 1);
    let result = a.state().result.clone().unwrap();
    let names: Vec<&str> = result
        .winners
        .iter()
        .map(|w| ["Ana", "Bo"][w.index()])
        .collect();
    assert_eq!(ends[0]["winners"], serde_json::json!(names));
    // Nothing secret: no seat token, no seed.
    let all = serde_json::to_string(&bodies_now).unwrap();
    for secret in [&host.token, &guest.token] {
        assert!(!all.contains(secret.as_str()), "a token in a notice");
    }
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receiver_that_never_answers_never_holds_a_room_up() {
    let db = TestDb::sqlite();
    let server = server(&db).await;
    let hook = receiver(true).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    a.send(&set(&hook.url)).await;
    room_until(&mut a, |r| r.webhook.is_some()).await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    // Bo is never at the table: whenever his turn comes, a notice is posted
    // to a receiver that holds it; his turns are played through short
    // visits, Ana's at once, and every action is acknowledged meanwhile.
    let mut acted = 0;
    while acted < 40 && !a.state().finished() {
        if a.state().is_to_act(Seat(1)) {
            hook.await_count(1).await;
            let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
            while b.state().is_to_act(Seat(1)) && !b.state().finished() {
                let v = b.state().version;
                if driver::act_if_due(&mut b).await.is_some() {
                    acted += 1;
                }
                b.await_version(v + 1).await;
                b.settle().await;
            }
            drop(b);
            room_until(&mut a, |r| !r.seats[1].connected).await;
            a.settle().await;
        } else {
            let v = a.state().version;
            if driver::act_if_due(&mut a).await.is_some() {
                acted += 1;
            }
            a.await_version(v + 1).await;
            a.settle().await;
        }
    }
    assert!(acted >= 40 || a.state().finished());
    assert!(
        !hook.bodies().is_empty(),
        "notices were posted, and are still held"
    );
    server.stop().await;
    db.drop_db().await;
}
