//! Uploaded match records: read by their type, checked against their seed
//! and replayed through one viewer's eyes, all on the heavy pool; nothing
//! is stored. A record is larger than other bodies, so this route has its
//! own body limit, and one whose declared length is over it is refused
//! before any of it is read.

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};

use super::matches::{replay_error, ViewerQuery};
use super::AppState;
use crate::error::{ApiQuery, AppError};
use parlor_games::record::RECORD_BODY_LIMIT;

/// `/replay` (under `/api`).
pub(super) fn router() -> Router<AppState> {
    Router::new().route(
        "/replay",
        // A match record is larger than other bodies, and read by its own
        // typed parser (see `record`).
        post(replay_file)
            .layer(DefaultBodyLimit::max(RECORD_BODY_LIMIT))
            .layer(middleware::from_fn(refuse_declared_oversize)),
    )
}

/// A match record from a file, checked against its seed and replayed
/// through one viewer's eyes (nothing is stored). The record is complete
/// and verified, so every seat's eyes are allowed.
///
/// The body is read by its type ([`parlor_games::record::parse`]), and all of the
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
            let record = parlor_games::record::parse(&body)
                .map_err(|e| AppError::BadRequest(e.to_string()))?;
            parlor_games::record::verify_record(&record)
                .map_err(|e| AppError::BadRequest(e.to_string()))?;
            crate::replay::replay_steps(&record, viewer).map_err(replay_error)
        })
        .await?
        .map(Json)
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
    if declared.is_some_and(|n| n > RECORD_BODY_LIMIT as u64) {
        return AppError::rejected(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a match record is at most {RECORD_BODY_LIMIT} bytes"),
        )
        .into_response();
    }
    next.run(request).await
}
