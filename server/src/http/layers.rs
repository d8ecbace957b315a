//! What wraps the routes: a time limit on API requests, per-client rate
//! limits on groups of routes, `no-store` on answers that carry a token,
//! and the security headers of every response.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

use super::AppState;
use crate::error::AppError;
use crate::limits::{self, Rate, RateLimiter};

/// The Content-Security-Policy of every response. The built client is one
/// external script and one stylesheet; Svelte sets dynamic styles through
/// the CSSOM, which CSP does not restrict; the favicon is a `data:` SVG.
/// `connect-src 'self'` covers the same-origin `ws:`/`wss:` socket.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// `Cache-Control: no-store`: answers that carry a seat token are never
/// stored by a browser or a proxy on the way.
pub(super) fn no_store() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))
}

/// `router`'s routes, each counted against `rate` per client (if any).
pub(super) fn rate_limited(
    router: Router<AppState>,
    name: &'static str,
    rate: Option<Rate>,
) -> Router<AppState> {
    match rate {
        Some(rate) => router.route_layer(middleware::from_fn_with_state(
            Arc::new(RateLimiter::new(name, rate)),
            limits::rate_limit,
        )),
        None => router,
    }
}

/// Bounds an API request, reading its body included (a client trickling a
/// body byte by byte holds nothing for long). WebSocket upgrades answer at
/// once; the socket lives on outside this.
pub(super) async fn request_timeout(
    State(limit): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::rejected(
            StatusCode::REQUEST_TIMEOUT,
            "the request took too long".into(),
        )
        .into_response(),
    }
}

/// The headers every response carries: the CSP, no framing, no sniffing,
/// and no referrer.
pub(super) fn security_headers(app: Router) -> Router {
    let header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    app.layer(header(
        header::CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY,
    ))
    .layer(header(header::X_FRAME_OPTIONS, "DENY"))
    .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
    // Share links carry room codes: never leak them to other sites.
    .layer(header(header::REFERRER_POLICY, "no-referrer"))
}
