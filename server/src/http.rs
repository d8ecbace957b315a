//! The HTTP API under `/api`, the WebSocket upgrade, and the web client.
//!
//! Hardening (see `docs/security.md`): per-client rate limits on the API,
//! a body-size limit and a request timeout on the API, security headers on
//! every response, an `Origin` check and a per-client cap on WebSocket
//! upgrades, and every error — extractor rejections included — as a JSON
//! `ApiError`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use parlor_protocol::http::{
    ClaimSeat, CreateRoom, GameInfo, Health, JoinRoom, Joined, MatchRecord, MatchSummary,
};
use parlor_protocol::{GameKind, GameOptions, MatchId, RoomCode, RoomInfo};
use serde::Deserialize;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::config::{Config, MetricsAccess};
use crate::error::{ApiJson, ApiPath, ApiQuery, ApiWebSocketUpgrade, AppError};
use crate::limits::{self, PeerIp, PerIpCap, Rate, RateLimiter, RateLimits};
use crate::room::{CreateError, JoinError, RoomCmd, Rooms};
use crate::ws;

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
    pub retention: Arc<crate::retention::RetentionState>,
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
    admin: Option<Arc<crate::auth::TokenGuard>>,
    /// `None`: `/metrics` answers 404.
    metrics: Option<Arc<crate::auth::TokenGuard>>,
    heavy: crate::heavy::HeavyPool,
}

impl AppState {
    /// The state for `rooms`, with the limits and origins of `config`.
    pub fn new(rooms: Rooms, shutdown: CancellationToken, config: &Config) -> AppState {
        AppState {
            rooms,
            shutdown,
            ws_tasks: TaskTracker::new(),
            retention: crate::retention::RetentionState::new(
                config.retention,
                config.rooms.idle_unload,
            ),
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
                    .map(|t| crate::auth::TokenGuard::new("admin", Some(t))),
                metrics: match (&config.metrics, crate::metrics::install()) {
                    (_, None) | (MetricsAccess::Off, _) => None,
                    (MetricsAccess::Open, Some(_)) => {
                        Some(crate::auth::TokenGuard::new("metrics", None))
                    }
                    (MetricsAccess::Token(t), Some(_)) => {
                        Some(crate::auth::TokenGuard::new("metrics", Some(t)))
                    }
                },
                heavy: crate::heavy::HeavyPool::new(config.replay_workers, config.replay_queue),
            }),
        }
    }

    /// Live WebSockets of the client at `ip` (for tests and metrics).
    pub fn sockets_of(&self, ip: std::net::IpAddr) -> usize {
        self.policy.sockets.count(ip)
    }
}

