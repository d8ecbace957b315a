//! Test support: a real server on port 0 ([`TestServer`]), a scripted
//! WebSocket client ([`TestClient`]) and per-test databases ([`TestDb`]).
#![allow(clippy::unwrap_used, missing_docs)]

use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlor_protocol::http::{CreateRoom, JoinRoom, Joined};
use parlor_protocol::{ClientMsg, GameKind, GameOptions, ServerMsg};
use parlor_server::{Config, Server};
use sqlx::Connection;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one message before failing.
pub const WAIT: Duration = Duration::from_secs(20);

/// Admin URL of the Postgres the tests use.
pub fn postgres_admin_url() -> String {
    std::env::var("PARLOR_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A database for one test, removed afterwards.
pub enum TestDb {
    /// A SQLite file in a scratch folder.
    Sqlite { dir: PathBuf, url: String },
    /// A fresh Postgres database.
    Postgres {
        admin: String,
        name: String,
        url: String,
    },
}

impl TestDb {
    /// A new SQLite database file.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(format!("parlor-test-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite:{}", dir.join("parlor.sqlite").display());
        TestDb::Sqlite { dir, url }
    }

    /// A new Postgres database, or `None` (with a loud note) when Postgres is
    /// unreachable outside CI. In CI (`CI` set) an unreachable Postgres fails.
    pub async fn postgres() -> Option<TestDb> {
        let admin = postgres_admin_url();
        let mut conn = match sqlx::PgConnection::connect(&admin).await {
            Ok(c) => c,
            Err(e) => {
                if std::env::var_os("CI").is_some()
                    || std::env::var_os("PARLOR_REQUIRE_POSTGRES").is_some()
                {
                    panic!("Postgres is required here but unreachable at {admin}: {e}");
                }
                eprintln!("SKIPPING Postgres test: {admin} unreachable ({e})");
                return None;
            }
        };
        let name = format!("parlor_test_{}", uuid::Uuid::new_v4().simple());
        sqlx::query(&format!("create database {name}"))
            .execute(&mut conn)
            .await
            .unwrap();
        let url = match admin.rsplit_once('/') {
            Some((base, _)) => format!("{base}/{name}"),
            None => panic!("admin URL has no database part: {admin}"),
        };
        Some(TestDb::Postgres { admin, name, url })
    }

    /// Its connection URL.
    pub fn url(&self) -> &str {
        match self {
            TestDb::Sqlite { url, .. } | TestDb::Postgres { url, .. } => url,
        }
    }

    /// Removes the database.
    pub async fn drop_db(self) {
        match self {
            TestDb::Sqlite { dir, .. } => {
                let _ = std::fs::remove_dir_all(dir);
            }
            TestDb::Postgres { admin, name, .. } => {
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await {
                    let _ = sqlx::query(&format!("drop database if exists {name} with (force)"))
                        .execute(&mut conn)
                        .await;
                }
            }
        }
    }
}

/// A server on 127.0.0.1 port 0.
pub struct TestServer {
    pub server: Server,
    pub http: reqwest::Client,
}

impl TestServer {
    /// Starts a server on `db`.
    pub async fn start(db: &TestDb) -> TestServer {
        let server = parlor_server::start(Config::for_tests(db.url()))
            .await
            .unwrap();
        TestServer {
            server,
            http: reqwest::Client::new(),
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://{}", self.server.addr)
    }

    /// Creates a room as `name` (the host).
    pub async fn create_room(
        &self,
        game: GameKind,
        options: Option<GameOptions>,
        name: &str,
    ) -> Joined {
        let resp = self
            .http
            .post(format!("{}/api/rooms", self.base()))
            .json(&CreateRoom {
                game,
                options,
                name: name.into(),
            })
            .send()
            .await
            .unwrap();
        assert!(resp.status().is_success(), "create room: {}", resp.status());
        resp.json().await.unwrap()
    }

    /// Joins a room as `name`.
    pub async fn join(&self, code: &str, name: &str) -> Joined {
        let resp = self
            .http
            .post(format!("{}/api/rooms/{code}/join", self.base()))
            .json(&JoinRoom { name: name.into() })
            .send()
            .await
            .unwrap();
        assert!(resp.status().is_success(), "join room: {}", resp.status());
        resp.json().await.unwrap()
    }

    /// Opens a socket to a room and says hello.
    pub async fn connect(&self, code: &str, token: Option<&str>) -> TestClient {
        let url = format!("ws://{}/api/rooms/{code}/ws", self.server.addr);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut client = TestClient { ws };
        client
            .send(&ClientMsg::Hello {
                token: token.map(str::to_owned),
                last_version: None,
                match_id: None,
            })
            .await;
        client
    }

    /// Shuts the server down cleanly.
    pub async fn stop(self) {
        self.server.shutdown().await;
    }
}

/// A scripted WebSocket client.
pub struct TestClient {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl TestClient {
    /// Sends a message.
    pub async fn send(&mut self, msg: &ClientMsg) {
        self.ws
            .send(Message::Text(serde_json::to_string(msg).unwrap().into()))
            .await
            .unwrap();
    }

    /// Sends raw text.
    pub async fn send_raw(&mut self, text: &str) {
        self.ws
            .send(Message::Text(text.to_owned().into()))
            .await
            .unwrap();
    }

    /// The next server message, failing the test after [`WAIT`].
    pub async fn recv(&mut self) -> ServerMsg {
        self.try_recv(WAIT)
            .await
            .expect("no message from the server in time")
    }

    /// The next server message within `wait`, or `None`.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMsg> {
        loop {
            let frame = tokio::time::timeout(wait, self.ws.next()).await.ok()??;
            match frame.ok()? {
                Message::Text(text) => {
                    return Some(serde_json::from_str(&text).expect("server sent bad JSON"))
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// Reads until `pick` returns `Some`.
    pub async fn recv_until<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let msg = self.recv().await;
            if let Some(t) = pick(&msg) {
                return t;
            }
        }
    }
}

/// After `Start`: reads the `Sync` (the table before setup) and the `Update`
/// with the setup steps; returns (match id, version, who acts).
pub async fn await_start(
    c: &mut TestClient,
) -> (parlor_protocol::MatchId, u64, parlor_protocol::ToAct) {
    let match_id = c
        .recv_until(|m| match m {
            ServerMsg::Sync { snapshot } => Some(snapshot.match_id),
            _ => None,
        })
        .await;
    let (version, to_act) = c
        .recv_until(|m| match m {
            ServerMsg::Update {
                version, to_act, ..
            } => Some((*version, to_act.clone())),
            _ => None,
        })
        .await;
    (match_id, version, to_act)
}
