//! HTTP errors: a typed enum that becomes a JSON [`ApiError`] with a status.
//! Internal details are logged, never sent.
//!
//! Extractor rejections (bad JSON, wrong content type, oversized body, bad
//! path or query) take the same shape through the extractors defined here:
//! [`ApiJson`], [`ApiPath`], [`ApiQuery`] and [`ApiWebSocketUpgrade`] wrap
//! axum's and turn their rejections into [`AppError::Rejected`].

use std::time::Duration;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::FromRequest;
use axum::extract::FromRequestParts;
use axum::http::{header, HeaderValue, StatusCode};
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
    /// The room's saved game could not be restored.
    #[error("this room's saved game could not be restored")]
    RoomBroken,
    /// The room's match was started under rules this server does not run
    /// (another build stored it): it is kept, not replayed here.
    #[error("this room's match was started under other rules ({needs}) than this server runs ({runs}): it is kept, and a server running those rules can continue it")]
    RoomOtherRules {
        /// The match's rules, `slug@version`.
        needs: String,
        /// This server's, `slug@version`.
        runs: String,
    },
    /// The server's host closed the room (their reason).
    #[error("this room was closed by the server's host: {0}")]
    RoomClosed(String),
    /// The admin API without (or with a wrong) admin token.
    #[error("the admin token is missing or wrong")]
    Unauthorized,
    /// No match with that id.
    #[error("no match with that id")]
    MatchNotFound,
    /// What was asked of a match is shown only once it is over.
    #[error("the match is not over: only a spectator's replay is shown until it ends")]
    MatchNotOver,
    /// Heavy work (a record, a replay) found every worker busy and the
    /// queue full.
    #[error("the server is busy with other replays: try again in a moment")]
    Busy,
    /// A one-time seat link that is unknown, expired or already used.
    #[error("this seat link was already used or has expired: ask for a new one on the device that has the seat")]
    BadClaim,
    /// No such API route.
    #[error("no such API route")]
    NoRoute,
    /// Malformed input.
    #[error("{0}")]
    BadRequest(String),
    /// The chosen game has no rules yet.
    #[error("that game is not playable yet")]
    NotPlayable,
    /// Shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Cluster mode: another server owns the room; ask again (the proxy
    /// and the servers route the retry there).
    #[error("the room is served by another server: try again in a moment")]
    RoomElsewhere,
    /// The client sent too many requests; it may try again after the wait.
    #[error("too many requests: try again in a moment")]
    RateLimited {
        /// How long until the next request would be accepted.
        retry_after: Duration,
    },
    /// The client holds as many live connections as it may.
    #[error("too many open connections from your address")]
    TooManyConnections,
    /// A WebSocket upgrade from a page of another site.
    #[error("this page may not connect here")]
    BadOrigin,
    /// An extractor refused the request (body, content type, path, query,
    /// upgrade headers); `status` is the rejection's.
    #[error("{message}")]
    Rejected {
        /// The rejection's status.
        status: StatusCode,
        /// Why, in words.
        message: String,
    },
    /// Storage failed.
    #[error("storage")]
    Store(#[from] StoreError),
}

impl AppError {
    fn parts(&self) -> (StatusCode, &'static str) {
        match self {
            AppError::RoomNotFound => (StatusCode::NOT_FOUND, "room_not_found"),
            AppError::RoomBroken => (StatusCode::CONFLICT, "room_broken"),
            // Not served, as a broken room is not: the client's answer is
            // the same (its message says why).
            AppError::RoomOtherRules { .. } => (StatusCode::CONFLICT, "room_broken"),
            AppError::RoomClosed(_) => (StatusCode::GONE, "room_closed"),
            AppError::Unauthorized => (StatusCode::UNAUTHORIZED, "unauthorized"),
            AppError::MatchNotFound => (StatusCode::NOT_FOUND, "match_not_found"),
            AppError::MatchNotOver => (StatusCode::FORBIDDEN, "match_not_over"),
            AppError::Busy => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            AppError::BadClaim => (StatusCode::GONE, "bad_claim"),
            AppError::NoRoute => (StatusCode::NOT_FOUND, "not_found"),
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            AppError::NotPlayable => (StatusCode::UNPROCESSABLE_ENTITY, "not_playable"),
            AppError::ShuttingDown => (StatusCode::SERVICE_UNAVAILABLE, "shutting_down"),
            AppError::RoomElsewhere => (StatusCode::SERVICE_UNAVAILABLE, "room_moved"),
            AppError::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            AppError::TooManyConnections => (StatusCode::TOO_MANY_REQUESTS, "too_many_connections"),
            AppError::BadOrigin => (StatusCode::FORBIDDEN, "bad_origin"),
            AppError::Rejected { status, .. } => (*status, rejection_code(*status)),
            AppError::Store(StoreError::NotFound) => (StatusCode::NOT_FOUND, "not_found"),
            AppError::Store(_) => (StatusCode::INTERNAL_SERVER_ERROR, "storage"),
        }
    }

