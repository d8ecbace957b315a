//! The HTTP API under `/api`, the WebSocket upgrade, and the web client.
//!
//! Hardening (see `docs/security.md`): per-client rate limits on the API,
//! a body-size limit and a request timeout on the API, security headers on
//! every response, an `Origin` check and a per-client cap on WebSocket
//! upgrades, and every error — extractor rejections included — as a JSON
//! `ApiError`.
//!
//! One module per family of routes, each with its own `router()`, merged
//! here: `rooms` (games, creating, looking up, joining and claiming
//! rooms), `socket` (the WebSocket upgrade), `matches` (history, match
//! records, replays, exports, table talk), `records` (an uploaded record,
//! verified and replayed), `ops` (health, readiness, metrics), `admin` (the
//! server host's API) and `assets` (the web client's files). `layers`
//! holds what wraps them: timeouts, rate limits, cache and security
//! headers. Route modules share only this module's state and helpers.

pub mod admin;
mod assets;
mod layers;
mod matches;
mod ops;
mod records;
mod relay;
mod rooms;
mod socket;
mod tables;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::middleware;
use axum::Extension;
use axum::Router;
use parlor_protocol::RoomCode;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_http::trace::TraceLayer;

use crate::auth::TokenGuard;
use crate::config::{Config, MetricsAccess};
use crate::error::AppError;
use crate::heavy::HeavyPool;
use crate::limits::{self, PerIpCap, RateLimiter, RateLimits, TrustedProxies};
use crate::retention::RetentionState;
use crate::room::{OpenError, Rooms};
use crate::ws;

pub use assets::content_hashed;
pub use layers::CONTENT_SECURITY_POLICY;
pub use socket::origin_allowed;

/// Shared state of the HTTP layer. Build it with [`AppState::new`].
#[derive(Clone)]
pub struct AppState {
    /// Live rooms.
    pub rooms: Rooms,
    /// Cancelled when the server shuts down.
    pub shutdown: CancellationToken,
    /// Every WebSocket task (from the upgrade until the socket is closed).
    /// At shutdown: cancel `shutdown`, then `ws_tasks.close()` and
    /// `ws_tasks.wait().await` so close frames are flushed.
    pub ws_tasks: TaskTracker,
    /// Retention settings and sweep totals.
    pub retention: Arc<RetentionState>,
    policy: Arc<Policy>,
}

/// What the HTTP layer enforces, from [`Config`].
struct Policy {
    allowed_origins: Vec<String>,
    sockets: Arc<PerIpCap>,
    rate_limits: RateLimits,
    body_limit: usize,
    request_timeout: Duration,
    ws: ws::WsLimits,
    admin: Option<Arc<TokenGuard>>,
    /// `None`: `/metrics` answers 404.
    metrics: Option<Arc<TokenGuard>>,
    heavy: HeavyPool,
    /// Cluster mode: rooms other servers own are relayed to them.
    relay: Option<Arc<relay::Relay>>,
    /// `None`: no proxy's `X-Forwarded-For` is believed.
    trusted_proxies: Option<Arc<TrustedProxies>>,
}

impl AppState {
    /// The state for `rooms`, with the limits and origins of `config`.
    pub fn new(rooms: Rooms, shutdown: CancellationToken, config: &Config) -> AppState {
        AppState {
            rooms,
            shutdown,
            ws_tasks: TaskTracker::new(),
            retention: RetentionState::new(config.retention, config.rooms.idle_unload),
            policy: Arc::new(Policy {
                allowed_origins: config.allowed_origins.clone(),
                sockets: PerIpCap::new(config.max_sockets_per_ip),
                rate_limits: config.rate_limits,
                body_limit: config.body_limit,
                request_timeout: config.request_timeout,
                ws: config.ws.clone(),
                admin: config
                    .admin_token
                    .as_deref()
                    .map(|t| TokenGuard::new("admin", Some(t))),
                metrics: match (&config.metrics, crate::metrics::install()) {
                    (_, None) | (MetricsAccess::Off, _) => None,
                    (MetricsAccess::Open, Some(_)) => Some(TokenGuard::new("metrics", None)),
                    (MetricsAccess::Token(t), Some(_)) => Some(TokenGuard::new("metrics", Some(t))),
                },
                heavy: HeavyPool::new(config.replay_workers, config.replay_queue),
                relay: config
                    .cluster
                    .as_ref()
                    .and_then(|c| relay::Relay::new(&c.secret))
                    .map(Arc::new),
                trusted_proxies: (!config.trusted_proxies.is_off())
                    .then(|| Arc::new(config.trusted_proxies.clone())),
            }),
        }
    }

