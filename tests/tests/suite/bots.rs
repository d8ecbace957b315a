//! Bots at the table, over real sockets: the host fills seats with bots and
//! plays a whole match against them (every game); a bot stands in for a
//! player who left and the player takes the seat back with their token,
//! across a restart; the host's bot controls are refused with typed errors
//! where they do not apply.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_games::AnyStep;
use parlor_protocol::{
    AnyScorecard, BotLevel, ClientMsg, ErrorCode, GameKind, RoomInfo, Seat, ServerMsg,
};
use parlor_server::config::Config;
use parlor_tests::client::TestClient;
use parlor_tests::{driver, players, TestDb, TestServer};

/// A server whose bots think for a millisecond, so matches run at test speed.
async fn quick_bots(db: &TestDb) -> TestServer {
    let mut config = Config::for_tests(db.url());
    config.rooms.bot_think = Duration::from_millis(1);
    TestServer::start_with(config).await
}

async fn error_code(c: &mut TestClient) -> ErrorCode {
    c.recv_until(|m| match m {
        ServerMsg::Error { code, .. } => Some(*code),
        _ => None,
    })
    .await
}

async fn room_until(c: &mut TestClient, ok: impl Fn(&RoomInfo) -> bool) {
    while !c.room.as_ref().is_some_and(&ok) {
        c.recv().await;
    }
}

/// The seat of every stored step that a seat took, in order.
async fn acting_seats(server: &TestServer, c: &TestClient, kind: GameKind) -> Vec<Seat> {
    let steps = server.server.store.steps(c.match_id()).await.unwrap();
    steps
        .iter()
        .filter_map(|(_, json)| AnyStep::from_json(kind, json).unwrap().seat())
        .collect()
}

/// For every game: one person hosts, bots fill every other seat (both
/// levels), and the match is played to its end over real sockets with a
/// spectator watching. Bots are marked in the room and in the history, and
/// every bot seat took its own turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_match_against_bots_in_every_game() {
    let db = TestDb::sqlite();
    let server = quick_bots(&db).await;
    for &kind in players::PLAYABLE {
        let (_, max) = kind.players();
        let seats = max.min(3);
        let options = (players::player(kind).options)(0);
        let host = server.create_room(kind, Some(options), "Ana").await;
        let code = host.code.0.clone();
        let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
        for i in 1..seats {
            let level = if i % 2 == 1 {
                BotLevel::Normal
            } else {
                BotLevel::Easy
            };
            a.send(&ClientMsg::AddBot { level }).await;
            room_until(&mut a, |r| r.seats.len() == usize::from(i) + 1).await;
        }
        let room = a.room.clone().unwrap();
        for s in &room.seats[1..] {
            assert!(s.bot.is_some(), "{}: seat {} is a bot", kind.slug(), s.seat);
            assert!(s.connected, "a bot is always at the table");
            // A name only: the page words "bot" in its reader's language.
            assert!(
                !s.name.contains("bot") && !s.name.is_empty(),
                "a bot's name is a name: {}",
                s.name
            );
        }
        assert_eq!(room.seats[1].bot, Some(BotLevel::Normal));
        let spectator = server.connect_welcomed(&code, None).await;
        a.send(&ClientMsg::Start).await;
        parlor_tests::await_start(&mut a).await;
        let mut done = driver::play_to_end(vec![a, spectator]).await;
        let a = done.remove(0);
        let result = a.state().result.clone().unwrap();
        assert_eq!(
            result.ranks.len(),
            usize::from(seats),
            "{}: every seat is ranked",
            kind.slug()
        );
        let acted = acting_seats(&server, &a, kind).await;
        for bot in 1..seats {
            assert!(
                acted.contains(&Seat(bot)),
                "{}: the bot in seat {bot} took its turns",
                kind.slug()
            );
        }
        let record = server.match_record(a.match_id()).await;
        let bots: Vec<Seat> = (1..seats).map(Seat).collect();
        assert_eq!(
            record.bots,
            bots,
            "{}: the record marks the bots",
            kind.slug()
        );
        let levels: Vec<BotLevel> = (1..seats)
            .map(|i| {
                if i % 2 == 1 {
                    BotLevel::Normal
                } else {
                    BotLevel::Easy
                }
            })
            .collect();
        assert_eq!(
            record.bot_levels,
            levels,
            "{}: the record keeps each bot's level",
            kind.slug()
        );
        println!(
            "{}: {} seats, {} steps, winners {:?}",
            kind.slug(),
            seats,
            record.steps,
            result.winners
        );
    }
    let history = server.history("").await;
    assert_eq!(history.len(), players::PLAYABLE.len());
    assert!(
        history
            .iter()
            .all(|m| m.bots.first() == Some(&Seat(1))
                && m.bot_levels.first() == Some(&BotLevel::Normal)),
        "history marks the bots and their levels"
    );
    server.stop().await;
    db.drop_db().await;
}

