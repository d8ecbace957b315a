//! Rooms over HTTP: the games one can open a room for, creating a room,
//! its public info, joining it, and claiming a seat with a one-time link.
//! The routes that name a room (its socket included) share one rate limit
//! per client; answers that carry a seat token are never stored.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use parlor_protocol::http::{ClaimSeat, CreateRoom, GameInfo, JoinRoom, Joined};
use parlor_protocol::{GameKind, GameOptions, RoomInfo};
use tokio::sync::oneshot;

use super::layers::{no_store, rate_limited};
use super::{open_error, parse_code, relay, socket, AppState};
use crate::error::{ApiJson, ApiPath, AppError};
use crate::limits::RateLimits;
use crate::room::{names, CreateError, JoinError, RoomCmd, RoomHandle};

/// `/games` and `/rooms…` (under `/api`), with the room limits of `rates`;
/// in a cluster, a room another server owns is relayed there.
pub(super) fn router(rates: RateLimits, state: &AppState) -> Router<AppState> {
    let create = Router::new()
        .route("/rooms", post(create_room))
        .route_layer(no_store());
    let by_code = Router::new()
        .route("/rooms/{code}", get(room_info))
        .route("/rooms/{code}/join", post(join_room).layer(no_store()))
        .route("/rooms/{code}/claim", post(claim_seat).layer(no_store()))
        .route("/rooms/{code}/ws", get(socket::socket))
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            relay::relay,
        ));
    Router::new()
        .route("/games", get(games))
        .merge(rate_limited(create, "create_room", rates.create_room))
        .merge(rate_limited(by_code, "room_code", rates.room_code))
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

async fn create_room(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CreateRoom>,
) -> Result<Json<Joined>, AppError> {
    let name = names::clean_name(&body.name).map_err(|e| AppError::BadRequest(e.to_string()))?;
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

async fn join(handle: &RoomHandle, name: String) -> Result<Joined, AppError> {
    let (reply, rx) = oneshot::channel();
    if !handle.send(RoomCmd::Join { name, reply }).await {
        return Err(AppError::RoomNotFound);
    }
    joined(rx.await)
}

/// The room's answer to a join or a claim, as an HTTP answer.
fn joined(
    answer: Result<Result<Joined, JoinError>, oneshot::error::RecvError>,
) -> Result<Joined, AppError> {
    match answer {
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
    let name = names::clean_name(&body.name).map_err(|e| AppError::BadRequest(e.to_string()))?;
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
    joined(rx.await).map(Json)
}
