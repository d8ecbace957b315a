//! The turn timer over real sockets, on paused tokio time: the test moves the
//! clock itself (`tokio::time::advance`), so every deadline is met to the
//! millisecond and nothing depends on how fast the machine is.
//!
//! While a test runs, a task keeps the runtime busy (it only yields): a
//! paused runtime that falls idle would otherwise jump its clock to the next
//! timer whenever it waits for the database's thread. A watchdog on a real
//! thread fails the test if it hangs.
#![allow(clippy::unwrap_used, missing_docs)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use parlor_games::AnyStep;
use parlor_protocol::msg::STAND_IN_AFTER;
use parlor_protocol::{AnyAction, AnyView, ClientMsg, GameKind, RoomInfo, Seat, ToAct, TurnTimer};
use parlor_tests::client::TestClient;
use parlor_tests::{driver, TestDb, TestServer};
use sqlx::Connection;

/// Seconds a decision has on the fast timer.
const FAST: u64 = 15;

/// Pauses time, keeps the paused runtime from skipping ahead on its own,
/// and fails the test after `limit` of real time; dropped, time runs again.
struct Clock {
    spin: tokio::task::JoinHandle<()>,
    done: Arc<AtomicBool>,
}

impl Clock {
    fn pause(limit: Duration) -> Clock {
        tokio::time::pause();
        let spin = tokio::spawn(async {
            loop {
                tokio::task::yield_now().await;
            }
        });
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        std::thread::spawn(move || {
            let start = std::time::Instant::now();
            while start.elapsed() < limit {
                if flag.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            eprintln!("timer test hung for {limit:?} of real time");
            std::process::exit(101);
        });
        Clock { spin, done }
    }

    /// Moves the clock on by `d`, firing whatever falls due.
    async fn advance(&self, d: Duration) {
        tokio::time::advance(d).await;
    }
}

impl Drop for Clock {
    fn drop(&mut self) {
        // Real time again (for HTTP calls and the next case).
        tokio::time::resume();
        self.spin.abort();
        self.done.store(true, Ordering::Relaxed);
    }
}

async fn room_until(c: &mut TestClient, ok: impl Fn(&RoomInfo) -> bool) {
    while !c.room.as_ref().is_some_and(&ok) {
        c.recv().await;
    }
}

/// The one seat to act now.
fn to_act(c: &TestClient) -> Seat {
    match &c.state().to_act {
        ToAct::Seats { seats } if seats.len() == 1 => seats[0],
        other => panic!("one seat should act: {other:?}"),
    }
}

/// A two-player Doozy Dice room on the fast turn timer, started.
async fn fast_room(server: &TestServer) -> (String, Vec<String>, TestClient, TestClient) {
    timed_room(server, TurnTimer::Fast).await
}

/// A two-player Doozy Dice room on `timer`, started.
async fn timed_room(
    server: &TestServer,
    timer: TurnTimer,
) -> (String, Vec<String>, TestClient, TestClient) {
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    a.send(&ClientMsg::SetTurnTimer { timer }).await;
    room_until(&mut a, |r| r.turn_timer == timer).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    parlor_tests::await_start(&mut b).await;
    (code, vec![host.token, guest.token], a, b)
}

/// The seats and timer marks of a match's stored steps.
async fn stored_steps(server: &TestServer, c: &TestClient) -> Vec<(u64, Option<Seat>, bool)> {
    let store = &server.server.store;
    let id = c.match_id();
    let timed_out = store.timed_out(id).await.unwrap();
    store
        .steps(id)
        .await
        .unwrap()
        .iter()
        .map(|(seq, json)| {
            let seat = AnyStep::from_json(GameKind::DoozyDice, json)
                .unwrap()
                .seat();
            (*seq, seat, timed_out.contains(seq))
        })
        .collect()
}

/// Nobody answers: at the deadline (not a moment before) the server decides
/// for the seat and marks the step as the timer's; every decision gets a
/// fresh deadline; after STAND_IN_AFTER decisions in a row a stand-in bot
/// plays the seat, and the player takes it back by saying so.
#[tokio::test]
async fn expiry_decides_then_a_bot_stands_in_until_the_player_is_back() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let (_code, _tokens, a, b) = fast_room(&server).await;
    let clock = Clock::pause(Duration::from_secs(120));
    let idle = to_act(&a);
    let (mut idle_c, mut other) = if idle == Seat(0) { (a, b) } else { (b, a) };
    let deadline = idle_c
        .state()
        .deadline
        .clone()
        .expect("a deadline is shown");
    assert_eq!(deadline.seats, vec![idle]);
    assert!(deadline.turn, "the turn timer's, not a response window's");
    assert!(deadline.remaining_ms <= 15_000 && deadline.remaining_ms > 14_000);
    let start_version = idle_c.state().version;
    // A moment before the deadline nothing happens.
    clock
        .advance(Duration::from_millis(FAST * 1000 - 200))
        .await;
    idle_c.settle().await;
    assert_eq!(idle_c.state().version, start_version, "decided early");
    // At the deadline the timer decides; then each decision the seat owes
    // gets its own full deadline, until a bot stands in.
    let mut expiries = 0u8;
    while !idle_c.room.as_ref().unwrap().seats[idle.index()].stand_in {
        assert!(
            expiries < STAND_IN_AFTER,
            "no stand-in after {expiries} expiries"
        );
        clock.advance(Duration::from_millis(FAST * 1000 + 5)).await;
        // The other player answers its own turns at once.
        loop {
            other.settle().await;
            if driver::act_if_due(&mut other).await.is_none() {
                break;
            }
            other.recv().await;
        }
        idle_c.settle().await;
        let steps = stored_steps(&server, &idle_c).await;
        expiries = u8::try_from(
            steps
                .iter()
                .filter(|(_, seat, timer)| *seat == Some(idle) && *timer)
                .count(),
        )
        .unwrap();
        assert!(expiries >= 1, "the deadline passed and nobody decided");
        if let Some(d) = idle_c.state().deadline.as_ref() {
            assert!(
                d.remaining_ms > 14_000,
                "a fresh decision has a fresh deadline: {d:?}"
            );
        }
    }
    assert_eq!(expiries, STAND_IN_AFTER);
    assert!(
        idle_c.timed_out.len() >= usize::from(STAND_IN_AFTER),
        "updates marked the timer's steps: {:?}",
        idle_c.timed_out
    );
    // The stand-in plays the seat at a bot's pace, not the timer's.
    let before = stored_steps(&server, &idle_c).await.len();
    for _ in 0..5 {
        clock.advance(Duration::from_secs(1)).await;
        loop {
            other.settle().await;
            if driver::act_if_due(&mut other).await.is_none() {
                break;
            }
            other.recv().await;
        }
    }
    idle_c.settle().await;
    let steps = stored_steps(&server, &idle_c).await;
    assert!(
        steps[before..]
            .iter()
            .any(|(_, seat, timer)| *seat == Some(idle) && !*timer),
        "the stand-in bot took the seat's turns: {:?}",
        &steps[before..]
    );
    // The player is back, at a decision of theirs (the clock stands still, so
    // the bot has not moved yet): a fresh deadline is theirs at once, and
    // when it runs out the timer decides again (once: no stand-in yet).
    loop {
        other.settle().await;
        driver::act_if_due(&mut other).await;
        idle_c.settle().await;
        if idle_c.state().is_to_act(idle) {
            break;
        }
        clock.advance(Duration::from_secs(1)).await;
    }
    assert!(
        idle_c.state().deadline.is_none(),
        "no clock while a bot plays the seat"
    );
    idle_c
        .send(&ClientMsg::StandIn {
            seat: idle,
            on: false,
        })
        .await;
    room_until(&mut idle_c, |r| !r.seats[idle.index()].stand_in).await;
    idle_c.settle().await;
    let fresh = idle_c
        .state()
        .deadline
        .clone()
        .expect("a clock for the player who is back");
    assert_eq!((fresh.seats.clone(), fresh.turn), (vec![idle], true));
    assert!(fresh.remaining_ms > 14_000, "{fresh:?}");
    let version = idle_c.state().version;
    // (A timer fires on the millisecond tick after its deadline.)
    clock.advance(Duration::from_millis(FAST * 1000 + 5)).await;

