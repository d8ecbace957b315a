//! Full Zoomies matches over real sockets, at 2 and at 4 players, on SQLite
//! and Postgres: every seat plays with the test player from its own view
//! and a spectator watches. Along the way: each seat sees its own tiles
//! drawn and nobody else's, the spectator sees no hand at all. Afterwards,
//! from the database and the HTTP API: the finished match, the seed that
//! was committed to, one scorecard row per seat holding its per-token
//! scorecard, a replay of the stored log with every chance step re-derived
//! from the published seed that reproduces the result, and every token's
//! points recomputed from the final board by the test's own flood fill.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::BTreeMap;

use parlor_protocol::http::MatchRecord;
use parlor_protocol::zoomies::{
    Cell, Options, Phase, ScoreLine, Scorecard, Side, StepView, TokenScore, View,
};
use parlor_protocol::{
    AnyScorecard, AnyStepView, AnyView, ClientMsg, ErrorCode, GameKind, GameOptions, MatchId,
    MatchResult, RoomStatus, Seat, ServerMsg,
};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, play_room_with};
use parlor_tests::players::zoomies::{step, Table, LADDER};
use parlor_tests::{TestClient, TestDb, TestServer};
use sha2::{Digest, Sha256};

/// Tokens per player: 4 round and 4 square.
const TOKENS: usize = 8;

struct Played {
    result: MatchResult,
    seed: String,
    match_id: MatchId,
    acks: usize,
    /// What happened, by kind, as this connection was told.
    seen: BTreeMap<&'static str, u32>,
    /// The last view held (the final table).
    last: View,
}

fn zoomies_view(c: &TestClient) -> &View {
    match c.view() {
        AnyView::Zoomies(v) => v,
        other => panic!("not a Zoomies view: {other:?}"),
    }
}

