//! The WebSocket upgrade of a room: checked (origin, room, the client's
//! socket cap) before it is accepted, then handed to [`crate::ws`].

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};

use super::{open_error, parse_code, AppState};
use crate::error::{ApiPath, ApiWebSocketUpgrade, AppError};
use crate::limits::PeerIp;
use crate::ws;

/// Whether a WebSocket upgrade may proceed: no `Origin` (not a browser), the
/// request's own origin (the `Origin`'s host and port equal the `Host`
/// header; http or https, since a TLS proxy may sit in front), or an origin
/// from `PARLOR_ALLOWED_ORIGINS`. Browsers always send `Origin` on
/// WebSocket handshakes, so a page of another site cannot pass.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim().to_ascii_lowercase();
    if allowed.contains(&origin) {
        return true;
    }
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false; // e.g. "null" from sandboxed frames and file: pages
    };
    let default_port = match scheme {
        "http" => ":80",
        "https" => ":443",
        _ => return false,
    };
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let host = host.trim().to_ascii_lowercase();
    let strip = |a: &str| a.strip_suffix(default_port).unwrap_or(a).to_owned();
    !authority.is_empty() && strip(authority) == strip(&host)
}

/// `GET /api/rooms/{code}/ws`.
pub(super) async fn socket(
    State(state): State<AppState>,
    PeerIp(ip): PeerIp,
    headers: HeaderMap,
    ApiPath(code): ApiPath<String>,
    ApiWebSocketUpgrade(upgrade): ApiWebSocketUpgrade,
) -> Result<Response, AppError> {
    if !origin_allowed(&headers, &state.policy.allowed_origins) {
        tracing::debug!(origin = ?headers.get(header::ORIGIN), "WebSocket from a foreign origin refused");
        return Err(AppError::BadOrigin);
    }
    let code = parse_code(&code)?;
    if state.shutdown.is_cancelled() {
        return Err(AppError::ShuttingDown);
    }
    // Unknown and broken rooms are refused before the upgrade.
    state.rooms.open(&code).await.map_err(open_error)?;
    let slot = state
        .policy
        .sockets
        .try_acquire(ip)
        .ok_or(AppError::TooManyConnections)?;
    // Counted from now: a socket being upgraded is already one to wait for.
    let task = state.ws_tasks.token();
    let shutdown = state.shutdown.clone();
    let rooms = state.rooms.clone();
    let limits = state.policy.ws.clone();
    Ok(ws::configure(upgrade)
        .on_upgrade(move |socket| async move {
            ws::serve(socket, rooms, code, shutdown, limits).await;
            drop((slot, task));
        })
        .into_response())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(origin: Option<&str>, host: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        if let Some(host) = host {
            h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        }
        h
    }

    #[test]
    fn origins_are_checked_against_host_and_allow_list() {
        let none: Vec<String> = Vec::new();
        // Not a browser.
        assert!(origin_allowed(&headers(None, Some("a.example")), &none));
        // Same origin, over http, behind a TLS proxy, with default ports.
        for (origin, host) in [
            ("http://localhost:8080", "localhost:8080"),
            ("https://games.example", "games.example"),
            ("HTTPS://Games.Example", "games.example"),
            ("http://games.example", "games.example:80"),
            ("https://games.example:443", "games.example"),
            ("http://[::1]:8080", "[::1]:8080"),
        ] {
            assert!(
                origin_allowed(&headers(Some(origin), Some(host)), &none),
                "{origin} on {host}"
            );
        }
        // Another site, another port, odd schemes, no host.
        for (origin, host) in [
            ("https://evil.example", "games.example"),
            ("https://games.example.evil.example", "games.example"),
            ("http://localhost:9999", "localhost:8080"),
            ("null", "games.example"),
            ("file://", "games.example"),
            ("ws://games.example", "games.example"),
        ] {
            assert!(
                !origin_allowed(&headers(Some(origin), Some(host)), &none),
                "{origin} on {host}"
            );
        }
        assert!(!origin_allowed(
            &headers(Some("https://games.example"), None),
            &none
        ));
        // The allow-list.
        let allowed = vec!["http://localhost:5173".to_owned()];
        assert!(origin_allowed(
            &headers(Some("http://localhost:5173"), Some("127.0.0.1:8080")),
            &allowed
        ));
    }
}
