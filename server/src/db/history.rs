//! The history of finished matches, newest first, filtered and by pages.

use parlor_protocol::http::MatchSummary;
use parlor_protocol::{GameKind, MatchId, MatchResult, RoomCode};
use sqlx::Row;

use super::{bots_of, game_of, parse, Store, StoreError, StoreResult};

/// Which finished matches a history page lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// Only this game.
    pub game: Option<GameKind>,
    /// Only matches with a player of this name (case-insensitive, whole name).
    pub player: Option<String>,
    /// Finished at or after (Unix ms).
    pub since: Option<i64>,
    /// Finished before (Unix ms): the next page after an entry.
    pub before: Option<i64>,
    /// Only the matches of this room (whoever has its link may list them).
    pub room: Option<RoomCode>,
}

impl Store {
    /// Finished matches, newest first.
    pub async fn finished_matches(&self, limit: u32) -> StoreResult<Vec<MatchSummary>> {
        self.history(&HistoryFilter::default(), limit).await
    }

    /// Finished matches, newest first, filtered; `filter.before` continues
    /// a previous page (the `finished_at` of its last entry).
    pub async fn history(
        &self,
        filter: &HistoryFilter,
        limit: u32,
    ) -> StoreResult<Vec<MatchSummary>> {
        let mut sql = String::from(
            "select match_id, room_code, game, players, result, finished_at, bots from game_match \
             where status = 'finished'",
        );
        let mut n = 0;
        let mut mark = || {
            n += 1;
            format!("${n}")
        };
        if filter.game.is_some() {
            sql.push_str(&format!(" and game = {}", mark()));
        }
        if filter.player.is_some() {
            // Names are stored as a JSON array: match a quoted name inside it.
            sql.push_str(&format!(" and lower(players) like {} escape '\\'", mark()));
        }
        if filter.room.is_some() {
            sql.push_str(&format!(" and room_code = {}", mark()));
        }
        if filter.since.is_some() {
            sql.push_str(&format!(" and finished_at >= {}", mark()));
        }
        if filter.before.is_some() {
            sql.push_str(&format!(" and finished_at < {}", mark()));
        }
        sql.push_str(&format!(" order by finished_at desc limit {}", mark()));
        let mut q = sqlx::query(&sql);
        if let Some(g) = filter.game {
            q = q.bind(g.slug());
        }
        if let Some(p) = &filter.player {
            let quoted = serde_json::to_string(&p.to_lowercase()).unwrap_or_default();
            let escaped = quoted
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            q = q.bind(format!("%{escaped}%"));
        }
        if let Some(r) = &filter.room {
            q = q.bind(r.0.clone());
        }
        if let Some(t) = filter.since {
            q = q.bind(t);
        }
        if let Some(t) = filter.before {
            q = q.bind(t);
        }
        let rows = q.bind(i64::from(limit)).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                let result: MatchResult = parse(&r.try_get::<String, _>("result")?)?;
                let id: String = r.try_get("match_id")?;
                Ok(MatchSummary {
                    match_id: MatchId(
                        id.parse()
                            .map_err(|_| StoreError::Corrupt(format!("match id {id}")))?,
                    ),
                    game: game_of(&r.try_get::<String, _>("game")?)?,
                    players: parse(&r.try_get::<String, _>("players")?)?,
                    winners: result.winners,
                    bots: bots_of(r)?,
                    finished_at: r.try_get("finished_at")?,
                })
            })
            .collect()
    }
}