/// The Content-Security-Policy of every response. The built client is one
/// external script and one stylesheet; Svelte sets dynamic styles through
/// the CSSOM, which CSP does not restrict; the favicon is a `data:` SVG.
/// `connect-src 'self'` covers the same-origin `ws:`/`wss:` socket.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The whole app: API, sockets and the static web client.
pub fn app(state: AppState, web_dir: &Path) -> Router {
    let policy = Arc::clone(&state.policy);
    let rates = policy.rate_limits;
    let state_for_metrics = state.clone();
    // Answers that carry a seat token are never stored by a browser or a
    // proxy on the way.
    let no_store = || {
        SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        )
    };
    let create = Router::new()
        .route("/rooms", post(create_room))
        .route_layer(no_store());
    let by_code = Router::new()
        .route("/rooms/{code}", get(room_info))
        .route("/rooms/{code}/join", post(join_room).layer(no_store()))
        .route("/rooms/{code}/claim", post(claim_seat).layer(no_store()))
        .route("/rooms/{code}/ws", get(socket));
    let api = Router::new()
        .route("/health", get(health))
        .route("/ready", get(ready))
        .nest("/admin", crate::admin::routes(policy.admin.clone()))
        .route("/games", get(games))
        .route("/matches", get(matches))
        .route("/matches/{id}", get(match_record))
        .route("/matches/{id}/chat", get(match_chat))
        .route("/matches/{id}/replay", get(match_replay))
        .route("/matches/{id}/export", get(match_export))
        .route(
            "/replay",
            // A match record is larger than other bodies, and read by its
            // own typed parser (see `record`).
            post(replay_file)
                .layer(DefaultBodyLimit::max(crate::record::RECORD_BODY_LIMIT))
                .layer(middleware::from_fn(refuse_declared_oversize)),
        )
        .merge(rate_limited(create, "create_room", rates.create_room))
        .merge(rate_limited(by_code, "room_code", rates.room_code))
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
            request_timeout,
        ));
    // The general limit wraps everything under /api, unknown routes included.
    let api = match rates.api {
        Some(rate) => api.layer(middleware::from_fn_with_state(
            Arc::new(RateLimiter::new("api", rate)),
            limits::rate_limit,
        )),
        None => api,
    }
    .with_state(state);
    // Any other path is a page of the single-page client, compressed when
    // the browser accepts it. Vite names built assets by their content, so
    // they are cached for good; the page itself is revalidated every time,
    // so a new release is picked up at once. A missing asset is a plain 404
    // (never the page under a script's name, which a browser would keep).
    let assets = tower::ServiceBuilder::new()
        .layer(middleware::from_fn(cache_control))
        .layer(tower_http::compression::CompressionLayer::new())
        .service(ServeDir::new(web_dir.join("assets")));
    let pages = tower::ServiceBuilder::new()
        .layer(middleware::from_fn(cache_control))
        .layer(tower_http::compression::CompressionLayer::new())
        .service(ServeDir::new(web_dir).fallback(ServeFile::new(web_dir.join("index.html"))));
    let header = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    // `/metrics` is outside the API's limits but behind its own guard,
    // which rate-limits it per address even when it needs no token.
    let metrics = match policy.metrics.clone() {
        Some(guard) => Router::new().route(
            "/metrics",
            get(metrics).route_layer(middleware::from_fn_with_state(guard, crate::auth::require)),
        ),
        // Off: a plain 404, not the web client's page.
        None => Router::new().route("/metrics", get(|| async { AppError::NoRoute })),
    }
    .with_state(state_for_metrics);
    Router::new()
        .nest("/api", api)
        .merge(metrics)
        .nest_service("/assets", assets)
        .fallback_service(pages)
        .layer(header(
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        ))
        .layer(header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        // Share links carry room codes: never leak them to other sites.
        .layer(header(header::REFERRER_POLICY, "no-referrer"))
        .layer(TraceLayer::new_for_http())
}

