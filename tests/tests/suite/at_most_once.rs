//! At most once: an action decided on version `v` is applied at most once,
//! and only while `v` is current — or while the simultaneous window it was
//! decided in is still open and its seat has not answered yet.
//!
//! Reproduces the defect where a second tab of the same seat (or a resend)
//! could replay an action with an old version: Mix-the-Mutts with one seat
//! on two connections, then a generic check over full matches of every
//! playable game where a second tab resends every acknowledged action.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_protocol::mix_the_mutts::{Action, Options, Phase};
use parlor_protocol::{AnyAction, AnyView, ErrorCode, GameKind, GameOptions, MatchId, Seat, ToAct};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, Table};
use parlor_tests::players::{self, PLAYERS};
use parlor_tests::truth::Truth;
use parlor_tests::{Answer, TestClient, TestDb, TestServer};

fn mtm(action: Action) -> AnyAction {
    AnyAction::MixTheMutts(action)
}

fn mtm_view(c: &TestClient) -> parlor_protocol::mix_the_mutts::View {
    match c.view() {
        AnyView::MixTheMutts(v) => v.clone(),
        other => panic!("not a Mix-the-Mutts view: {other:?}"),
    }
}

/// Sends `action` decided on `version` and waits for the answer.
async fn send(c: &mut TestClient, version: u64, action: AnyAction) -> Answer {
    let seq = c.act(version, action).await.expect("socket open");
    c.await_answer(seq).await
}

fn acked(answer: &Answer) -> u64 {
    match answer {
        Answer::Acked(v) => *v,
        Answer::Refused(code, message) => panic!("refused ({code:?}): {message}"),
    }
}

fn assert_stale(answer: &Answer, what: &str) {
    match answer {
        Answer::Refused(ErrorCode::StaleVersion, _) => {}
        other => panic!("{what}: expected stale_version, got {other:?}"),
    }
}

async fn stored(store: &Store, id: MatchId) -> u64 {
    store.step_count(id).await.unwrap()
}

