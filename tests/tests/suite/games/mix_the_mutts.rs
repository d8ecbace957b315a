//! Mix-the-Mutts over real sockets: full matches at 2 and 4 players with
//! several players claiming in the same secret window, the finished match
//! read back from the database; and the response timer closing a window
//! with passes for the seats that never answered.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::HashSet;

use parlor_protocol::mix_the_mutts::{Action, Options, Phase, ScoreLine, StepView};
use parlor_protocol::{
    AnyAction, AnyScorecard, AnyStepView, AnyView, ClientMsg, GameKind, GameOptions, MatchId,
    MatchResult, RoomStatus, Seat, ServerMsg,
};
use parlor_server::db::Store;
use parlor_tests::driver::act_if_due;
use parlor_tests::{TestClient, TestDb, TestServer};

struct Played {
    result: MatchResult,
    match_id: MatchId,
    /// Windows in which this seat saw more than one claimant revealed.
    shared_windows: u32,
    /// Claims this seat made.
    my_claims: u32,
}

/// Plays one seat to the end with the Mix-the-Mutts test player.
async fn play(mut client: TestClient, me: Seat, players: usize) -> Played {
    let mut started = false;
    let mut shared_windows = 0;
    let mut my_claims = 0;
    loop {
        match client.recv().await {
            ServerMsg::Room { room } => {
                let ready = room.seats.len() == players && room.seats.iter().all(|s| s.connected);
                if me == room.host && room.status == RoomStatus::Lobby && ready && !started {
                    started = true;
                    client.send(&ClientMsg::Start).await;
                }
            }
            ServerMsg::Update { steps, .. } => {
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
                let AnyView::MixTheMutts(view) = client.view() else {
                    panic!("not a Mix-the-Mutts view")
                };
                // A seat's view always shows its own hand (and never another's).
                assert!(view.hand.is_some());
            }
            ServerMsg::MatchOver {
                match_id: id,
                result,
                ..
            } => {
                assert_eq!(id, client.match_id());
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
            _ => {}
        }
        act_if_due(&mut client).await;
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

parlor_tests::on_each_database!(full_match {
    two_players: 2,
    four_players: 4
});

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
        .recv_state_until(|m, s| match (m, &s.typed) {
            (ServerMsg::Update { .. }, AnyView::MixTheMutts(v)) => Some((s.version, v.clone())),
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
        .recv_state_until(|m, s| match (m, &s.typed) {
            (ServerMsg::Update { deadline, .. }, AnyView::MixTheMutts(v))
                if matches!(v.phase, Phase::Window(_)) =>
            {
                Some(deadline.clone())
            }
            _ => None,
        })
        .await
        .expect("a window with a timer sends its deadline");
    assert_eq!(deadline.seats, vec![Seat(0), Seat(1)]);
    assert!(deadline.remaining_ms <= 1000);
    // Nobody answers. The timer answers for both, as passes, and the turn moves on.
    let (steps, view) = b
        .recv_state_until(|m, s| match (m, &s.typed) {
            (ServerMsg::Update { steps, .. }, AnyView::MixTheMutts(v))
                if steps.iter().any(|s| {
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
    // Both passes are told as the timer's, not as choices.
    let id = b.match_id();
    let mut told: Vec<u64> = b
        .timed_out
        .iter()
        .filter(|(m, _)| *m == id)
        .map(|(_, v)| *v)
        .collect();
    told.sort_unstable();
    assert_eq!(told.len(), 2, "one timer answer per seat: {told:?}");
    server.stop().await;

    // Stored: after a restart the replay marks exactly those steps.
    let server = TestServer::start(&db).await;
    let replay: parlor_protocol::replay::Replay =
        serde_json::from_slice(&server.get_raw(&format!("/api/matches/{id}/replay")).await.1)
            .unwrap();
    let marked: Vec<u64> = (1..=replay.steps.len() as u64)
        .filter(|v| replay.steps[*v as usize - 1].timed_out)
        .collect();
    assert_eq!(marked, told);
    for v in &marked {
        assert!(
            matches!(
                replay.steps[*v as usize - 1].step,
                AnyStepView::MixTheMutts(StepView::Answered { .. })
            ),
            "step {v} is an answer"
        );
    }
    server.stop().await;
    db.drop_db().await;
}
