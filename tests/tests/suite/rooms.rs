//! Room and protocol behaviour over real sockets: handshake, seats and
//! tokens, host powers, and every refusal (typed, and changing nothing).
#![allow(clippy::unwrap_used, missing_docs)]

use futures_util::SinkExt;
use parlor_protocol::doozy_dice::{Action, Options};
use parlor_protocol::http::ChatPage;
use parlor_protocol::{
    AnyAction, ClientMsg, ErrorCode, GameKind, GameOptions, RoomStatus, Seat, ServerMsg, ToAct,
    Viewer,
};
use parlor_tests::{TestClient, TestDb, TestServer};
use tokio_tungstenite::tungstenite::Message;

async fn welcome(c: &mut TestClient) -> (Viewer, Option<parlor_protocol::MatchSnapshot>) {
    c.recv_until(|m| match m {
        ServerMsg::Welcome { you, snapshot, .. } => Some((*you, snapshot.clone())),
        _ => None,
    })
    .await
}

async fn error_code(c: &mut TestClient) -> ErrorCode {
    c.recv_until(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    })
    .await
}

/// The close code the server ends the socket with.
async fn close_code(c: &mut TestClient) -> u16 {
    c.close_code().await
}

/// A Doozy Dice lobby with "Host" and "Guest" seated and connected:
/// (code, [host token, guest token], host client, guest client).
async fn seated(server: &TestServer) -> (String, [String; 2], TestClient, TestClient) {
    let host = server.create_room(GameKind::DoozyDice, None, "Host").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Guest").await;
    let mut a = server.connect(&code, Some(&host.token)).await;
    let mut b = server.connect(&code, Some(&guest.token)).await;
    assert_eq!(welcome(&mut a).await.0, Viewer::Seat(Seat(0)));
    assert_eq!(welcome(&mut b).await.0, Viewer::Seat(Seat(1)));
    (code, [host.token, guest.token], a, b)
}

/// The host starts; both seats then hold the match. The version after setup.
async fn start(a: &mut TestClient, b: &mut TestClient) -> u64 {
    a.send(&ClientMsg::Start).await;
    let (_, version, _) = parlor_tests::await_start(a).await;
    parlor_tests::await_start(b).await;
    version
}

/// A started 2-player room: (server, host client, guest client, version, code).
async fn started(db: &TestDb) -> (TestServer, TestClient, TestClient, u64, String) {
    let server = TestServer::start(db).await;
    let (code, _, mut a, mut b) = seated(&server).await;
    let version = start(&mut a, &mut b).await;
    (server, a, b, version, code)
}

fn roll_all() -> AnyAction {
    AnyAction::DoozyDice(Action::Roll {
        dice: vec![0, 1, 2, 3, 4],
    })
}

