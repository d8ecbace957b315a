//! Mix-the-Mutts over real sockets: full matches at 2 and 4 players with
//! several players claiming in the same secret window, the finished match
//! read back from the database; and the response timer closing a window
//! with passes for the seats that never answered.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::HashSet;

use parlor_protocol::mix_the_mutts::{
    Action, Card, ClaimSpec, Options, Phase, ScoreLine, StepView, View,
};
use parlor_protocol::{
    AnyAction, AnyScorecard, AnyStepView, AnyView, ClientMsg, GameKind, GameOptions, MatchId,
    MatchResult, RoomStatus, Seat, ServerMsg, ToAct,
};
use parlor_server::db::Store;
use parlor_tests::{TestClient, TestDb, TestServer};

/// Picks claims for `me` from its own view: the active player as many combos
/// as its hand allows (no card twice), everyone else at most one.
fn answer(me: Seat, view: &View) -> Vec<ClaimSpec> {
    let Phase::Window(w) = &view.phase else {
        return Vec::new();
    };
    let hand: Vec<Card> = view.hand.clone().unwrap_or_default();
    let mut used = HashSet::new();
    let mut claims = Vec::new();
    for combo in &w.combos {
        let head = hand
            .iter()
            .find(|c| c.breed == combo.head && !used.contains(&c.id));
        let Some(head) = head else { continue };
        let tail = hand
            .iter()
            .find(|c| c.breed == combo.tail && c.id != head.id && !used.contains(&c.id));
        let Some(tail) = tail else { continue };
        used.insert(head.id);
        used.insert(tail.id);
        claims.push(ClaimSpec {
            combo: combo.index,
            cards: vec![head.id, tail.id],
        });
        if w.active != me {
            break;
        }
    }
    claims
}

fn decide(me: Seat, view: &View) -> Option<Action> {
    match &view.phase {
        Phase::Turn { active } if *active == me => {
            // Grow the hand first: big hands make shared windows (several
            // claimants at once) near certain.
            let hand = view.hand.as_ref().map_or(0, Vec::len);
            if view.pile > 0 && hand < 12 {
                return Some(Action::DrawTwo);
            }
            let at = *view.open_hexes.first()?;
            Some(Action::Connect { at, rotation: 0 })
        }
        Phase::Window(w) if !w.answered[me.index()] => Some(Action::Answer {
            claims: answer(me, view),
        }),
        _ => None,
    }
}

struct Played {
    result: MatchResult,
    match_id: MatchId,
    /// Windows in which this seat saw more than one claimant revealed.
    shared_windows: u32,
    /// Claims this seat made.
    my_claims: u32,
}

async fn play(mut client: TestClient, me: Seat, players: usize) -> Played {
    let mut started = false;
    let mut seq = 0u32;
    let mut shared_windows = 0;
    let mut my_claims = 0;
    let mut match_id = None;
    // An answer in flight: later updates may still show this seat as deciding
    // until the server has processed it, so wait for its ack.
    let mut pending = false;
    loop {
        let (version, to_act, view) = match client.recv().await {
            ServerMsg::Room { room } => {
                let ready = room.seats.len() == players && room.seats.iter().all(|s| s.connected);
                if me == room.host && room.status == RoomStatus::Lobby && ready && !started {
                    started = true;
                    client.send(&ClientMsg::Start).await;
                }
                continue;
            }
            ServerMsg::Sync { snapshot } => {
                match_id = Some(snapshot.match_id);
                (snapshot.version, snapshot.to_act, snapshot.view)
            }
            ServerMsg::Update {
                version,
                to_act,
                view,
                steps,
                ..
            } => {
                for step in &steps {
                    let AnyStepView::MixTheMutts(StepView::Answered {
                        revealed: Some(claims),
                        ..
                    }) = step
                    else {
                        continue;
                    };
                    let claimants: HashSet<Seat> = claims.iter().map(|c| c.seat).collect();
                    if claimants.len() > 1 {
                        shared_windows += 1;
                    }
                    my_claims +=
                        u32::try_from(claims.iter().filter(|c| c.seat == me).count()).unwrap();
                }
                (version, to_act, view)
            }
            ServerMsg::MatchOver {
                match_id: id,
                result,
                ..
            } => {
                assert_eq!(Some(id), match_id);
                return Played {
                    result,
                    match_id: id,
                    shared_windows,
                    my_claims,
                };
            }
            ServerMsg::Error { code, message, .. } => {
                panic!("seat {me} got error {code:?}: {message}")
            }
            ServerMsg::Ack { .. } => {
                pending = false;
                continue;
            }
            _ => continue,
        };
        let ToAct::Seats { seats } = to_act else {
            continue;
        };
        if pending || !seats.contains(&me) {
            continue;
        }
        let AnyView::MixTheMutts(view) = view else {
            panic!("not a Mix-the-Mutts view")
        };
        // Nobody's view ever shows another seat's hand.
        assert!(view.hand.is_some());
        if let Some(action) = decide(me, &view) {
            seq += 1;
            pending = true;
            client
                .send(&ClientMsg::Act {
                    client_seq: seq,
                    version,
                    action: AnyAction::MixTheMutts(action),
                })
                .await;
        }
    }
}

