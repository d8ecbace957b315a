//! Cluster mode's relay: a request or socket for a room another live
//! server owns is passed to that server, one hop, and the two connections
//! are spliced (a WebSocket upgrade included: the owner's `101` goes back
//! and the bytes flow both ways). The proxy's hash is only a hint; this
//! is what makes a room reachable through any server.
//!
//! A relayed request carries `X-Parlor-Relayed` with the cluster's shared
//! secret (`PARLOR_CLUSTER_SECRET`), compared by digest. Only such a
//! request is known to come from another server, and it is never relayed
//! again: a server that no longer owns the room answers it itself (`503`
//! `room_moved`, or close 4010) and the client tries anew. A client's own
//! header, wrong or right, chooses nothing: it is removed, and a wrong one
//! makes the request an ordinary one.
//!
//! The relay is one more proxy on the way: it appends the address it got
//! the request from to `X-Forwarded-For` (the client's own lines, and a
//! front proxy's, pass on unchanged), so the owner, trusting the servers'
//! addresses (`PARLOR_TRUSTED_PROXIES`), keys the same client this server
//! did.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, OriginalUri, Request, State};
use axum::http::{HeaderValue, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;
use parlor_protocol::RoomCode;
use sha2::{Digest, Sha256};
use tokio_util::sync::CancellationToken;

use super::AppState;
use crate::error::AppError;
use crate::limits::X_FORWARDED_FOR;
use crate::room::OpenError;

/// The header a relayed request carries (its value: the cluster secret).
pub const RELAYED: &str = "x-parlor-relayed";

/// Longest wait for the owner to take the relayed connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// The cluster's relay settings.
#[derive(Debug)]
pub(super) struct Relay {
    /// The shared secret, as sent.
    secret: HeaderValue,
    /// Its digest: a header is compared by digest, so the time taken says
    /// nothing of the secret.
    digest: [u8; 32],
}

impl Relay {
    pub(super) fn new(secret: &str) -> Option<Relay> {
        Some(Relay {
            secret: HeaderValue::from_str(secret).ok()?,
            digest: Sha256::digest(secret.as_bytes()).into(),
        })
    }

    fn is_secret(&self, value: &HeaderValue) -> bool {
        let digest: [u8; 32] = Sha256::digest(value.as_bytes()).into();
        digest == self.digest
    }
}

/// The room a path names (`/api/rooms/{code}…`), if any.
fn room_of(path: &str) -> Option<RoomCode> {
    let rest = path.split("/rooms/").nth(1)?;
    RoomCode::parse(rest.split('/').next()?)
}

/// Middleware on the routes that name a room: served here when this
/// server owns the room (or may claim it), relayed to the owner otherwise.
pub(super) async fn relay(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let Some(relay) = state.policy.relay.as_deref() else {
        return next.run(req).await;
    };
    let relayed = req
        .headers_mut()
        .remove(RELAYED)
        .is_some_and(|v| relay.is_secret(&v));
    if relayed {
        // One hop only: the handler serves it, or says the room is elsewhere.
        return next.run(req).await;
    }
    let uri = req
        .extensions()
        .get::<OriginalUri>()
        .map_or_else(|| req.uri().clone(), |o| o.0.clone());
    let Some(code) = room_of(uri.path()) else {
        return next.run(req).await;
    };
    match state.rooms.open(&code).await {
        Err(OpenError::Elsewhere { node_id, addr }) => {
            tracing::debug!(room = %code, owner = %node_id, "relaying to the room's server");
            forward(req, &uri, &addr, relay, state.shutdown.clone()).await
        }
        // Served here (the handler opens the running room, or meets the
        // same refusal and answers it).
        _ => next.run(req).await,
    }
}

/// Asks the server at `addr`, which owns the room, for `path` with a JSON
/// `body` as a relayed request, and reads its JSON answer (`None`: it did
/// not answer 200 in time). "My tables" asks this way about the rooms
/// other servers own.
pub(super) async fn ask_owner<T: serde::de::DeserializeOwned>(
    state: &AppState,
    addr: &str,
    path: &str,
    body: Vec<u8>,
) -> Option<T> {
    let relay = state.policy.relay.as_deref()?;
    let uri: Uri = path.parse().ok()?;
    let req = Request::builder()
        .method("POST")
        .uri(uri.clone())
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .ok()?;
    let response = forward(req, &uri, addr, relay, state.shutdown.clone()).await;
    if !response.status().is_success() {
        return None;
    }
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Passes `req` to the server at `addr` and answers with its answer; an
/// upgrade it accepts is spliced to the client until either side ends or
/// this server stops.
async fn forward(
    mut req: Request,
    uri: &Uri,
    addr: &str,
    relay: &Relay,
    shutdown: CancellationToken,
) -> Response {
    let client_side = hyper::upgrade::on(&mut req);
    let Some(path) = uri.path_and_query().cloned() else {
        return AppError::RoomElsewhere.into_response();
    };
    *req.uri_mut() = Uri::from(path);
    req.headers_mut().insert(RELAYED, relay.secret.clone());
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    if let Some(Ok(peer)) = peer.map(|ip| HeaderValue::from_str(&ip.to_canonical().to_string())) {
        req.headers_mut().append(X_FORWARDED_FOR, peer);
    }
    let sent = async {
        let stream = tokio::net::TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .map_err(std::io::Error::other)?;
        tokio::spawn(conn.with_upgrades());
        sender
            .send_request(req)
            .await
            .map_err(std::io::Error::other)
    };
    let mut response = match tokio::time::timeout(CONNECT_TIMEOUT, sent).await {
        Ok(Ok(response)) => response,
        Ok(Err(e)) => {
            tracing::warn!(owner = %addr, error = %e, "could not relay to the room's server");
            return AppError::RoomElsewhere.into_response();
        }
        Err(_) => {
            tracing::warn!(owner = %addr, "the room's server did not answer the relay in time");
            return AppError::RoomElsewhere.into_response();
        }
    };
    metrics::counter!("parlor_relayed_total", "kind" => if response.status().as_u16() == 101 { "socket" } else { "request" }).increment(1);
    if response.status().as_u16() == 101 {
        let owner_side = hyper::upgrade::on(&mut response);
        tokio::spawn(async move {
            let (Ok(client), Ok(owner)) = tokio::join!(client_side, owner_side) else {
                return;
            };
            let (mut client, mut owner) = (TokioIo::new(client), TokioIo::new(owner));
            tokio::select! {
                _ = tokio::io::copy_bidirectional(&mut client, &mut owner) => {}
                // Dropping both ends: the client reconnects, to another server.
                _ = shutdown.cancelled() => {}
            }
        });
    }
    response.map(Body::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_room_comes_from_the_path() {
        assert_eq!(
            room_of("/api/rooms/ABCDEFGH/ws").map(|c| c.0),
            Some("ABCDEFGH".into())
        );
        assert_eq!(
            room_of("/api/rooms/abcdefgh").map(|c| c.0),
            Some("ABCDEFGH".into())
        );
        assert_eq!(room_of("/api/rooms"), None);
        assert_eq!(room_of("/api/rooms/../x"), None);
    }

    #[test]
    fn only_the_secret_passes() {
        let relay = Relay::new("a-long-cluster-secret").unwrap_or_else(|| unreachable!());
        assert!(relay.is_secret(&HeaderValue::from_static("a-long-cluster-secret")));
        assert!(!relay.is_secret(&HeaderValue::from_static("a-long-cluster-secreT")));
        assert!(!relay.is_secret(&HeaderValue::from_static("")));
    }
}
