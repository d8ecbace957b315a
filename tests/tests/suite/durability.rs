//! An acknowledged step is in the database before the acknowledgement is
//! sent. Shown by holding the SQLite write lock from outside: while the
//! server cannot write, it must not acknowledge; once the lock is released
//! the acknowledgement comes and the step is already stored.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_protocol::doozy_dice::Action;
use parlor_protocol::{AnyAction, ClientMsg, GameKind, Seat, ServerMsg, ToAct};
use parlor_tests::{TestDb, TestServer};
use sqlx::Connection;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_ack_before_the_step_is_stored() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Host").await;
    let guest = server.join(&host.code.0, "Guest").await;
    let mut a = server.connect(&host.code.0, Some(&host.token)).await;
    let mut b = server.connect(&host.code.0, Some(&guest.token)).await;
    a.send(&ClientMsg::Start).await;
    let (match_id, version, to_act) = parlor_tests::await_start(&mut a).await;
    let ToAct::Seats { seats } = &to_act else {
        panic!("a seat should act")
    };
    let mover = if seats.contains(&Seat(0)) {
        &mut a
    } else {
        &mut b
    };
    // Let the start's messages settle.
    while mover.try_recv(Duration::from_millis(300)).await.is_some() {}

    // Another writer takes the database's write lock.
    let mut blocker = sqlx::SqliteConnection::connect(db.url()).await.unwrap();
    sqlx::query("begin immediate")
        .execute(&mut blocker)
        .await
        .unwrap();

    let roll = AnyAction::DoozyDice(Action::Roll {
        dice: vec![0, 1, 2, 3, 4],
    });
    mover
        .send(&ClientMsg::Act {
            client_seq: 1,
            version,
            action: roll,
        })
        .await;
    // While the write is blocked, nothing may be acknowledged or broadcast.
    let deadline = tokio::time::Instant::now() + Duration::from_millis(800);
    while let Some(early) = mover
        .try_recv(deadline.saturating_duration_since(tokio::time::Instant::now()))
        .await
    {
        assert!(
            !matches!(early, ServerMsg::Ack { .. } | ServerMsg::Update { .. }),
            "the server answered before it could store the step: {early:?}"
        );
    }
    assert_eq!(
        server.server.store.step_count(match_id).await.unwrap(),
        version
    );

    sqlx::query("rollback").execute(&mut blocker).await.unwrap();
    let acked = mover
        .recv_until(|m| match m {
            ServerMsg::Ack { version, .. } => Some(*version),
            _ => None,
        })
        .await;
    // Read through a connection of our own, not the server's pool.
    let n: i64 = sqlx::query_scalar(
        "select cast(coalesce(sum(steps), 0) as bigint) from step_batch where match_id = $1",
    )
    .bind(match_id.to_string())
    .fetch_one(&mut blocker)
    .await
    .unwrap();
    assert_eq!(
        u64::try_from(n).unwrap(),
        acked,
        "every acknowledged step is stored"
    );
    assert!(acked > version);
    server.stop().await;
    db.drop_db().await;
}

/// Postgres: rooms never wait behind a commit they are not in. One room's
/// write is held up (its next log row inserted from outside in a
/// transaction left open: the step insert waits on the key); another room's
/// move, made after, is acknowledged and stored meanwhile, and the first one
/// once it is let go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_commit_holds_up_only_its_own_room() {
    let Some(db) = parlor_tests::TestDb::postgres().await else {
        return;
    };
    let server = TestServer::start(&db).await;
    let mut tables = Vec::new();
    for _ in 0..2 {
        let t =
            parlor_tests::driver::Table::started(&server.api, GameKind::DoozyDice, 0, 2, 0).await;
        tables.push(t);
    }
    // The seat to act at each table, what it decides, and on what version.
    let mut moves = Vec::new();
    for t in &mut tables {
        for c in &mut t.seats {
            c.settle().await;
        }
        let (i, action) = t
            .seats
            .iter()
            .enumerate()
            .find_map(|(i, c)| Some((i, parlor_tests::players::decide(c.seat()?, c.view())?)))
            .expect("a seat is to act");
        moves.push((i, action, t.seats[i].version(), t.seats[i].match_id()));
    }
    let mut blocker = sqlx::PgConnection::connect(db.url()).await.unwrap();
    sqlx::query("begin").execute(&mut blocker).await.unwrap();
    sqlx::query(
        "insert into step_batch (match_id, seq, steps, seat, step, created_at) \
         select $1, coalesce(max(seq + steps), 1), 1, null, '[]', 0 \
         from step_batch where match_id = $1",
    )
    .bind(moves[0].3.to_string())
    .execute(&mut blocker)
    .await
    .unwrap();

    let (i0, a0, v0, held_match) = moves[0].clone();
    let seq0 = tables[0].seats[i0].act(v0, a0).await.unwrap();
    // Until the first room's commit is on its way and stuck.
    let stuck = "select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()";
    for _ in 0..200 {
        let n: i64 = sqlx::query_scalar(stuck)
            .fetch_one(&mut blocker)
            .await
            .unwrap();
        if n > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (i1, a1, v1, free_match) = moves[1].clone();
    let seq1 = tables[1].seats[i1].act(v1, a1).await.unwrap();
    // Bounded: with one commit at a time, this waits for the rollback below.
    let answer = tokio::time::timeout(
        Duration::from_secs(20),
        tables[1].seats[i1].await_answer(seq1),
    )
    .await
    .expect("the other room's move waited behind the held room's commit");
    match answer {
        parlor_tests::Answer::Acked(v) => assert!(v > v1),
        other => panic!("the other room's move was answered {other:?}"),
    }
    let stored = |id: parlor_protocol::MatchId| {
        let url = db.url().to_owned();
        async move {
            let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
            let n: i64 = sqlx::query_scalar("select cast(coalesce(sum(steps), 0) as bigint) from step_batch where match_id = $1")
                .bind(id.to_string())
                .fetch_one(&mut c)
                .await
                .unwrap();
            u64::try_from(n).unwrap()
        }
    };
    assert!(
        stored(free_match).await > v1,
        "the other room's step is stored"
    );
    assert_eq!(stored(held_match).await, v0, "the held room's step waits");

    sqlx::query("rollback").execute(&mut blocker).await.unwrap();
    match tables[0].seats[i0].await_answer(seq0).await {
        parlor_tests::Answer::Acked(v) => assert_eq!(stored(held_match).await, v),
        other => panic!("the held room's move was answered {other:?}"),
    }
    server.stop().await;
    db.drop_db().await;
}
