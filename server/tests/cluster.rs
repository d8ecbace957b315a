//! Cluster mode's ownership in the store (Postgres): a claim bumps the
//! room's epoch, and a writer holding an older epoch commits nothing:
//! neither the group-commit appends nor any other write of the room's
//! state. Concurrent claims give one owner; a claim waits for a write in
//! flight and then sees it; renewal and reaping race safely in both
//! orders. Deterministic: the races are forced with open transactions.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_protocol::{ChatLine, GameKind, GameOptions, MatchId, RoomCode, Seat, Viewer};
use parlor_server::db::{Claim, NewChat, NewMatch, Node, NodeState, SeatRow, Store, StoreError};
use sqlx::{Connection, Row};
use support::{step, Pg};

mod support;

const TTL: Duration = Duration::from_secs(5);

async fn room(store: &Store, code: &str) -> RoomCode {
    let code = RoomCode(code.into());
    let options = GameOptions::default_for(GameKind::DoozyDice).unwrap();
    store.create_room(&code, &options).await.unwrap();
    code
}

fn new_match(code: &RoomCode) -> NewMatch {
    NewMatch {
        match_id: MatchId(uuid::Uuid::new_v4()),
        code: code.clone(),
        options: GameOptions::default_for(GameKind::DoozyDice).unwrap(),
        players: vec!["a".into(), "b".into()],
        seed_hex: "00".repeat(32),
        seed_sha256: "11".repeat(32),
        bots: Vec::new(),
    }
}

fn seat(n: u8) -> SeatRow {
    SeatRow {
        seat: Seat(n),
        name: format!("p{n}"),
        token_sha256: format!("{n:064}"),
        bot: None,
        stand_in: false,
    }
}

fn chat() -> NewChat {
    NewChat {
        match_id: None,
        line: ChatLine {
            from: Viewer::Seat(Seat(0)),
            name: "p0".into(),
            text: "hello".into(),
            reaction: None,
            at: 0,
        },
    }
}

async fn joined(store: &Store, id: &str) -> Node {
    let node = Node::new(id, format!("127.0.0.1:{}", 9000 + id.len()));
    store.register_node(&node, TTL).await.unwrap();
    node
}

/// Lets `node`'s lease run out and has another node reap it.
async fn reaped(store: &Store, node: &Node) {
    assert!(store.renew_node(node, Duration::ZERO).await.unwrap());
    tokio::time::sleep(Duration::from_millis(20)).await;
    let dead = store.reap_nodes(Duration::ZERO).await.unwrap();
    assert!(dead.contains(&node.id), "{dead:?}");
}

async fn owned(store: &Store, code: &RoomCode, node: &Node, reason: &str) -> i64 {
    match store.claim_room(code, node, reason).await.unwrap() {
        Claim::Owned(epoch) => epoch,
        other => panic!("{} could not claim {code}: {other:?}", node.id),
    }
}

async fn epochs(pg: &Pg, id: MatchId) -> Vec<Option<i64>> {
    let mut raw = pg.raw().await;
    sqlx::query("select epoch from match_step where match_id = $1 order by seq")
        .bind(id.to_string())
        .fetch_all(&mut raw)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<Option<i64>, _>(0))
        .collect()
}

