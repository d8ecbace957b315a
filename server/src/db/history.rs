//! The history of finished matches, newest first, filtered and by pages.

use parlor_protocol::http::MatchSummary;
use parlor_protocol::{GameKind, MatchId, MatchResult, RoomCode};
use sqlx::Row;

use super::{bot_levels_of, bots_of, game_of, parse, seat_of, Store, StoreError, StoreResult};

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
            "select match_id, room_code, game, players, result, started_at, finished_at, bots, bot_levels from game_match \
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
        let mut page = rows
            .iter()
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
                    scores: result.scorecard.lines().iter().map(|(s, _)| *s).collect(),
                    winners: result.winners,
                    bots: bots_of(r)?,
                    bot_levels: bot_levels_of(r)?,
                    stand_ins: Vec::new(),
                    moves: 0,
                    started_at: r.try_get("started_at")?,
                    finished_at: r.try_get("finished_at")?,
                })
            })
            .collect::<StoreResult<Vec<_>>>()?;
        self.count_moves(&mut page).await?;
        Ok(page)
    }

    /// Fills in each listed match's moves, and the seats a stand-in made
    /// most of the moves of (one query for the page).
    async fn count_moves(&self, page: &mut [MatchSummary]) -> StoreResult<()> {
        if page.is_empty() {
            return Ok(());
        }
        let marks: Vec<String> = (1..=page.len()).map(|i| format!("${i}")).collect();
        // Take-backs are seat entries of the log but not moves.
        let sql = format!(
            "select match_id, seat, count(*) as n, cast(sum(by_stand_in) as bigint) as s from step_batch \
             where match_id in ({}) and seat is not null and step not like '[{{\"take_back\"%' \
             group by match_id, seat",
            marks.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for m in page.iter() {
            q = q.bind(m.match_id.to_string());
        }
        for r in q.fetch_all(&self.pool).await? {
            let id: String = r.try_get("match_id")?;
            let Some(m) = page.iter_mut().find(|m| m.match_id.to_string() == id) else {
                continue;
            };
            let n: i64 = r.try_get("n")?;
            let by_stand_in: i64 = r.try_get("s")?;
            m.moves += u64::try_from(n).unwrap_or(0);
            if by_stand_in * 2 > n {
                m.stand_ins.push(seat_of(r.try_get("seat")?)?);
            }
        }
        for m in page.iter_mut() {
            m.stand_ins.sort();
        }
        Ok(())
    }
}
