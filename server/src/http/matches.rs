//! Matches over HTTP: the history of finished matches, a match's record,
//! its table talk by pages, a viewer's replay (rebuilt on the heavy pool)
//! and the portable export of a finished one.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use parlor_protocol::http::{MatchRecord, MatchSummary};
use parlor_protocol::{GameKind, MatchId};
use serde::Deserialize;

use super::{parse_code, AppState};
use crate::error::{ApiPath, ApiQuery, AppError};

/// `/matches…` (under `/api`).
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/matches", get(matches))
        .route("/matches/{id}", get(match_record))
        .route("/matches/{id}/chat", get(match_chat))
        .route("/matches/{id}/replay", get(match_replay))
        .route("/matches/{id}/export", get(match_export))
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
pub(super) struct ViewerQuery {
    seat: Option<String>,
}

impl ViewerQuery {
    pub(super) fn viewer(&self) -> Result<parlor_protocol::Viewer, AppError> {
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

/// Why a replay or an export was refused, as an HTTP answer.
pub(super) fn replay_error(e: crate::replay::ReplayError) -> AppError {
    use crate::replay::ReplayError;
    match e {
        ReplayError::NotFound => AppError::MatchNotFound,
        ReplayError::Store(s) => AppError::Store(s),
        ReplayError::NotOver => AppError::MatchNotOver,
        ReplayError::NoSuchSeat(_) => AppError::BadRequest(e.to_string()),
        ReplayError::Broken(_) | ReplayError::OtherRules { .. } => {
            AppError::rejected(StatusCode::CONFLICT, e.to_string())
        }
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
