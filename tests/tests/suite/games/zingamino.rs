//! Full Zingamino matches to 64 over real sockets, at 2 and at 8 players,
//! on SQLite and Postgres: every seat plays with the test player from its
//! own view and a spectator watches. Along the way each seat keeps its own
//! hand from the steps it is told (tiles dealt and dug to it, tiles it
//! placed) and checks it against its view; nobody is told another seat's
//! tile; every round's summary reveals exactly the hands the seats held,
//! values them by the pips, and pays the winner. Afterwards, from the
//! database and the HTTP API: the finished match, one scorecard row per
//! seat with its points per round, and a replay of the stored log with
//! every chance step re-derived from the published seed.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::{BTreeMap, BTreeSet};

use parlor_games::zingamino::tiles;
use parlor_protocol::http::MatchRecord;
use parlor_protocol::zingamino::{
    DrawReason, Options, Phase, RoundEnd, RoundSummary, ScoreLine, StepView, TileId, View,
};
use parlor_protocol::{
    AnyScorecard, AnyStepView, AnyView, ClientMsg, GameKind, GameOptions, MatchId, MatchResult,
    RoomStatus, Seat, ServerMsg,
};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, play_room_with};
use parlor_tests::{TestClient, TestDb, TestServer};

/// The score that ends the game.
const TARGET: u32 = 64;

struct Played {
    result: MatchResult,
    seed: String,
    match_id: MatchId,
    acks: usize,
    /// What happened, by kind, as this connection was told.
    seen: BTreeMap<&'static str, u32>,
    /// Every round summary, as told in steps.
    summaries: Vec<RoundSummary>,
    /// The last view held.
    last: View,
}

fn zingamino_view(c: &TestClient) -> &View {
    match c.view() {
        AnyView::Zingamino(v) => v,
        other => panic!("not a Zingamino view: {other:?}"),
    }
}

fn value(hand: &[TileId]) -> u32 {
    hand.iter().map(|t| tiles::face(*t).value()).sum()
}

/// A summary's own arithmetic: hand values, who collected what, and the
/// running totals (`before`: the totals after the previous round).
fn check_summary(s: &RoundSummary, before: &[u32]) {
    let seats = before.len();
    assert_eq!(s.hands.len(), seats);
    for (hand, v) in s.hands.iter().zip(&s.hand_values) {
        assert_eq!(value(hand), *v, "round {}: a hand's value", s.round);
    }
    match s.ended_by {
        RoundEnd::Zinga => {
            let [w] = s.winners[..] else {
                panic!("round {}: one winner goes out: {s:?}", s.round)
            };
            assert!(s.hands[w.index()].is_empty(), "the winner went out");
            let others: u32 = s.hand_values.iter().sum();
            for (i, c) in s.collected.iter().enumerate() {
                assert_eq!(*c, if i == w.index() { others } else { 0 });
            }
        }
        RoundEnd::Blocked => {
            let low = s.hand_values.iter().min().copied().unwrap();
            let tied: Vec<usize> = (0..seats).filter(|&i| s.hand_values[i] == low).collect();
            assert_eq!(
                s.winners.iter().map(|w| w.index()).collect::<Vec<_>>(),
                tied
            );
            let rest: u32 = s.hand_values.iter().filter(|&&v| v != low).sum();
            let share = rest / u32::try_from(tied.len()).unwrap();
            for (i, c) in s.collected.iter().enumerate() {
                assert_eq!(*c, if tied.contains(&i) { share } else { 0 });
            }
        }
        RoundEnd::GameOver => {
            assert!(s.winners.is_empty());
            assert!(s.collected.iter().all(|c| *c == 0));
            assert!(s.totals.iter().any(|t| *t >= TARGET));
        }
    }
    for (i, was) in before.iter().enumerate() {
        assert_eq!(
            s.totals[i],
            was + s.collected[i] + s.bonuses[i],
            "round {}: seat {i}'s total",
            s.round
        );
        assert_eq!(s.bonuses[i] % 16, 0);
    }
}