/// `Cache-Control` for the web client: content-hashed assets found for a
/// year, the page revalidated, anything not found not kept at all.
async fn cache_control(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let value = if !response.status().is_success() {
        "no-store"
    } else if content_hashed(&path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// Whether `path` names a file Vite built and named by its content
/// (`/assets/index-B2x_kQ9a.js`): only those may be cached for good.
pub fn content_hashed(path: &str) -> bool {
    let Some(file) = path.rsplit('/').next() else {
        return false;
    };
    let stem = file.split('.').next().unwrap_or("");
    let Some((_, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    file.contains('.')
        && hash.len() >= 8
        && hash
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Refuses a record whose declared length is over the limit before any
/// of it is read (a body without a length is cut off at the limit as it
/// is read instead).
async fn refuse_declared_oversize(request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > crate::record::RECORD_BODY_LIMIT as u64) {
        return AppError::rejected(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a match record is at most {} bytes",
                crate::record::RECORD_BODY_LIMIT
            ),
        )
        .into_response();
    }
    next.run(request).await
}

/// `router`'s routes, each counted against `rate` per client (if any).
fn rate_limited(
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
async fn request_timeout(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::rejected(
            StatusCode::REQUEST_TIMEOUT,
            "the request took too long".into(),
        )
        .into_response(),
    }
}

async fn health(State(state): State<AppState>) -> Result<Json<Health>, AppError> {
    state.rooms.store().ping().await?;
    Ok(Json(Health {
        status: "ok".into(),
        version: env!("CARGO_PKG_VERSION").into(),
    }))
}

/// Readiness (see [`crate::health`]): 200 when ready, 503 with the checks
/// otherwise.
async fn ready(State(state): State<AppState>) -> Response {
    let r = crate::health::readiness(state.rooms.store(), state.shutdown.is_cancelled()).await;
    let status = if r.ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(r)).into_response()
}

/// Prometheus metrics (see [`crate::metrics`]), if this server shows them
/// (the route exists only then); its [`crate::auth::TokenGuard`] has
/// already checked the token, if one is set.
async fn metrics(State(state): State<AppState>) -> Response {
    let Some(handle) = crate::metrics::install() else {
        return AppError::NoRoute.into_response();
    };
    // Gauges read now: rooms by status, and memory.
    let mut by_status = [0u32; 3];
    for (_, room) in state.rooms.live() {
        if let Some(info) = room.info().await {
            let i = match info.status {
                parlor_protocol::RoomStatus::Lobby => 0,
                parlor_protocol::RoomStatus::Playing => 1,
                parlor_protocol::RoomStatus::Finished => 2,
            };
            by_status[i] += 1;
        }
    }
    for (status, n) in ["lobby", "playing", "finished"].into_iter().zip(by_status) {
        ::metrics::gauge!("parlor_rooms", "status" => status).set(f64::from(n));
    }
    if let Some(bytes) = crate::metrics::resident_bytes() {
        ::metrics::gauge!("parlor_process_resident_bytes").set(bytes as f64);
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        handle.render(),
    )
        .into_response()
}

async fn games() -> Json<Vec<GameInfo>> {
    Json(
        GameKind::ALL
            .into_iter()
            .map(|kind| {
                let (min, max) = kind.players();
                let default_options = GameOptions::default_for(kind);
                GameInfo {
                    kind,
                    title: kind.title().into(),
                    min_players: min,
                    max_players: max,
                    playable: default_options.is_some(),
                    default_options,
                }
            })
            .collect(),
    )
}

fn open_error(e: crate::room::OpenError) -> AppError {
    use crate::room::OpenError;
    match e {
        OpenError::NotFound => AppError::RoomNotFound,
        // Kept for inspection, not served: say so rather than "no such room".
        OpenError::Broken => AppError::RoomBroken,
        OpenError::Closed(reason) => AppError::RoomClosed(reason),
        OpenError::ShuttingDown => AppError::ShuttingDown,
        OpenError::Store(s) => AppError::Store(s),
    }
}

fn parse_code(code: &str) -> Result<RoomCode, AppError> {
    RoomCode::parse(code).ok_or(AppError::RoomNotFound)
}

async fn create_room(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CreateRoom>,
) -> Result<Json<Joined>, AppError> {
    let name = crate::room::names::clean_name(&body.name)
        .map_err(|e| AppError::BadRequest(e.to_string()))?;
    let options = match body.options {
        Some(o) if o.kind() != body.game => {
            return Err(AppError::BadRequest("options are for another game".into()))
        }
        Some(o) => o,
        None => GameOptions::default_for(body.game).ok_or(AppError::NotPlayable)?,
    };
    let (_, handle) = state.rooms.create(options).await.map_err(|e| match e {
        CreateError::NotPlayable => AppError::NotPlayable,
        CreateError::Store(s) => AppError::Store(s),
        CreateError::ShuttingDown => AppError::ShuttingDown,
    })?;
    join(&handle, name).await.map(Json)
}

async fn join(handle: &crate::room::RoomHandle, name: String) -> Result<Joined, AppError> {
    let (reply, rx) = oneshot::channel();
    if !handle.send(RoomCmd::Join { name, reply }).await {
        return Err(AppError::RoomNotFound);
    }
    match rx.await {
        Ok(Ok(joined)) => Ok(joined),
        Ok(Err(JoinError::Store(e))) => Err(AppError::Store(e)),
        Ok(Err(JoinError::Closed)) => Err(AppError::ShuttingDown),
        Ok(Err(JoinError::BadClaim)) => Err(AppError::BadClaim),
        Err(_) => Err(AppError::RoomNotFound),
    }
}

async fn room_info(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
) -> Result<Json<RoomInfo>, AppError> {
    let code = parse_code(&code)?;
    let handle = state.rooms.open(&code).await.map_err(open_error)?;
    handle.info().await.map(Json).ok_or(AppError::RoomNotFound)
}

async fn join_room(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
    ApiJson(body): ApiJson<JoinRoom>,
) -> Result<Json<Joined>, AppError> {
    let name = crate::room::names::clean_name(&body.name)
        .map_err(|e| AppError::BadRequest(e.to_string()))?;
    let code = parse_code(&code)?;
    let handle = state.rooms.open(&code).await.map_err(open_error)?;
    join(&handle, name).await.map(Json)
}

/// Takes over a seat with a one-time link from its player's other device;
/// the seat gets a new token and the other device watches on.
async fn claim_seat(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
    ApiJson(body): ApiJson<ClaimSeat>,
) -> Result<Json<Joined>, AppError> {
    let code = parse_code(&code)?;
    let handle = state.rooms.open(&code).await.map_err(open_error)?;
    let (reply, rx) = oneshot::channel();
    if !handle
        .send(RoomCmd::Claim {
            code: body.code,
            reply,
        })
        .await
    {
        return Err(AppError::RoomNotFound);
    }
    match rx.await {
        Ok(Ok(joined)) => Ok(Json(joined)),
        Ok(Err(JoinError::Store(e))) => Err(AppError::Store(e)),
        Ok(Err(JoinError::Closed)) => Err(AppError::ShuttingDown),
        Ok(Err(JoinError::BadClaim)) => Err(AppError::BadClaim),
        Err(_) => Err(AppError::RoomNotFound),
    }
}

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

async fn socket(
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

#[derive(Deserialize)]
struct ListQuery {
    limit: Option<u32>,
    /// Only this game (its slug).
    game: Option<String>,
    /// Only matches with a player of this name.
    player: Option<String>,
    /// Finished at or after (Unix ms).
    since: Option<i64>,
    /// Finished before (Unix ms): the page after the one ending there.
    before: Option<i64>,
    /// Only this room's matches (its code).
    room: Option<String>,
}

/// Whose eyes a replay is seen through: `?seat=N`, `?seat=all` (everything
/// revealed, finished matches only), or a spectator.
#[derive(Deserialize)]
struct ViewerQuery {
    seat: Option<String>,
}

impl ViewerQuery {
    fn viewer(&self) -> Result<parlor_protocol::Viewer, AppError> {
        use parlor_protocol::{Seat, Viewer};
        match self.seat.as_deref() {
            None | Some("") => Ok(Viewer::Spectator),
            Some("all") => Ok(Viewer::Revealed),
            Some(n) => n
                .parse()
                .map(|s| Viewer::Seat(Seat(s)))
                .map_err(|_| AppError::BadRequest("seat must be a seat number or \"all\"".into())),
        }
    }
}

fn replay_error(e: crate::replay::ReplayError) -> AppError {
    use crate::replay::ReplayError;
    match e {
        ReplayError::NotFound => AppError::MatchNotFound,
        ReplayError::Store(s) => AppError::Store(s),
        ReplayError::NotOver => AppError::MatchNotOver,
        ReplayError::NoSuchSeat(_) => AppError::BadRequest(e.to_string()),
        ReplayError::Broken(_) => AppError::rejected(StatusCode::CONFLICT, e.to_string()),
    }
}

fn match_id(id: &str) -> Result<MatchId, AppError> {
    id.parse().map(MatchId).map_err(|_| AppError::MatchNotFound)
}

/// A match through one viewer's eyes, rebuilt from the log (on the heavy
/// pool: a long match takes a while).
async fn match_replay(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<ViewerQuery>,
) -> Result<Json<parlor_protocol::replay::Replay>, AppError> {
    let stored = crate::replay::load(state.rooms.store(), match_id(&id)?, q.viewer()?)
        .await
        .map_err(replay_error)?;
    state
        .policy
        .heavy
        .run(move || stored.replay())
        .await?
        .map(Json)
        .map_err(replay_error)
}

/// The portable record of a finished match, as a download.
async fn match_export(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, AppError> {
    let record = crate::replay::export(state.rooms.store(), match_id(&id)?)
        .await
        .map_err(replay_error)?;
    let name = format!(
        "attachment; filename=\"parlor-{}-{}.json\"",
        record.game.slug(),
        record.match_id
    );
    let disposition =
        HeaderValue::from_str(&name).unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    Ok(([(header::CONTENT_DISPOSITION, disposition)], Json(record)).into_response())
}

/// A match record from a file, checked against its seed and replayed
/// through one viewer's eyes (nothing is stored). The record is complete
/// and verified, so every seat's eyes are allowed.
///
/// The body is read by its type ([`crate::record::parse`]), and all of the
/// work runs on the heavy pool: a full pool answers 503 `busy`.
async fn replay_file(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ViewerQuery>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Json<parlor_protocol::replay::Replay>, AppError> {
    let body = body.map_err(|r| AppError::rejected(r.status(), r.body_text()))?;
    let viewer = q.viewer()?;
    state
        .policy
        .heavy
        .run(move || {
            let record =
                crate::record::parse(&body).map_err(|e| AppError::BadRequest(e.to_string()))?;
            crate::replay::verify_record(&record)
                .map_err(|e| AppError::BadRequest(e.to_string()))?;
            crate::replay::replay_steps(&record, viewer).map_err(replay_error)
        })
        .await?
        .map(Json)
}

#[derive(Deserialize)]
struct ChatQuery {
    /// The `next` of the page before.
    after: Option<u64>,
    limit: Option<u32>,
}

/// One page of what was said while a finished match was played.
async fn match_chat(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<ChatQuery>,
) -> Result<Json<parlor_protocol::http::ChatPage>, AppError> {
    use parlor_protocol::http::CHAT_PAGE_MAX;
    let limit = q.limit.unwrap_or(CHAT_PAGE_MAX).clamp(1, CHAT_PAGE_MAX);
    state
        .rooms
        .store()
        .match_chat_page(match_id(&id)?, q.after.unwrap_or(0), limit)
        .await
        .map_err(|e| match e {
            crate::db::StoreError::NotFound => AppError::MatchNotFound,
            other => AppError::Store(other),
        })?
        .map(Json)
        .ok_or(AppError::MatchNotOver)
}

async fn matches(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Json<Vec<MatchSummary>>, AppError> {
    let limit = q.limit.unwrap_or(50).clamp(1, 200);
    let game = match q.game.as_deref().filter(|g| !g.is_empty()) {
        Some(slug) => Some(
            GameKind::from_slug(slug)
                .ok_or_else(|| AppError::BadRequest(format!("no game {slug:?}")))?,
        ),
        None => None,
    };
    let filter = crate::db::HistoryFilter {
        game,
        player: q
            .player
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty()),
        since: q.since,
        before: q.before,
        room: match q.room.as_deref().filter(|r| !r.is_empty()) {
            Some(code) => Some(parse_code(code)?),
            None => None,
        },
    };
    Ok(Json(state.rooms.store().history(&filter, limit).await?))
}

async fn match_record(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<MatchRecord>, AppError> {
    let id = id
        .parse()
        .map(MatchId)
        .map_err(|_| AppError::MatchNotFound)?;
    state
        .rooms
        .store()
        .match_record(id)
        .await
        .map(Json)
        .map_err(|e| match e {
            crate::db::StoreError::NotFound => AppError::MatchNotFound,
            other => AppError::Store(other),
        })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
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
