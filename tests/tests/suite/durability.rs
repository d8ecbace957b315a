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
    let n: i64 = sqlx::query_scalar("select count(*) from match_step where match_id = $1")
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
