//! The HTTP API under `/api`, the WebSocket upgrade, and the web client.

use std::path::Path;

use axum::extract::{Path as UrlPath, Query, State, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use parlor_protocol::http::{
    CreateRoom, GameInfo, Health, JoinRoom, Joined, MatchRecord, MatchSummary,
};
use parlor_protocol::{GameKind, GameOptions, MatchId, RoomCode, RoomInfo};
use serde::Deserialize;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::error::AppError;
use crate::room::{CreateError, JoinError, RoomCmd, Rooms};
use crate::ws;

/// Shared state of the HTTP layer.
#[derive(Clone)]
pub struct AppState {
    /// Live rooms.
    pub rooms: Rooms,
    /// Cancelled when the server shuts down.
    pub shutdown: CancellationToken,
}

/// The whole app: API, sockets and the static web client.
pub fn app(state: AppState, web_dir: &Path) -> Router {
    let api = Router::new()
        .route("/health", get(health))
        .route("/games", get(games))
        .route("/rooms", post(create_room))
        .route("/rooms/{code}", get(room_info))
        .route("/rooms/{code}/join", post(join_room))
        .route("/rooms/{code}/ws", get(socket))
        .route("/matches", get(matches))
        .route("/matches/{id}", get(match_record))
        .fallback(|| async { AppError::BadRequest("no such API route".into()) })
        .with_state(state);
    // Any other path is a page of the single-page client.
    let pages = ServeDir::new(web_dir).fallback(ServeFile::new(web_dir.join("index.html")));
    Router::new()
        .nest("/api", api)
        .fallback_service(pages)
        .layer(TraceLayer::new_for_http())
}

async fn health(State(state): State<AppState>) -> Result<Json<Health>, AppError> {
    state.rooms.store().ping().await?;
    Ok(Json(Health {
        status: "ok".into(),
        version: env!("CARGO_PKG_VERSION").into(),
    }))
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

/// Checks a display name: 1–24 characters once trimmed, no control characters.
pub fn clean_name(name: &str) -> Result<String, AppError> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 || len > 24 || name.chars().any(char::is_control) {
        return Err(AppError::BadRequest(
            "a name is 1 to 24 characters, without control characters".into(),
        ));
    }
    Ok(name.to_owned())
}

fn parse_code(code: &str) -> Result<RoomCode, AppError> {
    RoomCode::parse(code).ok_or(AppError::RoomNotFound)
}

async fn create_room(
    State(state): State<AppState>,
    Json(body): Json<CreateRoom>,
) -> Result<Json<Joined>, AppError> {
    let name = clean_name(&body.name)?;
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
        Err(_) => Err(AppError::RoomNotFound),
    }
}

async fn room_info(
    State(state): State<AppState>,
    UrlPath(code): UrlPath<String>,
) -> Result<Json<RoomInfo>, AppError> {
    let code = parse_code(&code)?;
    let handle = state.rooms.get(&code).ok_or(AppError::RoomNotFound)?;
    handle.info().await.map(Json).ok_or(AppError::RoomNotFound)
}

async fn join_room(
    State(state): State<AppState>,
    UrlPath(code): UrlPath<String>,
    Json(body): Json<JoinRoom>,
) -> Result<Json<Joined>, AppError> {
    let name = clean_name(&body.name)?;
    let code = parse_code(&code)?;
    let handle = state.rooms.get(&code).ok_or(AppError::RoomNotFound)?;
    join(&handle, name).await.map(Json)
}

async fn socket(
    State(state): State<AppState>,
    UrlPath(code): UrlPath<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, AppError> {
    let code = parse_code(&code)?;
    let handle = state.rooms.get(&code).ok_or(AppError::RoomNotFound)?;
    let shutdown = state.shutdown.clone();
    Ok(upgrade
        .max_message_size(ws::MAX_MESSAGE)
        .on_upgrade(move |socket| ws::serve(socket, handle, shutdown, code.0))
        .into_response())
}

#[derive(Deserialize)]
struct ListQuery {
    limit: Option<u32>,
}

async fn matches(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<MatchSummary>>, AppError> {
    let limit = q.limit.unwrap_or(50).clamp(1, 200);
    Ok(Json(state.rooms.store().finished_matches(limit).await?))
}

async fn match_record(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
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