/// A claims; B takes the room over once A's lease ran out and A was
/// reaped. A's next append, and every other write of A's, is refused as
/// fenced and stores nothing; B's go through. Each step carries the
/// epoch that wrote it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_over_room_commits_nothing() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let (a, b) = (joined(&store, "a").await, joined(&store, "b").await);
    let code = room(&store, "FENCE1").await;

    assert_eq!(owned(&store, &code, &a, "open").await, 1);
    let on_a = store.fenced(&code, 1);
    on_a.add_seat(&code, &seat(0)).await.unwrap();
    let m = new_match(&code);
    on_a.start_match(&m, &[step(1)]).await.unwrap();
    on_a.append_steps(m.match_id, &code, &[step(2)], None, None)
        .await
        .unwrap();

    // B may not take a room A holds while A is alive.
    match store.claim_room(&code, &b, "open").await.unwrap() {
        Claim::OwnedBy { node_id, addr } => {
            assert_eq!(node_id, "a");
            assert_eq!(addr, a.addr);
        }
        other => panic!("claimed a live node's room: {other:?}"),
    }

    reaped(&store, &a).await;
    assert_eq!(owned(&store, &code, &b, "sweep").await, 2);
    let on_b = store.fenced(&code, 2);

    assert!(!on_a.fence_lost());
    let append = on_a
        .append_steps(m.match_id, &code, &[step(3)], None, None)
        .await;
    assert!(matches!(append, Err(StoreError::Fenced)), "{append:?}");
    assert!(
        on_a.fence_lost(),
        "the room's handle knows it was taken over"
    );
    assert!(matches!(
        on_a.add_chat(&code, &chat()).await,
        Err(StoreError::Fenced)
    ));
    assert!(matches!(
        on_a.add_seat(&code, &seat(1)).await,
        Err(StoreError::Fenced)
    ));
    assert!(matches!(
        on_a.rename_seat(&code, Seat(0), "x").await,
        Err(StoreError::Fenced)
    ));
    assert!(matches!(
        on_a.set_stand_in(&code, Seat(0), true).await,
        Err(StoreError::Fenced)
    ));
    assert!(matches!(
        on_a.set_room_status(&code, "lobby").await,
        Err(StoreError::Fenced)
    ));
    assert!(matches!(
        on_a.start_match(&new_match(&code), &[]).await,
        Err(StoreError::Fenced)
    ));
    assert_eq!(
        store.step_count(m.match_id).await.unwrap(),
        2,
        "nothing of A's was stored"
    );
    assert!(store.recent_chat(&code, 10).await.unwrap().is_empty());
    let seats = store.seats(&code).await.unwrap();
    assert_eq!(seats, vec![seat(0)], "A's seat writes were refused");

    // B writes at its epoch: the same step A could not store.
    on_b.append_steps(m.match_id, &code, &[step(3)], None, None)
        .await
        .unwrap();
    on_b.add_chat(&code, &chat()).await.unwrap();
    assert!(!on_b.fence_lost());
    assert_eq!(
        epochs(&pg, m.match_id).await,
        vec![Some(1), Some(1), Some(2)]
    );

    // The ownership log holds both claims, in order.
    let mut raw = pg.raw().await;
    let log: Vec<(i64, String, String)> = sqlx::query(
        "select epoch, node_id, reason from ownership_log where room_code = $1 order by epoch",
    )
    .bind(&code.0)
    .fetch_all(&mut raw)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1), r.get(2)))
    .collect();
    assert_eq!(
        log,
        vec![
            (1, "a".into(), "open".into()),
            (2, "b".into(), "sweep".into())
        ]
    );
    store.close().await;
    pg.drop().await;
}

/// In one batch of the group-commit writer, a fenced room's append is
/// refused while the others in the same transaction are stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_fenced_room_does_not_fail_a_batch() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let (a, b) = (joined(&store, "a").await, joined(&store, "b").await);
    let mut rooms = Vec::new();
    for i in 0..20 {
        let code = room(&store, &format!("BATCH{i}")).await;
        let epoch = owned(&store, &code, &a, "open").await;
        let on_a = store.fenced(&code, epoch);
        let m = new_match(&code);
        on_a.start_match(&m, &[]).await.unwrap();
        rooms.push((code, m.match_id, on_a));
    }
    // Room 0 alone is taken over (B claims it after A's "release").
    store.release_room(&rooms[0].0, 1).await.unwrap();
    assert_eq!(owned(&store, &rooms[0].0, &b, "open").await, 2);
    let tasks: Vec<_> = rooms
        .iter()
        .map(|(code, id, on_a)| {
            let (code, id, on_a) = (code.clone(), *id, on_a.clone());
            tokio::spawn(async move { on_a.append_steps(id, &code, &[step(1)], None, None).await })
        })
        .collect();
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    assert!(
        matches!(results[0], Err(StoreError::Fenced)),
        "{:?}",
        results[0]
    );
    for r in &results[1..] {
        assert!(r.is_ok(), "{r:?}");
    }
    assert_eq!(store.step_count(rooms[0].1).await.unwrap(), 0);
    for (_, id, _) in &rooms[1..] {
        assert_eq!(store.step_count(*id).await.unwrap(), 1);
    }
    store.close().await;
    pg.drop().await;
}

