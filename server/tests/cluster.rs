//! Cluster mode's ownership in the store (Postgres): a claim bumps the
//! room's epoch, and a writer holding an older epoch commits nothing:
//! neither the group-commit appends nor any other write of the room's
//! state. Concurrent claims give one owner; a claim waits for a write in
//! flight and then sees it; renewal and reaping race safely in both
//! orders. Deterministic: the races are forced with open transactions.
#![allow(clippy::unwrap_used, missing_docs)]

use std::sync::Arc;
use std::time::Duration;

use parlor_games::rules::{list_runs, running_list};
use parlor_games::Rules;
use parlor_protocol::http::Joined;
use parlor_protocol::{
    ChatLine, ClientMsg, GameKind, GameOptions, MatchId, RoomCode, Seat, ServerMsg, Viewer,
};
use parlor_server::db::{
    now_ms, Claim, Membership, NewChat, NewMatch, Node, NodeState, SeatLinkRow, SeatRow, Store,
    StoreError,
};
use parlor_server::room::{
    ConnId, ConnectError, JoinError, OpenError, Outgoing, RoomCmd, RoomConfig, Rooms, OUTBOX,
};
use sqlx::{Connection, Row};
use support::{step, Pg};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

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
        bot_levels: Vec::new(),
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
    sqlx::query("select epoch from step_batch where match_id = $1 order by seq")
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
    sqlx::query("insert into step_batch (match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch) values ($1, 1, 1, 0, '[{}]', 0, 0, 0, 1)")
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
    assert_eq!(
        store.orphaned_rooms(&b, 10).await.unwrap(),
        vec![code.clone()]
    );
    assert_eq!(owned(&store, &code, &a, "open").await, 1);
    assert!(store.orphaned_rooms(&b, 10).await.unwrap().is_empty());

    // Draining: A keeps its rooms until it hands them back, and claims no more.
    assert!(store.set_node_state(&a, NodeState::Draining).await.unwrap());
    let other = room(&store, "MEMB02").await;
    assert!(matches!(
        store.claim_room(&other, &a, "open").await,
        Err(StoreError::Conflict(_))
    ));
    assert!(store.orphaned_rooms(&b, 10).await.unwrap().is_empty());
    assert!(matches!(
        store.claim_room(&code, &b, "open").await.unwrap(),
        Claim::OwnedBy { .. }
    ));
    assert!(store.release_room(&code, 1).await.unwrap());
    assert_eq!(
        store.orphaned_rooms(&b, 10).await.unwrap(),
        vec![code.clone()]
    );
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
    assert_eq!(
        store.orphaned_rooms(&b2, 10).await.unwrap(),
        vec![code.clone()]
    );
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

/// This build's rules with Doozy Dice's one version on, and the list of a
/// server that runs those (a server of the next build).
fn newer_dice() -> (Rules, String) {
    let running = Rules::running(GameKind::DoozyDice);
    let newer = Rules {
        version: running.version + 1,
        ..running
    };
    let list = running_list().replace(&running.to_string(), &newer.to_string());
    assert!(
        list_runs(&list, newer) && !list_runs(&list, running),
        "{list}"
    );
    (newer, list)
}

async fn claims_logged(pg: &Pg, code: &RoomCode) -> i64 {
    let mut raw = pg.raw().await;
    sqlx::query("select count(*) from ownership_log where room_code = $1")
        .bind(&code.0)
        .fetch_one(&mut raw)
        .await
        .unwrap()
        .get(0)
}