    idle_c.await_version(version + 1).await;
    idle_c.settle().await;
    assert!(idle_c.timed_out.contains(&(idle_c.match_id(), version + 1)));
    assert!(!idle_c.room.as_ref().unwrap().seats[idle.index()].stand_in);
    assert!(idle_c.errors.is_empty(), "{:?}", idle_c.errors);
    drop(clock);
    drop((idle_c, other));
    server.stop().await;
    db.drop_db().await;
}

/// A deadline is stored: after a restart it runs on from where it was (the
/// server was down for 10 of the 15 seconds, so 5 are left), and expires
/// then.
#[tokio::test]
async fn a_deadline_survives_a_restart() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let (code, tokens, a, b) = fast_room(&server).await;
    let seat = to_act(&a);
    let version = a.state().version;
    drop((a, b));
    server.stop().await;
    // Ten seconds pass while the server is down.
    let mut conn = sqlx::AnyConnection::connect(db.url()).await.unwrap();
    sqlx::query("update game_match set deadline_at = deadline_at - 10000 where status = 'playing'")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let server = TestServer::start(&db).await;
    let mut c = server
        .connect_welcomed(&code, Some(&tokens[seat.index()]))
        .await;
    let left = c
        .state()
        .deadline
        .clone()
        .expect("the deadline is back")
        .remaining_ms;
    assert!(
        (3_000..=5_000).contains(&left),
        "5 s were left, not a fresh 15: {left} ms"
    );
    assert_eq!(c.state().version, version);
    let clock = Clock::pause(Duration::from_secs(60));
    clock
        .advance(Duration::from_millis(u64::from(left) - 300))
        .await;
    c.settle().await;
    assert_eq!(c.state().version, version, "expired early");
    clock.advance(Duration::from_millis(600)).await;
    c.await_version(version + 1).await;
    let steps = stored_steps(&server, &c).await;
    let (seq, who, by_timer) = steps[usize::try_from(version).unwrap()];
    assert_eq!((seq, who, by_timer), (version + 1, Some(seat), true));
    drop(clock);
    drop(c);
    server.stop().await;
    db.drop_db().await;
}

