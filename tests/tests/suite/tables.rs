//! "My tables": `POST /api/tables` answers, for every game, each held
//! seat's table as that seat sees it (its own views of the last steps, who
//! acts, the clock), nothing for a token no seat holds, and the same after
//! the room has left memory.
#![allow(clippy::unwrap_used, missing_docs)]

use std::time::Duration;

use parlor_protocol::tables::{HeldSeat, Table, Tables, TablesQuery, MAX_TABLES};
use parlor_protocol::{AnyStepView, ClientMsg, RoomCode, RoomStatus, ServerMsg, ToAct};
use parlor_tests::client::TestClient;
use parlor_tests::driver::{self, Table as Room};
use parlor_tests::players;
use parlor_tests::{TestDb, TestServer};

async fn tables(server: &TestServer, seats: &[HeldSeat]) -> (u16, Option<Tables>) {
    let resp = server
        .http
        .post(format!("{}/api/tables", server.base()))
        .json(&TablesQuery {
            seats: seats.to_vec(),
        })
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let body = resp.bytes().await.unwrap();
    (status, serde_json::from_slice(&body).ok())
}

fn held(code: &str, token: &str) -> HeldSeat {
    HeldSeat {
        room: RoomCode::parse(code).unwrap(),
        token: token.into(),
    }
}

/// The seat's whole log as it sees it.
async fn log(c: &mut TestClient) -> Vec<AnyStepView> {
    c.send(&ClientMsg::Log).await;
    c.recv_until(|m| match m {
        ServerMsg::Log { steps, .. } => Some(steps.clone()),
        _ => None,
    })
    .await
}

/// Plays a few rounds and waits until every seat holds the same version.
async fn play_a_little(t: &mut Room) {
    for _ in 0..3 {
        for c in t.all_mut() {
            driver::act_if_due(c).await;
        }
        for c in t.all_mut() {
            c.settle().await;
        }
    }
    for _ in 0..50 {
        let v = t.seats[0].version();
        if t.seats.iter().all(|c| !c.busy() && c.version() == v) {
            return;
        }
        for c in t.all_mut() {
            c.settle().await;
        }
    }
    panic!("the seats never agreed on a version");
}

/// What a seat's table must say, from its own connection.
async fn check(table: &Table, c: &mut TestClient, names: &[String]) {
    let seat = c.seat().unwrap();
    let state = c.state().clone();
    assert_eq!(table.seat, seat);
    assert_eq!(table.status, RoomStatus::Playing);
    assert_eq!(table.match_id, Some(state.match_id));
    assert_eq!(table.version, state.version);
    assert_eq!(table.players, names);
    let to_act = match &state.to_act {
        ToAct::Seats { seats } => seats.clone(),
        _ => Vec::new(),
    };
    assert_eq!(table.to_act, to_act);
    assert_eq!(table.yours, to_act.contains(&seat));
    assert_eq!(
        table.view.as_ref(),
        Some(&state.typed),
        "the seat's own view"
    );
    // Its own views of the last steps, exactly as its log has them.
    let mine = log(c).await;
    assert!(
        !table.last.is_empty(),
        "after some play there is a last step"
    );
    assert!(table.last.len() <= mine.len());
    assert_eq!(table.last[..], mine[mine.len() - table.last.len()..]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_answers_each_held_seat_as_it_sees_its_table() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::config::Config::for_tests(db.url());
    config.rooms.idle_unload = Duration::from_millis(300);
    let server = TestServer::start_with(config).await;
    for &kind in players::PLAYABLE {
        let mut t = Room::started(&server, kind, 0, 2, 0).await;
        play_a_little(&mut t).await;
        let names = vec!["Player 0".to_owned(), "Player 1".to_owned()];
        let code = t.code.clone();
        let asked = vec![
            held(&code, &t.tokens[1]),
            // A token no seat holds, and a room that does not exist: nothing.
            held(&code, "not-a-token"),
            held("ZZZZZZZZ", &t.tokens[0]),
            held(&code, &t.tokens[0]),
        ];
        let (status, answer) = tables(&server, &asked).await;
        assert_eq!(status, 200);
        let answer = answer.unwrap().tables;
        assert_eq!(answer.len(), 2, "{}: one table per seat held", kind.slug());
        assert_eq!(answer[0].game, kind);
        check(&answer[0], &mut t.seats[1], &names).await;
        check(&answer[1], &mut t.seats[0], &names).await;
        assert_eq!(
            answer.iter().filter(|x| x.yours).count(),
            answer[0].to_act.len().min(2),
            "{}: waiting on each seat that owes a decision",
            kind.slug()
        );
        // Everyone leaves; the room leaves memory and is asked about again.
        let version = t.seats[0].version();
        let tokens = t.tokens.clone();
        drop(t);
        tokio::time::sleep(Duration::from_millis(900)).await;
        let (_, again) = tables(&server, &[held(&code, &tokens[0])]).await;
        let again = again.unwrap().tables;
        assert_eq!(again.len(), 1);
        assert_eq!(
            again[0].version,
            version,
            "{}: restored as it was",
            kind.slug()
        );
        assert_eq!(again[0].last, answer[1].last);
    }
    // More seats than one request may ask about: refused, clearly.
    let many: Vec<HeldSeat> = (0..=MAX_TABLES).map(|_| held("ZZZZZZZZ", "x")).collect();
    assert_eq!(tables(&server, &many).await.0, 400);
    server.stop().await;
    db.drop_db().await;
}