/// A room whose match is in play goes only to a node whose row lists that
/// match's rules: another node's claim is refused (naming a live node that
/// runs them, if any) and its sweep skips the room, whatever the node
/// believes it runs; a finished match or a lobby binds no one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_claims_only_matches_of_rules_it_runs() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let running = Rules::running(GameKind::DoozyDice);
    let runs = joined(&store, "runs").await;
    let (_, newer_list) = newer_dice();
    let other = Node::new("other", "127.0.0.1:9100").with_rules(newer_list.clone());
    store.register_node(&other, TTL).await.unwrap();
    let mut raw = pg.raw().await;
    let rows = sqlx::query("select node_id, rules from node order by node_id")
        .fetch_all(&mut raw)
        .await
        .unwrap();
    let listed: Vec<(String, String)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(
        listed,
        vec![
            ("other".into(), newer_list),
            ("runs".into(), running_list())
        ]
    );

    // `runs` starts a match: it keeps the rules it was started under.
    let code = room(&store, "RULES1").await;
    let epoch = owned(&store, &code, &runs, "create").await;
    let on_runs = store.fenced(&code, epoch);
    on_runs.add_seat(&code, &seat(0)).await.unwrap();
    let m = new_match(&code);
    on_runs.start_match(&m, &[step(1)]).await.unwrap();
    let stored: i64 = sqlx::query("select rules_version from game_match where match_id = $1")
        .bind(m.match_id.to_string())
        .fetch_one(&mut raw)
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, i64::from(running.version));
    assert!(store.release_room(&code, epoch).await.unwrap());

    // Nobody owns it now, but `other` does not run its rules: refused, and
    // pointed at `runs`. Its sweep skips the room; `runs`'s takes it.
    match store.claim_room(&code, &other, "open").await.unwrap() {
        Claim::OtherRules { needs, runner } => {
            assert_eq!(needs, running);
            assert_eq!(runner, Some(("runs".into(), runs.addr.clone())));
        }
        claim => panic!("a node claimed a match of rules it does not run: {claim:?}"),
    }
    assert!(store.orphaned_rooms(&other, 10).await.unwrap().is_empty());
    assert_eq!(
        store.orphaned_rooms(&runs, 10).await.unwrap(),
        vec![code.clone()]
    );

    // The database decides, not what a node believes: the same run of
    // `other`, believing it runs this build's rules, is refused all the same.
    let believes = other.clone().with_rules(running_list());
    assert!(matches!(
        store.claim_room(&code, &believes, "open").await.unwrap(),
        Claim::OtherRules { .. }
    ));
    assert!(store
        .orphaned_rooms(&believes, 10)
        .await
        .unwrap()
        .is_empty());

    // No live node runs them: a draining node takes no rooms, nor a gone one.
    for state in [NodeState::Draining, NodeState::Left] {
        assert!(store.set_node_state(&runs, state).await.unwrap());
        match store.claim_room(&code, &other, "sweep").await.unwrap() {
            Claim::OtherRules {
                needs,
                runner: None,
            } => assert_eq!(needs, running),
            claim => panic!("{state:?}: {claim:?}"),
        }
    }
    let owner = store.room_owner(&code).await.unwrap().unwrap();
    assert_eq!(
        (owner.epoch, owner.node_id),
        (epoch, None),
        "nothing was claimed"
    );
    assert_eq!(claims_logged(&pg, &code).await, 1);

    // Once its match is over, the room binds no rules: any node claims it
    // (it does not replay a finished match of other rules), as a lobby.
    sqlx::query("update game_match set status = 'finished' where match_id = $1")
        .bind(m.match_id.to_string())
        .execute(&mut raw)
        .await
        .unwrap();
    assert_eq!(owned(&store, &code, &other, "open").await, epoch + 1);
    let lobby = room(&store, "RULES2").await;
    assert_eq!(owned(&store, &lobby, &other, "open").await, 1);
    store.close().await;
    pg.drop().await;
}