#[tokio::test]
async fn refusals_are_typed_and_change_nothing() {
    let db = TestDb::sqlite();
    let (server, mut a, mut b, version, code) = started(&db).await;
    // Who moves first was decided by the roll-off; a spectator's view tells.
    let mut spectator = server.connect(&code, None).await;
    let snapshot = welcome(&mut spectator).await.1.unwrap();
    let ToAct::Seats { seats } = &snapshot.to_act else {
        panic!("a seat should act")
    };
    let (mover, waiter) = if seats.contains(&Seat(0)) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };

    // Not your turn.
    waiter
        .send(&ClientMsg::Act {
            client_seq: 1,
            version,
            action: roll_all(),
        })
        .await;
    assert_eq!(error_code(waiter).await, ErrorCode::NotYourTurn);
    // Stale version.
    mover
        .send(&ClientMsg::Act {
            client_seq: 2,
            version: version + 7,
            action: roll_all(),
        })
        .await;
    assert_eq!(error_code(mover).await, ErrorCode::StaleVersion);
    // Illegal: the first roll must roll all five dice.
    let partial = AnyAction::DoozyDice(Action::Roll { dice: vec![0] });
    mover
        .send(&ClientMsg::Act {
            client_seq: 3,
            version,
            action: partial,
        })
        .await;
    assert_eq!(error_code(mover).await, ErrorCode::IllegalAction);
    // Adjust before any roll, a die that doesn't exist: illegal, no panic.
    let bad_die = AnyAction::DoozyDice(Action::Adjust { die: 200, to: 9 });
    mover
        .send(&ClientMsg::Act {
            client_seq: 4,
            version,
            action: bad_die,
        })
        .await;
    assert_eq!(error_code(mover).await, ErrorCode::IllegalAction);
    // Garbage.
    mover.send_raw("{\"type\":\"act\",\"client_seq\":5}").await;
    assert_eq!(error_code(mover).await, ErrorCode::BadMessage);
    mover.send_raw("not json at all").await;
    assert_eq!(error_code(mover).await, ErrorCode::BadMessage);
    // Host powers after the start.
    mover.send(&ClientMsg::Start).await;
    assert!(matches!(
        error_code(mover).await,
        ErrorCode::NotHost | ErrorCode::AlreadyStarted
    ));

    // Nothing changed: the version is where it was, and the legal roll works.
    assert_eq!(
        server
            .server
            .store
            .step_count(snapshot.match_id)
            .await
            .unwrap(),
        version
    );
    mover
        .send(&ClientMsg::Act {
            client_seq: 9,
            version,
            action: roll_all(),
        })
        .await;
    let acked = mover
        .recv_until(|m| match m {
            ServerMsg::Ack {
                client_seq: 9,
                version,
            } => Some(*version),
            ServerMsg::Error { message, .. } => panic!("refused: {message}"),
            _ => None,
        })
        .await;
    assert_eq!(acked, version + 6, "one roll step and five dice landing");
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test]
async fn lobby_rules_and_spectators() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Host").await;
    let code = host.code.0.clone();
    assert_eq!(host.seat, Some(Seat(0)));
    assert_eq!(host.join_path, format!("/r/{code}"));

    let mut a = server.connect(&code, Some(&host.token)).await;
    welcome(&mut a).await;
    // One player is too few.
    a.send(&ClientMsg::Start).await;
    assert_eq!(error_code(&mut a).await, ErrorCode::PlayerCount);

    let guest = server.join(&code, "  Guest  ").await;
    let mut b = server.connect(&code, Some(&guest.token)).await;
    welcome(&mut b).await;
    // Only the host changes options or starts.
    let opts = GameOptions::DoozyDice(Options {
        lock_set_aside: true,
        auto_claim: true,
    });
    b.send(&ClientMsg::SetOptions {
        options: opts.clone(),
    })
    .await;
    assert_eq!(error_code(&mut b).await, ErrorCode::NotHost);
    b.send(&ClientMsg::Start).await;
    assert_eq!(error_code(&mut b).await, ErrorCode::NotHost);
    a.send(&ClientMsg::SetOptions {
        options: opts.clone(),
    })
    .await;
    let room = a
        .recv_until(|m| match m {
            ServerMsg::Room { room } if room.options == opts => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(room.seats[1].name, "Guest", "names are trimmed");

    // A spectator sees the room but cannot act.
    let mut s = server.connect(&code, None).await;
    assert_eq!(welcome(&mut s).await.0, Viewer::Spectator);
    s.send(&ClientMsg::Act {
        client_seq: 1,
        version: 0,
        action: roll_all(),
    })
    .await;
    assert_eq!(error_code(&mut s).await, ErrorCode::NotSeated);

    // A wrong token is refused with its own close code.
    let mut x = server.connect(&code, Some("not-a-token")).await;
    assert_eq!(close_code(&mut x).await, 4001);

    // Start; a late joiner becomes a spectator.
    a.send(&ClientMsg::Start).await;
    a.recv_until(|m| matches!(m, ServerMsg::Sync { .. }).then_some(()))
        .await;
    let late = server.join(&code, "Late").await;
    assert_eq!(late.seat, None);
    let info: parlor_protocol::RoomInfo = server
        .http
        .get(format!("{}/api/rooms/{code}", server.base()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info.status, RoomStatus::Playing);
    assert_eq!(info.seats.len(), 2);

    // Reloading reclaims the same seat with a full view.
    drop(b);
    let mut b2 = server.connect(&code, Some(&guest.token)).await;
    let (you, snapshot) = welcome(&mut b2).await;
    assert_eq!(you, Viewer::Seat(Seat(1)));
    assert!(
        snapshot.is_some_and(|s| s.version > 0 && s.seed.is_none()),
        "seed stays secret mid-match"
    );
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test]
async fn handshake_and_http_errors() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Host").await;
    // First message must be hello.
    let mut c = server.open(&host.code.0).await;
    c.send(&ClientMsg::Ping).await;
    assert_eq!(close_code(&mut c).await, 4000);
    // Binary frames are refused with a typed error, and the socket stays open.
    let mut h = server.connect(&host.code.0, Some(&host.token)).await;
    welcome(&mut h).await;
    h.ws.send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert_eq!(error_code(&mut h).await, ErrorCode::BadMessage);
    h.send(&ClientMsg::Ping).await;
    h.recv_until(|m| matches!(m, ServerMsg::Pong).then_some(()))
        .await;
    // Unknown room: plain 404 before any upgrade.
    let resp = server
        .http
        .get(format!("{}/api/rooms/ZZZZZZ", server.base()))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 404);
    let body: parlor_protocol::http::ApiError = resp.json().await.unwrap();
    assert_eq!(body.error, "room_not_found");
    // Bad names.
    for name in ["", "   ", "a\u{7}b", &"x".repeat(25)] {
        let resp = server
            .http
            .post(format!("{}/api/rooms/{}/join", server.base(), host.code))
            .json(&serde_json::json!({ "name": name }))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 400, "name {name:?}");
    }
    // Health and the game list.
    let health: parlor_protocol::http::Health = server
        .http
        .get(format!("{}/api/health", server.base()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health.status, "ok");
    let games: Vec<parlor_protocol::http::GameInfo> = server
        .http
        .get(format!("{}/api/games", server.base()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(games.len(), 5);
    assert!(games
        .iter()
        .any(|g| g.kind == GameKind::DoozyDice && g.playable));
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test]
async fn shutdown_closes_sockets_with_going_away() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Host").await;
    let mut a = server.connect(&host.code.0, Some(&host.token)).await;
    welcome(&mut a).await;
    let stop = tokio::spawn(server.stop());
    assert_eq!(close_code(&mut a).await, 1001);
    stop.await.unwrap();
    db.drop_db().await;
}

/// Two players may not share a name: a second "Ana" (any case) is seated
/// as "Ana 2", a third as "Ana 3".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_told_apart() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    server.join(&code, "ana").await;
    server.join(&code, "Ana").await;
    server.join(&code, "Bo").await;
    let names: Vec<String> = server
        .room_info(&code)
        .await
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["Ana", "ana 2", "Ana 3", "Bo"]);
    server.stop().await;
    db.drop_db().await;
}

