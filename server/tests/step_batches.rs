//! The log stored a row per batch (migration 0012): a database written a
//! row per step by an older build comes back step for step, with its timer
//! answers and counts; and steps appended now are read back in order, one
//! batch to a row. On SQLite, and on Postgres (required in CI).
#![allow(clippy::unwrap_used, missing_docs)]

mod support;

use std::borrow::Cow;

use parlor_protocol::{GameKind, GameOptions, MatchId, RoomCode};
use parlor_server::db::{NewStep, Store, MIGRATOR};
use sqlx::migrate::Migrator;
use sqlx::AnyConnection;
use sqlx::Connection;

/// The migrations before the log was batched.
fn before_batches() -> Migrator {
    let mut old = Migrator::DEFAULT;
    old.migrations = Cow::Owned(
        MIGRATOR
            .iter()
            .filter(|m| m.version < 12)
            .cloned()
            .collect(),
    );
    old
}

const MATCH: &str = "7c1f4ac4-1b7f-4b6f-9d55-0d2a51c7a001";

/// Writes, as the old schema held it, a room in play with a match of five
/// steps, the third of them the response timer's.
async fn old_log(url: &str) {
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(url).await.unwrap();
    before_batches().run(&mut conn).await.unwrap();
    let options =
        serde_json::to_string(&GameOptions::default_for(GameKind::DoozyDice).unwrap()).unwrap();
    for sql in [
        "insert into room (room_code, game, options, status, created_at) \
         values ('OLDLOG22', 'doozy-dice', $1, 'playing', 1)",
        "insert into game_match (match_id, room_code, game, options, seats, players, seed, \
         seed_sha256, status, started_at) values ('7c1f4ac4-1b7f-4b6f-9d55-0d2a51c7a001', \
         'OLDLOG22', 'doozy-dice', $1, 2, '[\"a\",\"b\"]', '00', '00', 'playing', 1)",
    ] {
        sqlx::query(sql)
            .bind(&options)
            .execute(&mut conn)
            .await
            .unwrap();
    }
    for seq in 1..=5_i64 {
        sqlx::query(
            "insert into match_step (match_id, seq, seat, step, created_at, by_timer, by_stand_in) \
             values ($1, $2, $3, $4, 1, $5, 0)",
        )
        .bind(MATCH)
        .bind(seq)
        .bind(if seq % 2 == 0 { Some(1_i64) } else { None })
        .bind(format!("{{\"n\":{seq},\"s\":\"a, [b]\"}}"))
        .bind(i64::from(seq == 3))
        .execute(&mut conn)
        .await
        .unwrap();
    }
    conn.close().await.unwrap();
}

fn steps(from: u64, n: u64) -> Vec<NewStep> {
    (from..from + n).map(support::step).collect()
}

async fn check(url: &str) {
    old_log(url).await;
    let store = Store::connect(url).await.unwrap();
    let id = MatchId(MATCH.parse().unwrap());
    let code = RoomCode("OLDLOG22".into());
    let old: Vec<(u64, String)> = (1..=5)
        .map(|seq| (seq, format!("{{\"n\":{seq},\"s\":\"a, [b]\"}}")))
        .collect();
    assert_eq!(
        store.steps(id).await.unwrap(),
        old,
        "old rows, step for step"
    );
    assert_eq!(store.timed_out(id).await.unwrap(), vec![3]);
    assert_eq!(store.step_count(id).await.unwrap(), 5);

    // New appends: a batch of six (an action and its chance), then one.
    let mut six = steps(6, 6);
    six[0].by_timer = true;
    store
        .append_steps(id, &code, &six, None, None)
        .await
        .unwrap();
    store
        .append_steps(id, &code, &steps(12, 1), None, None)
        .await
        .unwrap();
    let all = store.steps(id).await.unwrap();
    assert_eq!(all.len(), 12);
    for (i, (seq, json)) in all.iter().enumerate().skip(5) {
        assert_eq!(*seq, i as u64 + 1);
        assert_eq!(json, &format!("{{\"n\":{seq}}}"));
    }
    assert_eq!(store.timed_out(id).await.unwrap(), vec![3, 6]);
    assert_eq!(store.step_count(id).await.unwrap(), 12);
    assert_eq!(store.match_record(id).await.unwrap().steps, 12);

    // A second writer of the same versions is refused: the log never forks.
    assert!(store
        .append_steps(id, &code, &steps(12, 2), None, None)
        .await
        .is_err());
    assert_eq!(store.step_count(id).await.unwrap(), 12);
}

#[tokio::test]
async fn sqlite_log_rows_become_batches() {
    let dir = std::env::temp_dir().join(format!("parlor-batches-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    check(&format!(
        "sqlite:{}?mode=rwc",
        dir.join("p.sqlite").display()
    ))
    .await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn postgres_log_rows_become_batches() {
    let Some(pg) = support::Pg::new().await else {
        return;
    };
    check(&pg.url).await;
    pg.drop().await;
}
