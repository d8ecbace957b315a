//! Parlor's server: an axum app whose rooms are actors owning their matches,
//! with every step stored before anyone hears of it.

pub mod config;
pub mod db;
pub mod error;
pub mod http;
pub mod room;
pub mod ws;

use std::net::SocketAddr;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use config::Config;
use db::Store;
use room::Rooms;

/// A running server.
pub struct Server {
    /// The bound address (useful with port 0).
    pub addr: SocketAddr,
    /// The storage handle.
    pub store: Store,
    shutdown: CancellationToken,
    rooms: TaskTracker,
    serve: JoinHandle<std::io::Result<()>>,
}

/// Connects storage, binds the listener and starts serving.
pub async fn start(config: Config) -> anyhow::Result<Server> {
    if let Some(dir) = config.sqlite_dir() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| anyhow::anyhow!("creating {}: {e}", dir.display()))?;
    }
    let store = Store::connect(&config.database_url).await?;
    let shutdown = CancellationToken::new();
    let tracker = TaskTracker::new();
    let rooms = Rooms::new(store.clone(), shutdown.clone(), tracker.clone());
    let app = http::app(
        http::AppState {
            rooms,
            shutdown: shutdown.clone(),
        },
        &config.web_dir,
    );
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let stop = shutdown.clone();
    let serve = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move { stop.cancelled().await })
            .await
    });
    Ok(Server {
        addr,
        store,
        shutdown,
        rooms: tracker,
        serve,
    })
}

impl Server {
    /// A token that stops the server when cancelled.
    pub fn shutdown_token(&self) -> CancellationToken {
        self.shutdown.clone()
    }

    /// Stops accepting, lets each room finish the command in flight, closes
    /// sockets, and waits for everything to end.
    pub async fn shutdown(self) {
        self.shutdown.cancel();
        self.rooms.close();
        self.rooms.wait().await;
        let _ = self.serve.await;
        self.store.close().await;
    }
}
