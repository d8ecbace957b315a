//! Parlor's server: an axum app whose rooms are actors owning their matches,
//! with every step stored before anyone hears of it.
//!
//! # Layout
//!
//! Each module, what it holds, and what it may use. Nothing uses a module
//! that uses it, directly or through others, and the same holds among the
//! modules inside `room`, `db`, `http` and `ws` (`tests/layout.rs` checks):
//!
//! - [`http`]: the API's routes by family, the WebSocket upgrade, the web
//!   client's files; the top: may use any module below but `serve`.
//! - [`ws`]: one WebSocket connection, from its hello to its close; uses
//!   `room`.
//! - [`retention`]: the sweep of what is past keeping; uses `room`, `db`,
//!   `config`.
//! - [`cluster`]: cluster mode's membership, reaping and sweep of orphaned
//!   rooms; uses `room`, `db`, `config`.
//! - [`wake`]: brings back rooms whose deadline is near (tables at their own
//!   pace leave memory between moves); uses `room`.
//! - [`room`]: the room actors (a room by concern) and their registry;
//!   uses `db`, `notices`.
//! - [`replay`]: replays and exports rebuilt from a stored log; uses `db`.
//! - [`health`]: readiness, and the `healthcheck` command's probe; uses
//!   `db`.
//! - [`db`]: storage on SQLite or Postgres, by concern; uses none.
//! - [`config`]: settings from flags and the environment; uses the
//!   settings types of `ws`, `room`, `serve`, `limits`, `heavy` and
//!   `notices`.
//! - [`serve`]: the accept loop (TCP options, header timeouts, connections
//!   per client); uses `limits`.
//! - [`auth`]: the token guards of the admin API and the metrics; uses
//!   `limits`, `error`.
//! - [`limits`]: rate limits and caps per client; uses `error`.
//! - [`error`]: HTTP errors as JSON; uses `db` and `heavy` (their errors).
//! - [`heavy`]: a bounded thread pool for heavy requests; uses none.
//! - [`metrics`]: the Prometheus recorder; uses none.
//! - [`notices`]: posting notices (a room's webhook) off the rooms' path,
//!   and which addresses they may go to; uses none.

pub mod auth;
pub mod cluster;
pub mod config;
pub mod db;
pub mod error;
pub mod health;
pub mod heavy;
pub mod http;
pub mod limits;
pub mod metrics;
pub mod notices;
pub mod replay;
pub mod retention;
pub mod room;
pub mod serve;
pub mod wake;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use config::Config;
use db::serving::ServingLock;
use db::{Membership, Node, Store};
/// The admin API (it lives with the other routes, in [`http::admin`]).
pub use http::admin;
use room::Rooms;

/// A running server.
pub struct Server {
    /// The bound address (useful with port 0).
    pub addr: SocketAddr,
    /// The storage handle.
    pub store: Store,
    shutdown: CancellationToken,
    rooms: TaskTracker,
    sockets: TaskTracker,
    serve: JoinHandle<std::io::Result<()>>,
    /// This process serves the database: no second single-mode server
    /// may (nor, beside a single-mode one, a cluster's).
    serving: ServingLock,
    /// Cluster mode: this server's membership.
    member: Option<Arc<Membership>>,
    /// The room registry, for [`Server::wake_due`].
    registry: room::Rooms,
}

/// Connects storage (creating a SQLite file's folder) and applies the
/// migrations.
pub async fn connect_store(config: &Config) -> anyhow::Result<Store> {
    if let Some(dir) = config.sqlite_dir() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| anyhow::anyhow!("creating {}: {e}", dir.display()))?;
    }
    Ok(Store::connect(&config.database_url).await?)
}

