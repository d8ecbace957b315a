//! Room webhooks and turn emails over real sockets, against a local HTTP
//! receiver and a local SMTP sink: an address the server may not use is
//! refused when given; a notice goes out when a seat's player has a new turn
//! and is away (one per turn, none while they are at the table) and, to the
//! webhook, when the match ends; no notice carries a token or anything
//! hidden; a receiver that never answers never holds a room up; an email
//! address is deleted when the match ends or its seat is left.
#![allow(clippy::unwrap_used, missing_docs)]

pub(crate) mod push;

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
pub(crate) struct Receiver {
    pub(crate) url: String,
    got: Arc<Mutex<Vec<Value>>>,
}

pub(crate) async fn receiver(hang: bool) -> Receiver {
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
    pub(crate) fn bodies(&self) -> Vec<Value> {
        self.got.lock().unwrap().clone()
    }

    /// Waits until it has `n` bodies (a notice is posted off the room's path).
    pub(crate) async fn await_count(&self, n: usize) -> Vec<Value> {
        if !eventually(200, || self.bodies().len() >= n).await {
            panic!("the receiver got {:?}, not {n} notices", self.bodies());
        }
        self.bodies()
    }
}

/// Waits up to `tries` × 25 ms for `ok` (notices go out off the rooms'
/// path); whether it came.
pub(crate) async fn eventually(tries: u32, ok: impl Fn() -> bool) -> bool {
    for _ in 0..tries {
        if ok() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    ok()
}

pub(crate) async fn server(db: &TestDb) -> TestServer {
    let mut config = parlor_server::config::Config::for_tests(db.url());
    // The receiver is on loopback, which a default server refuses.
    config.notices_private = true;
    TestServer::start_with(config).await
}

pub(crate) async fn room_until(c: &mut TestClient, ok: impl Fn(&RoomInfo) -> bool) {
    while !c.room.as_ref().is_some_and(&ok) {
        c.recv().await;
    }
}

pub(crate) async fn refused(c: &mut TestClient) -> ErrorCode {
    c.recv_until(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    })
    .await
}

pub(crate) fn set(url: &str) -> ClientMsg {
    ClientMsg::SetWebhook {
        webhook: Some(Webhook {
            url: url.into(),
            format: WebhookFormat::Json,
        }),
    }
}

/// Plays the match to its end: seat 0 (`a`) stays at the table throughout;
/// seat 1 plays through a connection of its own, opened for its turn only.
/// Returns how many turns began for seat 1 while it was away.
pub(crate) async fn play_with_seat_1_away(
    server: &TestServer,
    code: &str,
    token: &str,
    a: &mut TestClient,
) -> usize {
    let mut turns_away = 0;
    let mut last: Vec<Seat> = Vec::new();
    while !a.state().finished() {
        let owing = match &a.state().to_act {
            parlor_protocol::ToAct::Seats { seats } => seats.clone(),
            _ => Vec::new(),
        };
        if owing.contains(&Seat(1)) && !last.contains(&Seat(1)) {
            turns_away += 1;
        }
        last = owing.clone();
        if owing.contains(&Seat(1)) {
            let mut b = server.connect_welcomed(code, Some(token)).await;
            while b.state().is_to_act(Seat(1)) && !b.state().finished() {
                driver::act_if_due(&mut b).await;
                b.settle().await;
            }
            drop(b);
            room_until(a, |r| !r.seats[1].connected).await;
            a.settle().await;
            // Its turn ended while it was here: nothing new owed by it.
            last.retain(|s| *s != Seat(1));
        } else {
            driver::act_if_due(a).await;
            a.settle().await;
        }
    }
    turns_away
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
    let turns_away = play_with_seat_1_away(&server, &code, &guest.token, &mut a).await;
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

/// A listener on loopback that takes connections and never says a word:
/// a push service, webhook or SMTP server that hangs.
async fn black_hole() -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receiver_that_never_answers_never_holds_a_room_up() {
    let db = TestDb::sqlite();
    // The webhook, the SMTP server and the push service all hang.
    let hook = receiver(true).await;
    let silent = black_hole().await;
    let mut config = parlor_server::config::Config::for_tests(db.url());
    config.notices_private = true;
    config.smtp = Some(parlor_server::notices::SmtpSettings {
        url: format!("smtp://{silent}"),
        from: "Parlor <games@parlor.test>".into(),
    });
    let server = TestServer::start_with(config).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    a.send(&set(&hook.url)).await;
    room_until(&mut a, |r| r.webhook.is_some()).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    let browser = push::Browser::new("bo");
    let mut sub = browser.subscription(&push::push_service(&[]).await);
    sub.endpoint = format!("http://{silent}/push/bo");
    b.send(&push::subscribe(sub)).await;
    assert!(push::push_state(&mut b).await);
    b.send(&ClientMsg::SetNoticeEmail {
        email: Some("bo@example.org".into()),
    })
    .await;
    assert!(email_state(&mut b).await);
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    // Bo is never at the table: whenever his turn comes, notices go to
    // receivers that hold them; his turns are played through short visits,
    // Ana's at once, and every action is acknowledged meanwhile.
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_sends_no_more_notices_a_day_than_its_cap() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::config::Config::for_tests(db.url());
    config.notices_private = true;
    config.rooms.notices_a_day = 2;
    let server = TestServer::start_with(config).await;
    let hook = receiver(false).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    a.send(&set(&hook.url)).await;
    room_until(&mut a, |r| r.webhook.is_some()).await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    let turns_away = play_with_seat_1_away(&server, &code, &guest.token, &mut a).await;
    assert!(turns_away >= 3, "Bo had turns: {turns_away}");
    hook.await_count(2).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        hook.bodies().len(),
        2,
        "two a day, the end of the match included"
    );
    server.stop().await;
    db.drop_db().await;
}

