//! For whoever runs the server: liveness, readiness, and the Prometheus
//! metrics.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use parlor_protocol::http::Health;

use super::AppState;
use crate::auth::TokenGuard;
use crate::error::AppError;

/// `/health` and `/ready` (under `/api`).
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/ready", get(ready))
}

/// `/metrics`: outside the API's limits but behind its own guard, which
/// rate-limits it per address even when it needs no token.
pub(super) fn metrics_router(guard: Option<Arc<TokenGuard>>) -> Router<AppState> {
    match guard {
        Some(guard) => Router::new().route(
            "/metrics",
            get(metrics).route_layer(middleware::from_fn_with_state(guard, crate::auth::require)),
        ),
        // Off: a plain 404, not the web client's page.
        None => Router::new().route("/metrics", get(|| async { AppError::NoRoute })),
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
    let lease = state.rooms.member().map(|m| m.holds_lease());
    let r =
        crate::health::readiness(state.rooms.store(), state.shutdown.is_cancelled(), lease).await;
    let status = if r.ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(r)).into_response()
}

/// Prometheus metrics (see [`crate::metrics`]), if this server shows them
/// (the route exists only then); its [`TokenGuard`] has already checked
/// the token, if one is set.
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
