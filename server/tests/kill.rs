//! The real binary is killed (SIGKILL) the instant a client receives an
//! acknowledgement; the acknowledged step must already be on disk.
//!
//! The full suite — 20 kills per store during play of every game, on SQLite
//! and Postgres, with restarts, resumes and every match played to its end —
//! is `tests/tests/suite/kill.rs`. This test also makes `cargo test --workspace`
//! build the `parlor-server` binary that suite runs.
#![allow(clippy::unwrap_used, missing_docs)]

use std::process::Stdio;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlor_protocol::doozy_dice::Action;
use parlor_protocol::http::{CreateRoom, JoinRoom, Joined};
use parlor_protocol::{AnyAction, ClientMsg, GameKind, Seat, ServerMsg, ToAct};
use parlor_server::db::Store;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn recv(ws: &mut Ws) -> ServerMsg {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if let Message::Text(t) = frame {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

async fn send(ws: &mut Ws, msg: &ClientMsg) {
    ws.send(Message::Text(serde_json::to_string(msg).unwrap().into()))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_steps_survive_sigkill() {
    let dir = std::env::temp_dir().join(format!("parlor-kill-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite:{}", dir.join("p.sqlite").display());
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_parlor-server"))
        .env("PARLOR_ADDR", "127.0.0.1:0")
        .env("DATABASE_URL", &url)
        .env("PARLOR_WEB_DIR", dir.join("no-web"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let base = line
        .strip_prefix("parlor listening on ")
        .unwrap()
        .to_owned();

    let http = reqwest::Client::new();
    let host: Joined = http
        .post(format!("{base}/api/rooms"))
        .json(&CreateRoom {
            game: GameKind::DoozyDice,
            options: None,
            name: "A".into(),
        })
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let guest: Joined = http
        .post(format!("{base}/api/rooms/{}/join", host.code))
        .json(&JoinRoom { name: "B".into() })
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let ws_url = format!(
        "{}/api/rooms/{}/ws",
        base.replace("http://", "ws://"),
        host.code
    );
    let mut socks = Vec::new();
    for token in [&host.token, &guest.token] {
        let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
        send(
            &mut ws,
            &ClientMsg::Hello {
                token: Some(token.clone()),
                last_version: None,
                match_id: None,
            },
        )
        .await;
        socks.push(ws);
    }
    send(&mut socks[0], &ClientMsg::Start).await;
    let match_id = loop {
        if let ServerMsg::Sync { snapshot } = recv(&mut socks[0]).await {
            break snapshot.match_id;
        }
    };
    let (version, to_act) = loop {
        if let ServerMsg::Update {
            version, to_act, ..
        } = recv(&mut socks[0]).await
        {
            break (version, to_act);
        }
    };
    let ToAct::Seats { seats } = &to_act else {
        panic!("a seat should act")
    };
    let mover = if seats.contains(&Seat(0)) { 0 } else { 1 };
    let roll = AnyAction::DoozyDice(Action::Roll {
        dice: vec![0, 1, 2, 3, 4],
    });
    send(
        &mut socks[mover],
        &ClientMsg::Act {
            client_seq: 1,
            version,
            action: roll,
        },
    )
    .await;
    let acked = loop {
        if let ServerMsg::Ack { version, .. } = recv(&mut socks[mover]).await {
            break version;
        }
    };
    // No grace: the process dies right after the ack reached us.
    child.start_kill().unwrap();
    child.wait().await.unwrap();

    let store = Store::connect(&url).await.unwrap();
    let stored = store.step_count(match_id).await.unwrap();
    assert!(
        stored >= acked,
        "acked version {acked}, but only {stored} steps survived the kill"
    );
    store.close().await;
    let _ = std::fs::remove_dir_all(dir);
}
