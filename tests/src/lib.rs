//! Test support: a real server on port 0 ([`TestServer`]) or the real binary
//! ([`process::ServerProcess`]), a WebSocket client that keeps the match
//! state it has been sent and checks every update against it
//! ([`TestClient`]), per-test databases ([`TestDb`]), a player per playable
//! game ([`players`]) and drivers that play matches with them ([`driver`]).
#![allow(clippy::unwrap_used, missing_docs)]

pub mod client;
pub mod cluster;
pub mod driver;
pub mod leak;
pub mod players;
pub mod process;
pub mod truth;

use std::net::SocketAddr;
use std::ops::Deref;
use std::path::PathBuf;
use std::time::Duration;

use parlor_protocol::http::{ClaimSeat, CreateRoom, JoinRoom, Joined, MatchRecord, MatchSummary};
use parlor_protocol::{ClientMsg, GameKind, GameOptions, MatchId, RoomInfo, ServerMsg};
use parlor_server::{Config, Server};
use sqlx::Connection;

pub use client::{Answer, Event, MatchState, Received, SentAct, TestClient};

/// How long a test waits for any one message before failing.
pub const WAIT: Duration = Duration::from_secs(20);

/// Heavier runs (more seeds, more inputs) when `PARLOR_HEAVY` is set.
pub fn heavy() -> bool {
    std::env::var_os("PARLOR_HEAVY").is_some_and(|v| !v.is_empty() && v != "0")
}

