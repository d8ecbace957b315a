//! Full Zop Zoo matches to the target over real sockets, at 2 and at 4
//! players, on SQLite and Postgres: every seat plays with the test player
//! from its own view and a spectator watches. Nothing in Zop Zoo is shown
//! to one viewer only, so every connection must hold the same view at
//! every version (its own `moves` aside, which only the seat to act has).
//! Every round summary adds up (stacks and side bonuses to the round's
//! points, rounds to the totals) and ends the game only at the target.
//! Afterwards, from the database and the HTTP API: the finished match, one
//! scorecard row per seat with its points per round, and a replay of the
//! stored log with every chance step re-derived from the published seed.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::BTreeMap;

use parlor_protocol::http::MatchRecord;
use parlor_protocol::zop_zoo::{Options, Phase, RoundSummary, ScoreLine, StepView, Target, View};
use parlor_protocol::{
    AnyScorecard, AnyStepView, AnyView, ClientMsg, GameKind, GameOptions, MatchId, MatchResult,
    RoomStatus, Seat, ServerMsg,
};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, play_room_with};
use parlor_tests::{TestClient, TestDb, TestServer};

struct Played {
    result: MatchResult,
    seed: String,
    match_id: MatchId,
    acks: usize,
    /// What happened, by kind, as this connection was told.
    seen: BTreeMap<&'static str, u32>,
    /// Every round summary, as told in steps.
    summaries: Vec<RoundSummary>,
    /// The view held at each version (`moves` cleared).
    views: BTreeMap<u64, View>,
}

fn zop_view(c: &TestClient) -> &View {
    match c.view() {
        AnyView::ZopZoo(v) => v,
        other => panic!("not a Zop Zoo view: {other:?}"),
    }
}

/// A summary's own arithmetic (`before`: the totals after the previous
/// round).
fn check_summary(s: &RoundSummary, before: &[i32]) {
    assert_eq!(s.seats.len(), before.len());
    for (i, seat) in s.seats.iter().enumerate() {
        assert_eq!(seat.seat.index(), i);
        let stacks: i32 = seat.row.iter().map(|st| st.points).sum();
        assert_eq!(
            seat.points,
            stacks + seat.side_points,
            "round {}: seat {i}'s points are its stacks and side bonuses",
            s.round
        );
        assert_eq!(
            seat.total,
            before[i] + seat.points,
            "round {}: seat {i}'s total",
            s.round
        );
    }
}

