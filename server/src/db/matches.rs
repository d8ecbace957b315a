//! Matches: a match's start with its first steps, its log and timer
//! answers, its final scorecards, and its record as the API shows it.

use parlor_games::Rules;
use parlor_protocol::http::MatchRecord;
use parlor_protocol::{MatchId, Seat};
use sqlx::Row;

use super::writer::{insert_batches, BatchRow};
use super::{
    bot_levels_of, bots_of, game_of, json, now_ms, parse, seat_of, NewMatch, NewStep, Store,
    StoreError, StoreResult,
};

/// One final scorecard row, as read back.
#[derive(Debug, Clone, PartialEq)]
pub struct ScorecardRow {
    /// Seat.
    pub seat: Seat,
    /// Player name.
    pub name: String,
    /// Rank, 1 best.
    pub rank: i64,
    /// Headline score.
    pub score: i64,
    /// The game's scorecard line as JSON.
    pub detail: serde_json::Value,
}

impl Store {
    /// Stores a match's start and its first steps (setup chance) in one
    /// transaction, and marks the room as playing. The match keeps the
    /// version of its game's rules this server runs: only a server running
    /// the same version replays it.
    pub async fn start_match(&self, m: &NewMatch, steps: &[NewStep]) -> StoreResult<()> {
        let rules = Rules::running(m.options.kind());
        let mut tx = self.room_tx(&m.code).await?;
        sqlx::query(
            "insert into game_match (match_id, room_code, game, options, seats, players, seed, seed_sha256, status, started_at, bots, bot_levels, rules_version) \
             values ($1, $2, $3, $4, $5, $6, $7, $8, 'playing', $9, $10, $11, $12)",
        )
        .bind(m.match_id.to_string())
        .bind(&m.code.0)
        .bind(m.options.kind().slug())
        .bind(json(&m.options))
        .bind(i64::try_from(m.players.len()).unwrap_or(0))
        .bind(json(&m.players))
        .bind(&m.seed_hex)
        .bind(&m.seed_sha256)
        .bind(now_ms())
        .bind(json(&m.bots))
        .bind(json(&m.bot_levels))
        .bind(i64::from(rules.version))
        .execute(&mut *tx)
        .await?;
        sqlx::query("update room set status = 'playing' where room_code = $1")
            .bind(&m.code.0)
            .execute(&mut *tx)
            .await?;
        insert_steps(&mut tx, m.match_id, self.epoch(), steps).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Number of steps stored for a match.
    pub async fn step_count(&self, match_id: MatchId) -> StoreResult<u64> {
        let n: i64 = sqlx::query(
            "select cast(coalesce(sum(steps), 0) as bigint) as n from step_batch where match_id = $1",
        )
            .bind(match_id.to_string())
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// A match's log as stored JSON, a step at a time, in order.
    pub async fn steps(&self, match_id: MatchId) -> StoreResult<Vec<(u64, String)>> {
        let rows =
            sqlx::query("select seq, steps, step from step_batch where match_id = $1 order by seq")
                .bind(match_id.to_string())
                .fetch_all(&self.pool)
                .await?;
        let mut steps = Vec::new();
        for r in &rows {
            let seq = u64::try_from(r.try_get::<i64, _>("seq")?).unwrap_or(0);
            let json: String = r.try_get("step")?;
            let batch: Vec<&serde_json::value::RawValue> = serde_json::from_str(&json)
                .map_err(|e| StoreError::Corrupt(format!("steps from {seq}: {e}")))?;
            let n = u64::try_from(r.try_get::<i64, _>("steps")?).unwrap_or(0);
            if n != batch.len() as u64 {
                return Err(StoreError::Corrupt(format!(
                    "steps from {seq}: {n} counted, {} stored",
                    batch.len()
                )));
            }
            for (i, step) in batch.into_iter().enumerate() {
                steps.push((seq + i as u64, step.get().to_owned()));
            }
        }
        Ok(steps)
    }

    /// The steps (by seq) the response timer answered for a seat that did
    /// not answer in time.
    pub async fn timed_out(&self, match_id: MatchId) -> StoreResult<Vec<u64>> {
        let rows = sqlx::query(
            "select seq from step_batch where match_id = $1 and by_timer <> 0 order by seq",
        )
        .bind(match_id.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(u64::try_from(r.try_get::<i64, _>("seq")?).unwrap_or(0)))
            .collect()
    }

    /// The final scorecards of a match, by seat.
    pub async fn scorecards(&self, match_id: MatchId) -> StoreResult<Vec<ScorecardRow>> {
        let rows = sqlx::query("select seat, name, rank, score, detail from scorecard where match_id = $1 order by seat")
            .bind(match_id.to_string())
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                let detail: String = r.try_get("detail")?;
                Ok(ScorecardRow {
                    seat: seat_of(r.try_get("seat")?)?,
                    name: r.try_get("name")?,
                    rank: r.try_get("rank")?,
                    score: r.try_get("score")?,
                    detail: serde_json::from_str(&detail)
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                })
            })
            .collect()
    }

    /// The rules a match was started under.
    pub async fn match_rules(&self, match_id: MatchId) -> StoreResult<Rules> {
        let r = sqlx::query("select game, rules_version from game_match where match_id = $1")
            .bind(match_id.to_string())
            .fetch_one(&self.pool)
            .await?;
        Ok(Rules {
            kind: game_of(&r.try_get::<String, _>("game")?)?,
            version: u32::try_from(r.try_get::<i64, _>("rules_version")?)
                .map_err(|_| StoreError::Corrupt("rules_version".into()))?,
        })
    }

    /// A match with its result (the seed only once finished).
    pub async fn match_record(&self, match_id: MatchId) -> StoreResult<MatchRecord> {
        let r = sqlx::query(
            "select match_id, room_code, game, options, players, seed, seed_sha256, status, result, \
             started_at, finished_at, bots, bot_levels, \
             (select cast(coalesce(sum(s.steps), 0) as bigint) from step_batch s where s.match_id = m.match_id) as steps \
             from game_match m where match_id = $1",
        )
        .bind(match_id.to_string())
        .fetch_one(&self.pool)
        .await?;
        let finished = r.try_get::<String, _>("status")? == "finished";
        let result: Option<String> = r.try_get("result")?;
        Ok(MatchRecord {
            match_id,
            game: game_of(&r.try_get::<String, _>("game")?)?,
            options: parse(&r.try_get::<String, _>("options")?)?,
            players: parse(&r.try_get::<String, _>("players")?)?,
            seed_sha256: r.try_get("seed_sha256")?,
            // The seed would let anyone predict the rest of a live match.
            seed: if finished {
                Some(r.try_get("seed")?)
            } else {
                None
            },
            steps: u64::try_from(r.try_get::<i64, _>("steps")?).unwrap_or(0),
            result: result.as_deref().map(parse).transpose()?,
            started_at: r.try_get("started_at")?,
            finished_at: r.try_get("finished_at")?,
            bots: bots_of(&r)?,
            bot_levels: bot_levels_of(&r)?,
            // Spectators' talk reaches players only once the match is over.
            chat_lines: if finished {
                self.match_chat_lines(match_id).await?
            } else {
                0
            },
        })
    }
}

async fn insert_steps(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    match_id: MatchId,
    epoch: Option<i64>,
    steps: &[NewStep],
) -> StoreResult<()> {
    let rows: Vec<BatchRow> = BatchRow::new(match_id, epoch, steps).into_iter().collect();
    insert_batches(tx, &rows).await
}