/// Waits until the step at `version` of match `id` is stored as the
/// timer's (a deadline that had passed, met when its room came back).
async fn await_timers_step(
    server: &TestServer,
    id: parlor_protocol::MatchId,
    version: u64,
    what: &str,
) {
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while !server
        .server
        .store
        .timed_out(id)
        .await
        .unwrap()
        .contains(&version)
    {
        assert!(
            std::time::Instant::now() < until,
            "{what}: the passed deadline was not met"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Now on the clock single mode stores deadlines in.
fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(since.as_millis()).unwrap()
}

/// A table at its own pace: everyone leaves and the room leaves memory; a
/// deadline that passes meanwhile brings it back and is met (the server
/// decides for the seat), and the next decision's day leaves the room
/// where it is until it too is near.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_at_its_own_pace_is_brought_back_by_its_deadline() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::config::Config::for_tests(db.url());
    config.rooms.idle_unload = Duration::from_millis(300);
    let server = TestServer::start_with(config).await;
    let (code, tokens, a, b) = timed_room(&server, TurnTimer::Day).await;
    let seat = to_act(&a);
    let version = a.state().version;
    let id = a.match_id();
    let left = a
        .state()
        .deadline
        .clone()
        .expect("a clock runs")
        .remaining_ms;
    assert!(left > 23 * 3_600_000, "a day a decision, not {left} ms");
    drop((a, b));
    // The day passes while nobody is at the table.
    let mut conn = sqlx::AnyConnection::connect(db.url()).await.unwrap();
    sqlx::query("update game_match set deadline_at = $1 where status = 'playing'")
        .bind(now_ms() - 1_000)
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    // Only a room out of memory is brought back: while the room is still
    // in memory its own clock (a day) stands, and nothing is opened.
    let until = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let woken = server.server.wake_due(now_ms() + 40_000).await;
        if woken == 1 {
            break;
        }
        assert_eq!(woken, 0);
        assert!(
            std::time::Instant::now() < until,
            "the idle room never left memory"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Brought back with its deadline passed: the timer decides at once.
    await_timers_step(&server, id, version + 1, "own pace").await;
    let mut c = server
        .connect_welcomed(&code, Some(&tokens[seat.index()]))
        .await;
    c.await_version(version + 1).await;
    let next = c
        .state()
        .deadline
        .clone()
        .expect("the next decision has a clock");
    assert!(
        next.remaining_ms > 23 * 3_600_000,
        "a fresh day: {} ms",
        next.remaining_ms
    );
    drop(c);
    // A day away is not near: the room, out of memory again, stays out.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(server.server.wake_due(now_ms() + 40_000).await, 0);
    server.stop().await;
    db.drop_db().await;
}

/// Every game on the fast timer with two players who never act: nothing is
/// decided before a deadline, each expiry stores a step marked as the
/// timer's, and the turn timer's expiries end in a stand-in bot.
#[tokio::test]
async fn every_game_times_out_to_a_stand_in() {
    times_out_to_a_stand_in(TurnTimer::Fast).await;
}

/// The same at a table's own pace (a day a decision): every deadline,
/// a game's own response windows too (Mix-the-Mutts' scoring), is a day
/// away when it starts, and the same ladder follows.
#[tokio::test]
async fn every_game_at_its_own_pace_times_out_to_a_stand_in() {
    times_out_to_a_stand_in(TurnTimer::Day).await;
}

async fn times_out_to_a_stand_in(timer: TurnTimer) {
    use parlor_tests::players;
    let db = TestDb::sqlite();
    let mut config = parlor_server::config::Config::for_tests(db.url());
    // The test's sockets sit through the day the clock is moved on by,
    // silent (a player at the table would ping every 20 s).
    config.ws.idle = Duration::from_secs(7 * 24 * 3600);
    let server = TestServer::start_with(config).await;
    let allowance_ms = u64::from(timer.secs().unwrap()) * 1000;
    for &kind in players::PLAYABLE {
        let mut options = (players::player(kind).options)(0);
        if let (true, parlor_protocol::GameOptions::MixTheMutts(o)) =
            (timer.own_pace(), &mut options)
        {
            // Its scoring windows' own clock of seconds gives way to the day.
            o.response_timer_secs = Some(60);
        }
        let host = server.create_room(kind, Some(options), "Ana").await;
        let code = host.code.0.clone();
        server.join(&code, "Bo").await;
        let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
        a.send(&ClientMsg::SetTurnTimer { timer }).await;
        room_until(&mut a, |r| r.turn_timer == timer).await;
        a.send(&ClientMsg::Start).await;
        parlor_tests::await_start(&mut a).await;
        let clock = Clock::pause(Duration::from_secs(120));
        let mut rounds = 0;
        while !a.room.as_ref().unwrap().seats.iter().any(|s| s.stand_in) {
            rounds += 1;
            assert!(
                rounds <= 12,
                "{}: no stand-in after {rounds} deadlines",
                kind.slug()
            );
            let deadline =
                a.state().deadline.clone().unwrap_or_else(|| {
                    panic!("{}: a decision is owed, so a clock runs", kind.slug())
                });
            let version = a.state().version;
            let left = u64::from(deadline.remaining_ms);
            if timer.own_pace() {
                assert!(
                    left + 60_000 >= allowance_ms,
                    "{}: at its own pace a decision gets the day, not {left} ms",
                    kind.slug()
                );
            }
            clock
                .advance(Duration::from_millis(left.saturating_sub(100)))
                .await;
            a.settle().await;
            assert_eq!(a.state().version, version, "{}: decided early", kind.slug());
            clock.advance(Duration::from_millis(200)).await;
            a.await_version(version + 1).await;
            a.settle().await;
            let id = a.match_id();
            let marked = server.server.store.timed_out(id).await.unwrap();
            assert!(
                marked.contains(&(version + 1)),
                "{}: the timer's step is marked ({marked:?}, version {version})",
                kind.slug()
            );
        }
        println!("{}: a stand-in after {rounds} deadlines", kind.slug());
        drop(clock);
    }
    server.stop().await;
    db.drop_db().await;
}

/// The stored steps of a match, decoded as `kind`'s, with the timer's mark.
async fn stored_of(
    server: &TestServer,
    c: &TestClient,
    kind: GameKind,
) -> Vec<(u64, AnyStep, bool)> {
    let store = &server.server.store;
    let id = c.match_id();
    let timed_out = store.timed_out(id).await.unwrap();
    store
        .steps(id)
        .await
        .unwrap()
        .iter()
        .map(|(seq, json)| {
            let step = AnyStep::from_json(kind, json).unwrap();
            (*seq, step, timed_out.contains(seq))
        })
        .collect()
}

/// The only move `seat` is shown, if it has exactly one.
fn only_move(c: &TestClient) -> Option<AnyAction> {
    let moves: Vec<AnyAction> = match c.view() {
        AnyView::ZopZoo(v) => v.moves.iter().map(|m| AnyAction::ZopZoo(*m)).collect(),
        AnyView::Zingamino(v) => v.moves.iter().map(|m| AnyAction::Zingamino(*m)).collect(),
        _ => Vec::new(),
    };
    match moves.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// A forced Zop Zoo draw or Zingamino dig waits for its seat (nothing is
/// drawn before the deadline), and when the turn timer runs out its answer
/// is that one move, stored as the timer's and followed by the cards or
/// tiles it draws. New rooms (options left to the server) draw and dig by
/// click.
#[tokio::test]
async fn a_forced_draw_or_dig_is_the_timers_answer() {
    use parlor_protocol::zingamino::Action as Zg;
    use parlor_protocol::zop_zoo::Action as Zz;
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    for (kind, forced) in [
        (GameKind::ZopZoo, AnyAction::ZopZoo(Zz::Draw)),
        (GameKind::Zingamino, AnyAction::Zingamino(Zg::Dig)),
    ] {
        let host = server.create_room(kind, None, "Ana").await;
        let code = host.code.0.clone();
        let guest = server.join(&code, "Bo").await;
        let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
        a.send(&ClientMsg::SetTurnTimer {
            timer: TurnTimer::Fast,
        })
        .await;
        room_until(&mut a, |r| r.turn_timer == TurnTimer::Fast).await;
        let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
        a.send(&ClientMsg::Start).await;
        parlor_tests::await_start(&mut a).await;
        parlor_tests::await_start(&mut b).await;
        let clock = Clock::pause(Duration::from_secs(300));
        let mut clients = [a, b];
        // Both play their turns at once, until a seat's only move is the
        // forced one (Zop Zoo: the first turn, the discard pile empty).
        let mut turns = 0;
        let seat = loop {
            for c in &mut clients {
                c.settle().await;
            }
            let seat = to_act(&clients[0]);
            let c = &mut clients[seat.index()];
            if only_move(c).as_ref() == Some(&forced) {
                break seat;
            }
            turns += 1;
            assert!(turns < 2_000, "{}: no forced move", kind.slug());
            let version = c.state().version;
            driver::act_if_due(c).await.expect("a move");
            c.await_version(version + 1).await;
        };
        assert!(
            kind != GameKind::ZopZoo || turns == 0,
            "Zop Zoo's first turn is a draw"
        );
        let idle = &mut clients[seat.index()];
        let version = idle.state().version;
        let deadline = idle.state().deadline.clone().expect("a clock runs");
        assert_eq!((deadline.seats.clone(), deadline.turn), (vec![seat], true));
        // Nothing happens before the deadline: the seat has not drawn.
        clock
            .advance(Duration::from_millis(
                u64::from(deadline.remaining_ms).saturating_sub(200),
            ))
            .await;
        idle.settle().await;
        assert_eq!(
            idle.state().version,
            version,
            "{}: drawn early",
            kind.slug()
        );
        clock.advance(Duration::from_millis(400)).await;
        idle.await_version(version + 2).await;
        let steps = stored_of(&server, idle, kind).await;
        let at = usize::try_from(version).unwrap();
        let (seq, step, by_timer) = &steps[at];
        assert_eq!(*seq, version + 1);
        assert_eq!(
            step.action(),
            Some((seat, forced.clone())),
            "{}: the timer's answer is the forced move",
            kind.slug()
        );
        assert!(by_timer, "{}: stored as the timer's", kind.slug());
        assert!(
            steps[at + 1].1.is_chance(),
            "{}: the card or tile follows at once",
            kind.slug()
        );
        println!(
            "{}: the timer answered with {forced:?} after {turns} turns",
            kind.slug()
        );
        drop(clock);
        drop(clients);
    }
    server.stop().await;
    db.drop_db().await;
}

/// Every game at its own pace, through a restart: the clock comes back where
/// it was (an hour later, an hour less: never a fresh day), and a deadline
/// that passed while the server was down is met when the room comes back,
/// the timer's step stored like any other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_at_its_own_pace_keeps_its_clock_through_a_restart() {
    use parlor_tests::players;
    let db = TestDb::sqlite();
    let mut server = TestServer::start(&db).await;
    for &kind in players::PLAYABLE {
        let options = (players::player(kind).options)(0);
        let mut t = driver::Table::open(&server, kind, options, 2, 0).await;
        t.seats[0]
            .send(&ClientMsg::SetTurnTimer {
                timer: TurnTimer::Day,
            })
            .await;
        room_until(&mut t.seats[0], |r| r.turn_timer == TurnTimer::Day).await;
        t.start().await;
        for _ in 0..2 {
            for c in t.all_mut() {
                driver::act_if_due(c).await;
            }
            for c in t.all_mut() {
                c.settle().await;
            }
        }
        t.seats[0].settle().await;
        let version = t.seats[0].state().version;
        let id = t.seats[0].match_id();
        let left = t.seats[0]
            .state()
            .deadline
            .clone()
            .expect("a clock runs")
            .remaining_ms;
        let (code, tokens) = (t.code.clone(), t.tokens.clone());
        drop(t);
        server.stop().await;
        // An hour passes while the server is down.
        let mut conn = sqlx::AnyConnection::connect(db.url()).await.unwrap();
        sqlx::query(
            "update game_match set deadline_at = deadline_at - 3600000 where match_id = $1",
        )
        .bind(id.to_string())
        .execute(&mut conn)
        .await
        .unwrap();
        server = TestServer::start(&db).await;
        let c = server.connect_welcomed(&code, Some(&tokens[0])).await;
        assert_eq!(c.state().version, version, "{}", kind.slug());
        let now = c
            .state()
            .deadline
            .clone()
            .expect("the clock is back")
            .remaining_ms;
        assert!(
            now + 3_600_000 <= left + 5_000 && now + 3_600_000 + 60_000 >= left,
            "{}: {left} ms were left, an hour passed, and {now} ms are left",
            kind.slug()
        );
        drop(c);
        // Then the day runs out while the server is down: met on return.
        server.stop().await;
        sqlx::query("update game_match set deadline_at = $1 where match_id = $2")
            .bind(now_ms() - 1_000)
            .bind(id.to_string())
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        server = TestServer::start(&db).await;
        await_timers_step(&server, id, version + 1, kind.slug()).await;
    }
    server.stop().await;
    db.drop_db().await;
}