/// Chat: players talk to the room, spectators among themselves (never to
/// the players); lines are cleaned, bounded and paced; a newcomer (or a
/// reconnect) gets the recent lines it may hear in its welcome, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_reaches_everyone_and_is_kept_for_newcomers() {
    use parlor_protocol::ChatLine;
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    a.record();
    let mut s = server.connect_welcomed(&code, None).await;
    async fn next_line(c: &mut TestClient) -> ChatLine {
        c.recv_until(|m| match m {
            ServerMsg::Chat { line } => Some(line.clone()),
            _ => None,
        })
        .await
    }
    a.send(&ClientMsg::Chat {
        text: "  hello\nall\u{202e}  ".into(),
    })
    .await;
    let line = next_line(&mut s).await;
    assert_eq!(
        line.text, "hello all",
        "one line, no control or bidi characters"
    );
    assert_eq!(line.name, "Ana");
    assert_eq!(line.from, Viewer::Seat(Seat(0)));
    assert_eq!(next_line(&mut a).await, line, "the speaker hears it too");
    // Too fast, too long, empty: refused, nothing sent.
    a.send(&ClientMsg::Chat {
        text: "again".into(),
    })
    .await;
    assert_eq!(error_code(&mut a).await, ErrorCode::RateLimited);
    // Past the chat pace (400 ms): pacing, not a synchronisation.
    tokio::time::sleep(std::time::Duration::from_millis(450)).await;
    a.send(&ClientMsg::Chat {
        text: "x".repeat(301),
    })
    .await;
    assert_eq!(error_code(&mut a).await, ErrorCode::BadMessage);
    s.send(&ClientMsg::Chat {
        text: " \t ".into(),
    })
    .await;
    assert_eq!(error_code(&mut s).await, ErrorCode::BadMessage);
    // A spectator talks to the other spectators only: the players neither
    // receive the line nor get it in a welcome.
    let mut s2 = server.connect_welcomed(&code, None).await;
    s.send(&ClientMsg::Chat {
        text: "hi from the rail".into(),
    })
    .await;
    let line2 = next_line(&mut s2).await;
    assert_eq!(
        (line2.name.as_str(), line2.from),
        ("Spectator", Viewer::Spectator)
    );
    assert_eq!(next_line(&mut s).await, line2);
    // Ana's next line is the next thing she hears: the rail's never came.
    tokio::time::sleep(std::time::Duration::from_millis(450)).await;
    a.send(&ClientMsg::Chat {
        text: "thanks".into(),
    })
    .await;
    let line3 = next_line(&mut a).await;
    assert_eq!(line3.text, "thanks");
    assert!(
        !a.frames.iter().any(|f| f.text.contains("hi from the rail")),
        "a player got the rail's line"
    );
    // The host mutes the rail: a spectator's line is refused, not sent;
    // only the host may mute; unmuted, the rail talks again.
    s.send(&ClientMsg::Mute {
        seat: None,
        muted: true,
    })
    .await;
    assert_eq!(error_code(&mut s).await, ErrorCode::NotHost);
    a.send(&ClientMsg::Mute {
        seat: None,
        muted: true,
    })
    .await;
    room_until(&mut s, |r| r.rail_muted).await;
    s.send(&ClientMsg::Chat {
        text: "can you hear me".into(),
    })
    .await;
    assert_eq!(error_code(&mut s).await, ErrorCode::Muted);
    a.send(&ClientMsg::Mute {
        seat: Some(Seat(0)),
        muted: true,
    })
    .await;
    assert_eq!(
        error_code(&mut a).await,
        ErrorCode::BadMessage,
        "not oneself"
    );
    a.send(&ClientMsg::Mute {
        seat: None,
        muted: false,
    })
    .await;
    room_until(&mut s, |r| !r.rail_muted).await;
    // Newcomers get the recent lines they may hear in their welcome.
    let welcome_chat = |mut c: TestClient| async move {
        c.recv_until(|m| match m {
            ServerMsg::Welcome { chat, .. } => Some(chat.clone()),
            _ => None,
        })
        .await
    };
    let late = server.connect(&code, None).await;
    assert_eq!(
        welcome_chat(late).await,
        vec![line.clone(), line2, line3.clone()]
    );
    let again = server.connect(&code, Some(&host.token)).await;
    assert_eq!(welcome_chat(again).await, vec![line, line3]);
    server.stop().await;
    db.drop_db().await;
}