/// Two nodes claiming one unowned room at once: exactly one owns it, at
/// epoch 1, and the other is told who.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_claims_give_one_owner() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let nodes = [joined(&store, "a").await, joined(&store, "b").await];
    for round in 0..10 {
        let code = room(&store, &format!("RACE{round}")).await;
        let tasks: Vec<_> = nodes
            .iter()
            .map(|n| {
                let (store, code, n) = (store.clone(), code.clone(), n.clone());
                tokio::spawn(async move { store.claim_room(&code, &n, "open").await.unwrap() })
            })
            .collect();
        let mut claims = Vec::new();
        for t in tasks {
            claims.push(t.await.unwrap());
        }
        let winners: Vec<_> = claims
            .iter()
            .filter(|c| matches!(c, Claim::Owned(1)))
            .collect();
        assert_eq!(winners.len(), 1, "round {round}: {claims:?}");
        assert!(
            claims.iter().any(|c| matches!(c, Claim::OwnedBy { .. })),
            "round {round}: {claims:?}"
        );
        assert_eq!(store.room_owner(&code).await.unwrap().unwrap().epoch, 1);
    }
    store.close().await;
    pg.drop().await;
}

/// A write in flight holds the room's owner row: a claim waits for it,
/// then replays a log that contains it (nothing the old owner committed,
/// and so acknowledged, is missed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_waits_for_the_write_in_flight() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let (a, b) = (joined(&store, "a").await, joined(&store, "b").await);
    let code = room(&store, "WAIT01").await;
    assert_eq!(owned(&store, &code, &a, "open").await, 1);
    let m = new_match(&code);
    store.fenced(&code, 1).start_match(&m, &[]).await.unwrap();
    reaped(&store, &a).await;

    // A's batch, as the writer runs it: the fence statement first, then
    // the step, not yet committed.
    let mut raw = pg.raw().await;
    let mut tx = raw.begin().await.unwrap();
    let held = sqlx::query(
        "select room_code from room_owner where (room_code, epoch) in (($1, $2)) for update",
    )
    .bind(&code.0)
    .bind(1_i64)
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    assert_eq!(held.len(), 1);
    sqlx::query("insert into match_step (match_id, seq, seat, step, created_at, by_timer, by_stand_in, epoch) values ($1, 1, 0, '{}', 0, 0, 0, 1)")
        .bind(m.match_id.to_string())
        .execute(&mut *tx)
        .await
        .unwrap();

    let claim = {
        let (store, code, b) = (store.clone(), code.clone(), b.clone());
        tokio::spawn(async move { store.claim_room(&code, &b, "open").await.unwrap() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !claim.is_finished(),
        "the claim waits for the write holding the row"
    );
    tx.commit().await.unwrap();
    assert_eq!(claim.await.unwrap(), Claim::Owned(2));
    assert_eq!(
        store.step_count(m.match_id).await.unwrap(),
        1,
        "the new owner reads A's step"
    );
    store.close().await;
    pg.drop().await;
}

/// Renewal and reaping, in both orders: a renewal that lands first keeps
/// the node alive (the reap finds nothing to do); a reap that lands first
/// makes the renewal fail (the node knows it owns nothing). Forced with a
/// statement held open, the other one waits on the node's row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewal_and_reaping_race_safely() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let a = joined(&store, "a").await;
    let _b = joined(&store, "b").await;

    // The lease runs out; a renewal holds the row; the reap waits, then
    // sees the renewed lease.
    assert!(store.renew_node(&a, Duration::ZERO).await.unwrap());
    tokio::time::sleep(Duration::from_millis(20)).await;
    let mut raw = pg.raw().await;
    let mut tx = raw.begin().await.unwrap();
    let renewed = sqlx::query("update node set expires_at = expires_at + 60000 where node_id = 'a' and incarnation = $1 and state in ('alive', 'draining')")
        .bind(a.incarnation)
        .execute(&mut *tx)
        .await
        .unwrap();
    assert_eq!(renewed.rows_affected(), 1);
    let reap = {
        let store = store.clone();
        tokio::spawn(async move { store.reap_nodes(Duration::ZERO).await.unwrap() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!reap.is_finished(), "the reap waits on the renewing row");
    tx.commit().await.unwrap();
    assert!(reap.await.unwrap().is_empty(), "renewed first: not reaped");
    assert!(store.renew_node(&a, TTL).await.unwrap());

    // The other order: a reap holds the row; the renewal waits, then fails.
    assert!(store.renew_node(&a, Duration::ZERO).await.unwrap());
    tokio::time::sleep(Duration::from_millis(20)).await;
    let mut tx = raw.begin().await.unwrap();
    let reaped =
        sqlx::query("update node set state = 'dead' where node_id = 'a' and state = 'alive'")
            .execute(&mut *tx)
            .await
            .unwrap();
    assert_eq!(reaped.rows_affected(), 1);
    let renew = {
        let (store, a) = (store.clone(), a.clone());
        tokio::spawn(async move { store.renew_node(&a, TTL).await.unwrap() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!renew.is_finished(), "the renewal waits on the reaping row");
    tx.commit().await.unwrap();
    assert!(!renew.await.unwrap(), "reaped first: the renewal fails");
    store.close().await;
    pg.drop().await;
}

/// The membership's rules: one live server per node id; a node that is
/// not alive (reaped, or draining) claims nothing; a draining node's rooms
/// are not orphans until it hands them back; a new run of a node id owns
/// nothing of the old run's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn membership_rules() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let a = joined(&store, "a").await;
    let b = joined(&store, "b").await;
    let twin = Node::new("a", "127.0.0.1:1");
    assert!(matches!(
        store.register_node(&twin, TTL).await,
        Err(StoreError::Conflict(_))
    ));

    let code = room(&store, "MEMB01").await;
    store.set_room_status(&code, "playing").await.unwrap();
    assert_eq!(store.orphaned_rooms(10).await.unwrap(), vec![code.clone()]);
    assert_eq!(owned(&store, &code, &a, "open").await, 1);
    assert!(store.orphaned_rooms(10).await.unwrap().is_empty());

    // Draining: A keeps its rooms until it hands them back, and claims no more.
    assert!(store.set_node_state(&a, NodeState::Draining).await.unwrap());
    let other = room(&store, "MEMB02").await;
    assert!(matches!(
        store.claim_room(&other, &a, "open").await,
        Err(StoreError::Conflict(_))
    ));
    assert!(store.orphaned_rooms(10).await.unwrap().is_empty());
    assert!(matches!(
        store.claim_room(&code, &b, "open").await.unwrap(),
        Claim::OwnedBy { .. }
    ));
    assert!(store.release_room(&code, 1).await.unwrap());
    assert_eq!(store.orphaned_rooms(10).await.unwrap(), vec![code.clone()]);
    assert_eq!(owned(&store, &code, &b, "sweep").await, 2);
    assert!(
        !store.release_room(&code, 1).await.unwrap(),
        "an old epoch hands back nothing"
    );

    // B restarts as a new run: its old run's room is an orphan, even to it.
    let b2 = Node::new("b", b.addr.clone());
    assert!(store.set_node_state(&b, NodeState::Left).await.unwrap());
    store.register_node(&b2, TTL).await.unwrap();
    assert!(
        !store.renew_node(&b, TTL).await.unwrap(),
        "the old run's lease is gone"
    );
    assert_eq!(store.orphaned_rooms(10).await.unwrap(), vec![code.clone()]);
    assert_eq!(owned(&store, &code, &b2, "sweep").await, 3);
    assert!(matches!(
        store
            .claim_room(&RoomCode("NOSUCH".into()), &b2, "open")
            .await,
        Err(StoreError::NotFound)
    ));
    store.close().await;
    pg.drop().await;
}