/// Plays one connection to the end: a seat with the Zoomies test player,
/// or a spectator (`me` is `None`) that only watches. The host starts once
/// every seat is connected. After every `Ack`, checks that the database
/// already holds that version.
async fn play(mut client: TestClient, me: Option<Seat>, players: usize, store: Store) -> Played {
    let mut started = false;
    let mut acks = 0;
    let mut seen: BTreeMap<&'static str, u32> = BTreeMap::new();
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
                    let AnyStepView::Zoomies(s) = s else {
                        panic!("not a Zoomies step: {s:?}")
                    };
                    let kind = match s {
                        StepView::TileTo { seat, tile } => {
                            assert_eq!(
                                tile.is_some(),
                                me == Some(*seat),
                                "{me:?} told of a tile going to seat {seat}: {tile:?}"
                            );
                            "tiles drawn"
                        }
                        StepView::StartTile { .. } => "start tiles",
                        StepView::FirstPlayer { .. } => "first player drawn",
                        StepView::TilePlaced { extra: false, .. } => "tiles placed",
                        StepView::TilePlaced { extra: true, .. } => "extra tiles placed",
                        StepView::CannotPlace { extra: true, .. } => "extra tiles kept",
                        StepView::CannotPlace { discarded: 0, .. } => "nothing fits, pile empty",
                        StepView::CannotPlace { .. } => "hands discarded and redrawn",
                        StepView::TokenPlaced { side, .. } => match side {
                            Side::Leader => "leader tokens",
                            Side::Zoomies => "zoomies tokens",
                            Side::Bones => "bones tokens",
                            Side::Frens => "frens tokens",
                        },
                        StepView::TokenDiscarded { .. } => "tokens discarded",
                        StepView::TurnEnded {
                            discarded: true, ..
                        } => "turns ended discarding",
                        StepView::TurnEnded { .. } => "turns ended",
                    };
                    *seen.entry(kind).or_default() += 1;
                }
                let view = zoomies_view(&client);
                match me {
                    Some(seat) => {
                        let hand = view.hand.as_ref().expect("a seat sees its own hand");
                        assert_eq!(
                            hand.len(),
                            usize::from(view.players[seat.index()].hand_size)
                        );
                    }
                    None => assert_eq!(view.hand, None, "a spectator sees no hand"),
                }
            }
            ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            } => {
                assert!(matches!(zoomies_view(&client).phase, Phase::Finished));
                return Played {
                    result,
                    seed,
                    match_id,
                    acks,
                    seen,
                    last: zoomies_view(&client).clone(),
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

/// Every token's score recomputed from the final board: its Pack or group
/// by the test's own flood fill, what it counts, the split among tokens of
/// the same key (any owner), and each seat's total, best token and rank.
fn check_scorecard(card: &Scorecard, ranks: &[u8], board: &View) {
    let table = Table::of(board);
    let sorted = |mut cells: Vec<Cell>| {
        cells.sort();
        cells
    };
    // Tokens that split: same side and same Pack or group (and for Frens
    // the same breed).
    let key = |t: &TokenScore| (t.side, sorted(t.cells.clone()), t.frens);
    let mut sharing: BTreeMap<_, u8> = BTreeMap::new();
    for t in card.players.iter().flat_map(|l| &l.tokens) {
        *sharing.entry(key(t)).or_default() += 1;
    }
    let mut placed = board.tokens.iter();
    for (i, line) in card.players.iter().enumerate() {
        assert_eq!(line.seat.index(), i);
        assert_eq!(
            line.tokens.len() + usize::from(line.discarded),
            TOKENS,
            "seat {i} used every token"
        );
        for t in &line.tokens {
            let cells = sorted(t.cells.clone());
            let (counted, raw) = match t.side {
                Side::Leader => {
                    assert_eq!(cells, table.pack(t.at), "{t:?}: its Pack");
                    let n = u32::try_from(cells.len()).unwrap();
                    (n, n)
                }
                Side::Bones => {
                    assert_eq!(cells, table.pack(t.at), "{t:?}: its Pack");
                    let n = table.bones(&cells);
                    (n, 2 * n)
                }
                Side::Zoomies => {
                    assert_eq!(cells, table.group(t.at), "{t:?}: its Zoomies group");
                    assert!(!cells.is_empty(), "{t:?} sits on a Zoomies dog");
                    let n = u32::try_from(cells.len()).unwrap();
                    (n, LADDER[cells.len().min(5)])
                }
                Side::Frens => {
                    assert_eq!(cells, table.pack(t.at), "{t:?}: its Base Pack");
                    let pointed = t
                        .arrow
                        .and_then(|d| step(t.at, d))
                        .and_then(|c| table.dogs.get(&c))
                        .expect("a Frens arrow points at a dog");
                    assert_eq!(t.frens, Some(pointed.breed), "{t:?}: the Frens breed");
                    let mut want = table.frens_sides(&cells, pointed.breed);
                    want.sort();
                    let mut got: Vec<(Cell, Cell)> =
                        t.sides.iter().map(|s| (s.base, s.fren)).collect();
                    got.sort();
                    assert_eq!(got, want, "{t:?}: the sides counted");
                    let n = u32::try_from(want.len()).unwrap();
                    (n, 2 * n)
                }
            };
            assert_eq!((t.counted, t.raw), (counted, raw), "{t:?}");
            assert_eq!(t.shared, sharing[&key(t)], "{t:?}: tokens sharing");
            assert_eq!(t.points, raw / u32::from(t.shared), "{t:?}: split");
        }
        assert_eq!(
            line.total,
            line.tokens.iter().map(|t| t.points).sum::<u32>()
        );
        assert_eq!(
            line.best,
            line.tokens.iter().map(|t| t.points).max().unwrap_or(0)
        );
        assert_eq!(board.players[i].score, line.total, "the view's projection");
    }
    // The table's tokens, in the order placed, are the scorecard's.
    let mut by_seat: Vec<std::slice::Iter<'_, TokenScore>> =
        card.players.iter().map(|l| l.tokens.iter()).collect();
    for p in placed.by_ref() {
        let t = by_seat[p.seat.index()].next().expect("a scored token");
        assert_eq!(
            (p.side, p.at, p.arrow, p.points),
            (t.side, t.at, t.arrow, t.points)
        );
    }
    assert!(by_seat.iter_mut().all(|rest| rest.next().is_none()));
    // Ranks: highest total, then highest single token; ties share.
    for (i, line) in card.players.iter().enumerate() {
        let better = card
            .players
            .iter()
            .filter(|o| (o.total, o.best) > (line.total, line.best))
            .count();
        assert_eq!(usize::from(ranks[i]), better + 1, "seat {i}'s rank");
        assert_eq!(line.rank, ranks[i]);
    }
}

async fn full_match(db: TestDb, players: usize) {
    let label = db.label();
    let server = TestServer::start(&db).await;
    let options = GameOptions::Zoomies(Options { first_player: None });
    let (spectator, results) = play_room_with(&server, options, players, play).await;
    let first = &results[0];
    for r in results.iter().chain([&spectator]) {
        assert_eq!(
            r.result, first.result,
            "every connection sees the same result"
        );
        assert_eq!(r.seed, first.seed);
        assert_eq!(r.match_id, first.match_id);
        assert_eq!(r.last.board, first.last.board);
        assert_eq!(r.last.tokens, first.last.tokens);
    }
    assert!(results.iter().all(|r| r.acks > 0), "every seat acted");
    let seen = &spectator.seen;
    eprintln!("zoomies, {players} players on {label}: {seen:?}");
    assert_eq!(seen.get("start tiles"), Some(&3));
    let placed = seen.get("tiles placed").copied().unwrap_or(0);
    assert!(placed > 0);
    let tokens_used: u32 = [
        "leader tokens",
        "zoomies tokens",
        "bones tokens",
        "frens tokens",
        "tokens discarded",
    ]
    .iter()
    .map(|k| seen.get(k).copied().unwrap_or(0))
    .sum();
    assert_eq!(
        tokens_used,
        u32::try_from(players * TOKENS).unwrap(),
        "every token used once"
    );
    // Each Zoomies token brings an extra tile, placed or kept, unless the
    // hand was empty by then.
    let extras = seen.get("extra tiles placed").copied().unwrap_or(0)
        + seen.get("extra tiles kept").copied().unwrap_or(0);
    assert!(extras <= seen.get("zoomies tokens").copied().unwrap_or(0));
    // The table holds the start tiles and every tile placed.
    assert_eq!(
        spectator.last.board.len(),
        3 + usize::try_from(placed + seen.get("extra tiles placed").copied().unwrap_or(0)).unwrap()
    );

    // The public record over HTTP, while the server runs.
    let (status, body) = server
        .get_raw(&format!("/api/matches/{}", first.match_id))
        .await;
    assert_eq!(status, 200);
    let http: MatchRecord = serde_json::from_slice(&body).unwrap();
    assert_eq!(http.game, GameKind::Zoomies);
    assert_eq!(http.result.as_ref(), Some(&first.result));
    assert_eq!(http.seed.as_deref(), Some(first.seed.as_str()));
    assert!(
        body.windows(b"\"tokens\"".len())
            .any(|w| w == b"\"tokens\""),
        "the per-token scorecard is public"
    );
    server.stop().await;

    // Read everything back through a fresh connection.
    let store = Store::connect(db.url()).await.unwrap();
    let record = store.match_record(first.match_id).await.unwrap();
    assert_eq!(record, http);
    assert_eq!(
        hex::encode(Sha256::digest(hex::decode(&first.seed).unwrap())),
        record.seed_sha256
    );
    assert_eq!(record.players.len(), players);

    let AnyScorecard::Zoomies(card) = &first.result.scorecard else {
        panic!("not a Zoomies scorecard")
    };
    assert_eq!(card.players.len(), players);
    check_scorecard(card, &first.result.ranks, &spectator.last);
    let rows = store.scorecards(first.match_id).await.unwrap();
    assert_eq!(rows.len(), players);
    for (row, line) in rows.iter().zip(&card.players) {
        let stored: ScoreLine = serde_json::from_value(row.detail.clone()).unwrap();
        assert_eq!(&stored, line, "the stored per-token scorecard");
        assert_eq!(row.seat, line.seat);
        assert_eq!(row.score, i64::from(stored.total), "the headline score");
        assert_eq!(row.rank, i64::from(first.result.ranks[row.seat.index()]));
        assert_eq!(row.name, format!("Player {}", row.seat.0));
    }
    let winners: Vec<Seat> = rows
        .iter()
        .filter(|r| r.rank == 1)
        .map(|r| r.seat)
        .collect();
    assert_eq!(winners, first.result.winners);
    let history = store.finished_matches(10).await.unwrap();
    assert!(history.iter().any(|m| m.match_id == first.match_id));

    // Replay the stored log; re-derive each chance step from the seed.
    let (game, chance) =
        parlor_tests::truth::replay_with_seed(&store, first.match_id, &first.seed).await;
    // Start tiles, the deal, and the first player drawn (no host choice).
    assert!(chance > 3 + 2 * players);
    assert_eq!(game.result().as_ref(), Some(&first.result));
    store.close().await;
    db.drop_db().await;
}

parlor_tests::on_each_database!(full_match {
    two_players: 2,
    four_players: 4
});

/// The host's first player is honoured; one with no seat at the table is
/// refused when the match starts, and the room stays in its lobby. A
/// refused action gets the rule's own message and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_player_and_refusals() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let options = |seat: u8| {
        GameOptions::Zoomies(Options {
            first_player: Some(Seat(seat)),
        })
    };
    let host = server
        .create_room(GameKind::Zoomies, Some(options(3)), "A")
        .await;
    let guest = server.join(&host.code.0, "B").await;
    let mut a = server
        .connect_welcomed(&host.code.0, Some(&host.token))
        .await;
    let mut b = server
        .connect_welcomed(&host.code.0, Some(&guest.token))
        .await;
    a.send(&ClientMsg::Start).await;
    let (code, message) = a
        .recv_until(|m| match m {
            ServerMsg::Error { code, message, .. } => Some((*code, message.clone())),
            _ => None,
        })
        .await;
    assert_eq!(code, ErrorCode::BadOptions, "{message}");
    assert!(message.contains("seat 3"), "refused start: {message}");
    assert_eq!(
        server.room_info(&host.code.0).await.status,
        RoomStatus::Lobby
    );
    a.send(&ClientMsg::SetOptions {
        options: options(1),
    })
    .await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    parlor_tests::await_start(&mut b).await;
    let view = zoomies_view(&b).clone();
    assert_eq!(view.phase, Phase::PlaceTile { active: Seat(1) });
    assert_eq!(view.first_player, Some(Seat(1)));
    assert_eq!(view.board.len(), 3);
    assert_eq!(view.pile, 50 - 3 - 4);
    let hand = view.hand.clone().unwrap();
    assert_eq!(hand.len(), 2);
    // A tile seat 1 does not hold: the refusal names only that tile.
    let other = (1..=50)
        .map(parlor_protocol::zoomies::TileId)
        .find(|t| !hand.contains(t) && view.board.iter().all(|p| p.tile != *t))
        .unwrap();
    let version = b.version();
    let refused =
        parlor_protocol::AnyAction::Zoomies(parlor_protocol::zoomies::Action::PlaceTile {
            tile: other,
            at: Cell { x: 0, y: 1 },
            dir: parlor_protocol::zoomies::Dir::South,
        });
    let seq = b.act(version, refused).await.unwrap();
    match b.await_answer(seq).await {
        parlor_tests::Answer::Refused(code, message) => {
            assert_eq!(code, ErrorCode::IllegalAction);
            assert_eq!(message, format!("you don't hold tile Z{:02}", other.0));
        }
        other => panic!("applied: {other:?}"),
    }
    // Seat 0 may not act on seat 1's turn.
    let seq = a
        .act(
            version,
            parlor_protocol::AnyAction::Zoomies(parlor_protocol::zoomies::Action::CannotPlace),
        )
        .await
        .unwrap();
    assert!(matches!(
        a.await_answer(seq).await,
        parlor_tests::Answer::Refused(ErrorCode::NotYourTurn, _)
    ));
    b.settle().await;
    assert_eq!(b.version(), version, "nothing changed");
    server.stop().await;
    db.drop_db().await;
}