/// Waits until `c` holds room info that satisfies `ok`.
async fn room_until(c: &mut TestClient, ok: impl Fn(&parlor_protocol::RoomInfo) -> bool) {
    while !c.room.as_ref().is_some_and(&ok) {
        c.recv().await;
    }
}

/// Names and seats in the lobby (rename, a name taken, leaving a seat and
/// the seats after it moving up), then after a match: no instant restart
/// over the results, a rematch once every seat asks, and the host taking
/// the room back to the lobby; all of it survives a restart.
#[tokio::test]
async fn lobby_names_seats_rematch_and_back_to_lobby() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let ben = server.join(&code, "Ben").await;
    let cy = server.join(&code, "Cy").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut b = server.connect_welcomed(&code, Some(&ben.token)).await;
    let mut c = server.connect_welcomed(&code, Some(&cy.token)).await;
    let mut w = server.connect_welcomed(&code, None).await;

    // Rename: a taken name (any case) is refused, a bad one too.
    b.send(&ClientMsg::Rename { name: "ANA".into() }).await;
    assert_eq!(error_code(&mut b).await, ErrorCode::NameTaken);
    b.send(&ClientMsg::Rename {
        name: " \u{202e} ".into(),
    })
    .await;
    assert_eq!(error_code(&mut b).await, ErrorCode::BadName);
    w.send(&ClientMsg::Rename { name: "Eve".into() }).await;
    assert_eq!(error_code(&mut w).await, ErrorCode::NotSeated);
    b.send(&ClientMsg::Rename {
        name: "  Bea ".into(),
    })
    .await;
    room_until(&mut a, |r| r.seats.get(1).is_some_and(|s| s.name == "Bea")).await;
    // Keeping one's own name in another case is fine.
    a.send(&ClientMsg::Rename { name: "ana".into() }).await;
    room_until(&mut c, |r| r.seats[0].name == "ana").await;

    // Bea leaves: she watches on; Cy moves up to seat 1 and is told so.
    b.send(&ClientMsg::LeaveSeat).await;
    room_until(&mut b, |r| r.seats.len() == 2).await;
    assert_eq!(b.you, Some(Viewer::Spectator));
    room_until(&mut c, |r| r.seats.len() == 2).await;
    while c.you != Some(Viewer::Seat(Seat(1))) {
        c.recv().await;
    }
    let names = c.seat_names();
    assert_eq!(names, ["ana", "Cy"]);
    b.send(&ClientMsg::LeaveSeat).await;
    assert_eq!(error_code(&mut b).await, ErrorCode::NotSeated);
    // Her old token no longer holds a seat; Cy's token is seat 1 now.
    let mut old = server.connect(&code, Some(&ben.token)).await;
    assert_eq!(close_code(&mut old).await, 4001, "an unknown seat token");
    let again = server.connect_welcomed(&code, Some(&cy.token)).await;
    assert_eq!(again.you, Some(Viewer::Seat(Seat(1))));
    drop(again);

    // A match; no renaming or leaving during it.
    a.send(&ClientMsg::Start).await;
    for x in [&mut a, &mut c] {
        parlor_tests::await_start(x).await;
    }
    c.send(&ClientMsg::Rename { name: "Cyd".into() }).await;
    assert_eq!(error_code(&mut c).await, ErrorCode::NotNow);
    c.send(&ClientMsg::Rematch { ready: true }).await;
    assert_eq!(error_code(&mut c).await, ErrorCode::NotNow);
    let first = a.match_id();
    // The refusals above were expected; the players fail on any other.
    c.errors.clear();
    let mut played = parlor_tests::driver::play_to_end(vec![a, c]).await;
    let mut c = played.pop().unwrap();
    let mut a = played.pop().unwrap();

    // Over: the results stay until everyone agrees.
    a.send(&ClientMsg::Start).await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NotNow);
    w.send(&ClientMsg::Rematch { ready: true }).await;
    assert_eq!(error_code(&mut w).await, ErrorCode::NotSeated);
    a.send(&ClientMsg::Rematch { ready: true }).await;
    room_until(&mut c, |r| r.rematch == [Seat(0)]).await;
    a.send(&ClientMsg::Rematch { ready: false }).await;
    room_until(&mut c, |r| r.rematch.is_empty()).await;
    assert_eq!(c.room.as_ref().unwrap().status, RoomStatus::Finished);
    a.send(&ClientMsg::Rematch { ready: true }).await;
    c.send(&ClientMsg::Rematch { ready: true }).await;
    for x in [&mut a, &mut c] {
        parlor_tests::await_start(x).await;
    }
    assert_ne!(a.match_id(), first, "a new match");
    room_until(&mut c, |r| {
        r.rematch.is_empty() && r.status == RoomStatus::Playing
    })
    .await;
    a.errors.clear();
    let mut played = parlor_tests::driver::play_to_end(vec![a, c]).await;
    let mut c = played.pop().unwrap();
    let mut a = played.pop().unwrap();

    // Back to the lobby: the host only; then options and seats may change.
    c.send(&ClientMsg::BackToLobby).await;
    assert_eq!(error_code(&mut c).await, ErrorCode::NotHost);
    a.send(&ClientMsg::BackToLobby).await;
    room_until(&mut c, |r| r.status == RoomStatus::Lobby).await;
    while c.state.is_some() {
        c.recv().await;
    }
    assert_eq!(c.room.as_ref().unwrap().match_id, None);
    c.send(&ClientMsg::Rename { name: "Cyd".into() }).await;
    room_until(&mut a, |r| r.seats[1].name == "Cyd").await;
    let dee = server.join(&code, "Dee").await;
    assert_eq!(dee.seat, Some(Seat(2)), "new players can join the lobby");
    drop((a, c, w));
    server.stop().await;

    // All of it was stored.
    let server = TestServer::start(&db).await;
    let r = server.room_info(&code).await;
    assert_eq!(r.status, RoomStatus::Lobby);
    assert_eq!(r.match_id, None);
    let names: Vec<&str> = r.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["ana", "Cyd", "Dee"]);
    let c = server.connect_welcomed(&code, Some(&cy.token)).await;
    assert_eq!(c.you, Some(Viewer::Seat(Seat(1))));
    assert!(c.state.is_none(), "no match on the table in the lobby");
    server.stop().await;
    db.drop_db().await;
}