/// A table at its own pace that its server let go of (idle, or drained)
/// is left to the wake loop until its deadline nears; one whose server died
/// is swept at once, whatever its deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_table_at_its_own_pace_waits_for_its_deadline() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let a = joined(&store, "a").await;
    let b = joined(&store, "b").await;
    let mut raw = pg.raw().await;
    let set_deadline = |at: i64, id: MatchId| {
        sqlx::query("update game_match set deadline_at = $1 where match_id = $2")
            .bind(at)
            .bind(id.to_string())
    };
    let now = parlor_server::db::now_ms();
    let day = 24 * 3600 * 1000;

    // `a` plays a day-a-decision match, then lets the room go (idle).
    let code = room(&store, "PACED1").await;
    let epoch = owned(&store, &code, &a, "create").await;
    let on_a = store.fenced(&code, epoch);
    on_a.add_seat(&code, &seat(0)).await.unwrap();
    let m = new_match(&code);
    on_a.start_match(&m, &[step(1)]).await.unwrap();
    set_deadline(now + day, m.match_id)
        .execute(&mut raw)
        .await
        .unwrap();
    assert!(store.release_room(&code, epoch).await.unwrap());
    assert!(
        store.orphaned_rooms(&b, 10).await.unwrap().is_empty(),
        "a day away: left to the wake loop"
    );
    assert_eq!(
        store.rooms_due(now + day + 1, 10).await.unwrap(),
        vec![code.clone()]
    );
    // Its deadline near: the sweep takes it too.
    set_deadline(now + 20_000, m.match_id)
        .execute(&mut raw)
        .await
        .unwrap();
    assert_eq!(
        store.orphaned_rooms(&b, 10).await.unwrap(),
        vec![code.clone()]
    );

    // A room whose server died is swept at once, a day away or not.
    set_deadline(now + day, m.match_id)
        .execute(&mut raw)
        .await
        .unwrap();
    let epoch = owned(&store, &code, &a, "open").await;
    assert!(
        store.orphaned_rooms(&b, 10).await.unwrap().is_empty(),
        "a owns it"
    );
    reaped(&store, &a).await;
    assert_eq!(
        store.orphaned_rooms(&b, 10).await.unwrap(),
        vec![code.clone()]
    );
    assert!(epoch > 0);
    store.close().await;
    pg.drop().await;
}

/// A claim waiting for a write in flight sees the match that write
/// started: the owner starts a match of its rules while its lease runs
/// out, and a node of other rules that comes for the room meanwhile waits,
/// then is refused (it must not replay that match under its rules).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_sees_the_match_the_write_it_waited_for_started() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let running = Rules::running(GameKind::DoozyDice);
    let runs = joined(&store, "runs").await;
    let other = Node::new("other", "127.0.0.1:9100").with_rules(newer_dice().1);
    store.register_node(&other, TTL).await.unwrap();
    let code = room(&store, "RULES3").await;
    assert_eq!(owned(&store, &code, &runs, "create").await, 1);

    // `start_match`'s transaction, held open: the room's row at its epoch,
    // then the match.
    let mut raw = pg.raw().await;
    let mut tx = raw.begin().await.unwrap();
    sqlx::query("select 1 from room_owner where room_code = $1 and epoch = 1 for update")
        .bind(&code.0)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    sqlx::query(
        "insert into game_match (match_id, room_code, game, options, seats, players, seed, \
         seed_sha256, status, started_at, rules_version) \
         values ($1, $2, 'doozy-dice', '{}', 2, '[]', '00', '11', 'playing', 0, $3)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(&code.0)
    .bind(i64::from(running.version))
    .execute(&mut *tx)
    .await
    .unwrap();
    reaped(&store, &runs).await;

    let claim = {
        let (store, code, other) = (store.clone(), code.clone(), other.clone());
        tokio::spawn(async move { store.claim_room(&code, &other, "sweep").await.unwrap() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!claim.is_finished(), "the claim waits for the write");
    tx.commit().await.unwrap();
    match claim.await.unwrap() {
        Claim::OtherRules {
            needs,
            runner: None,
        } => assert_eq!(needs, running),
        claim => panic!("claimed a match of rules it does not run: {claim:?}"),
    }
    assert_eq!(store.room_owner(&code).await.unwrap().unwrap().epoch, 1);
    store.close().await;
    pg.drop().await;
}

const SECRET: &str = "a-long-cluster-secret-for-tests";

/// Cluster mode's settings for node `id` on the database at `url`, read as
/// from the environment, with short leases.
fn cluster_config(url: &str, id: &str) -> parlor_server::Config {
    let vars = |name: &str| {
        Some(match name {
            "DATABASE_URL" => url.to_owned(),
            "PARLOR_CLUSTER" => "on".into(),
            "PARLOR_NODE_ID" => id.into(),
            "PARLOR_CLUSTER_SECRET" => SECRET.into(),
            "PARLOR_LEASE_TTL" => "1s".into(),
            _ => return None,
        })
    };
    let mut config = parlor_server::Config::for_tests(url);
    config.cluster = parlor_server::Config::from_vars(vars).unwrap().cluster;
    assert!(config.cluster.is_some());
    config
}

/// A stand-in for a server of another build: it answers every request
/// with `200 {"served_by":"newer"}` and hands over each request's head.
async fn stand_in_server() -> (String, tokio::sync::mpsc::UnboundedReceiver<String>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let (heads, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut conn, _)) = listener.accept().await {
            let heads = heads.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match conn.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = heads.send(String::from_utf8_lossy(&head).into_owned());
                let body = r#"{"served_by":"newer"}"#;
                let answer = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\
                     content-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = conn.write_all(answer.as_bytes()).await;
            });
        }
    });
    (addr, rx)
}