/// Every connection settles (ping/pong) and holds `version`: nothing was
/// applied, stored or broadcast behind the refusals.
async fn assert_unchanged(clients: &mut [&mut TestClient], store: &Store, version: u64) {
    for c in clients.iter_mut() {
        c.settle().await;
        assert_eq!(c.version(), version, "{:?} holds another version", c.you);
    }
    assert_eq!(stored(store, clients[0].match_id()).await, version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_tab_cannot_replay_an_action() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let store = server.server.store.clone();
    let options = GameOptions::MixTheMutts(Options {
        junior: false,
        first_player: Some(Seat(0)),
        response_timer_secs: None,
    });
    let mut t = Table::open(&server, GameKind::MixTheMutts, options, 2, 0).await;
    // Seat 0 opens a second tab before the start.
    let mut tab_b = server.connect_welcomed(&t.code, Some(&t.tokens[0])).await;
    assert_eq!(tab_b.seat(), Some(Seat(0)));
    t.start().await;
    parlor_tests::await_start(&mut tab_b).await;
    let [tab_a, seat1] = &mut t.seats[..] else {
        panic!("two seats")
    };
    let v0 = tab_a.version();
    assert_eq!(
        tab_a.state().to_act,
        ToAct::Seats {
            seats: vec![Seat(0)]
        }
    );

    // 1. A turn: tab A draws at v0 (acked); tab B sends the same at v0.
    let v1 = acked(&send(tab_a, v0, mtm(Action::DrawTwo)).await);
    assert!(v1 > v0);
    let again = send(&mut tab_b, v0, mtm(Action::DrawTwo)).await;
    assert_stale(&again, "the same draw from the second tab");
    assert_unchanged(&mut [&mut *tab_a, &mut tab_b, &mut *seat1], &store, v1).await;

    // 2. Seat 1 connects: a scoring window opens at w for both seats.
    let at = mtm_view(seat1).open_hexes[0];
    let w = acked(&send(seat1, v1, mtm(Action::Connect { at, rotation: 0 })).await);
    tab_a.await_version(w).await;
    tab_b.await_version(w).await;
    assert_eq!(
        tab_a.state().to_act,
        ToAct::Seats {
            seats: vec![Seat(0), Seat(1)]
        }
    );
    let Phase::Window(_) = mtm_view(tab_a).phase else {
        panic!("a window is open after a connect")
    };

    // 3. Tab A answers at w; tab B's same answer at w is refused while the
    // window is still open (seat 0 has answered).
    let answer0 = mtm(Action::Answer {
        claims: parlor_tests::players::mix_the_mutts::answer(Seat(0), &mtm_view(tab_a)),
    });
    let w1 = acked(&send(tab_a, w, answer0.clone()).await);
    assert_eq!(w1, w + 1, "a window answer is one step");
    let again = send(&mut tab_b, w, answer0.clone()).await;
    assert_stale(&again, "a second answer from the second tab, window open");
    let again = send(&mut tab_b, w1, answer0.clone()).await;
    assert!(
        matches!(again, Answer::Refused(..)),
        "an answer decided after answering: {again:?}"
    );
    assert_unchanged(&mut [&mut *tab_a, &mut tab_b, &mut *seat1], &store, w1).await;

    // 4. Seat 1 answers on the window's opening version: still current for
    // it (another seat's secret answer changes nothing it can do).
    let answer1 = mtm(Action::Answer {
        claims: parlor_tests::players::mix_the_mutts::answer(Seat(1), &mtm_view(seat1)),
    });
    let t0 = acked(&send(seat1, w, answer1.clone()).await);
    assert!(t0 > w1, "the window closed and the next tile was turned");
    tab_a.await_version(t0).await;
    tab_b.await_version(t0).await;
    assert_eq!(
        tab_a.state().to_act,
        ToAct::Seats {
            seats: vec![Seat(0)]
        },
        "the turn passed to seat 0"
    );

    // 5. The window has closed: its opening version is stale for everyone,
    // for answers and for the turn that follows (issue 6).
    for (version, what) in [
        (w, "the window's opening version"),
        (w1, "a version inside the window"),
    ] {
        let r = send(&mut tab_b, version, mtm(Action::DrawTwo)).await;
        assert_stale(&r, &format!("seat 0's turn action on {what}"));
        let r = send(tab_a, version, answer0.clone()).await;
        assert_stale(&r, &format!("seat 0's answer on {what}"));
        let r = send(seat1, version, answer1.clone()).await;
        assert_stale(&r, &format!("seat 1's answer on {what}"));
    }
    assert_unchanged(&mut [&mut *tab_a, &mut tab_b, &mut *seat1], &store, t0).await;

    // 6. Both tabs send the same draw on the current version at once:
    // exactly one is applied.
    let sa = tab_a.act(t0, mtm(Action::DrawTwo)).await.unwrap();
    let sb = tab_b.act(t0, mtm(Action::DrawTwo)).await.unwrap();
    let (ra, rb) = (tab_a.await_answer(sa).await, tab_b.await_answer(sb).await);
    let (winner, loser) = match (&ra, &rb) {
        (Answer::Acked(v), other) | (other, Answer::Acked(v)) => (*v, other.clone()),
        _ => panic!("neither tab's draw was applied: {ra:?} {rb:?}"),
    };
    assert_stale(&loser, "the slower of two identical draws");
    assert_unchanged(&mut [&mut *tab_a, &mut tab_b, &mut *seat1], &store, winner).await;

    // The log holds each decision once.
    let truth = Truth::load(&store, tab_a.match_id()).await;
    let by0 = truth.actions_by(Seat(0), 0);
    let by1 = truth.actions_by(Seat(1), 0);
    assert_eq!(
        by0.iter().map(|(_, a)| a.clone()).collect::<Vec<_>>(),
        vec![mtm(Action::DrawTwo), answer0, mtm(Action::DrawTwo)]
    );
    assert_eq!(by1.len(), 2);
    server.stop().await;
    db.drop_db().await;
}

/// A full match where every seat has a second tab that resends each action
/// the first tab got acknowledged, with its version, as soon as the ack
/// arrives: every resend is refused, and the log holds each action once.
async fn resend_every_ack(kind: GameKind, seats: u8, variant: u64) {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let store = server.server.store.clone();
    let mut t = Table::open(
        &server,
        kind,
        (players::player(kind).options)(variant),
        seats,
        0,
    )
    .await;
    let mut second = Vec::new();
    for token in &t.tokens {
        second.push(server.connect_welcomed(&t.code, Some(token)).await);
    }
    t.start().await;
    for b in &mut second {
        parlor_tests::await_start(b).await;
    }
    let tasks: Vec<_> = t
        .seats
        .drain(..)
        .zip(second)
        .map(|(a, b)| tokio::spawn(seat_with_two_tabs(a, b)))
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    let match_id = results[0].0.match_id();
    let truth = Truth::load(&store, match_id).await;
    let timelines = truth.timelines();
    let mut resends = 0;
    for (seat, (a, refusals)) in results.iter().enumerate() {
        let seat = Seat(u8::try_from(seat).unwrap());
        // The log holds exactly tab A's acknowledged actions, in order.
        let stored: Vec<AnyAction> = truth
            .actions_by(seat, 0)
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        let acked: Vec<AnyAction> = a.acked().map(|(s, _)| s.action.clone()).collect();
        assert_eq!(
            stored, acked,
            "seat {seat}: the log holds each acked action once"
        );
        for (sent, acked_at, code, over_first) in refusals {
            resends += 1;
            // Refused as over only if the match had ended before the resend
            // was handled (the second tab had been told).
            let ok =
                *code == ErrorCode::StaleVersion || (*code == ErrorCode::MatchOver && *over_first);
            assert!(
                ok,
                "seat {seat}: resend of {:?} (decided on {}) refused with {code:?}",
                sent.action, sent.version
            );
            // And the rules' bookkeeping agrees it was no longer current.
            let tl = &timelines[usize::try_from(*acked_at).unwrap()];
            assert!(!tl.is_current(seat, sent.version));
        }
    }
    assert!(resends > 10, "only {resends} resends");
    server.stop().await;
    db.drop_db().await;
}

/// Plays tab A with the game's player; after each ack, tab B resends the
/// same action with the same version. Returns tab A and, per resend, the
/// action, the version its original's ack reported, the refusal code and
/// whether tab B had been told the match was over when it came.
async fn seat_with_two_tabs(
    mut a: TestClient,
    mut b: TestClient,
) -> (
    TestClient,
    Vec<(parlor_tests::SentAct, u64, ErrorCode, bool)>,
) {
    let mut refusals = Vec::new();
    let mut seen = 0;
    loop {
        if a.state().result.is_some() {
            break;
        }
        if let Some((code, message, _)) = a.errors.first() {
            panic!("tab A got {code:?}: {message}");
        }
        act_if_due(&mut a).await;
        a.recv().await;
        let acks: Vec<_> = a.acked().skip(seen).map(|(s, v)| (s.clone(), v)).collect();
        for (sent, acked_at) in acks {
            seen += 1;
            let seq = b.act(sent.version, sent.action.clone()).await.unwrap();
            match b.await_answer(seq).await {
                Answer::Refused(code, _) => {
                    let over = b.state().finished();
                    refusals.push((sent, acked_at, code, over));
                }
                Answer::Acked(v) => panic!(
                    "the second tab's resend of {:?} (decided on {}) was applied again at {v}",
                    sent.action, sent.version
                ),
            }
        }
    }
    // Tab B saw the same match end.
    while b.state().result.is_none() {
        b.recv().await;
    }
    assert_eq!(b.state().result, a.state().result);
    (a, refusals)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resent_acked_actions_are_refused_in_every_game() {
    // Two seat counts a game with `PARLOR_HEAVY=1`, the first in CI.
    let counts = if parlor_tests::heavy() { 2 } else { 1 };
    for p in PLAYERS {
        for (i, seats) in p.seats.iter().take(counts).enumerate() {
            resend_every_ack(p.kind, *seats, i as u64).await;
        }
    }
}