async fn seat_link(c: &mut TestClient) -> (String, u32) {
    c.recv_until(|m| match m {
        ServerMsg::SeatLink { code, expires_ms } => Some((code.clone(), *expires_ms)),
        _ => None,
    })
    .await
}

/// A seat moves to another device by a one-time link: the new device gets a
/// new token and plays, the old device's socket closes with 4009 and its
/// token no longer works, and the link cannot be used twice (or by anyone
/// once it is replaced). Spectators have no seat to move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_moves_to_another_device_by_a_one_time_link() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let (code, [host_token, _], mut laptop, mut b) = seated(&server).await;
    b.record();
    start(&mut laptop, &mut b).await;
    let mut watcher = server.connect_welcomed(&code, None).await;
    watcher.send(&ClientMsg::SeatLink).await;
    assert_eq!(error_code(&mut watcher).await, ErrorCode::NotSeated);
    laptop.send(&ClientMsg::SeatLink).await;
    let (first, expires_ms) = seat_link(&mut laptop).await;
    assert!(expires_ms > 60_000, "long enough to pick up the phone");
    // Asking again replaces the link.
    laptop.send(&ClientMsg::SeatLink).await;
    let (link, _) = seat_link(&mut laptop).await;
    assert_ne!(first, link);
    assert_eq!(server.claim(&code, &first).await.unwrap_err().0, 410);
    b.settle().await;
    assert!(
        !b.frames.iter().any(|f| f.text.contains(&link)),
        "only the asking connection hears its link"
    );
    let joined = server.claim(&code, &link).await.unwrap();
    assert_eq!(joined.seat, Some(Seat(0)));
    assert_eq!(
        close_code(&mut laptop).await,
        parlor_protocol::close::SEAT_MOVED
    );
    let (status, body) = server.claim(&code, &link).await.unwrap_err();
    assert_eq!(status, 410, "one use only");
    assert!(body.contains("bad_claim"), "{body}");
    // The laptop's token no longer opens the seat.
    let mut again = server.connect(&code, Some(&host_token)).await;
    assert_eq!(
        close_code(&mut again).await,
        parlor_protocol::close::BAD_TOKEN
    );
    // The phone plays the seat to the end of the match.
    let mut phone = server.connect(&code, Some(&joined.token)).await;
    let (you, snapshot) = welcome(&mut phone).await;
    assert_eq!(you, Viewer::Seat(Seat(0)));
    assert!(snapshot.is_some());
    let done = parlor_tests::driver::play_to_end(vec![phone, b]).await;
    assert!(done[0]
        .answered
        .iter()
        .any(|(_, a)| matches!(a, parlor_tests::client::Answer::Acked(_))));
    server.stop().await;
    db.drop_db().await;
}