/// A server asked for a room whose match needs rules it does not run
/// neither claims nor replays it: its sweep leaves it alone, and a request
/// for it is relayed to a live server that runs those rules (as a relayed
/// request, with the cluster's secret), or, when none is live, answered
/// `503 room_moved` for the client to ask again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_for_a_match_of_other_rules_goes_where_they_run() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let (newer, newer_list) = newer_dice();
    // A match of the next build's rules, in play, owned by nobody (its
    // server went), with a log this build would not replay.
    let code = room(&store, "RXNESABC").await;
    store.add_seat(&code, &seat(0)).await.unwrap();
    store.add_seat(&code, &seat(1)).await.unwrap();
    let m = new_match(&code);
    store.start_match(&m, &[step(1), step(2)]).await.unwrap();
    let mut raw = pg.raw().await;
    sqlx::query("update game_match set rules_version = $1 where match_id = $2")
        .bind(i64::from(newer.version))
        .bind(m.match_id.to_string())
        .execute(&mut raw)
        .await
        .unwrap();
    let (newer_addr, mut heads) = stand_in_server().await;
    let newer_node = Node::new("newer", newer_addr).with_rules(newer_list);
    store
        .register_node(&newer_node, Duration::from_secs(60))
        .await
        .unwrap();

    let server = parlor_server::start(cluster_config(&pg.url, "this"))
        .await
        .unwrap();
    // Several rounds of its sweep: the room is an orphan, not one of its.
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(claims_logged(&pg, &code).await, 0, "the sweep skips it");

    let http = reqwest::Client::new();
    let url = format!("http://{}/api/rooms/{}", server.addr, code.0);
    let answer = http.get(&url).send().await.unwrap();
    let status = answer.status();
    let body = answer.text().await.unwrap();
    assert_eq!(
        (status.as_u16(), body.as_str()),
        (200, r#"{"served_by":"newer"}"#)
    );
    let head = heads.recv().await.unwrap().to_ascii_lowercase();
    assert!(
        head.starts_with(&format!("get /api/rooms/{} ", code.0.to_ascii_lowercase())),
        "{head}"
    );
    assert!(
        head.contains(&format!("x-parlor-relayed: {SECRET}")),
        "{head}"
    );

    // The server of those rules is gone: nobody may serve the room now.
    assert!(store
        .set_node_state(&newer_node, NodeState::Left)
        .await
        .unwrap());
    let answer = http.get(&url).send().await.unwrap();
    assert_eq!(answer.status(), 503);
    assert!(answer.text().await.unwrap().contains("room_moved"));

    assert_eq!(claims_logged(&pg, &code).await, 0, "never claimed");
    let kept = store.load_room(&code).await.unwrap();
    assert_eq!(kept.broken, None, "kept as it is");
    assert_eq!(
        kept.current.map(|m| (m.rules, m.steps.len())),
        Some((newer, 2))
    );
    server.shutdown().await;
    store.close().await;
    pg.drop().await;
}

/// A cluster member in this process: its membership and its rooms, run
/// as a server runs them (without HTTP, renewals or the sweep: the tests
/// move rooms by hand).
struct Member {
    member: Arc<Membership>,
    rooms: Rooms,
    shutdown: CancellationToken,
    tracker: TaskTracker,
}

impl Member {
    async fn join(store: &Store, id: &str) -> Member {
        Member::join_skewed(store, id, 0).await
    }