/// One message a sink took: its recipients and its text.
pub(crate) type Mail = (Vec<String>, String);

/// A minimal SMTP server on loopback: each message it took.
pub(crate) struct Sink {
    pub(crate) addr: std::net::SocketAddr,
    pub(crate) mails: Arc<Mutex<Vec<Mail>>>,
}

pub(crate) async fn smtp_sink() -> Sink {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let mails = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&mails);
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let keep = Arc::clone(&keep);
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
                let mut to = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "RCPT" => {
                            to.push(line.split(['<', '>']).nth(1).unwrap_or("").to_owned());
                            b"250 OK\r\n"
                        }
                        "DATA" => {
                            write.write_all(b"354 go on\r\n").await.unwrap();
                            let mut text = String::new();
                            while let Ok(Some(l)) = lines.next_line().await {
                                if l == "." {
                                    break;
                                }
                                text.push_str(&l);
                                text.push('\n');
                            }
                            keep.lock().unwrap().push((std::mem::take(&mut to), text));
                            b"250 queued\r\n"
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            return;
                        }
                        _ => b"250 OK\r\n",
                    };
                    if write.write_all(reply).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    Sink { addr, mails }
}

impl Sink {
    async fn await_count(&self, n: usize) -> Vec<Mail> {
        let held = || self.mails.lock().unwrap().clone();
        if !eventually(400, || held().len() >= n).await {
            panic!("the sink got {} mails, not {n}", held().len());
        }
        held()
    }
}

async fn email_server(db: &TestDb, sink: &Sink) -> TestServer {
    let mut config = parlor_server::config::Config::for_tests(db.url());
    config.smtp = Some(parlor_server::notices::SmtpSettings {
        url: format!("smtp://{}", sink.addr),
        from: "Parlor <games@parlor.test>".into(),
    });
    TestServer::start_with(config).await
}

pub(crate) async fn email_state(c: &mut TestClient) -> bool {
    c.recv_until(|m| match m {
        ServerMsg::NoticeEmail { set } => Some(*set),
        _ => None,
    })
    .await
}

/// Seats of room `code` whose notice `column` (`notice_email`,
/// `push_subscription`) is set, as stored.
pub(crate) async fn stored(db: &TestDb, code: &str, column: &str) -> i64 {
    use sqlx::{Connection, Row};
    let mut conn = sqlx::AnyConnection::connect(db.url()).await.unwrap();
    let n: i64 = sqlx::query(&format!(
        "select count(*) from seat where room_code = $1 and {column} is not null"
    ))
    .bind(code)
    .fetch_one(&mut conn)
    .await
    .unwrap()
    .try_get(0)
    .unwrap();
    conn.close().await.unwrap();
    n
}

/// Waits until [`stored`] says `n`.
pub(crate) async fn await_stored(db: &TestDb, code: &str, column: &str, n: i64) {
    for _ in 0..200 {
        if stored(db, code, column).await == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(stored(db, code, column).await, n, "{column} stored");
}

/// Dee, seated and connected in Cy's new lobby: for "leaving the seat
/// takes it with it".
pub(crate) async fn dee_in_a_lobby(server: &TestServer) -> (String, TestClient) {
    let other = server.create_room(GameKind::DoozyDice, None, "Cy").await;
    let dee = server.join(&other.code.0, "Dee").await;
    let d = server
        .connect_welcomed(&other.code.0, Some(&dee.token))
        .await;
    (other.code.0, d)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_emails_reach_an_away_player_once_a_turn_and_are_forgotten_at_the_end() {
    let db = TestDb::sqlite();
    let sink = smtp_sink().await;
    let server = email_server(&db, &sink).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    let email = |e: &str| ClientMsg::SetNoticeEmail {
        email: Some(e.into()),
    };
    b.send(&email("not an address")).await;
    assert_eq!(refused(&mut b).await, ErrorCode::BadEmail);
    let mut spectator = server.connect_welcomed(&code, None).await;
    spectator.send(&email("cy@example.org")).await;
    assert_eq!(refused(&mut spectator).await, ErrorCode::NotSeated);
    b.send(&email("bo@example.org")).await;
    assert!(email_state(&mut b).await, "told it is set");
    assert_eq!(stored(&db, &code, "notice_email").await, 1);
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;

    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    let turns_away = play_with_seat_1_away(&server, &code, &guest.token, &mut a).await;
    assert!(turns_away >= 2, "Bo had turns: {turns_away}");
    let mails = sink.await_count(turns_away).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails_now = sink.mails.lock().unwrap().clone();
    assert_eq!(mails_now.len(), mails.len());
    assert_eq!(
        mails_now.len(),
        turns_away,
        "one email for each of Bo's turns, none for Ana's"
    );
    for (to, text) in &mails_now {
        assert_eq!(to, &vec!["bo@example.org".to_owned()]);
        assert!(
            text.contains("Subject: Your turn: Doozy Dice with Ana"),
            "{text}"
        );
        assert!(text.contains(&format!("Play: room {code}")), "{text}");
        for secret in [&host.token, &guest.token] {
            assert!(!text.contains(secret.as_str()), "a token in an email");
        }
    }
    // The match is over: the address is gone.
    assert_eq!(stored(&db, &code, "notice_email").await, 0);

    // Leaving the seat takes the address with it.
    let (other, mut d) = dee_in_a_lobby(&server).await;
    d.send(&email("dee@example.org")).await;
    assert!(email_state(&mut d).await);
    assert_eq!(stored(&db, &other, "notice_email").await, 1);
    d.send(&ClientMsg::LeaveSeat).await;
    await_stored(&db, &other, "notice_email", 0).await;
    server.stop().await;
    db.drop_db().await;
}