/// A seat link outlives a restart: issued, then the server stops and
/// starts again (the room comes back from the database), and the link
/// moves the seat once; used, it never works again, after another restart
/// neither. A link replaced before the restart stays dead after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_link_works_once_across_restarts() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let (code, [host_token, guest_token], mut laptop, mut b) = seated(&server).await;
    start(&mut laptop, &mut b).await;
    laptop.send(&ClientMsg::SeatLink).await;
    let (replaced, _) = seat_link(&mut laptop).await;
    laptop.send(&ClientMsg::SeatLink).await;
    let (link, _) = seat_link(&mut laptop).await;
    b.send(&ClientMsg::SeatLink).await;
    let (guest_link, _) = seat_link(&mut b).await;
    drop((laptop, b));
    server.stop().await;

    let server = TestServer::start(&db).await;
    assert_eq!(server.claim(&code, &replaced).await.unwrap_err().0, 410);
    let joined = server.claim(&code, &link).await.unwrap();
    assert_eq!(joined.seat, Some(Seat(0)));
    let (status, body) = server.claim(&code, &link).await.unwrap_err();
    assert_eq!(status, 410, "one use only");
    assert!(body.contains("bad_claim"), "{body}");
    // The old token is dead, the new one holds the seat.
    let mut old = server.connect(&code, Some(&host_token)).await;
    assert_eq!(
        close_code(&mut old).await,
        parlor_protocol::close::BAD_TOKEN
    );
    let mut phone = server.connect(&code, Some(&joined.token)).await;
    assert_eq!(welcome(&mut phone).await.0, Viewer::Seat(Seat(0)));
    drop(phone);
    server.stop().await;

    // Used before this restart: still used after it. The guest's link,
    // never used, still works.
    let server = TestServer::start(&db).await;
    assert_eq!(server.claim(&code, &link).await.unwrap_err().0, 410);
    let guest = server.claim(&code, &guest_link).await.unwrap();
    assert_eq!(guest.seat, Some(Seat(1)));
    assert_ne!(guest.token, guest_token);
    assert_eq!(server.claim(&code, &guest_link).await.unwrap_err().0, 410);
    server.stop().await;
    db.drop_db().await;
}