    /// A member whose process clock is `skew` ms off.
    async fn join_skewed(store: &Store, id: &str, skew: i64) -> Member {
        let node = Node::new(id, format!("127.0.0.1:{}", 9100 + id.len()));
        let member = Arc::new(Membership::new(node, TTL));
        member.skew_local_clock(skew);
        store.register_member(&member).await.unwrap();
        member.set_lease(true);
        let (shutdown, tracker) = (CancellationToken::new(), TaskTracker::new());
        let rooms = Rooms::new(
            store.clone(),
            RoomConfig::default(),
            shutdown.clone(),
            tracker.clone(),
            Some(member.clone()),
        );
        Member {
            member,
            rooms,
            shutdown,
            tracker,
        }
    }

    /// Takes a seat in `code` (the HTTP join).
    async fn sit(&self, code: &RoomCode, name: &str) -> Joined {
        let (reply, rx) = oneshot::channel();
        let cmd = RoomCmd::Join {
            name: name.into(),
            reply,
        };
        self.rooms.send(code, cmd).await.unwrap();
        rx.await.unwrap().unwrap()
    }

    /// A connection to `code` with `token`: its id and what it is sent.
    async fn connect(
        &self,
        code: &RoomCode,
        token: Option<&str>,
    ) -> Result<(ConnId, Viewer, mpsc::Receiver<Outgoing>), ConnectError> {
        let (out, rx) = mpsc::channel(OUTBOX);
        let (reply, answer) = oneshot::channel();
        let cmd = RoomCmd::Connect {
            token: token.map(str::to_owned),
            resume: None,
            out,
            reply,
        };
        self.rooms.send(code, cmd).await.unwrap();
        let (conn, viewer) = answer.await.unwrap()?;
        Ok((conn, viewer, rx))
    }

    async fn say(&self, code: &RoomCode, conn: ConnId, msg: ClientMsg) {
        self.rooms
            .send(code, RoomCmd::Msg { conn, msg })
            .await
            .unwrap();
    }

    /// Moves a seat by its one-time code (the HTTP claim).
    async fn claim(&self, code: &RoomCode, link: &str) -> Result<Joined, JoinError> {
        let (reply, rx) = oneshot::channel();
        let cmd = RoomCmd::Claim {
            code: link.into(),
            reply,
        };
        self.rooms.send(code, cmd).await.unwrap();
        rx.await.unwrap()
    }

    async fn stop(self) {
        self.shutdown.cancel();
        self.tracker.close();
        self.tracker.wait().await;
    }
}

