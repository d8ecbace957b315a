//! HTTP errors: a typed enum that becomes a JSON [`ApiError`] with a status.
//! Internal details are logged, never sent.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use parlor_protocol::http::ApiError;

use crate::db::StoreError;

/// Every way an HTTP request can fail.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No room with that code.
    #[error("no room with that code")]
    RoomNotFound,
    /// No match with that id.
    #[error("no match with that id")]
    MatchNotFound,
    /// Malformed input.
    #[error("{0}")]
    BadRequest(String),
    /// The chosen game has no rules yet.
    #[error("that game is not playable yet")]
    NotPlayable,
    /// Shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Storage failed.
    #[error("storage")]
    Store(#[from] StoreError),
}

impl AppError {
    fn parts(&self) -> (StatusCode, &'static str) {
        match self {
            AppError::RoomNotFound => (StatusCode::NOT_FOUND, "room_not_found"),
            AppError::MatchNotFound => (StatusCode::NOT_FOUND, "match_not_found"),
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            AppError::NotPlayable => (StatusCode::UNPROCESSABLE_ENTITY, "not_playable"),
            AppError::ShuttingDown => (StatusCode::SERVICE_UNAVAILABLE, "shutting_down"),
            AppError::Store(StoreError::NotFound) => (StatusCode::NOT_FOUND, "not_found"),
            AppError::Store(_) => (StatusCode::INTERNAL_SERVER_ERROR, "storage"),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.parts();
        let message = match &self {
            AppError::Store(StoreError::NotFound) => "not found".to_owned(),
            AppError::Store(e) => {
                tracing::error!(error = %e, "storage error");
                "the server could not reach its database".to_owned()
            }
            other => other.to_string(),
        };
        (
            status,
            Json(ApiError {
                error: code.to_owned(),
                message,
            }),
        )
            .into_response()
    }
}
