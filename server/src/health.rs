//! Liveness and readiness. `/api/health` says the process answers and its
//! database does; `/api/ready` says it should get traffic: the database
//! answers within a bound, every migration this binary knows is applied,
//! the server is not shutting down (nor draining), and in a cluster it
//! holds its lease. [`check`] is the container health
//! check (`parlor-server healthcheck`): it asks `/api/ready` itself, so the
//! image needs no shell or curl.

use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::db::Store;

/// How long a readiness probe waits for the database.
pub const DB_TIMEOUT: Duration = Duration::from_secs(2);

/// What `/api/ready` answers.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Readiness {
    /// Every check passed.
    pub ready: bool,
    /// The database answered in time.
    pub database: bool,
    /// Every migration of this binary is applied.
    pub migrations: bool,
    /// The server is stopping (it takes no new work).
    pub shutting_down: bool,
    /// Cluster mode: this server holds its lease (absent in single mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lease: Option<bool>,
}

/// Checks what readiness needs; `lease` is cluster mode's (whether this
/// server holds its lease), `None` in single mode.
pub async fn readiness(store: &Store, shutting_down: bool, lease: Option<bool>) -> Readiness {
    let (database, migrations) =
        match tokio::time::timeout(DB_TIMEOUT, store.migrations_applied()).await {
            Ok(Ok(applied)) => (true, applied),
            Ok(Err(_)) | Err(_) => (false, false),
        };
    Readiness {
        ready: database && migrations && !shutting_down && lease != Some(false),
        database,
        migrations,
        shutting_down,
        lease,
    }
}

/// Asks the server listening on `addr` (a wildcard address means this
/// host) for `/api/ready`; `true` on `200`.
pub async fn check(addr: SocketAddr) -> bool {
    let target = match addr {
        SocketAddr::V4(a) if a.ip().is_unspecified() => {
            SocketAddr::from((Ipv4Addr::LOCALHOST, a.port()))
        }
        SocketAddr::V6(a) if a.ip().is_unspecified() => {
            SocketAddr::from((Ipv6Addr::LOCALHOST, a.port()))
        }
        other => other,
    };
    let ask = async {
        let mut stream = tokio::net::TcpStream::connect(target).await.ok()?;
        let request =
            format!("GET /api/ready HTTP/1.1\r\nHost: {target}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).await.ok()?;
        // "HTTP/1.1 200"
        Some(head.ends_with(b" 200"))
    };
    matches!(
        tokio::time::timeout(Duration::from_secs(5), ask).await,
        Ok(Some(true))
    )
}