/// Reads what a connection is sent until `pick` finds something.
async fn heard<T>(rx: &mut mpsc::Receiver<Outgoing>, pick: impl Fn(&ServerMsg) -> Option<T>) -> T {
    let read = async {
        loop {
            match rx.recv().await {
                Some(Outgoing::Text(text)) => {
                    let msg: ServerMsg = serde_json::from_str(text.as_str()).unwrap();
                    if let Some(found) = pick(&msg) {
                        return found;
                    }
                }
                Some(Outgoing::Close { code, reason }) => panic!("closed: {code} {reason}"),
                None => panic!("the room dropped the connection"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .expect("the room did not say it in time")
}

/// A seat link issued on A works once on B after B took the room over
/// (A went silent past its lease): the link was stored, hashed, with its
/// expiry. A, still holding it in memory, cannot use it: its write is
/// fenced. The new token holds the seat on B; the old one does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_link_works_once_after_its_room_moved() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let a = Member::join(&store, "a").await;
    let b = Member::join(&store, "b").await;
    let options = GameOptions::default_for(GameKind::DoozyDice).unwrap();
    let (code, _) = a.rooms.create(options).await.unwrap();
    let host = a.sit(&code, "Host").await;
    let (conn, _, mut out) = a.connect(&code, Some(&host.token)).await.unwrap();
    a.say(&code, conn, ClientMsg::SeatLink).await;
    let link = heard(&mut out, |m| match m {
        ServerMsg::SeatLink { code, .. } => Some(code.clone()),
        _ => None,
    })
    .await;
    let mut raw = pg.raw().await;
    let stored: String = sqlx::query("select code_sha256 from seat_link where room_code = $1")
        .bind(&code.0)
        .fetch_one(&mut raw)
        .await
        .unwrap()
        .get(0);
    assert_ne!(stored, link, "only the code's hash is stored");
    assert!(matches!(
        b.rooms.open(&code).await,
        Err(OpenError::Elsewhere { .. })
    ));

    reaped(&store, &a.member.node()).await;
    b.rooms.open(&code).await.unwrap();
    let moved = b.claim(&code, &link).await.unwrap();
    assert_eq!(moved.seat, Some(Seat(0)));
    assert!(matches!(
        b.claim(&code, &link).await,
        Err(JoinError::BadClaim)
    ));
    assert!(
        matches!(
            a.claim(&code, &link).await,
            Err(JoinError::Store(StoreError::Fenced))
        ),
        "the old owner cannot use the link it issued"
    );
    let (_, viewer, _) = b.connect(&code, Some(&moved.token)).await.unwrap();
    assert_eq!(viewer, Viewer::Seat(Seat(0)));
    assert!(matches!(
        b.connect(&code, Some(&host.token)).await,
        Err(ConnectError::BadToken)
    ));
    let left: i64 = sqlx::query("select count(*) from seat_link")
        .fetch_one(&mut raw)
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0, "a used link is deleted");
    a.stop().await;
    b.stop().await;
    store.close().await;
    pg.drop().await;
}

/// The retention sweep runs on one server at a time: while one store holds
/// the sweep's turn (a transaction holding the advisory lock), another
/// store's sweep is skipped and deletes nothing; once the turn ends, it
/// sweeps (a room's seat link goes with the room). SQLite has no turn to
/// wait for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_server_sweeps_at_a_time() {
    let Some(pg) = Pg::new().await else { return };
    let a = Store::connect(&pg.url).await.unwrap();
    let b = Store::connect(&pg.url).await.unwrap();
    let code = room(&a, "SWEEP1").await;
    a.add_seat(&code, &seat(0)).await.unwrap();
    let link = SeatLinkRow {
        seat: Seat(0),
        code_sha256: "ab".repeat(32),
        expires_at: now_ms() + 60_000,
    };
    a.put_seat_link(&code, &link, now_ms()).await.unwrap();
    // Every lobby created until a minute from now is past keeping.
    let cutoff = Some(now_ms() + 60_000);

    let turn = a.sweep_turn().await.unwrap().expect("nobody else sweeps");
    assert!(b.sweep_turn().await.unwrap().is_none());
    assert_eq!(
        b.sweep_alone(cutoff, None, &[]).await.unwrap(),
        None,
        "skipped while A sweeps"
    );
    assert_eq!(b.counts().await.unwrap().lobbies, 1, "nothing was deleted");
    turn.end().await.unwrap();

    let swept = b.sweep_alone(cutoff, None, &[]).await.unwrap();
    assert_eq!(swept.map(|s| s.lobbies), Some(1), "B's turn now");
    assert_eq!(a.counts().await.unwrap().lobbies, 0);
    assert!(
        a.sweep_turn().await.unwrap().is_some(),
        "B's sweep ended its turn"
    );
    a.close().await;
    b.close().await;
    pg.drop().await;

    let file = std::env::temp_dir().join(format!("parlor-sweep-{}.db", uuid::Uuid::new_v4()));
    let lite = Store::connect(&format!("sqlite:{}", file.display()))
        .await
        .unwrap();
    let first = lite.sweep_turn().await.unwrap();
    assert!(first.is_some() && lite.sweep_turn().await.unwrap().is_some());
    lite.close().await;
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{end}", file.display()));
    }
}

