//! The admin API under `/api/admin`, for the server's host: live rooms (in
//! cluster mode every server's, each with its owner), finished matches,
//! closing a room, and the retention numbers. Off unless
//! `PARLOR_ADMIN_TOKEN` is set; every request then needs
//! `Authorization: Bearer TOKEN`, checked by a [`TokenGuard`] (by digest,
//! rate-limited per address, refusals logged).

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::State;
use axum::middleware;
use axum::routing::{get, post};
use axum::{Json, Router};
pub use parlor_protocol::admin::{AdminOwner, AdminRoom, CloseRoom, RetentionReport};
use parlor_protocol::http::MatchSummary;
use parlor_protocol::{RoomCode, RoomInfo, RoomStatus, Seat, SeatInfo};
use serde::Deserialize;

use super::AppState;
use crate::auth::TokenGuard;
use crate::config::Retention;
use crate::db::OwnedRoom;
use crate::error::{ApiJson, ApiPath, ApiQuery, AppError};
use crate::room::OpenError;

/// `GET /api/admin/matches?limit=`.
#[derive(Debug, Clone, Deserialize)]
pub struct Limit {
    limit: Option<u32>,
}

/// The admin routes (relative to `/api/admin`), behind `guard`; every
/// route answers 404 when no token is configured. In cluster mode closing
/// a room another server serves is relayed to that server (once the token
/// is checked here; it is checked there too).
pub fn routes(guard: Option<Arc<TokenGuard>>, state: &AppState) -> Router<AppState> {
    let Some(guard) = guard else {
        return Router::new().fallback(|| async { AppError::NoRoute });
    };
    Router::new()
        .route("/rooms/{code}/close", post(close_room))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            super::relay::relay,
        ))
        .route("/rooms", get(rooms))
        .route("/matches", get(matches))
        .route("/retention", get(retention))
        .route_layer(middleware::from_fn_with_state(guard, crate::auth::require))
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The rooms in memory here; in cluster mode every room some server owns
/// (as the database says), each with its owner.
async fn rooms(State(state): State<AppState>) -> Result<Json<Vec<AdminRoom>>, AppError> {
    let live = state.rooms.live();
    let codes: Vec<RoomCode> = live.iter().map(|(c, _)| c.clone()).collect();
    let created = state.rooms.store().rooms_created(&codes).await?;
    let now = now_ms();
    let age = |at: i64| u64::try_from((now - at).max(0) / 1000).unwrap_or(0);
    let mut out = Vec::new();
    for (code, handle) in live {
        // A room that unloads meanwhile is simply not listed.
        let Some(info) = handle.info().await else {
            continue;
        };
        let at = created
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(now, |(_, at)| *at);
        let seats = info.seats.iter().filter(|s| s.connected).count();
        out.push(AdminRoom {
            connections: u32::try_from(seats).unwrap_or(u32::MAX) + info.spectators,
            age_secs: age(at),
            info,
            owner: None,
        });
    }
    if let Some(member) = state.rooms.member() {
        let me = member.node();
        for owned in state.rooms.store().owned_rooms().await? {
            let owner = AdminOwner {
                here: owned.node_id == me.id && owned.incarnation == me.incarnation,
                node_id: owned.node_id.clone(),
                alive: owned.alive,
                draining: owned.draining,
            };
            match out.iter_mut().find(|r| r.info.code == owned.code) {
                Some(row) => row.owner = Some(owner),
                None => out.push(AdminRoom {
                    age_secs: age(owned.created_at),
                    info: stored_info(owned),
                    connections: 0,
                    owner: Some(owner),
                }),
            }
        }
    }
    out.sort_by_key(|r| r.age_secs);
    Ok(Json(out))
}

/// What is public about a room another server serves, as stored: who is
/// connected there is not known here.
fn stored_info(room: OwnedRoom) -> RoomInfo {
    let game = room.options.kind();
    let (min_players, max_players) = game.players();
    let status = match room.status.as_str() {
        "playing" => RoomStatus::Playing,
        "finished" => RoomStatus::Finished,
        _ => RoomStatus::Lobby,
    };
    RoomInfo {
        code: room.code,
        game,
        options: room.options,
        status,
        seats: room
            .seats
            .into_iter()
            .map(|s| SeatInfo {
                seat: s.seat,
                name: s.name,
                connected: s.bot.is_some(),
                away_ms: None,
                bot: s.bot,
                stand_in: s.stand_in,
            })
            .collect(),
        host: Seat(0),
        min_players,
        max_players,
        spectators: 0,
        match_id: room.match_id.filter(|_| status != RoomStatus::Lobby),
        rematch: Vec::new(),
        muted: Vec::new(),
        rail_muted: false,
        turn_timer: room.turn_timer,
        locked: room.locked,
        closed_seats: room.closed_seats,
        // Not read for the admin list; the room's own info says it.
        webhook: None,
        turn_emails: false,
        push_key: None,
    }
}

async fn close_room(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
    ApiJson(body): ApiJson<CloseRoom>,
) -> Result<Json<serde_json::Value>, AppError> {
    let code = RoomCode(code.trim().to_ascii_uppercase());
    let reason = body.reason.trim().to_owned();
    if reason.is_empty() || reason.chars().count() > 200 {
        return Err(AppError::BadRequest(
            "give a reason of 1 to 200 characters: the players will see it".into(),
        ));
    }
    match state.rooms.close(&code, reason).await {
        Ok(()) => Ok(Json(serde_json::json!({ "closed": code.0 }))),
        Err(OpenError::NotFound) => Err(AppError::RoomNotFound),
        Err(OpenError::Store(e)) => Err(AppError::Store(e)),
        Err(OpenError::ShuttingDown) => Err(AppError::ShuttingDown),
        Err(OpenError::Broken | OpenError::Closed(_) | OpenError::OtherRules { .. }) => {
            Err(AppError::RoomNotFound)
        }
        Err(OpenError::Elsewhere { .. }) => Err(AppError::RoomElsewhere),
    }
}

async fn matches(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<Limit>,
) -> Result<Json<Vec<MatchSummary>>, AppError> {
    let limit = q.limit.unwrap_or(100).clamp(1, 1000);
    Ok(Json(state.rooms.store().finished_matches(limit).await?))
}

async fn retention(State(state): State<AppState>) -> Result<Json<RetentionReport>, AppError> {
    let r: Retention = state.retention.settings;
    Ok(Json(RetentionReport {
        live_rooms: u32::try_from(state.rooms.live().len()).unwrap_or(u32::MAX),
        idle_unload_secs: state.retention.idle_unload.as_secs(),
        lobby_days: r.lobby_days,
        finished_days: r.finished_days,
        stored: state.rooms.store().counts().await?,
        swept: state.retention.swept(),
    }))
}