/// For every game: a person plays a whole match against a hard bot over
/// real sockets. The bot's searches run on the search threads (capped short
/// here, so the match runs at test speed), and it takes its own turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_match_against_a_hard_bot_in_every_game() {
    let db = TestDb::sqlite();
    let mut config = Config::for_tests(db.url());
    config.rooms.bot_think = Duration::from_millis(1);
    config.rooms.hard_think = Duration::from_millis(15);
    let server = TestServer::start_with(config).await;
    for &kind in players::PLAYABLE {
        let options = (players::player(kind).options)(0);
        let host = server.create_room(kind, Some(options), "Ana").await;
        let code = host.code.0.clone();
        let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
        a.send(&ClientMsg::AddBot {
            level: BotLevel::Hard,
        })
        .await;
        room_until(&mut a, |r| r.seats.len() == 2).await;
        assert_eq!(a.room.as_ref().unwrap().seats[1].bot, Some(BotLevel::Hard));
        a.send(&ClientMsg::Start).await;
        parlor_tests::await_start(&mut a).await;
        let mut done = driver::play_to_end(vec![a]).await;
        let a = done.remove(0);
        let result = a.state().result.clone().unwrap();
        assert_eq!(result.ranks.len(), 2, "{}: both seats ranked", kind.slug());
        let acted = acting_seats(&server, &a, kind).await;
        assert!(
            acted.contains(&Seat(1)),
            "{}: the hard bot took its turns",
            kind.slug()
        );
        let record = server.match_record(a.match_id()).await;
        assert_eq!(record.bots, vec![Seat(1)]);
        assert_eq!(record.bot_levels, vec![BotLevel::Hard]);
        // The replay says so too, from any seat's eyes.
        let replay: parlor_protocol::replay::Replay = server
            .get_json(&format!("/api/matches/{}/replay?seat=0", a.match_id()))
            .await;
        assert_eq!(replay.bots, vec![Seat(1)], "{}", kind.slug());
        assert_eq!(replay.bot_levels, vec![BotLevel::Hard], "{}", kind.slug());
    }
    let history = server.history("").await;
    assert!(
        history.iter().all(|m| m.bot_levels == vec![BotLevel::Hard]),
        "history says the bots were hard"
    );
    server.stop().await;
    db.drop_db().await;
}

/// A player leaves mid-match; the host has a bot stand in, which plays that
/// seat's turns (and keeps doing so after a restart); the player comes back
/// with their token, the stand-in stops, and they finish the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_stands_in_for_a_player_who_left_and_the_player_takes_the_seat_back() {
    let db = TestDb::sqlite();
    let server = quick_bots(&db).await;
    let kind = GameKind::DoozyDice;
    let host = server.create_room(kind, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    // Only in a match.
    a.send(&ClientMsg::StandIn {
        seat: Seat(1),
        on: true,
    })
    .await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NotNow);
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    parlor_tests::await_start(&mut b).await;
    // Not for a player who is here, and only the host decides.
    a.send(&ClientMsg::StandIn {
        seat: Seat(1),
        on: true,
    })
    .await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NotNow);
    b.send(&ClientMsg::StandIn {
        seat: Seat(0),
        on: true,
    })
    .await;
    assert_eq!(error_code(&mut b).await, ErrorCode::NotHost);
    a.send(&ClientMsg::StandIn {
        seat: Seat(7),
        on: true,
    })
    .await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NoSeat);
    // Bo leaves.
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;
    a.send(&ClientMsg::StandIn {
        seat: Seat(1),
        on: true,
    })
    .await;
    room_until(&mut a, |r| r.seats[1].stand_in).await;
    // Ana plays her turns; the bot plays Bo's.
    let bot_turns = |acted: &[Seat]| acted.iter().filter(|s| **s == Seat(1)).count();
    loop {
        driver::act_if_due(&mut a).await;
        a.recv().await;
        if bot_turns(&acting_seats(&server, &a, kind).await) >= 3 {
            break;
        }
        assert!(a.state().result.is_none(), "the match ended too soon");
    }
    assert_eq!(a.errors.len(), 3, "only the three refusals: {:?}", a.errors);
    // The stand-in is stored: after a restart the bot still plays for Bo.
    let match_id = a.match_id();
    drop(a);
    server.stop().await;
    let server = quick_bots(&db).await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    assert!(a.room.as_ref().unwrap().seats[1].stand_in);
    assert_eq!(a.match_id(), match_id);
    let before = bot_turns(&acting_seats(&server, &a, kind).await);
    loop {
        driver::act_if_due(&mut a).await;
        a.recv().await;
        if bot_turns(&acting_seats(&server, &a, kind).await) > before {
            break;
        }
    }
    // Bo comes back with his token: the stand-in stops and he plays on.
    let b = server.connect_welcomed(&code, Some(&guest.token)).await;
    room_until(&mut a, |r| !r.seats[1].stand_in && r.seats[1].connected).await;
    let bot_done = bot_turns(&acting_seats(&server, &a, kind).await);
    let done = driver::play_to_end(vec![a, b]).await;
    let b = &done[1];
    assert!(b.state().result.is_some());
    let acted = acting_seats(&server, b, kind).await;
    assert!(
        bot_turns(&acted) > bot_done,
        "Bo took turns himself after coming back"
    );
    let stored = server
        .server
        .store
        .load_room(&parlor_protocol::RoomCode(code))
        .await
        .unwrap();
    assert!(
        !stored.seats[1].stand_in,
        "the end of the stand-in is stored"
    );
    server.stop().await;
    db.drop_db().await;
}