/// Plays one connection to the end: a seat with the Zop Zoo test player, or
/// a spectator (`me` is `None`) that only watches.
async fn play(mut client: TestClient, me: Option<Seat>, players: usize, store: Store) -> Played {
    let mut started = false;
    let mut acks = 0;
    let mut seen: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut summaries: Vec<RoundSummary> = Vec::new();
    let mut views = BTreeMap::new();
    loop {
        match client.recv().await {
            ServerMsg::Room { room } => {
                let ready = room.seats.len() == players && room.seats.iter().all(|s| s.connected);
                if me == Some(room.host) && room.status == RoomStatus::Lobby && ready && !started {
                    started = true;
                    client.send(&ClientMsg::Start).await;
                }
            }
            ServerMsg::Ack { version, .. } => {
                acks += 1;
                let stored = store.step_count(client.match_id()).await.unwrap();
                assert!(
                    stored >= version,
                    "acked version {version} but only {stored} steps stored"
                );
            }
            ServerMsg::Update { steps, .. } => {
                for s in &steps {
                    let AnyStepView::ZopZoo(s) = s else {
                        panic!("not a Zop Zoo step: {s:?}")
                    };
                    let (kind, round_end) = match s {
                        StepView::FirstPlayer { .. } => ("first player drawn", None),
                        StepView::Dealt { round_end, .. } => ("cards dealt", round_end.as_ref()),
                        StepView::CardDrawn { round_end, .. } => {
                            ("cards drawn", round_end.as_ref())
                        }
                        StepView::TookFromDiscard {
                            taken, round_end, ..
                        } => {
                            assert!(!taken.is_empty());
                            ("discard takes", round_end.as_ref())
                        }
                        StepView::Dug { round_end, .. } => ("mole digs", round_end.as_ref()),
                        StepView::Drew {
                            left_mole,
                            round_end,
                            ..
                        } => (
                            if *left_mole {
                                "moles left"
                            } else {
                                "forced draws"
                            },
                            round_end.as_ref(),
                        ),
                        StepView::Covered { round_end, .. } => ("wilds", round_end.as_ref()),
                        StepView::TaskUsed {
                            moved, round_end, ..
                        } => {
                            assert!(!moved.is_empty(), "a task used moves an item");
                            ("tasks used", round_end.as_ref())
                        }
                        StepView::Refused { .. } => panic!("{me:?} was told of a refused step"),
                    };
                    *seen.entry(kind).or_default() += 1;
                    if let Some(summary) = round_end {
                        *seen
                            .entry(if summary.winner.is_some() {
                                "rounds won"
                            } else {
                                "rounds run dry"
                            })
                            .or_default() += 1;
                        let before = summaries
                            .last()
                            .map_or(vec![0; players], |s: &RoundSummary| {
                                s.seats.iter().map(|x| x.total).collect()
                            });
                        check_summary(summary, &before);
                        summaries.push(summary.clone());
                    }
                }
                let mut view = zop_view(&client).clone();
                let to_act = matches!(view.phase, Phase::Turn { active, .. } if Some(active) == me);
                if !to_act {
                    assert!(
                        view.moves.is_empty(),
                        "{me:?} has moves off turn: {:?}",
                        view.moves
                    );
                }
                assert_eq!(view.rounds, summaries, "the view's rounds are the steps'");
                view.moves.clear();
                views.insert(client.version(), view);
            }
            ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            } => {
                assert!(matches!(zop_view(&client).phase, Phase::Finished));
                return Played {
                    result,
                    seed,
                    match_id,
                    acks,
                    seen,
                    summaries,
                    views,
                };
            }
            ServerMsg::Error { code, message, .. } => {
                panic!("{me:?} got error {code:?}: {message}")
            }
            _ => {}
        }
        act_if_due(&mut client).await;
    }
}

