//! Exact resume: a client that reconnects saying which match and version it
//! holds gets `Welcome { resumed: true }` and one `Update` with exactly the
//! steps it missed and a patch from its view; the view it then holds equals
//! the view of a connection of the same viewer that never left, and that
//! of a fresh connection's full snapshot. Anything the server cannot resume
//! from (another match, a version it never reached) gets a full snapshot.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::HashMap;
use std::time::Duration;

use parlor_games::AnyStep;
use parlor_protocol::{ClientMsg, GameKind, MatchId, ServerMsg, Viewer};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, await_welcome, Table};
use parlor_tests::players::{self, PLAYERS};
use parlor_tests::{Api, MatchState, TestClient, TestDb, TestServer};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One viewer (a seat or a spectator): the connection that plays and
/// leaves now and then, and a witness that never leaves and never acts.
struct Viewpoint {
    token: Option<String>,
    /// `None` while away; the state it left with is in `left_with`.
    player: Option<TestClient>,
    left_with: Option<MatchState>,
    /// Rounds left before it comes back.
    away_for: u32,
    witness: TestClient,
    /// The histories of every client this viewer has had, to compare at the end.
    retired: Vec<History>,
    resumes: u32,
    missed: u64,
}

type History = HashMap<(MatchId, u64), serde_json::Value>;

/// Action steps in the stored log.
async fn actions_stored(store: &Store, kind: GameKind, id: MatchId) -> u64 {
    store
        .steps(id)
        .await
        .unwrap()
        .iter()
        .filter(|(_, json)| !AnyStep::from_json(kind, json).unwrap().is_chance())
        .count() as u64
}

/// Brings a viewer back: resume from the state it left with, then check
/// the result against a fresh full snapshot and the witness.
async fn come_back(api: &Api, code: &str, v: &mut Viewpoint, now: u64) {
    let state = v.left_with.take().unwrap();
    let from = state.version;
    let mut c = api.resume(code, v.token.as_deref(), Some(state)).await;
    let (resumed, steps) = await_welcome(&mut c).await;
    assert!(
        resumed,
        "{:?}: resume from version {from} of the live match (now {now}) was not accepted",
        c.you
    );
    let steps = steps.unwrap() as u64;
    assert_eq!(
        steps,
        now - from,
        "the resume update carries exactly the missed steps"
    );
    assert_eq!(c.version(), now);
    // A fresh connection of the same viewer gets a full snapshot: the same.
    let mut fresh = api.connect(code, v.token.as_deref()).await;
    let (fresh_resumed, _) = await_welcome(&mut fresh).await;
    assert!(!fresh_resumed);
    let snapshot = fresh.state();
    assert_eq!(snapshot.version, now);
    assert_eq!(
        c.state().view,
        snapshot.view,
        "resumed view = snapshot view"
    );
    assert_eq!(c.state().typed, snapshot.typed);
    assert_eq!(c.state().to_act, snapshot.to_act);
    assert_eq!(
        c.state().view,
        v.witness.state().view,
        "resumed view = witness view"
    );
    assert_eq!(fresh.you, c.you);
    v.retired.push(fresh.history.clone());
    v.resumes += 1;
    v.missed += steps;
    v.player = Some(c);
}