/// History marks a seat whose moves a stand-in made for the most part, and
/// tells every match's scores, moves and start: Bo leaves at once, a bot
/// stands in for the whole match, Ana plays hers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_marks_a_seat_a_stand_in_played() {
    let db = TestDb::sqlite();
    let server = quick_bots(&db).await;
    let kind = GameKind::DoozyDice;
    let host = server.create_room(kind, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    parlor_tests::await_start(&mut b).await;
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;
    a.send(&ClientMsg::StandIn {
        seat: Seat(1),
        on: true,
    })
    .await;
    room_until(&mut a, |r| r.seats[1].stand_in).await;
    let a = driver::play(a).await;
    let id = a.match_id();
    let (status, body) = server.get_raw(&format!("/api/matches?room={code}")).await;
    assert_eq!(status, 200);
    let page: Vec<parlor_protocol::http::MatchSummary> = serde_json::from_slice(&body).unwrap();
    let m = page
        .iter()
        .find(|m| m.match_id == id)
        .expect("the match is listed");
    assert_eq!(
        m.stand_ins,
        vec![Seat(1)],
        "Bo's seat was played by a stand-in"
    );
    assert_eq!(m.scores.len(), 2, "a score per seat");
    let AnyScorecard::DoozyDice(card) = &a.state().result.as_ref().unwrap().scorecard else {
        panic!("a Doozy Dice scorecard");
    };
    assert_eq!(m.scores[1], i64::from(card.players[1].score));
    let acted = acting_seats(&server, &a, kind).await;
    assert_eq!(m.moves, acted.len() as u64, "moves are the seats' steps");
    assert!(m.started_at > 0 && m.started_at <= m.finished_at);
    server.stop().await;
    db.drop_db().await;
}

/// The host's bot controls: only the host, only in the lobby, only as many
/// seats as the game has, and only bots can be removed (later seats move up).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_seats_follow_the_lobby_rules() {
    let db = TestDb::sqlite();
    let server = quick_bots(&db).await;
    let host = server.create_room(GameKind::ZopZoo, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    b.send(&ClientMsg::AddBot {
        level: BotLevel::Easy,
    })
    .await;
    assert_eq!(error_code(&mut b).await, ErrorCode::NotHost);
    let (_, max) = GameKind::ZopZoo.players();
    for _ in 2..max {
        a.send(&ClientMsg::AddBot {
            level: BotLevel::Easy,
        })
        .await;
    }
    room_until(&mut a, |r| r.seats.len() == usize::from(max)).await;
    let names = a.seat_names();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        names.len(),
        "bots have distinct names: {names:?}"
    );
    a.send(&ClientMsg::AddBot {
        level: BotLevel::Easy,
    })
    .await;
    assert_eq!(
        error_code(&mut a).await,
        ErrorCode::NoSeat,
        "the table is full"
    );
    a.send(&ClientMsg::RemoveBot { seat: Seat(1) }).await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NoSeat, "Bo is no bot");
    let third = names[3].clone();
    a.send(&ClientMsg::RemoveBot { seat: Seat(2) }).await;
    room_until(&mut a, |r| r.seats.len() == usize::from(max) - 1).await;
    assert_eq!(
        a.room.as_ref().unwrap().seats[2].name,
        third,
        "later seats move up"
    );
    // The bots are stored with the room.
    let stored = server
        .server
        .store
        .load_room(&parlor_protocol::RoomCode(code.clone()))
        .await
        .unwrap();
    assert_eq!(
        stored.seats.iter().filter(|s| s.bot.is_some()).count(),
        usize::from(max) - 3
    );
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    a.send(&ClientMsg::AddBot {
        level: BotLevel::Normal,
    })
    .await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NotNow);
    a.send(&ClientMsg::RemoveBot { seat: Seat(2) }).await;
    assert_eq!(error_code(&mut a).await, ErrorCode::NotNow);
    a.send(&ClientMsg::StandIn {
        seat: Seat(2),
        on: true,
    })
    .await;
    assert_eq!(
        error_code(&mut a).await,
        ErrorCode::NoSeat,
        "a bot needs no stand-in"
    );
    server.stop().await;
    db.drop_db().await;
}