/// Plays one connection to the end: a seat with the Zingamino test player,
/// or a spectator (`me` is `None`) that only watches.
async fn play(mut client: TestClient, me: Option<Seat>, players: usize, store: Store) -> Played {
    let mut started = false;
    let mut acks = 0;
    let mut seen: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut summaries: Vec<RoundSummary> = Vec::new();
    // My hand as the steps tell it (None until a snapshot is held).
    let mut hand: Option<BTreeSet<TileId>> = None;
    loop {
        match client.recv().await {
            ServerMsg::Room { room } => {
                let ready = room.seats.len() == players && room.seats.iter().all(|s| s.connected);
                if me == Some(room.host) && room.status == RoomStatus::Lobby && ready && !started {
                    started = true;
                    client.send(&ClientMsg::Start).await;
                }
            }
            ServerMsg::Welcome {
                snapshot: Some(_), ..
            }
            | ServerMsg::Sync { .. } => {
                let v = zingamino_view(&client);
                hand = Some(v.hand.iter().flatten().copied().collect());
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
                    let AnyStepView::Zingamino(s) = s else {
                        panic!("not a Zingamino step: {s:?}")
                    };
                    let round_end = match s {
                        StepView::TileDrawn { seat, reason, tile } => {
                            let public = *reason == DrawReason::StartPlayer;
                            assert_eq!(
                                tile.is_some(),
                                public || me == Some(*seat),
                                "{me:?} told of a tile going to seat {seat}: {tile:?}"
                            );
                            if me == Some(*seat) && !public {
                                let h = hand.as_mut().unwrap();
                                assert!(h.insert(tile.unwrap()), "a tile I already held");
                            }
                            *seen
                                .entry(match reason {
                                    DrawReason::StartPlayer => "start-player draws",
                                    DrawReason::Deal => "tiles dealt",
                                    DrawReason::Dig => "tiles dug",
                                })
                                .or_default() += 1;
                            None
                        }
                        StepView::Placed {
                            seat,
                            placed,
                            bonus,
                            round_end,
                            ..
                        } => {
                            if me == Some(*seat) {
                                assert!(hand.as_mut().unwrap().remove(&placed.tile));
                            }
                            *seen.entry("tiles placed").or_default() += 1;
                            if *bonus {
                                *seen.entry("circle bonuses").or_default() += 1;
                            }
                            if tiles::face(placed.tile) == tiles::Face::Zinga {
                                *seen.entry("zingas placed").or_default() += 1;
                            }
                            round_end.as_ref()
                        }
                        StepView::Passed { round_end, .. } => {
                            *seen.entry("passes").or_default() += 1;
                            round_end.as_ref()
                        }
                        StepView::Dug { .. } => {
                            *seen.entry("digs").or_default() += 1;
                            None
                        }
                    };
                    if let Some(summary) = round_end {
                        *seen
                            .entry(match summary.ended_by {
                                RoundEnd::Zinga => "rounds gone out",
                                RoundEnd::Blocked => "rounds blocked",
                                RoundEnd::GameOver => "games ended by a bonus",
                            })
                            .or_default() += 1;
                        if let (Some(me), Some(h)) = (me, hand.as_mut()) {
                            let held: Vec<TileId> = h.iter().copied().collect();
                            assert_eq!(
                                summary.hands[me.index()],
                                held,
                                "round {}: the hand revealed is the one I held",
                                summary.round
                            );
                            // A new round is dealt from an empty hand;
                            // at the end of the game the hands stay.
                            if summary.totals.iter().all(|t| *t < TARGET) {
                                h.clear();
                            }
                        }
                        let before = summaries
                            .last()
                            .map_or(vec![0; players], |s: &RoundSummary| s.totals.clone());
                        check_summary(summary, &before);
                        summaries.push(summary.clone());
                    }
                }
                let view = zingamino_view(&client);
                match me {
                    Some(seat) => {
                        let held = view.hand.as_ref().expect("a seat sees its own hand");
                        assert_eq!(
                            held.len(),
                            usize::from(view.players[seat.index()].hand_size)
                        );
                        let tracked: Vec<TileId> =
                            hand.iter().flatten().copied().collect::<Vec<_>>();
                        assert_eq!(held, &tracked, "the view's hand is the one the steps built");
                        let to_act =
                            matches!(view.phase, Phase::Turn { active, .. } if active == seat);
                        if !to_act {
                            assert!(view.moves.is_empty(), "moves off turn: {:?}", view.moves);
                        }
                    }
                    None => {
                        assert_eq!(view.hand, None, "a spectator sees no hand");
                        assert!(view.moves.is_empty());
                    }
                }
                assert_eq!(view.rounds, summaries, "the view's rounds are the steps'");
            }
            ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            } => {
                assert!(matches!(zingamino_view(&client).phase, Phase::Finished));
                return Played {
                    result,
                    seed,
                    match_id,
                    acks,
                    seen,
                    summaries,
                    last: zingamino_view(&client).clone(),
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

/// One finished match: what the seats and the spectator saw, checked.
struct Finished {
    first: Played,
    spectator: Played,
}

/// Plays one room to the end on `server` and checks what every connection
/// saw and what the HTTP API says.
async fn play_room(server: &TestServer, players: usize) -> Finished {
    // A new room's options: a seat that must dig says so.
    let options = GameOptions::Zingamino(Options { dig_by_click: true });
    let (spectator, mut results) = play_room_with(server, options, players, play).await;
    let first = &results[0];
    for r in results.iter().chain([&spectator]) {
        assert_eq!(
            r.result, first.result,
            "every connection sees the same result"
        );
        assert_eq!(r.seed, first.seed);
        assert_eq!(r.match_id, first.match_id);
        assert_eq!(r.last.board, first.last.board);
        assert_eq!(r.summaries, spectator.summaries);
    }
    assert!(results.iter().all(|r| r.acks > 0), "every seat acted");
    let seen = &spectator.seen;
    let seats = u32::try_from(players).unwrap();
    let draws = seen.get("start-player draws").copied().unwrap_or(0);
    assert!(
        draws >= seats && draws % seats == 0,
        "{draws} start-player draws"
    );
    let rounds = u32::try_from(spectator.summaries.len()).unwrap();
    assert!(rounds >= 1);
    assert_eq!(
        seen.get("tiles dealt").copied(),
        Some(rounds * 8 * seats),
        "8 tiles each per round"
    );
    // Every tile dug came after its seat's `dig`, one `dig` for a run of
    // tiles (none with eight players: the deal empties the bag).
    let count = |k: &str| seen.get(k).copied().unwrap_or(0);
    assert!(count("tiles dug") >= count("digs"), "{seen:?}");
    assert_eq!(count("digs") > 0, count("tiles dug") > 0, "{seen:?}");

    // The final scores: someone reached 64, and only at the end.
    let last = spectator.summaries.last().unwrap();
    assert!(last.totals.iter().any(|t| *t >= TARGET));
    for s in &spectator.summaries[..spectator.summaries.len() - 1] {
        assert!(
            s.totals.iter().all(|t| *t < TARGET),
            "the game went on past 64"
        );
    }
    let AnyScorecard::Zingamino(card) = &first.result.scorecard else {
        panic!("not a Zingamino scorecard")
    };
    assert_eq!(card.rounds, spectator.summaries);
    for (i, line) in card.players.iter().enumerate() {
        assert_eq!(line.seat.index(), i);
        assert_eq!(line.total, last.totals[i]);
        assert_eq!(line.rounds.len(), spectator.summaries.len());
        for (r, s) in line.rounds.iter().zip(&spectator.summaries) {
            assert_eq!(
                *r,
                s.collected[i] + s.bonuses[i],
                "seat {i}, round {}",
                s.round
            );
        }
        assert_eq!(line.rounds.iter().sum::<u32>(), line.total);
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
    assert_eq!(http.game, GameKind::Zingamino);
    assert_eq!(http.result.as_ref(), Some(&first.result));
    assert_eq!(http.seed.as_deref(), Some(first.seed.as_str()));
    let first = results.swap_remove(0);
    Finished { first, spectator }
}

/// What the database holds of a finished match: the record, each seat's
/// scorecard row with its points per round, and a log that replays to the
/// result with every chance step drawn from the published seed.
async fn check_stored(store: &Store, m: &Finished, players: usize) {
    let first = &m.first;
    let record = store.match_record(first.match_id).await.unwrap();
    assert_eq!(record.result.as_ref(), Some(&first.result));
    assert_eq!(record.players.len(), players);
    let AnyScorecard::Zingamino(card) = &first.result.scorecard else {
        panic!("not a Zingamino scorecard")
    };
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
    let history = store.finished_matches(50).await.unwrap();
    assert!(history.iter().any(|h| h.match_id == first.match_id));

    let (game, chance) =
        parlor_tests::truth::replay_with_seed(store, first.match_id, &first.seed).await;
    let seen = &m.spectator.seen;
    let drawn: u32 = ["start-player draws", "tiles dealt", "tiles dug"]
        .iter()
        .map(|k| seen.get(k).copied().unwrap_or(0))
        .sum();
    assert_eq!(u32::try_from(chance).unwrap(), drawn);
    assert_eq!(game.result().as_ref(), Some(&first.result));
}

/// Plays matches of `players` until one has lasted at least two rounds
/// (with two players a single blocked round often reaches 64 at once:
/// about a third of matches; ten tries make a miss about 1 in 100,000),
/// then checks every one played against the database.
async fn full_match(db: TestDb, players: usize) {
    let label = db.label();
    let server = TestServer::start(&db).await;
    let mut played = Vec::new();
    for _ in 0..10 {
        let m = play_room(&server, players).await;
        let rounds = m.spectator.summaries.len();
        eprintln!(
            "zingamino, {players} players on {label}: {rounds} rounds, {:?}",
            m.spectator.seen
        );
        played.push(m);
        if rounds >= 2 {
            break;
        }
    }
    assert!(
        played.iter().any(|m| m.spectator.summaries.len() >= 2),
        "no multi-round match in {} tries",
        played.len()
    );
    server.stop().await;

    // Read everything back through a fresh connection.
    let store = Store::connect(db.url()).await.unwrap();
    for m in &played {
        check_stored(&store, m, players).await;
    }
    store.close().await;
    db.drop_db().await;
}

parlor_tests::on_each_database!(full_match {
    two_players: 2,
    eight_players: 8
});
