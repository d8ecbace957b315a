//! The accept loop: HTTP/1.1 on hyper with the protections `axum::serve`
//! lacks.
//!
//! - `TCP_NODELAY` on every socket: small WebSocket frames go out at once
//!   instead of waiting for the peer's delayed ACK (~40 ms per action).
//! - A header timeout: a client must finish its request head within
//!   [`ServeLimits::header_timeout`] of the connection opening, or of the
//!   previous response on a kept-alive connection. This closes slowloris
//!   connections and bounds how long an idle keep-alive connection stays open.
//!   (hyper-util's protocol-sniffing `auto::Builder` waits for its first
//!   bytes without any deadline, so a client that sends nothing would be
//!   kept forever; the server speaks HTTP/1.1 only, through hyper's own
//!   HTTP/1 connection, whose timer starts at once.)
//! - A cap on concurrent TCP connections per client IP (a WebSocket counts
//!   until it closes). It counts the TCP peer: a connection is accepted or
//!   refused before any header is read, so `X-Forwarded-For` plays no part.
//!   Behind a proxy the peer is the proxy, so the cap is off there
//!   (`PARLOR_MAX_CONNS_PER_IP=off`) and the proxy limits connections per
//!   client (the compose bundle's HAProxy does).
//! - `ConnectInfo<SocketAddr>` on every request, for per-client limits
//!   (which may read the client from a trusted proxy's `X-Forwarded-For`:
//!   see [`crate::limits::TrustedProxies`]).
//! - Graceful shutdown: on cancel, stop accepting; idle connections close;
//!   requests in flight finish (within [`ServeLimits::shutdown_grace`]).
//!   Upgraded WebSockets are no longer this loop's: their tasks watch the
//!   same token.

use std::fmt;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

use crate::limits::{PerIpCap, PerIpGuard};

/// Called with every accepted socket once it is set up (tests check socket
/// options through it).
pub type AcceptHook = Arc<dyn Fn(&TcpStream) + Send + Sync>;

/// Limits of the accept loop.
#[derive(Clone)]
pub struct ServeLimits {
    /// Time a client has to send a complete request head, counted from the
    /// connection's start or the previous response (so also the longest a
    /// kept-alive connection may sit idle). `PARLOR_HEADER_TIMEOUT`.
    pub header_timeout: Duration,
    /// Most TCP connections open at once per peer IP (IPv6: per /64), the
    /// peer being a proxy when there is one; `None` for no cap.
    /// `PARLOR_MAX_CONNS_PER_IP`.
    pub max_conns_per_ip: Option<usize>,
    /// After shutdown starts, how long requests in flight may take before
    /// their connections are dropped. `PARLOR_SHUTDOWN_GRACE`.
    pub shutdown_grace: Duration,
    /// Test hook, called for every accepted socket.
    pub on_accept: Option<AcceptHook>,
}

impl Default for ServeLimits {
    fn default() -> ServeLimits {
        ServeLimits {
            header_timeout: Duration::from_secs(10),
            max_conns_per_ip: Some(64),
            shutdown_grace: Duration::from_secs(5),
            on_accept: None,
        }
    }
}

impl fmt::Debug for ServeLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServeLimits")
            .field("header_timeout", &self.header_timeout)
            .field("max_conns_per_ip", &self.max_conns_per_ip)
            .field("shutdown_grace", &self.shutdown_grace)
            .field("on_accept", &self.on_accept.as_ref().map(|_| "…"))
            .finish()
    }
}

/// Largest request head (request line and headers) accepted, in bytes.
const MAX_HEAD: usize = 64 * 1024;

/// Serves `app` on `listener` until `shutdown` is cancelled, then stops
/// accepting, lets requests in flight finish (at most
/// `limits.shutdown_grace`) and returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: CancellationToken,
    limits: &ServeLimits,
) -> io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD);
    let http = Arc::new(http);
    let caps = PerIpCap::new(limits.max_conns_per_ip);
    let mut conns = JoinSet::new();

    loop {
        // Reap finished connection tasks so the set stays small.
        while conns.try_join_next().is_some() {}
        let (stream, peer) = tokio::select! {
            biased;
            _ = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_connection_error(&e) => continue,
                Err(e) => {
                    // Out of file descriptors and the like: back off rather than spin.
                    tracing::error!(error = %e, "accept failed");
                    tokio::select! {
                        _ = shutdown.cancelled() => break,
                        _ = tokio::time::sleep(Duration::from_secs(1)) => continue,
                    }
                }
            },
        };
        let Some(slot) = caps.try_acquire(peer.ip()) else {
            tracing::debug!(%peer, "too many connections from this client");
            conns.spawn(refuse(stream));
            continue;
        };
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(%peer, error = %e, "TCP_NODELAY");
        }
        if let Some(hook) = &limits.on_accept {
            hook(&stream);
        }
        let io = TokioIo::new(Counted {
            stream,
            _slot: slot,
        });
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
        let http = Arc::clone(&http);
        let stop = shutdown.clone();
        conns.spawn(async move {
            let conn = http.serve_connection(io, service).with_upgrades();
            tokio::pin!(conn);
            let result = tokio::select! {
                result = conn.as_mut() => result,
                _ = stop.cancelled() => {
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = result {
                // Timeouts, resets, garbage: the client's business.
                tracing::debug!(%peer, error = %e, "connection ended");
            }
        });
    }

    drop(listener);
    let drained = tokio::time::timeout(limits.shutdown_grace, async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            open = conns.len(),
            "connections still busy after the shutdown grace: dropping them"
        );
        conns.shutdown().await;
    }
    Ok(())
}

/// Errors of one accepted connection rather than of the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Tells a client over its connection cap why, then closes (best effort,
/// within a second).
async fn refuse(mut stream: TcpStream) {
    let body = serde_json::json!({
        "error": "too_many_connections",
        "message": "too many connections from your address",
    })
    .to_string();
    let response = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await?;
        // Read what the client sent so closing does not reset the connection
        // before it has read the answer.
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), io::Error>(())
    })
    .await;
}

/// A socket that holds its client's connection slot until dropped (for a
/// WebSocket, until the socket closes).
struct Counted {
    stream: TcpStream,
    _slot: PerIpGuard,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
