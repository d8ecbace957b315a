//! Group commit: many rooms appending at once share transactions, every
//! append returns only once it is stored, and one room's bad write fails
//! that room alone. On SQLite and on Postgres.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_protocol::{GameKind, GameOptions, MatchId, RoomCode};
use parlor_server::db::{NewMatch, Store, StoreError};
use support::{step, Pg};

mod support;

const ROOMS: usize = 60;
const APPENDS: u64 = 20;

async fn setup(store: &Store, i: usize) -> (RoomCode, MatchId) {
    let code = RoomCode(format!("GC{i:06}"));
    let options = GameOptions::default_for(GameKind::DoozyDice).unwrap();
    store.create_room(&code, &options).await.unwrap();
    let id = MatchId(uuid::Uuid::new_v4());
    let m = NewMatch {
        match_id: id,
        code: code.clone(),
        options,
        players: vec!["a".into(), "b".into()],
        seed_hex: "00".repeat(32),
        seed_sha256: "11".repeat(32),
        bots: Vec::new(),
        bot_levels: Vec::new(),
    };
    store.start_match(&m, &[]).await.unwrap();
    (code, id)
}

async fn many_rooms_commit_at_once(store: Store) {
    let mut rooms = Vec::new();
    for i in 0..ROOMS {
        rooms.push(setup(&store, i).await);
    }
    // Every room appends its steps one after the other, all rooms at once;
    // each append is read back the moment it returns.
    let tasks: Vec<_> = rooms
        .iter()
        .cloned()
        .map(|(code, id)| {
            let store = store.clone();
            tokio::spawn(async move {
                for seq in 1..=APPENDS {
                    store
                        .append_steps(
                            id,
                            &code,
                            &[step(seq)],
                            None,
                            Some(Some(1_000 + seq as i64)),
                        )
                        .await
                        .unwrap();
                    assert_eq!(
                        store.step_count(id).await.unwrap(),
                        seq,
                        "acked but not stored"
                    );
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let stats = store.write_stats();
    assert_eq!(stats.appends, (ROOMS as u64) * APPENDS);
    // Rooms shared commits: far fewer transactions than appends.
    assert!(stats.commits * 2 < stats.appends, "{stats:?}");
    for (_, id) in &rooms {
        let steps = store.steps(*id).await.unwrap();
        let seqs: Vec<u64> = steps.iter().map(|(s, _)| *s).collect();
        assert_eq!(seqs, (1..=APPENDS).collect::<Vec<_>>());
    }

    // A duplicate step (a second writer of seq 1) fails alone: the other
    // rooms' appends racing it in the same batch are stored.
    let (bad_code, bad_id) = rooms[0].clone();
    let mut racing = Vec::new();
    for (code, id) in rooms.iter().skip(1).cloned() {
        let store = store.clone();
        racing.push(tokio::spawn(async move {
            store
                .append_steps(
                    id,
                    &code,
                    &[step(APPENDS + 1), step(APPENDS + 2)],
                    None,
                    None,
                )
                .await
        }));
    }
    let dup = store
        .append_steps(bad_id, &bad_code, &[step(1)], None, None)
        .await;
    assert!(matches!(dup, Err(StoreError::Conflict(_))), "{dup:?}");
    for r in racing {
        r.await.unwrap().unwrap();
    }
    assert_eq!(store.step_count(bad_id).await.unwrap(), APPENDS);
    for (_, id) in rooms.iter().skip(1) {
        assert_eq!(store.step_count(*id).await.unwrap(), APPENDS + 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite() {
    let dir = std::env::temp_dir().join(format!("parlor-gc-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite:{}", dir.join("gc.sqlite").display());
    let store = Store::connect(&url).await.unwrap();
    many_rooms_commit_at_once(store.clone()).await;
    store.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres() {
    let Some(pg) = Pg::new().await else {
        return;
    };
    let store = Store::connect(&pg.url).await.unwrap();
    many_rooms_commit_at_once(store.clone()).await;
    store.close().await;
    pg.drop().await;
}