    /// Live WebSockets of the client at `ip` (for tests and metrics).
    pub fn sockets_of(&self, ip: std::net::IpAddr) -> usize {
        self.policy.sockets.count(ip)
    }
}

/// The whole app: API, sockets and the static web client.
pub fn app(state: AppState, web_dir: &Path) -> Router {
    let policy = Arc::clone(&state.policy);
    let rates = policy.rate_limits;
    let api = Router::new()
        .merge(ops::router())
        .nest("/admin", admin::routes(policy.admin.clone(), &state))
        .merge(rooms::router(rates, &state))
        .merge(tables::router(rates, &state))
        .merge(matches::router())
        .merge(records::router())
        .fallback(|| async { AppError::NoRoute })
        .method_not_allowed_fallback(|| async {
            AppError::rejected(
                StatusCode::METHOD_NOT_ALLOWED,
                "this API route does not take that method".into(),
            )
        })
        .layer(DefaultBodyLimit::max(policy.body_limit))
        .layer(middleware::from_fn_with_state(
            policy.request_timeout,
            layers::request_timeout,
        ));
    // The general limit wraps everything under /api, unknown routes
    // included, except the probes.
    let api = match rates.api {
        Some(rate) => api.layer(middleware::from_fn_with_state(
            Arc::new(RateLimiter::new("api", rate)),
            api_rate_limit,
        )),
        None => api,
    }
    .with_state(state.clone());
    let app = Router::new()
        .nest("/api", api)
        // Outside the API's limits, behind its own guard.
        .merge(ops::metrics_router(policy.metrics.clone()).with_state(state))
        .merge(assets::router(web_dir));
    let app = layers::security_headers(app).layer(TraceLayer::new_for_http());
    // Every per-client key (`limits::PeerIp`) reads the client from a
    // trusted proxy's `X-Forwarded-For` when this list is on the request.
    match &policy.trusted_proxies {
        Some(trusted) => app.layer(Extension(Arc::clone(trusted))),
        None => app,
    }
}

/// The general API limit, except `/api/health` and `/api/ready`: a proxy
/// checks them several times a second from one address (and, behind a
/// front proxy that names no client, every player shares that address), and
/// a 429 there would mark a healthy server down. They read nothing a client
/// could use to load the server.
async fn api_rate_limit(
    state: State<Arc<RateLimiter>>,
    peer: limits::PeerIp,
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    // Paths inside the `/api` nest.
    if matches!(request.uri().path(), "/health" | "/ready") {
        return next.run(request).await;
    }
    limits::rate_limit(state, peer, request, next).await
}

/// The room a path names, if the code is well formed.
fn parse_code(code: &str) -> Result<RoomCode, AppError> {
    RoomCode::parse(code).ok_or(AppError::RoomNotFound)
}

/// Why a room could not be opened, as an HTTP answer.
fn open_error(e: OpenError) -> AppError {
    match e {
        OpenError::NotFound => AppError::RoomNotFound,
        // Kept for inspection, not served: say so rather than "no such room".
        OpenError::Broken => AppError::RoomBroken,
        OpenError::Closed(reason) => AppError::RoomClosed(reason),
        OpenError::ShuttingDown => AppError::ShuttingDown,
        OpenError::Elsewhere { .. } => AppError::RoomElsewhere,
        // A cluster where no live server runs the match's rules now: ask
        // again (one may join); alone, this server never will.
        OpenError::OtherRules { retry: true, .. } => AppError::RoomElsewhere,
        OpenError::OtherRules { needs, runs, .. } => AppError::RoomOtherRules { needs, runs },
        OpenError::Store(s) => AppError::Store(s),
    }
}
