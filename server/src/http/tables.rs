//! "My tables" over HTTP: `POST /api/tables` answers, for the seat tokens a
//! browser holds, each table as its seat sees it, in one request; `POST
//! /api/rooms/{code}/table` answers one (in a cluster, relayed to the room's
//! server like every route that names a room). A token no seat holds, or a
//! room that is gone, simply has no table: the answer never says which.
//! Both take the room-code rate (a limit of their own); tokens are never
//! logged.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use futures_util::future::join_all;
use parlor_protocol::tables::{HeldSeat, Table, TableQuery, Tables, TablesQuery, MAX_TABLES};
use parlor_protocol::RoomCode;
use tokio::sync::oneshot;

use super::layers::{no_store, rate_limited};
use super::{parse_code, relay, AppState};
use crate::error::{ApiJson, ApiPath, AppError};
use crate::limits::RateLimits;
use crate::room::{token_hash, OpenError, RoomCmd};

/// `/tables` and `/rooms/{code}/table` (under `/api`), with the room-code
/// limit of `rates`.
pub(super) fn router(rates: RateLimits, state: &AppState) -> Router<AppState> {
    let one = Router::new()
        .route("/rooms/{code}/table", post(one_table))
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            relay::relay,
        ));
    let all = Router::new().route("/tables", post(all_tables));
    rate_limited(one.merge(all), "tables", rates.room_code).route_layer(no_store())
}

async fn one_table(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
    ApiJson(body): ApiJson<TableQuery>,
) -> Result<Json<Table>, AppError> {
    let code = parse_code(&code)?;
    match table_here(&state, &code, &body.token).await {
        Here::Table(t) => Ok(Json(*t)),
        Here::None => Err(AppError::RoomNotFound),
        // Relayed here, and the room moved on meanwhile: the client asks anew.
        Here::Elsewhere(_) => Err(AppError::RoomElsewhere),
    }
}

async fn all_tables(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TablesQuery>,
) -> Result<Json<Tables>, AppError> {
    if body.seats.len() > MAX_TABLES {
        return Err(AppError::BadRequest(format!(
            "at most {MAX_TABLES} seats in one request"
        )));
    }
    let asked = body.seats.iter().map(|held| table(&state, held));
    let tables = join_all(asked).await.into_iter().flatten().collect();
    Ok(Json(Tables { tables }))
}

/// One held seat's table, from this server or the room's.
async fn table(state: &AppState, held: &HeldSeat) -> Option<Table> {
    match table_here(state, &held.room, &held.token).await {
        Here::Table(t) => Some(*t),
        Here::None => None,
        Here::Elsewhere(addr) => {
            let path = format!("/api/rooms/{}/table", held.room.0);
            let body = serde_json::to_vec(&TableQuery {
                token: held.token.clone(),
            })
            .ok()?;
            relay::ask_owner(state, &addr, &path, body).await
        }
    }
}

enum Here {
    Table(Box<Table>),
    None,
    /// Another live server owns the room (its address).
    Elsewhere(String),
}

/// The table of the seat holding `token` in room `code`, if this server
/// serves the room (or may claim it).
async fn table_here(state: &AppState, code: &RoomCode, token: &str) -> Here {
    // A made-up token costs one lookup, never a room brought into memory.
    match state
        .rooms
        .store()
        .seat_token_known(code, &token_hash(token))
        .await
    {
        Ok(true) => {}
        Ok(false) => return Here::None,
        Err(e) => {
            tracing::warn!(room = %code, error = %e, "could not look a seat up for My tables");
            return Here::None;
        }
    }
    let handle = match state.rooms.open(code).await {
        Ok(h) => h,
        Err(OpenError::Elsewhere { addr, .. }) => return Here::Elsewhere(addr),
        Err(_) => return Here::None,
    };
    let (reply, rx) = oneshot::channel();
    if !handle
        .send(RoomCmd::Table {
            token: token.to_owned(),
            reply,
        })
        .await
    {
        return Here::None;
    }
    match rx.await {
        Ok(Some(t)) => Here::Table(t),
        _ => Here::None,
    }
}