/// Plays a match where players and a spectator leave (closing cleanly or
/// just dropping the socket, sometimes right after sending an action) and
/// resume at random points of a seeded schedule.
async fn play_with_drops(api: &Api, store: &Store, kind: GameKind, seats: u8, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut t = Table::started(api, kind, seed, seats, 1).await;
    let code = t.code.clone();
    let mut views = Vec::new();
    let tokens: Vec<Option<String>> = t
        .tokens
        .iter()
        .cloned()
        .map(Some)
        .chain(std::iter::once(None))
        .collect();
    let players: Vec<TestClient> = t.seats.drain(..).chain(t.spectators.drain(..)).collect();
    for (token, player) in tokens.into_iter().zip(players) {
        let mut witness = api.connect(&code, token.as_deref()).await;
        await_welcome(&mut witness).await;
        views.push(Viewpoint {
            token,
            player: Some(player),
            left_with: None,
            away_for: 0,
            witness,
            retired: Vec::new(),
            resumes: 0,
            missed: 0,
        });
    }
    let match_id = views[0].witness.match_id();
    let mut sent = 0u64;
    let mut log = Vec::new();
    let mut uncertain = false;
    let mut round = 0u32;
    loop {
        round += 1;
        assert!(round < 5_000, "the match does not end");
        // 1. Quiesce: every action sent is applied, and everyone has heard.
        // (Awaited through messages, not pings: a ping per round would
        // trip the per-connection message rate.)
        while actions_stored(store, kind, match_id).await < sent {
            if let parlor_tests::Event::Timeout =
                views[0].witness.next_event(parlor_tests::WAIT).await
            {
                panic!(
                    "{} actions sent, {} stored; the last sent: {:?}",
                    sent,
                    actions_stored(store, kind, match_id).await,
                    &log[log.len().saturating_sub(4)..]
                );
            }
        }
        if uncertain {
            // The unanswered action reached the room before this ping did,
            // but the room answers the ping while the action's commit may
            // still be on its way (commits overlap), and nothing tells the
            // test whether it will land: wait until the log stops growing
            // (under CI's load a step stored after `now` was read made the
            // next resume carry one step more than counted).
            views[0].witness.settle().await;
            let mut stored = actions_stored(store, kind, match_id).await;
            for _ in 0..50 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let again = actions_stored(store, kind, match_id).await;
                if again == stored {
                    break;
                }
                stored = again;
            }
            sent = stored;
            uncertain = false;
        }
        let now = store.step_count(match_id).await.unwrap();
        for v in &mut views {
            v.witness.await_version(now).await;
            if let Some(p) = &mut v.player {
                p.await_version(now).await;
                if let Some((code, message, _)) = p.errors.first() {
                    panic!("{:?} was refused ({code:?}): {message}", p.you);
                }
            }
        }
        assert_eq!(views[0].witness.version(), now);
        let over = views[0].witness.state().finished();
        // 2. Some come back; some leave.
        for v in &mut views {
            let Some(p) = &v.player else {
                // Back when its time is up, when its seat is needed, or at the end.
                let seat = v.witness.seat();
                let needed = seat.is_some_and(|s| v.witness.state().is_to_act(s));
                if v.away_for == 0 || needed || over {
                    come_back(api, &code, v, now).await;
                } else {
                    v.away_for -= 1;
                }
                continue;
            };
            assert_eq!(p.version(), now);
            assert_eq!(p.state().view, v.witness.state().view);
            if !over && rng.random_bool(0.08) {
                let mut p = v.player.take().unwrap();
                v.left_with = p.state.clone();
                if rng.random_bool(0.5) {
                    p.ws.close(None).await.unwrap();
                }
                // Otherwise the socket is just dropped (a lost network).
                v.retired.push(p.history.clone());
                v.away_for = rng.random_range(0..6);
            }
        }
        if over {
            break;
        }
        // 3. Those present act; now and then one leaves right after sending
        // (closing, so that the action is not lost with a reset socket: the
        // server read it before the close, and must apply it).
        for v in &mut views {
            let Some(p) = &mut v.player else { continue };
            if let Some(seq) = act_if_due(p).await {
                sent += 1;
                let leaves = rng.random_bool(0.1);
                let act = p.pending.iter().find(|a| a.client_seq == seq).cloned();
                log.push((p.you, act, leaves));
                if leaves {
                    let mut p = v.player.take().unwrap();
                    p.ws.close(None).await.unwrap();
                    p.closed_within(parlor_tests::WAIT).await;
                    // The socket has ended, so the server had read the
                    // action; unanswered, it may or may not be applied (a
                    // room may drop what a connection it gave up on sent).
                    if p.pending.iter().any(|a| a.client_seq == seq) {
                        sent -= 1;
                        uncertain = true;
                    }
                    v.left_with = p.state.clone();
                    v.retired.push(p.history.clone());
                    v.away_for = rng.random_range(0..3);
                }
            }
        }
    }
    // Every connection a viewer had agrees with its witness wherever both
    // held the same version.
    let mut compared = 0;
    let mut resumes = 0;
    let mut missed = 0;
    for v in &views {
        resumes += v.resumes;
        missed += v.missed;
        let p = v.player.as_ref().unwrap();
        for history in v.retired.iter().chain(std::iter::once(&p.history)) {
            for (key, view) in history {
                if let Some(w) = v.witness.history.get(key) {
                    assert_eq!(view, w, "{:?} at {key:?}", p.you);
                    compared += 1;
                }
            }
        }
    }
    for v in &mut views {
        for c in [v.player.as_mut().unwrap(), &mut v.witness] {
            while c.state().result.is_none() {
                c.recv().await;
            }
        }
        let p = v.player.as_ref().unwrap();
        assert_eq!(p.state().result, v.witness.state().result);
    }
    assert!(resumes >= 3, "only {resumes} resumes in {round} rounds");
    assert!(missed > 0, "no resume missed anything");
    assert!(compared > 0);
    let spectator = views.last().unwrap();
    assert_eq!(spectator.witness.you, Some(Viewer::Spectator));
    eprintln!(
        "{} {seats}p seed {seed}: {round} rounds, {resumes} resumes ({} by the spectator), \
         {missed} steps caught up, {compared} views compared",
        kind.slug(),
        spectator.resumes
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resumed_clients_see_what_they_missed_in_every_game() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let store = server.server.store.clone();
    let seeds: u64 = if parlor_tests::heavy() { 6 } else { 2 };
    for p in PLAYERS {
        for seed in 0..seeds {
            let seats = p.seats[usize::try_from(seed).unwrap() % p.seats.len()];
            play_with_drops(&server, &store, p.kind, seats, seed).await;
        }
    }
    server.stop().await;
    db.drop_db().await;
}