async fn full_match(db: TestDb, players: usize) {
    let server = TestServer::start(&db).await;
    let options = GameOptions::MixTheMutts(Options {
        junior: false,
        first_player: None,
        response_timer_secs: None,
    });
    let host = server
        .create_room(GameKind::MixTheMutts, Some(options), "Player 0")
        .await;
    let code = host.code.0.clone();
    let mut tokens = vec![host.token.clone()];
    for i in 1..players {
        tokens.push(server.join(&code, &format!("Player {i}")).await.token);
    }
    let mut tasks = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let client = server.connect(&code, Some(token)).await;
        tasks.push(tokio::spawn(play(
            client,
            Seat(u8::try_from(i).unwrap()),
            players,
        )));
    }
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    let first = &results[0];
    assert!(results.iter().all(|r| r.result == first.result));
    assert!(
        results.iter().any(|r| r.shared_windows > 0),
        "some window should have had several claimants revealed together"
    );
    let claimed: u32 = results.iter().map(|r| r.my_claims).sum();
    assert!(claimed > 0);
    server.stop().await;

    let store = Store::connect(db.url()).await.unwrap();
    let record = store.match_record(first.match_id).await.unwrap();
    assert_eq!(record.result.as_ref(), Some(&first.result));
    let AnyScorecard::MixTheMutts(card) = &first.result.scorecard else {
        panic!("wrong scorecard")
    };
    let rows = store.scorecards(first.match_id).await.unwrap();
    assert_eq!(rows.len(), players);
    for (row, line) in rows.iter().zip(&card.players) {
        let stored: ScoreLine = serde_json::from_value(row.detail.clone()).unwrap();
        assert_eq!(&stored, line);
        assert_eq!(stored.cards, u32::try_from(stored.scoring.len()).unwrap());
        assert_eq!(row.score, i64::from(stored.score));
    }
    store.close().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_sqlite() {
    full_match(TestDb::sqlite(), 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_sqlite() {
    full_match(TestDb::sqlite(), 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_postgres() {
    if let Some(db) = TestDb::postgres().await {
        full_match(db, 4).await;
    }
}

/// A window where nobody answers is closed by the room's timer, every
/// missing answer recorded as a pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timer_closes_the_window_with_passes() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let options = GameOptions::MixTheMutts(Options {
        junior: false,
        first_player: Some(Seat(0)),
        response_timer_secs: Some(1),
    });
    let host = server
        .create_room(GameKind::MixTheMutts, Some(options), "A")
        .await;
    let guest = server.join(&host.code.0, "B").await;
    let mut a = server.connect(&host.code.0, Some(&host.token)).await;
    let mut b = server.connect(&host.code.0, Some(&guest.token)).await;
    a.send(&ClientMsg::Start).await;
    let (version, view) = a
        .recv_until(|m| match m {
            ServerMsg::Update {
                version,
                view: AnyView::MixTheMutts(v),
                ..
            } => Some((*version, v.clone())),
            _ => None,
        })
        .await;
    assert_eq!(
        view.phase,
        Phase::Turn { active: Seat(0) },
        "the host chose seat 0 to start"
    );
    let at = view.open_hexes[0];
    let connect = AnyAction::MixTheMutts(Action::Connect { at, rotation: 0 });
    a.send(&ClientMsg::Act {
        client_seq: 1,
        version,
        action: connect,
    })
    .await;
    let deadline = a
        .recv_until(|m| match m {
            ServerMsg::Update {
                deadline,
                view: AnyView::MixTheMutts(v),
                ..
            } if matches!(v.phase, Phase::Window(_)) => Some(deadline.clone()),
            _ => None,
        })
        .await
        .expect("a window with a timer sends its deadline");
    assert_eq!(deadline.seats, vec![Seat(0), Seat(1)]);
    assert!(deadline.remaining_ms <= 1000);
    // Nobody answers. The timer answers for both, as passes, and the turn moves on.
    let (steps, view) = b
        .recv_until(|m| match m {
            ServerMsg::Update {
                steps,
                view: AnyView::MixTheMutts(v),
                ..
            } if steps.iter().any(|s| {
                matches!(
                    s,
                    AnyStepView::MixTheMutts(StepView::Answered {
                        revealed: Some(_),
                        ..
                    })
                )
            }) =>
            {
                Some((steps.clone(), v.clone()))
            }
            _ => None,
        })
        .await;
    let revealed: Vec<_> = steps
        .iter()
        .filter_map(|s| match s {
            AnyStepView::MixTheMutts(StepView::Answered {
                revealed: Some(r), ..
            }) => Some(r.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(revealed, vec![Vec::new()], "passes reveal no claims");
    assert_eq!(view.phase, Phase::Turn { active: Seat(1) });
    assert!(view.players.iter().all(|p| p.scoring.is_empty()));
    server.stop().await;
    db.drop_db().await;
}
