//! Full Doozy Dice matches over real sockets, on SQLite and Postgres, then
//! read back from the database: the finished match, its scorecards, and a
//! replay of its log that reproduces the result, every chance step re-derived
//! from the published seed.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_protocol::doozy_dice::ScoreLine;
use parlor_protocol::{
    AnyScorecard, AnyView, ClientMsg, GameKind, GameOptions, MatchId, MatchResult, RoomStatus,
    Seat, ServerMsg,
};
use parlor_server::db::Store;
use parlor_tests::driver::act_if_due;
use parlor_tests::{TestClient, TestDb, TestServer};
use sha2::{Digest, Sha256};

struct Played {
    result: MatchResult,
    seed: String,
    match_id: MatchId,
    acks: usize,
}

/// Plays one seat to the end with the Doozy Dice test player. The host
/// starts once everyone is connected. After every `Ack`, checks that the
/// database already holds that version.
async fn play(mut client: TestClient, me: Seat, players: usize, store: Store) -> Played {
    let mut started = false;
    let mut acks = 0;
    loop {
        match client.recv().await {
            ServerMsg::Room { room } => {
                let ready = room.seats.len() == players && room.seats.iter().all(|s| s.connected);
                if me == room.host && room.status == RoomStatus::Lobby && ready && !started {
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
            ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            } => {
                return Played {
                    result,
                    seed,
                    match_id,
                    acks,
                }
            }
            ServerMsg::Error { code, message, .. } => {
                panic!("seat {me} got error {code:?}: {message}")
            }
            _ => {}
        }
        if client.state.is_some() {
            assert!(
                matches!(client.view(), AnyView::DoozyDice(_)),
                "not a Doozy Dice view"
            );
        }
        act_if_due(&mut client).await;
    }
}

async fn full_match(db: TestDb, players: usize) {
    let server = TestServer::start(&db).await;
    let host = server
        .create_room(GameKind::DoozyDice, None, "Player 0")
        .await;
    let code = host.code.0.clone();
    let mut tokens = vec![host.token.clone()];
    for i in 1..players {
        let joined = server.join(&code, &format!("Player {i}")).await;
        assert_eq!(joined.seat, Some(Seat(u8::try_from(i).unwrap())));
        tokens.push(joined.token);
    }
    let mut tasks = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let client = server.connect(&code, Some(token)).await;
        let store = server.server.store.clone();
        tasks.push(tokio::spawn(play(
            client,
            Seat(u8::try_from(i).unwrap()),
            players,
            store,
        )));
    }
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    let first = &results[0];
    for r in &results {
        assert_eq!(r.result, first.result, "every seat sees the same result");
        assert_eq!(r.seed, first.seed);
        assert!(r.acks > 0, "every seat acted");
    }

    // Another match in the same room, same seats: the host alone cannot
    // start it over the results; it starts once every seat asks.
    let mut host_again = server.connect(&code, Some(&tokens[0])).await;
    host_again.send(&ClientMsg::Start).await;
    let refused = host_again
        .recv_until(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await;
    assert_eq!(refused, parlor_protocol::ErrorCode::NotNow);
    let mut others = Vec::new();
    for token in &tokens[1..] {
        others.push(server.connect(&code, Some(token)).await);
    }
    host_again.send(&ClientMsg::Rematch { ready: true }).await;
    for c in &mut others {
        c.send(&ClientMsg::Rematch { ready: true }).await;
    }
    let (next_id, next_version) = host_again
        .recv_until(|m| match m {
            ServerMsg::Sync { snapshot } => Some((snapshot.match_id, snapshot.version)),
            ServerMsg::Error { message, .. } => panic!("play again refused: {message}"),
            _ => None,
        })
        .await;
    assert_ne!(next_id, first.match_id);
    assert_eq!(next_version, 0, "the table before setup comes first");
    let setup = host_again
        .recv_until(|m| match m {
            ServerMsg::Update { steps, version, .. } => Some((steps.len(), *version)),
            _ => None,
        })
        .await;
    assert!(
        setup.0 >= 5 + players,
        "deal and roll-off arrive as steps: {setup:?}"
    );
    assert_eq!(u64::try_from(setup.0).unwrap(), setup.1);
    server.stop().await;

    // Read everything back through a fresh connection.
    let store = Store::connect(db.url()).await.unwrap();
    let record = store.match_record(first.match_id).await.unwrap();
    assert_eq!(record.result.as_ref(), Some(&first.result));
    assert_eq!(record.seed.as_deref(), Some(first.seed.as_str()));
    assert_eq!(
        hex::encode(Sha256::digest(hex::decode(&first.seed).unwrap())),
        record.seed_sha256
    );
    assert_eq!(record.players.len(), players);

    let AnyScorecard::DoozyDice(card) = &first.result.scorecard else {
        panic!("not a Doozy Dice scorecard")
    };
    let rows = store.scorecards(first.match_id).await.unwrap();
    assert_eq!(rows.len(), players);
    for (row, line) in rows.iter().zip(&card.players) {
        let stored: ScoreLine = serde_json::from_value(row.detail.clone()).unwrap();
        assert_eq!(&stored, line);
        assert_eq!(stored.combos.len(), 5, "five combos recorded per player");
        assert_eq!(
            stored.total_rolls,
            stored
                .combos
                .iter()
                .map(|c| u32::from(c.rolls))
                .sum::<u32>()
        );
        assert_eq!(
            stored.score,
            i32::try_from(stored.total_rolls).unwrap() - stored.dots
        );
        assert_eq!(row.rank, i64::from(first.result.ranks[row.seat.index()]));
        assert_eq!(row.score, i64::from(stored.score));
        assert_eq!(row.name, format!("Player {}", row.seat.0));
    }
    let history = store.finished_matches(10).await.unwrap();
    assert!(history.iter().any(|m| m.match_id == first.match_id));

    // Replay the stored log; re-derive each chance step from the seed.
    let (game, _) =
        parlor_tests::truth::replay_with_seed(&store, first.match_id, &first.seed).await;
    assert_eq!(game.result().as_ref(), Some(&first.result));
    store.close().await;
    db.drop_db().await;
}

parlor_tests::on_each_database!(full_match {
    two_players: 2,
    four_players: 4
});

#[tokio::test]
async fn options_are_checked_against_the_game() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let resp = server
        .http
        .post(format!("{}/api/rooms", server.base()))
        .json(&serde_json::json!({
            "game": "doozy-dice",
            "name": "A",
            "options": {"game": "zoomies", "options": {}}
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 400, "options for another game");
    let opts = GameOptions::DoozyDice(parlor_protocol::doozy_dice::Options {
        lock_set_aside: true,
        auto_claim: false,
    });
    let joined = server
        .create_room(GameKind::DoozyDice, Some(opts.clone()), "A")
        .await;
    let info: parlor_protocol::RoomInfo = server
        .http
        .get(format!("{}/api/rooms/{}", server.base(), joined.code))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info.options, opts);
    server.stop().await;
    db.drop_db().await;
}