async fn full_match(db: TestDb, players: usize) {
    let label = db.label();
    let server = TestServer::start(&db).await;
    // A new room's options: every card drawn waits for its seat's `draw`.
    let options = GameOptions::ZopZoo(Options {
        target: Target::Standard,
        first_player: None,
        draw_by_click: true,
    });
    let (spectator, results) = play_room_with(&server, options, players, play).await;
    let first = &results[0];
    // Nothing is hidden: every connection held the same view wherever two
    // held the same version.
    let mut compared = 0;
    for r in results.iter().chain([&spectator]) {
        assert_eq!(
            r.result, first.result,
            "every connection sees the same result"
        );
        assert_eq!(r.seed, first.seed);
        assert_eq!(r.match_id, first.match_id);
        assert_eq!(r.summaries, spectator.summaries);
        for (v, view) in &r.views {
            if let Some(other) = spectator.views.get(v) {
                assert_eq!(view, other, "the views at version {v} differ");
                compared += 1;
            }
        }
    }
    assert!(compared > 0, "no version held by two connections");
    assert!(results.iter().all(|r| r.acks > 0), "every seat acted");
    let seen = &spectator.seen;
    let rounds = spectator.summaries.len();
    eprintln!("zop zoo, {players} players on {label}: {rounds} rounds, {seen:?}");
    assert_eq!(seen.get("first player drawn"), Some(&1));
    // Every card left the pile after its seat's `draw`: a forced draw (one
    // card each: the pile had one) or leaving a MOLE (one card, or none
    // when that emptied the round).
    let count = |k: &str| seen.get(k).copied().unwrap_or(0);
    assert!(count("forced draws") > 0, "{seen:?}");
    assert!(
        (count("forced draws")..=count("forced draws") + count("moles left"))
            .contains(&count("cards drawn")),
        "one card per draw: {seen:?}"
    );
    assert!(rounds >= 2, "a match to 800 takes more than one round");
    assert_eq!(
        seen.get("cards dealt").copied(),
        Some(u32::try_from(rounds * players * 6).unwrap()),
        "six white cards each per round"
    );

    // The final scores: someone reached 800, and only at the end.
    let target = 800;
    let totals = |s: &RoundSummary| s.seats.iter().map(|x| x.total).collect::<Vec<_>>();
    let last = spectator.summaries.last().unwrap();
    assert!(totals(last).iter().any(|t| *t >= target));
    assert_eq!(last.next_first, None);
    for s in &spectator.summaries[..rounds - 1] {
        assert!(
            totals(s).iter().all(|t| *t < target),
            "the game went on past the target"
        );
        assert!(s.next_first.is_some());
    }
    let AnyScorecard::ZopZoo(card) = &first.result.scorecard else {
        panic!("not a Zop Zoo scorecard")
    };
    assert_eq!(card.target, target);
    assert_eq!(card.rounds, spectator.summaries);
    for (i, line) in card.players.iter().enumerate() {
        assert_eq!(line.seat.index(), i);
        assert_eq!(line.total, last.seats[i].total);
        let per_round: Vec<i32> = spectator
            .summaries
            .iter()
            .map(|s| s.seats[i].points)
            .collect();
        assert_eq!(line.rounds, per_round, "seat {i}'s points per round");
        assert_eq!(line.rounds.iter().sum::<i32>(), line.total);
        let wins = spectator
            .summaries
            .iter()
            .filter(|s| s.winner == Some(line.seat))
            .count();
        assert_eq!(usize::from(line.wins), wins);
        let better = card.players.iter().filter(|o| o.total > line.total).count();
        assert_eq!(usize::from(line.rank), better + 1);
        assert_eq!(first.result.ranks[i], line.rank);
    }

    // The public record over HTTP, while the server runs.
    let (status, body) = server
        .get_raw(&format!("/api/matches/{}", first.match_id))
        .await;
    assert_eq!(status, 200);
    let http: MatchRecord = serde_json::from_slice(&body).unwrap();
    assert_eq!(http.game, GameKind::ZopZoo);
    assert_eq!(http.result.as_ref(), Some(&first.result));
    server.stop().await;

    // Read everything back through a fresh connection: per-round scores in
    // each seat's scorecard row.
    let store = Store::connect(db.url()).await.unwrap();
    let record = store.match_record(first.match_id).await.unwrap();
    assert_eq!(record, http);
    assert_eq!(record.players.len(), players);
    let rows = store.scorecards(first.match_id).await.unwrap();
    assert_eq!(rows.len(), players);
    for (row, line) in rows.iter().zip(&card.players) {
        let stored: ScoreLine = serde_json::from_value(row.detail.clone()).unwrap();
        assert_eq!(&stored, line, "the stored per-round scorecard");
        assert_eq!(row.seat, line.seat);
        assert_eq!(row.score, i64::from(stored.total), "the headline score");
        assert_eq!(row.rank, i64::from(first.result.ranks[row.seat.index()]));
        assert_eq!(row.name, format!("Player {}", row.seat.0));
    }
    let history = store.finished_matches(10).await.unwrap();
    assert!(history.iter().any(|m| m.match_id == first.match_id));

    // Replay the stored log; re-derive each chance step from the seed.
    let (game, chance) =
        parlor_tests::truth::replay_with_seed(&store, first.match_id, &first.seed).await;
    let drawn: u32 = ["first player drawn", "cards dealt", "cards drawn"]
        .iter()
        .map(|k| seen.get(k).copied().unwrap_or(0))
        .sum();
    assert_eq!(u32::try_from(chance).unwrap(), drawn);
    assert_eq!(game.result().as_ref(), Some(&first.result));
    store.close().await;
    db.drop_db().await;
}

parlor_tests::on_each_database!(full_match {
    two_players: 2,
    four_players: 4
});