/// For each `name: players`, a module `name` of two tests, `sqlite` and
/// `postgres`, each running `run(db, players)` on a fresh database of its
/// kind (the Postgres one is skipped, loudly, only outside CI).
#[macro_export]
macro_rules! on_each_database {
    ($run:ident { $($name:ident: $players:expr),+ $(,)? }) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$run($crate::TestDb::sqlite(), $players).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(db) = $crate::TestDb::postgres().await {
                    super::$run(db, $players).await;
                }
            }
        }
    )+};
}

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
        Some(TestDb::create_on(admin, &mut conn).await)
    }

    /// A new database on the Postgres server of `admin` (a URL of a
    /// database there that may create others), which must be reachable.
    pub async fn postgres_on(admin: &str) -> TestDb {
        let mut conn = sqlx::PgConnection::connect(admin)
            .await
            .unwrap_or_else(|e| panic!("Postgres at {admin}: {e}"));
        TestDb::create_on(admin.to_owned(), &mut conn).await
    }

    async fn create_on(admin: String, conn: &mut sqlx::PgConnection) -> TestDb {
        let name = format!("parlor_test_{}", uuid::Uuid::new_v4().simple());
        sqlx::query(&format!("create database {name}"))
            .execute(&mut *conn)
            .await
            .unwrap();
        let url = match admin.rsplit_once('/') {
            Some((base, _)) => format!("{base}/{name}"),
            None => panic!("admin URL has no database part: {admin}"),
        };
        TestDb::Postgres { admin, name, url }
    }

    /// Its connection URL.
    pub fn url(&self) -> &str {
        match self {
            TestDb::Sqlite { url, .. } | TestDb::Postgres { url, .. } => url,
        }
    }

    /// "sqlite" or "postgres", for messages.
    pub fn label(&self) -> &'static str {
        match self {
            TestDb::Sqlite { .. } => "sqlite",
            TestDb::Postgres { .. } => "postgres",
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

/// The HTTP and WebSocket API of a server at some address, in-process or not.
#[derive(Clone)]
pub struct Api {
    pub addr: SocketAddr,
    pub http: reqwest::Client,
}

impl Api {
    /// The API of a server listening on `addr`.
    pub fn new(addr: SocketAddr) -> Api {
        Api {
            addr,
            http: reqwest::Client::builder().timeout(WAIT).build().unwrap(),
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `ws://127.0.0.1:PORT/api/rooms/{code}/ws`.
    pub fn ws_url(&self, code: &str) -> String {
        format!("ws://{}/api/rooms/{code}/ws", self.addr)
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

    /// `GET /api/rooms/{code}`.
    pub async fn room_info(&self, code: &str) -> RoomInfo {
        let resp = self
            .http
            .get(format!("{}/api/rooms/{code}", self.base()))
            .send()
            .await
            .unwrap();
        assert!(resp.status().is_success(), "room info: {}", resp.status());
        resp.json().await.unwrap()
    }

    /// `GET {path}`: status and raw body.
    pub async fn get_raw(&self, path: &str) -> (u16, Vec<u8>) {
        let resp = self
            .http
            .get(format!("{}{path}", self.base()))
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        (status, resp.bytes().await.unwrap().to_vec())
    }

    /// `GET {path}` answered 200 with JSON of type `T`.
    pub async fn get_json<T: serde::de::DeserializeOwned>(&self, path: &str) -> T {
        let (status, body) = self.get_raw(path).await;
        assert_eq!(
            status,
            200,
            "GET {path}: {}",
            String::from_utf8_lossy(&body)
        );
        serde_json::from_slice(&body)
            .unwrap_or_else(|e| panic!("GET {path}: {e}: {}", String::from_utf8_lossy(&body)))
    }

    /// `GET /api/matches/{id}`.
    pub async fn match_record(&self, id: MatchId) -> MatchRecord {
        self.get_json(&format!("/api/matches/{id}")).await
    }

    /// `GET /api/matches?{query}`: the history, newest first.
    pub async fn history(&self, query: &str) -> Vec<MatchSummary> {
        self.get_json(&format!("/api/matches?{query}")).await
    }

    /// `POST /api/rooms/{code}/claim` with a one-time seat code: the new
    /// seat token, or the refusal's status and body.
    pub async fn claim(&self, code: &str, seat_code: &str) -> Result<Joined, (u16, String)> {
        let resp = self
            .http
            .post(format!("{}/api/rooms/{code}/claim", self.base()))
            .json(&ClaimSeat {
                code: seat_code.into(),
            })
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        let body = resp.text().await.unwrap();
        if status == 200 {
            Ok(serde_json::from_str(&body).unwrap())
        } else {
            Err((status, body))
        }
    }

    /// Is `/api/health` answering "ok"?
    pub async fn healthy(&self) -> bool {
        let Ok(resp) = self
            .http
            .get(format!("{}/api/health", self.base()))
            .send()
            .await
        else {
            return false;
        };
        resp.status().is_success()
            && resp
                .json::<parlor_protocol::http::Health>()
                .await
                .is_ok_and(|h| h.status == "ok")
    }

    /// Opens a socket to a room without saying anything.
    pub async fn open(&self, code: &str) -> TestClient {
        let (ws, _) = tokio_tungstenite::connect_async(self.ws_url(code))
            .await
            .unwrap();
        TestClient::new(ws)
    }

    /// Opens a socket whose receive buffer is as small as the kernel
    /// allows and says hello: a reader that, if it never reads, stalls the
    /// server's writes almost at once.
    pub async fn connect_small_buffer(&self, code: &str, token: Option<&str>) -> TestClient {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(1024).unwrap();
        let stream = socket.connect(self.addr).await.unwrap();
        let (ws, _) = tokio_tungstenite::client_async(
            self.ws_url(code),
            tokio_tungstenite::MaybeTlsStream::Plain(stream),
        )
        .await
        .unwrap();
        let mut client = TestClient::new(ws);
        client
            .send(&ClientMsg::Hello {
                token: token.map(str::to_owned),
                last_version: None,
                match_id: None,
            })
            .await;
        client
    }

    /// Opens a socket to a room and says hello (no resume).
    pub async fn connect(&self, code: &str, token: Option<&str>) -> TestClient {
        self.connect_with(code, token, false).await
    }

    /// Opens a socket and says hello, keeping every frame received (from
    /// the `Welcome` on) when `record` is set.
    pub async fn connect_with(&self, code: &str, token: Option<&str>, record: bool) -> TestClient {
        let mut client = self.open(code).await;
        if record {
            client.record();
        }
        client
            .send(&ClientMsg::Hello {
                token: token.map(str::to_owned),
                last_version: None,
                match_id: None,
            })
            .await;
        client
    }

    /// Opens a socket and says hello with the match and version `state`
    /// holds; the client starts out holding that state, as a browser that
    /// kept its view would.
    pub async fn resume(
        &self,
        code: &str,
        token: Option<&str>,
        state: Option<MatchState>,
    ) -> TestClient {
        let mut client = self.open(code).await;
        client
            .send(&ClientMsg::Hello {
                token: token.map(str::to_owned),
                last_version: state.as_ref().map(|s| s.version),
                match_id: state.as_ref().map(|s| s.match_id),
            })
            .await;
        client.state = state;
        client
    }

    /// Connects, answering `Welcome`: the client is ready to play.
    pub async fn connect_welcomed(&self, code: &str, token: Option<&str>) -> TestClient {
        let mut c = self.connect(code, token).await;
        c.recv_until(|m| matches!(m, ServerMsg::Welcome { .. }).then_some(()))
            .await;
        c
    }
}

/// A server on 127.0.0.1 port 0, in this process.
pub struct TestServer {
    pub server: Server,
    pub api: Api,
}

impl Deref for TestServer {
    type Target = Api;
    fn deref(&self) -> &Api {
        &self.api
    }
}

impl TestServer {
    /// Starts a server on `db` with the test configuration.
    pub async fn start(db: &TestDb) -> TestServer {
        Self::start_with(Config::for_tests(db.url())).await
    }

    /// Starts a server with a configuration of the caller's.
    pub async fn start_with(config: Config) -> TestServer {
        // Server warnings (refusals for storage, dropped connections) land in
        // the failing test's output, where they explain a timeout.
        let _ = tracing_subscriber::fmt()
            .with_env_filter(std::env::var("RUST_LOG").unwrap_or_else(|_| "warn,sqlx=error".into()))
            .with_test_writer()
            .try_init();
        let server = parlor_server::start(config).await.unwrap();
        let api = Api::new(server.addr);
        TestServer { server, api }
    }

    /// Shuts the server down cleanly.
    pub async fn stop(self) {
        self.server.shutdown().await;
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
