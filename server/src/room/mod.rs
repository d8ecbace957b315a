//! Rooms: one actor task per room owns its lobby and match; everything else
//! talks to it through a [`RoomHandle`].

mod actor;
pub mod live;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use parlor_protocol::http::Joined;
use parlor_protocol::{ClientMsg, ErrorCode, GameOptions, RoomCode, RoomInfo, ServerMsg, Viewer};
use rand::Rng;
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

use crate::db::{Store, StoreError};

pub use actor::Room;

/// Identifies one connection within a room.
pub type ConnId = u64;

/// How many messages may wait for a slow connection before it is dropped
/// (it then reconnects and resyncs instead of holding the room back).
pub const OUTBOX: usize = 256;

/// Requests to a room actor.
#[derive(Debug)]
pub enum RoomCmd {
    /// A socket finished its handshake.
    Connect {
        /// Seat token, or none to watch.
        token: Option<String>,
        /// Where the room sends this connection's messages.
        out: mpsc::Sender<ServerMsg>,
        /// The room's answer: connection id and viewer, or a refusal.
        reply: oneshot::Sender<Result<(ConnId, Viewer), ErrorCode>>,
    },
    /// A socket closed.
    Disconnect {
        /// Which.
        conn: ConnId,
    },
    /// A message from a connection.
    Msg {
        /// From whom.
        conn: ConnId,
        /// What.
        msg: ClientMsg,
    },
    /// Take a seat (HTTP join).
    Join {
        /// Display name (already validated).
        name: String,
        /// Answer.
        reply: oneshot::Sender<Result<Joined, JoinError>>,
    },
    /// Current public room info.
    Info {
        /// Answer.
        reply: oneshot::Sender<RoomInfo>,
    },
}

/// Why a join failed.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A cheap handle to a room actor.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<RoomCmd>,
}

impl RoomHandle {
    /// Sends a command; `false` if the room has stopped.
    pub async fn send(&self, cmd: RoomCmd) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    /// Asks for the room's public info.
    pub async fn info(&self) -> Option<RoomInfo> {
        let (reply, rx) = oneshot::channel();
        self.send(RoomCmd::Info { reply }).await.then_some(())?;
        rx.await.ok()
    }
}

/// All live rooms of this process.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<RoomsInner>,
}

struct RoomsInner {
    /// Live room actors by code. A std mutex: held only for map lookups,
    /// never across an await.
    map: Mutex<HashMap<RoomCode, RoomHandle>>,
    store: Store,
    shutdown: CancellationToken,
    tracker: TaskTracker,
}

/// Why a room could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The game has no rules yet.
    #[error("that game is not playable yet")]
    NotPlayable,
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
}

impl Rooms {
    /// An empty registry.
    pub fn new(store: Store, shutdown: CancellationToken, tracker: TaskTracker) -> Rooms {
        Rooms {
            inner: Arc::new(RoomsInner {
                map: Mutex::default(),
                store,
                shutdown,
                tracker,
            }),
        }
    }

    /// The storage handle.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The handle of a live room.
    pub fn get(&self, code: &RoomCode) -> Option<RoomHandle> {
        self.lock().get(code).cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<RoomCode, RoomHandle>> {
        // A poisoned map is still a valid map: recover it.
        self.inner.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Creates a room with fresh code and starts its actor.
    pub async fn create(
        &self,
        options: GameOptions,
    ) -> Result<(RoomCode, RoomHandle), CreateError> {
        if self.inner.shutdown.is_cancelled() {
            return Err(CreateError::ShuttingDown);
        }
        let mut attempts = 0;
        let code = loop {
            let code = new_code();
            match self.inner.store.create_room(&code, &options).await {
                Ok(()) => break code,
                // A code collision: draw again.
                Err(StoreError::Conflict(_)) if attempts < 8 => attempts += 1,
                Err(e) => return Err(e.into()),
            }
        };
        let (tx, rx) = mpsc::channel(256);
        let handle = RoomHandle { tx };
        let room = Room::new(code.clone(), options, self.inner.store.clone());
        self.lock().insert(code.clone(), handle.clone());
        let rooms = self.clone();
        let shutdown = self.inner.shutdown.clone();
        let span_code = code.clone();
        let span = tracing::info_span!("room", room = %span_code);
        self.inner.tracker.spawn(
            async move {
                room.run(rx, shutdown).await;
                rooms.lock().remove(&span_code);
            }
            .instrument(span),
        );
        Ok((code, handle))
    }
}

/// A fresh room code.
fn new_code() -> RoomCode {
    let mut rng = rand::rng();
    let code = (0..RoomCode::LEN)
        .map(|_| char::from(RoomCode::ALPHABET[rng.random_range(0..RoomCode::ALPHABET.len())]))
        .collect();
    RoomCode(code)
}

/// A fresh secret seat token (128 bits, hex).
pub fn new_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    hex::encode(bytes)
}

/// SHA-256 of a token, hex: what the database keeps.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