/// A turn deadline set by node A is honoured by node B after B takes the
/// room over, though B's own clock runs 20 s fast: both read "now" off the
/// database's clock (the offset each measures when it registers and
/// renews), so B's player has the 45 s A gave, not 25.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_set_on_one_server_holds_on_the_next_whatever_its_clock() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let a = Member::join(&store, "a").await;
    let b = Member::join_skewed(&store, "b", 20_000).await;
    assert!(
        (b.member.clock_offset_ms() + 20_000).abs() < 1_000,
        "B measured its clock 20 s ahead of the database's: {} ms",
        b.member.clock_offset_ms()
    );
    assert!((b.member.now_ms() - a.member.now_ms()).abs() < 1_000);

    let options = GameOptions::default_for(GameKind::DoozyDice).unwrap();
    let (code, _) = a.rooms.create(options).await.unwrap();
    let host = a.sit(&code, "Host").await;
    a.sit(&code, "Guest").await;
    let (conn, _, mut out) = a.connect(&code, Some(&host.token)).await.unwrap();
    let timer = parlor_protocol::TurnTimer::Normal;
    a.say(&code, conn, ClientMsg::SetTurnTimer { timer }).await;
    a.say(&code, conn, ClientMsg::Start).await;
    let given = heard(&mut out, |m| match m {
        ServerMsg::Sync { snapshot } => snapshot.deadline.as_ref().map(|d| d.remaining_ms),
        ServerMsg::Update { deadline, .. } => deadline.as_ref().map(|d| d.remaining_ms),
        _ => None,
    })
    .await;
    assert!(given > 44_000, "{given} ms");
    drop(out);
    // A hands the room back (a drain); B is asked for it next.
    a.stop().await;

    let (_, _, mut out) = b.connect(&code, Some(&host.token)).await.unwrap();
    let left = heard(&mut out, |m| match m {
        ServerMsg::Welcome { snapshot, .. } => Some(
            snapshot
                .as_ref()
                .and_then(|s| s.deadline.as_ref())
                .map(|d| d.remaining_ms),
        ),
        _ => None,
    })
    .await
    .expect("the turn timer runs on B");
    assert!(
        (40_000..=45_000).contains(&left),
        "B gives the player what A did: {left} ms left"
    );
    b.stop().await;
    store.close().await;
    pg.drop().await;
}

/// The admin page's list of owned rooms, from the store: a live node's
/// rooms (lobby or in play) with their seats and latest match; a room in
/// play whose node was reaped, as not alive (it waits for a takeover); not
/// the reaped node's lobby, nor a closed room, nor one handed back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owned_rooms_are_listed_with_their_owner() {
    let Some(pg) = Pg::new().await else { return };
    let store = Store::connect(&pg.url).await.unwrap();
    let (a, b) = (joined(&store, "a").await, joined(&store, "b").await);
    let lobby_a = room(&store, "OWNED1").await;
    owned(&store, &lobby_a, &a, "create").await;
    store
        .fenced(&lobby_a, 1)
        .add_seat(&lobby_a, &seat(0))
        .await
        .unwrap();
    let playing_b = room(&store, "OWNED2").await;
    owned(&store, &playing_b, &b, "create").await;
    let m = new_match(&playing_b);
    store
        .fenced(&playing_b, 1)
        .start_match(&m, &[step(1)])
        .await
        .unwrap();
    let lobby_b = room(&store, "OWNED3").await;
    owned(&store, &lobby_b, &b, "create").await;
    let closed = room(&store, "OWNED4").await;
    owned(&store, &closed, &a, "create").await;
    store
        .fenced(&closed, 1)
        .mark_closed(&closed, "spam")
        .await
        .unwrap();
    let released = room(&store, "OWNED5").await;
    owned(&store, &released, &a, "create").await;
    assert!(store.release_room(&released, 1).await.unwrap());
    reaped(&store, &b).await;

    let mut rooms = store.owned_rooms().await.unwrap();
    rooms.sort_by(|x, y| x.code.0.cmp(&y.code.0));
    let codes: Vec<&str> = rooms.iter().map(|r| r.code.0.as_str()).collect();
    assert_eq!(codes, ["OWNED1", "OWNED2"]);
    let (on_a, on_b) = (&rooms[0], &rooms[1]);
    assert_eq!(
        (on_a.node_id.as_str(), on_a.incarnation),
        ("a", a.incarnation)
    );
    assert!(on_a.alive && !on_a.draining);
    assert_eq!(on_a.status, "lobby");
    assert_eq!(on_a.seats, vec![seat(0)]);
    assert_eq!(on_a.match_id, None);
    assert_eq!(on_b.node_id, "b");
    assert!(!on_b.alive, "B was reaped: its room waits for another");
    assert_eq!(on_b.status, "playing");
    assert_eq!(on_b.match_id, Some(m.match_id));

    assert!(store.set_node_state(&a, NodeState::Draining).await.unwrap());
    let rooms = store.owned_rooms().await.unwrap();
    let on_a = rooms.iter().find(|r| r.code == lobby_a).unwrap();
    assert!(on_a.alive && on_a.draining);
    store.close().await;
    pg.drop().await;
}
