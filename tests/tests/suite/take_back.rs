//! Take-back over real sockets, for every playable game: a seat offered a
//! take-back takes its last step back and holds exactly the view it had
//! before that step; everyone else (a spectator included) is back where
//! they were too; the match then plays on to its end, and the stored log,
//! take-backs in it, replays from every seat's eyes and verifies. A seat
//! never offered one is refused with `NothingToTakeBack` and nothing moves.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_games::record::verify;
use parlor_protocol::replay::{MatchExport, Replay};
use parlor_protocol::ErrorCode;
use parlor_tests::driver::{act_if_due, watch_to_end, Table};
use parlor_tests::players::PLAYERS;
use parlor_tests::{Answer, TestClient, TestDb, TestServer};

/// Most take-backs tried in one match (test players redo the same step).
const MAX_TAKE_BACKS: usize = 12;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_takes_back_to_the_view_before() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    for p in PLAYERS {
        let game = p.kind.slug();
        let mut t = Table::started(&server, p.kind, 0, p.seats[0], 1).await;
        let id = t.seats[0].match_id();
        let seats = std::mem::take(&mut t.seats);
        let tasks: Vec<_> = seats
            .into_iter()
            .map(|c| tokio::spawn(play_taking_back(c, game)))
            .collect();
        let watcher = tokio::spawn(watch_to_end(t.spectators.remove(0)));
        let mut taken = 0;
        for task in tasks {
            let (c, n) = task.await.unwrap();
            taken += n;
            t.seats.push(c);
        }
        t.spectators.push(watcher.await.unwrap());
        let takes_back = parlor_tests::players::takes_back(p.kind);
        assert_eq!(
            taken > 0,
            takes_back,
            "{game}: {taken} take-backs made; the game's doc says it {} have take-backs",
            if takes_back { "should" } else { "should not" }
        );
        // Every viewer's live views are the replay's, take-backs included,
        // and everything revealed replays too.
        let (status, _) = server
            .get_raw(&format!("/api/matches/{id}/replay?seat=all"))
            .await;
        assert_eq!(status, 200, "{game}: everything revealed");
        let spectator = &t.spectators[0];
        for (i, c) in t.seats.iter().chain(std::iter::once(spectator)).enumerate() {
            let who = if i < t.seats.len() {
                format!("?seat={i}")
            } else {
                String::new()
            };
            let (status, body) = server
                .get_raw(&format!("/api/matches/{id}/replay{who}"))
                .await;
            assert_eq!(status, 200, "{game}: replay for {who}");
            let r: Replay = serde_json::from_slice(&body).unwrap();
            let mut view = serde_json::to_value(&r.start).unwrap();
            for (v, s) in r.steps.iter().enumerate() {
                parlor_games::patch::apply(&mut view, &s.patch).unwrap();
                if let Some(live) = c.history.get(&(id, v as u64 + 1)) {
                    assert_eq!(&view, live, "{game}: {who}'s replay at version {}", v + 1);
                }
            }
        }
        let (status, body) = server.get_raw(&format!("/api/matches/{id}/export")).await;
        assert_eq!(status, 200);
        let record: MatchExport = serde_json::from_slice(&body).unwrap();
        verify(&record).unwrap_or_else(|e| panic!("{game}: the record with take-backs: {e}"));
    }
}

/// Plays one seat to the end with its test player, taking back its own
/// step whenever one is offered right after it (once per step, at most
/// [`MAX_TAKE_BACKS`] times), and trying one take-back with nothing to take
/// back. Returns the connection and the take-backs made.
async fn play_taking_back(mut c: TestClient, game: &'static str) -> (TestClient, usize) {
    let me = c.seat().unwrap();
    let id = c.match_id();
    let mut taken = 0;
    let mut refused_once = false;
    // The version this seat's last action was decided on, while that
    // action is the last step and has not been taken back.
    let mut acted_at: Option<u64> = None;
    loop {
        let state = c.state().clone();
        if state.result.is_some() {
            return (c, taken);
        }
        if !c.busy() {
            let just_acted = acted_at.filter(|v| state.version == v + 1);
            if let (Some(me_), Some(before)) = (state.take_back, just_acted) {
                assert_eq!(
                    me_, me,
                    "{game}: a take-back is offered only to who just acted"
                );
                if taken < MAX_TAKE_BACKS {
                    acted_at = None;
                    c.take_back_now().await.unwrap();
                    let answer = await_take_back(&mut c).await;
                    let Answer::Acked(now) = answer else {
                        panic!("{game}: the take-back offered was refused: {answer:?}");
                    };
                    assert_eq!(now, state.version + 1, "{game}: one entry in the log");
                    assert_eq!(
                        c.state().view,
                        c.history[&(id, before)],
                        "{game}: after the take-back, seat {me} holds the view of version {before}"
                    );
                    taken += 1;
                    continue;
                }
            }
            if state.take_back.is_none() && !refused_once && state.is_to_act(me) {
                refused_once = true;
                c.take_back_now().await.unwrap();
                let answer = await_take_back(&mut c).await;
                assert!(
                    matches!(answer, Answer::Refused(ErrorCode::NothingToTakeBack, _)),
                    "{game}: a take-back with nothing to take back: {answer:?}"
                );
                assert_eq!(c.state().version, state.version, "{game}: nothing moved");
                continue;
            }
            if act_if_due(&mut c).await.is_some() {
                acted_at = Some(state.version);
            }
        }
        c.recv().await;
    }
}

async fn await_take_back(c: &mut TestClient) -> Answer {
    let n = c.take_back_answers.len();
    while c.take_back_answers.len() == n {
        c.recv().await;
    }
    let answer = c.take_back_answers.last().cloned().unwrap();
    // The ack comes first, then the update that takes the view back.
    if let Answer::Acked(v) = answer {
        while c.state().version < v {
            c.recv().await;
        }
    }
    answer
}