    /// An extractor's rejection, keeping its status and text. Unprocessable
    /// JSON (valid JSON of the wrong shape) counts as a bad request.
    pub fn rejected(status: StatusCode, message: String) -> AppError {
        let status = match status {
            StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
            s => s,
        };
        AppError::Rejected { status, message }
    }
}

/// The `ApiError.error` code of a rejection with this status.
fn rejection_code(status: StatusCode) -> &'static str {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::UPGRADE_REQUIRED => "upgrade_required",
        StatusCode::REQUEST_TIMEOUT => "timeout",
        s if s.is_server_error() => "internal",
        _ => "bad_request",
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
            AppError::Rejected { status, message } if status.is_server_error() => {
                tracing::error!(%status, %message, "request rejected by the server's own wiring");
                "internal error".to_owned()
            }
            other => other.to_string(),
        };
        let retry_after = match &self {
            // Whole seconds, rounded up: a client retrying on time succeeds.
            AppError::RateLimited { retry_after } => {
                Some(retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0))
            }
            AppError::TooManyConnections
            | AppError::ShuttingDown
            | AppError::Busy
            | AppError::RoomElsewhere => Some(1),
            _ => None,
        };
        let mut response = (
            status,
            Json(ApiError {
                error: code.to_owned(),
                message,
            }),
        )
            .into_response();
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        }
        response
    }
}

impl From<crate::heavy::HeavyError> for AppError {
    fn from(e: crate::heavy::HeavyError) -> AppError {
        match e {
            crate::heavy::HeavyError::Busy => AppError::Busy,
            crate::heavy::HeavyError::Failed => {
                AppError::rejected(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
            }
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(r: JsonRejection) -> AppError {
        AppError::rejected(r.status(), r.body_text())
    }
}

impl From<PathRejection> for AppError {
    fn from(r: PathRejection) -> AppError {
        AppError::rejected(r.status(), r.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(r: QueryRejection) -> AppError {
        AppError::rejected(r.status(), r.body_text())
    }
}

impl From<WebSocketUpgradeRejection> for AppError {
    fn from(r: WebSocketUpgradeRejection) -> AppError {
        AppError::rejected(r.status(), r.body_text())
    }
}

/// `axum::Json` whose rejections are [`AppError`]s.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct ApiJson<T>(pub T);

/// `axum::extract::Path` whose rejections are [`AppError`]s.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

/// `axum::extract::Query` whose rejections are [`AppError`]s.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct ApiQuery<T>(pub T);

/// `WebSocketUpgrade` whose rejections (a plain GET, missing upgrade
/// headers) are [`AppError`]s.
pub struct ApiWebSocketUpgrade(pub axum::extract::WebSocketUpgrade);

impl<S: Send + Sync> FromRequestParts<S> for ApiWebSocketUpgrade {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        axum::extract::WebSocketUpgrade::from_request_parts(parts, state)
            .await
            .map(ApiWebSocketUpgrade)
            .map_err(AppError::from)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn rate_limited_answers_json_with_retry_after_rounded_up() {
        let r = AppError::RateLimited {
            retry_after: Duration::from_millis(5200),
        }
        .into_response();
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(r.headers()[header::RETRY_AFTER], "6");
        assert_eq!(r.headers()[header::CONTENT_TYPE], "application/json");
        let r = AppError::RateLimited {
            retry_after: Duration::from_millis(10),
        }
        .into_response();
        assert_eq!(r.headers()[header::RETRY_AFTER], "1");
    }

    #[test]
    fn rejections_keep_their_status_with_a_code() {
        let e = AppError::rejected(StatusCode::PAYLOAD_TOO_LARGE, "too big".into());
        assert_eq!(
            e.parts(),
            (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
        );
        let e = AppError::rejected(StatusCode::UNPROCESSABLE_ENTITY, "missing field".into());
        assert_eq!(e.parts(), (StatusCode::BAD_REQUEST, "bad_request"));
        let e = AppError::rejected(StatusCode::UNSUPPORTED_MEDIA_TYPE, "json".into());
        assert_eq!(e.parts().1, "unsupported_media_type");
    }
}