/// Whatever a client says it holds, it ends up with the view a fresh
/// connection gets.
async fn hello_with(
    api: &Api,
    code: &str,
    token: Option<&str>,
    match_id: Option<MatchId>,
    last_version: Option<u64>,
) -> (TestClient, bool) {
    let mut c = api.open(code).await;
    c.send(&ClientMsg::Hello {
        token: token.map(str::to_owned),
        last_version,
        match_id,
    })
    .await;
    let resumed = c
        .recv_until(|m| match m {
            ServerMsg::Welcome { resumed, .. } => Some(*resumed),
            _ => None,
        })
        .await;
    (c, resumed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_cannot_be_resumed_gets_a_full_snapshot() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let kind = players::PLAYABLE[0];
    let mut t = Table::started(&server, kind, 0, 2, 0).await;
    // Play one match to the end and a rematch: the first is now stale.
    t.play_to_end().await;
    let old = t.seats[0].state().clone();
    t.rematch().await;
    let code = t.code.clone();
    let token = t.tokens[1].clone();
    let live = t.seats[1].state().clone();
    assert_ne!(old.match_id, live.match_id);

    let unknown = MatchId(uuid::Uuid::new_v4());
    let cases = [
        ("the previous match", Some(old.match_id), Some(old.version)),
        ("the previous match at 0", Some(old.match_id), Some(0)),
        ("an unknown match", Some(unknown), Some(live.version)),
        (
            "a version the match never reached",
            Some(live.match_id),
            Some(live.version + 1),
        ),
        ("a far future version", Some(live.match_id), Some(u64::MAX)),
        ("a version without its match", None, Some(live.version)),
    ];
    for (what, match_id, last_version) in cases {
        let (c, resumed) = hello_with(&server, &code, Some(&token), match_id, last_version).await;
        assert!(!resumed, "{what}: must not be resumed");
        let s = c
            .state
            .as_ref()
            .unwrap_or_else(|| panic!("{what}: no snapshot"));
        assert_eq!(s.match_id, live.match_id, "{what}");
        assert_eq!(s.version, live.version, "{what}");
        assert_eq!(s.view, live.view, "{what}: the full view");
    }
    // The live match's own versions resume, from the start too.
    for from in [0, 1, live.version] {
        let mut state = live.clone();
        // A client at `from` holds the view it had then; rebuild it from a
        // client that was there: the witness history has every version.
        let Some(view) = t.seats[1].history.get(&(live.match_id, from)).cloned() else {
            continue;
        };
        state.version = from;
        state.typed = serde_json::from_value(view.clone()).unwrap();
        state.view = view;
        let mut c = server.resume(&code, Some(&token), Some(state)).await;
        let (resumed, steps) = await_welcome(&mut c).await;
        assert!(resumed, "resume from {from}");
        assert_eq!(steps, Some(usize::try_from(live.version - from).unwrap()));
        assert_eq!(c.state().view, live.view, "resumed from {from}");
    }
    // A spectator too.
    let mut s = server.connect(&code, None).await;
    await_welcome(&mut s).await;
    let held = s.state().clone();
    drop(s);
    let mut s = server.resume(&code, None, Some(held.clone())).await;
    let (resumed, steps) = await_welcome(&mut s).await;
    assert!(
        resumed && steps == Some(0),
        "a spectator resumes ({resumed}, {steps:?})"
    );
    assert_eq!(s.state().view, held.view);
    server.stop().await;
    db.drop_db().await;
}