/// Chat and reactions are stored with the match: they come back in the
/// welcome after a restart (the rail's only to spectators), and once the
/// match is over its record holds everything said from its start (the
/// rail's lines too, and the "gg" after the end), in order, while a live
/// match's record holds none of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_and_reactions_are_stored_with_the_match() {
    use parlor_protocol::{ChatLine, Reaction};
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let (code, [host_token, guest_token], mut a, mut b) = seated(&server).await;
    // Said in the lobby, before any match: the room's, not a match's.
    a.send(&ClientMsg::Chat {
        text: "welcome".into(),
    })
    .await;
    start(&mut a, &mut b).await;
    let mut s = server.connect_welcomed(&code, None).await;
    async fn line(c: &mut TestClient) -> ChatLine {
        c.recv_until(|m| match m {
            ServerMsg::Chat { line } => Some(line.clone()),
            _ => None,
        })
        .await
    }
    async fn welcome_chat(server: &TestServer, code: &str, token: Option<&str>) -> Vec<ChatLine> {
        let mut c = server.connect(code, token).await;
        c.recv_until(|m| match m {
            ServerMsg::Welcome { chat, .. } => Some(chat.clone()),
            _ => None,
        })
        .await
    }
    tokio::time::sleep(std::time::Duration::from_millis(450)).await;
    a.send(&ClientMsg::Chat {
        text: "good luck".into(),
    })
    .await;
    let said = line(&mut b).await;
    assert_eq!(line(&mut a).await, said, "the speaker hears it too");
    b.send(&ClientMsg::React {
        reaction: Reaction::ThumbsUp,
    })
    .await;
    let reacted = line(&mut a).await;
    assert_eq!(reacted.reaction, Some(Reaction::ThumbsUp));
    assert_eq!(
        (reacted.text.as_str(), reacted.name.as_str()),
        ("", "Guest")
    );
    // Reactions are paced like lines.
    b.send(&ClientMsg::React {
        reaction: Reaction::Clap,
    })
    .await;
    assert_eq!(error_code(&mut b).await, ErrorCode::RateLimited);
    s.send(&ClientMsg::React {
        reaction: Reaction::Wow,
    })
    .await;
    // The spectator hears the players' lines, then its own.
    assert_eq!(line(&mut s).await, said);
    assert_eq!(line(&mut s).await, reacted);
    let rail = line(&mut s).await;
    assert_eq!(rail.from, Viewer::Spectator);
    let match_id = a.match_id();
    assert_eq!(
        server.match_record(match_id).await.chat_lines,
        0,
        "a live match's record holds no talk (the rail's would reach the players)"
    );
    let (status, body) = server
        .get_raw(&format!("/api/matches/{}/chat", match_id.0))
        .await;
    assert_eq!(status, 403, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("match_not_over"));
    // After a restart the room still has its talk.
    drop((a, b, s));
    server.stop().await;
    let server = TestServer::start(&db).await;
    let spectators = welcome_chat(&server, &code, None).await;
    assert_eq!(spectators.len(), 4, "{spectators:?}");
    assert_eq!(spectators[0].text, "welcome");
    assert_eq!(
        spectators[1..],
        [said.clone(), reacted.clone(), rail.clone()]
    );
    assert_eq!(
        welcome_chat(&server, &code, Some(&guest_token)).await,
        spectators[..3],
        "players never get the rail's talk"
    );
    // Played out, then a word after the end: the record shows the match's
    // talk, the rail's included, and neither the lobby's nor what was said
    // once it was over (that is the room's: the record is closed).
    let a = server.connect_welcomed(&code, Some(&host_token)).await;
    let b = server.connect_welcomed(&code, Some(&guest_token)).await;
    let mut done = parlor_tests::driver::play_to_end(vec![a, b]).await;
    tokio::time::sleep(std::time::Duration::from_millis(450)).await;
    done[0].send(&ClientMsg::Chat { text: "gg".into() }).await;
    let gg = line(&mut done[1]).await;
    let record = server.match_record(match_id).await;
    assert!(record.result.is_some());
    assert_eq!(record.chat_lines, 3);
    let page: ChatPage = server
        .get_json(&format!("/api/matches/{}/chat", match_id.0))
        .await;
    assert_eq!(
        page.lines,
        vec![said.clone(), reacted.clone(), rail.clone()]
    );
    assert_eq!(page.next, None);
    // A page at a time.
    let first: ChatPage = server
        .get_json(&format!("/api/matches/{}/chat?limit=2", match_id.0))
        .await;
    assert_eq!(first.lines, vec![said.clone(), reacted.clone()]);
    assert_eq!(first.next, Some(2));
    let second: ChatPage = server
        .get_json(&format!("/api/matches/{}/chat?after=2&limit=2", match_id.0))
        .await;
    assert_eq!((second.lines, second.next), (vec![rail.clone()], None));
    // The room still has the word said after the end.
    let after = welcome_chat(&server, &code, Some(&host_token)).await;
    assert_eq!(after.last(), Some(&gg));
    server.stop().await;
    db.drop_db().await;
}

