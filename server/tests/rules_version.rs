//! Single mode (SQLite) and the rules version stored with each match: a
//! match in play that was started under other rules than this build's is
//! refused with a typed error, kept as it is (not marked broken), and
//! served again by a build that runs its rules; a room whose last match,
//! finished, was of other rules opens in its lobby without replaying it.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_games::Rules;
use parlor_protocol::{GameKind, GameOptions, MatchId, RoomCode, RoomStatus, Seat};
use parlor_server::db::{NewMatch, NewStep, SeatRow, Store};
use parlor_server::room::live::LiveMatch;
use parlor_server::room::{OpenError, RoomConfig, Rooms};
use sqlx::Connection;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("parlor-rules-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn url(&self) -> String {
        format!("sqlite:{}", self.0.join("p.sqlite").display())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A room of two with a real Doozy Dice match started (its set-up chance
/// steps drawn from a fixed seed), stored as this build stores it.
async fn room_in_play(store: &Store, code: &str) -> (RoomCode, MatchId) {
    let code = RoomCode(code.into());
    let options = GameOptions::default_for(GameKind::DoozyDice).unwrap();
    store.create_room(&code, &options).await.unwrap();
    for n in 0..2u8 {
        let seat = SeatRow {
            seat: Seat(n),
            name: format!("p{n}"),
            token_sha256: format!("{n:064}"),
            bot: None,
            stand_in: false,
        };
        store.add_seat(&code, &seat).await.unwrap();
    }
    let id = MatchId(uuid::Uuid::new_v4());
    let seed = [5u8; 32];
    let live = LiveMatch::with_seed(id, &options, 2, seed).unwrap();
    let planned = live.plan(None).unwrap();
    let steps: Vec<NewStep> = planned
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| NewStep {
            seq: i as u64 + 1,
            seat: s.seat(),
            json: s.to_json(),
            by_timer: false,
            by_stand_in: false,
        })
        .collect();
    let record = NewMatch {
        match_id: id,
        code: code.clone(),
        options,
        players: vec!["p0".into(), "p1".into()],
        seed_hex: live.seed_hex(),
        seed_sha256: live.seed_sha256.clone(),
        bots: Vec::new(),
        bot_levels: Vec::new(),
    };
    store.start_match(&record, &steps).await.unwrap();
    (code, id)
}

async fn sql(url: &str, query: &str, version: u32, id: MatchId) {
    let mut raw = sqlx::SqliteConnection::connect(url).await.unwrap();
    sqlx::query(query)
        .bind(i64::from(version))
        .bind(id.to_string())
        .execute(&mut raw)
        .await
        .unwrap();
}

async fn rules_version(url: &str, id: MatchId) -> i64 {
    let mut raw = sqlx::SqliteConnection::connect(url).await.unwrap();
    sqlx::query_scalar("select rules_version from game_match where match_id = $1")
        .bind(id.to_string())
        .fetch_one(&mut raw)
        .await
        .unwrap()
}

fn new_rooms(store: &Store) -> (Rooms, CancellationToken, TaskTracker) {
    let (shutdown, tracker) = (CancellationToken::new(), TaskTracker::new());
    let rooms = Rooms::new(
        store.clone(),
        RoomConfig::default(),
        shutdown.clone(),
        tracker.clone(),
        None,
    );
    (rooms, shutdown, tracker)
}

async fn stop(shutdown: CancellationToken, tracker: TaskTracker) {
    shutdown.cancel();
    tracker.close();
    tracker.wait().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_of_other_rules_is_refused_and_kept() {
    let scratch = Scratch::new();
    let url = scratch.url();
    let store = Store::connect(&url).await.unwrap();
    let running = Rules::running(GameKind::DoozyDice);
    let newer = Rules {
        version: running.version + 1,
        ..running
    };

    // This build stores the version it runs; then a newer build's match
    // in play (as if it had been started by that build) ...
    let (playing, playing_id) = room_in_play(&store, "PAYPAY22").await;
    assert_eq!(
        rules_version(&url, playing_id).await,
        i64::from(running.version)
    );
    let set_version = "update game_match set rules_version = $1 where match_id = $2";
    sql(&url, set_version, newer.version, playing_id).await;
    // ... and a room whose last match, of the newer rules, is over.
    let (done, done_id) = room_in_play(&store, "DXNEDXNE").await;
    sql(
        &url,
        "update game_match set rules_version = $1, status = 'finished' where match_id = $2",
        newer.version,
        done_id,
    )
    .await;
    store.set_room_status(&done, "finished").await.unwrap();

    let (rooms, shutdown, tracker) = new_rooms(&store);
    // At start: not restored, and no panic.
    assert_eq!(rooms.restore_all().await.unwrap(), 0);
    match rooms.open(&playing).await {
        Err(OpenError::OtherRules { needs, runs, retry }) => {
            assert_eq!(needs, newer.to_string());
            assert_eq!(runs, running.to_string());
            assert!(!retry, "single mode: no other server will take it");
        }
        other => panic!("a match of other rules was opened: {other:?}"),
    }
    // Kept as it is: not broken, its log whole.
    let kept = store.load_room(&playing).await.unwrap();
    assert_eq!(kept.broken, None);
    assert_eq!(kept.status, "playing");
    let current = kept.current.unwrap();
    assert_eq!((current.rules, current.playing), (newer, true));
    assert!(!current.steps.is_empty());

    // The finished match is not replayed: the room opens in its lobby, and
    // the match stays in the history.
    let handle = rooms.open(&done).await.unwrap();
    assert_eq!(handle.info().await.unwrap().status, RoomStatus::Lobby);
    assert_eq!(store.load_room(&done).await.unwrap().status, "lobby");
    assert!(store.match_record(done_id).await.is_ok());
    stop(shutdown, tracker).await;

    // Over HTTP: `409 room_broken`, saying why.
    let server = parlor_server::start(parlor_server::Config::for_tests(&url))
        .await
        .unwrap();
    let answer = reqwest::Client::new()
        .get(format!("http://{}/api/rooms/{}", server.addr, playing.0))
        .timeout(Duration::from_secs(20))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 409);
    let body = answer.text().await.unwrap();
    assert!(body.contains("room_broken"), "{body}");
    assert!(
        body.contains(&newer.to_string()) && body.contains(&running.to_string()),
        "{body}"
    );
    // Its finished match is not shown move by move under these rules
    // either: a replay would rebuild it wrongly.
    let replay = reqwest::Client::new()
        .get(format!(
            "http://{}/api/matches/{}/replay",
            server.addr, done_id
        ))
        .timeout(Duration::from_secs(20))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), 409);
    let body = replay.text().await.unwrap();
    assert!(
        body.contains(&newer.to_string()) && body.contains(&running.to_string()),
        "{body}"
    );
    server.shutdown().await;

    // A build running those rules (here: the match set back to this
    // build's version) serves the room where it was.
    sql(&url, set_version, running.version, playing_id).await;
    let (rooms, shutdown, tracker) = new_rooms(&store);
    let handle = rooms.open(&playing).await.unwrap();
    assert_eq!(handle.info().await.unwrap().status, RoomStatus::Playing);
    stop(shutdown, tracker).await;
    store.close().await;
}