/// Connects storage, binds the listener and starts serving.
pub async fn start(config: Config) -> anyhow::Result<Server> {
    let store = connect_store(&config).await?;
    let listener = match tokio::net::TcpListener::bind(config.addr).await {
        Ok(l) => l,
        Err(e) => {
            store.close().await;
            return Err(e.into());
        }
    };
    let addr = listener.local_addr()?;
    // Before any room is opened: a second single-mode server on this
    // database would take the same rooms and split them; in a cluster,
    // each room is claimed (and its writes fenced) instead, and the lock is
    // shared among the members.
    let cluster_mode = config.cluster.is_some();
    let serving = match ServingLock::take(
        &config.database_url,
        config.sqlite_file().as_deref(),
        cluster_mode,
    )
    .await
    {
        Ok(lock) => lock,
        Err(e) => {
            store.close().await;
            return Err(e.into());
        }
    };
    let member = match &config.cluster {
        None => None,
        Some(c) => {
            // Listening on every interface (a container): the others reach
            // this one by its host name.
            let internal = c.internal_addr.clone().unwrap_or_else(|| {
                if addr.ip().is_unspecified() {
                    format!("{}:{}", config::host_name(), addr.port())
                } else {
                    addr.to_string()
                }
            });
            match cluster::join(&store, Node::new(c.node_id.clone(), internal), c).await {
                Ok(member) => Some(member),
                Err(e) => {
                    serving.release().await;
                    store.close().await;
                    return Err(e);
                }
            }
        }
    };
    let shutdown = CancellationToken::new();
    let tracker = TaskTracker::new();
    let mut room_config = config.rooms.clone();
    let push = match config.push {
        false => None,
        true => {
            let contact = (config.push_contact.clone())
                .or_else(|| config.public_url.clone())
                .unwrap_or_else(|| "mailto:parlor@localhost".to_owned());
            match notices::push::PushKey::load(&store, contact).await {
                Ok(key) => Some(key),
                Err(e) => {
                    tracing::warn!(error = %e, "push notices are off: no key");
                    None
                }
            }
        }
    };
    let (notices, pushes_gone) = notices::Notices::start(
        notices::NoticeSettings {
            allow_private: config.notices_private,
            public_url: config.public_url.clone(),
            smtp: config.smtp.clone(),
        },
        push,
        shutdown.clone(),
    );
    room_config.notices = Some(notices);
    let rooms = Rooms::new(
        store.clone(),
        room_config,
        shutdown.clone(),
        tracker.clone(),
        member.clone(),
    );
    match &member {
        // Bring back the rooms that were playing when the server last
        // stopped (in the background: a link opened meanwhile rebuilds its
        // room itself).
        None => {
            let restoring = rooms.clone();
            tokio::spawn(async move {
                match restoring.restore_all().await {
                    Ok(n) if n > 0 => tracing::info!(rooms = n, "rooms restored"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "could not list rooms to restore"),
                }
            });
        }
        // In a cluster no server reopens every room at start: a room is
        // claimed by the server first asked for it, and the members' sweep
        // takes the orphans no socket comes for.
        Some(member) => {
            tokio::spawn(cluster::run(
                store.clone(),
                member.clone(),
                rooms.clone(),
                shutdown.clone(),
            ));
        }
    }
    tokio::spawn(wake::run(rooms.clone(), shutdown.clone()));
    tokio::spawn(forget_gone(pushes_gone, rooms.clone()));
    let registry = rooms.clone();
    let state = http::AppState::new(rooms.clone(), shutdown.clone(), &config);
    tokio::spawn(retention::run(
        rooms,
        state.retention.clone(),
        shutdown.clone(),
    ));
    let sockets = state.ws_tasks.clone();
    let app = http::app(state, &config.web_dir);
    // The port closes when the rooms are stopping, except after a drain:
    // then it stays open a moment, answering 503 (not ready, no rooms
    // served), until the proxy's checks have seen this server go. A
    // refused connection would be retried by the proxy on this same server
    // for seconds; a 503 goes back to the client, which retries at once.
    let stop = CancellationToken::new();
    let linger = config
        .cluster
        .as_ref()
        .map_or(Duration::ZERO, |c| c.drain_linger);
    tokio::spawn({
        let (stopping, stop) = (shutdown.clone(), stop.clone());
        async move {
            stopping.cancelled().await;
            tokio::time::sleep(linger).await;
            stop.cancel();
        }
    });
    let limits = config.serve.clone();
    // TCP_NODELAY, header timeouts and per-client caps live in `serve`.
    let serve = tokio::spawn(async move { serve::serve(listener, app, stop, &limits).await });
    Ok(Server {
        addr,
        store,
        shutdown,
        rooms: tracker,
        sockets,
        serve,
        serving,
        member,
        registry,
    })
}

impl Server {
    /// Brings back now, rather than on the next round of [`wake::run`],
    /// the rooms not in memory whose deadline falls by `by_ms`; returns how
    /// many.
    pub async fn wake_due(&self, by_ms: i64) -> usize {
        wake::wake_once(&self.registry, by_ms).await
    }

    /// A token that stops the server when cancelled.
    pub fn shutdown_token(&self) -> CancellationToken {
        self.shutdown.clone()
    }

    /// Stops accepting; each room finishes the command in flight, answers
    /// everything still queued (refused: nothing of it is carried out), and
    /// closes its sockets with 1001; waits for the close frames to go out
    /// and for everything else to end.
    ///
    /// In a cluster this is the drain: the server is marked draining, each
    /// room hands itself back as it stops and closes its sockets with 1012
    /// (their clients come back at once, to another server), then the
    /// server leaves; its port stays open for the drain's linger
    /// (`PARLOR_DRAIN_LINGER`), answering 503, so the proxy sees it go
    /// before a connection to it is refused.
    pub async fn shutdown(self) {
        if let Some(member) = &self.member {
            cluster::drain(&self.store, member).await;
        }
        self.shutdown.cancel();
        self.rooms.close();
        self.rooms.wait().await;
        if let Some(member) = &self.member {
            cluster::leave(&self.store, member).await;
        }
        self.sockets.close();
        self.sockets.wait().await;
        let _ = self.serve.await;
        self.store.close().await;
        self.serving.release().await;
    }
}

/// Forgets the push subscriptions the push services said are gone: in the
/// database, and in their room if it is in memory here.
async fn forget_gone(mut gone: tokio::sync::mpsc::Receiver<notices::PushGone>, rooms: room::Rooms) {
    while let Some(g) = gone.recv().await {
        // The room first: once the database has forgotten it, nothing the
        // room does next can still use it.
        if let Some(handle) = rooms.running(&g.room) {
            handle
                .send(room::RoomCmd::PushGone {
                    seat: g.seat,
                    subscription: g.subscription.clone(),
                })
                .await;
        }
        if let Err(e) = rooms
            .store()
            .forget_push(&g.room, g.seat, &g.subscription)
            .await
        {
            tracing::warn!(room = %g.room, error = %e, "could not forget a push subscription that is gone");
        }
    }
}