/// A page that reloads mid-match asks for the whole log: it gets its own
/// views of every step so far, exactly those its first connection was sent
/// one update at a time (a spectator's, the public replay's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_log_comes_back_to_a_page_that_reloads() {
    use parlor_protocol::AnyStepView;
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let (code, [_, guest_token], mut a, mut b) = seated(&server).await;
    b.record();
    let mut s = server.connect_welcomed(&code, None).await;
    a.send(&ClientMsg::Start).await;
    for c in [&mut a, &mut b, &mut s] {
        parlor_tests::await_start(c).await;
    }
    // A few turns.
    while a.state().version < 12 {
        for c in [&mut a, &mut b] {
            parlor_tests::driver::act_if_due(c).await;
        }
        a.recv().await;
    }
    let version = a.state().version;
    b.await_version(version).await;
    let sent: Vec<AnyStepView> = b
        .frames
        .iter()
        .filter_map(|f| match serde_json::from_str(&f.text).unwrap() {
            ServerMsg::Update { steps, .. } => Some(steps),
            _ => None,
        })
        .flatten()
        .collect();
    async fn log(c: &mut TestClient) -> (u64, Vec<AnyStepView>) {
        c.send(&ClientMsg::Log).await;
        c.recv_until(|m| match m {
            ServerMsg::Log { version, steps, .. } => Some((*version, steps.clone())),
            _ => None,
        })
        .await
    }
    let mut reloaded = server.connect_welcomed(&code, Some(&guest_token)).await;
    let (v, steps) = log(&mut reloaded).await;
    assert_eq!(v, version);
    assert_eq!(steps.len() as u64, version);
    assert_eq!(steps, sent, "the seat's own views, as it was sent them");
    let (_, public) = log(&mut s).await;
    let replay: parlor_protocol::replay::Replay = server
        .get_json(&format!("/api/matches/{}/replay", a.match_id()))
        .await;
    let replayed: Vec<AnyStepView> = replay.steps.into_iter().map(|s| s.step).collect();
    assert_eq!(
        public,
        replayed[..public.len()],
        "a spectator's log is the public replay"
    );
    server.stop().await;
    db.drop_db().await;
}
