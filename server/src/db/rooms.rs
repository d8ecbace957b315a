//! Rooms and their seats: created, changed as the lobby changes, and read
//! back whole to rebuild a room after a restart (or an idle unload).

use parlor_games::Rules;
use parlor_protocol::room::PushSubscription;
use parlor_protocol::{GameOptions, MatchId, RoomCode, Seat, TurnTimer};
use sqlx::Row;

use super::{
    game_of, json, level_name, now_ms, parse, seat_row, SeatNotices, SeatRow, Store, StoreError,
    StoreResult, StoredMatch, StoredRoom, CHAT_KEPT,
};

impl Store {
    /// Stores a new room.
    pub async fn create_room(&self, code: &RoomCode, options: &GameOptions) -> StoreResult<()> {
        sqlx::query("insert into room (room_code, game, options, status, created_at) values ($1, $2, $3, 'lobby', $4)")
            .bind(&code.0)
            .bind(options.kind().slug())
            .bind(json(options))
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Updates a room's options (lobby only).
    pub async fn set_room_options(
        &self,
        code: &RoomCode,
        options: &GameOptions,
    ) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update room set options = $1 where room_code = $2")
            .bind(json(options))
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets a room's turn timer (lobby only).
    pub async fn set_turn_timer(&self, code: &RoomCode, timer: TurnTimer) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update room set turn_timer = $1 where room_code = $2")
            .bind(json(&timer).trim_matches('"'))
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The seats of room `code` whose players asked for turn notices, and
    /// where.
    async fn seat_notices(&self, code: &RoomCode) -> StoreResult<Vec<SeatNotices>> {
        let rows = sqlx::query(
            "select seat, notice_email, push_subscription from seat where room_code = $1 \
             and (notice_email is not null or push_subscription is not null)",
        )
        .bind(&code.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatNotices {
                    seat: super::seat_of(r.try_get("seat")?)?,
                    email: r.try_get("notice_email")?,
                    push: match r.try_get::<Option<String>, _>("push_subscription")? {
                        Some(s) => Some(parse(&s)?),
                        None => None,
                    },
                })
            })
            .collect()
    }

    /// Sets (or clears) where a seat's player gets turn emails.
    pub async fn set_seat_email(
        &self,
        code: &RoomCode,
        seat: Seat,
        email: Option<&str>,
    ) -> StoreResult<()> {
        self.set_seat_text(code, seat, "notice_email", email).await
    }

    /// Sets (or clears) the push subscription a seat's notices go to.
    pub async fn set_seat_push(
        &self,
        code: &RoomCode,
        seat: Seat,
        push: Option<&PushSubscription>,
    ) -> StoreResult<()> {
        let push = push.map(json);
        self.set_seat_text(code, seat, "push_subscription", push.as_deref())
            .await
    }

    /// One of a seat's notice columns, through the room's fenced write.
    async fn set_seat_text(
        &self,
        code: &RoomCode,
        seat: Seat,
        column: &'static str,
        value: Option<&str>,
    ) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query(&format!(
            "update seat set {column} = $1 where room_code = $2 and seat = $3"
        ))
        .bind(value)
        .bind(&code.0)
        .bind(i64::from(seat.0))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets a push subscription the push service said is gone, if the
    /// seat still holds it. Not fenced: whichever server serves the room,
    /// a dead subscription is one nobody can use.
    pub async fn forget_push(
        &self,
        code: &RoomCode,
        seat: Seat,
        push: &PushSubscription,
    ) -> StoreResult<()> {
        sqlx::query(
            "update seat set push_subscription = null \
             where room_code = $1 and seat = $2 and push_subscription = $3",
        )
        .bind(&code.0)
        .bind(i64::from(seat.0))
        .bind(json(push))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Forgets every turn-email address and push subscription of room
    /// `code` (its match ended).
    pub async fn clear_seat_notices(&self, code: &RoomCode) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query(
            "update seat set notice_email = null, push_subscription = null where room_code = $1 \
             and (notice_email is not null or push_subscription is not null)",
        )
        .bind(&code.0)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The value of this server's key `name`, made by `make` and stored the
    /// first time it is asked for; every server on the database reads the
    /// same one (the first stored wins a race).
    pub async fn server_key(
        &self,
        name: &str,
        make: impl FnOnce() -> String,
    ) -> StoreResult<String> {
        sqlx::query(
            "insert into server_key (name, value) values ($1, $2) on conflict (name) do nothing",
        )
        .bind(name)
        .bind(make())
        .execute(&self.pool)
        .await?;
        let r = sqlx::query("select value from server_key where name = $1")
            .bind(name)
            .fetch_one(&self.pool)
            .await?;
        Ok(r.try_get("value")?)
    }

    /// Sets (or clears) a room's webhook.
    pub async fn set_webhook(
        &self,
        code: &RoomCode,
        webhook: Option<&parlor_protocol::room::Webhook>,
    ) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update room set webhook_url = $1, webhook_format = $2 where room_code = $3")
            .bind(webhook.map(|w| w.url.clone()))
            .bind(webhook.map(|w| json(&w.format).trim_matches('"').to_owned()))
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores who may sit: the room's lock and its closed seats.
    pub async fn set_room_seating(
        &self,
        code: &RoomCode,
        locked: bool,
        closed_seats: u8,
    ) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update room set locked = $1, closed_seats = $2 where room_code = $3")
            .bind(i64::from(locked))
            .bind(i64::from(closed_seats))
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores a taken seat.
    pub async fn add_seat(&self, code: &RoomCode, seat: &SeatRow) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("insert into seat (room_code, seat, name, token_sha256, joined_at, bot, stand_in) values ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&code.0)
            .bind(i64::from(seat.seat.0))
            .bind(&seat.name)
            .bind(&seat.token_sha256)
            .bind(now_ms())
            .bind(seat.bot.map(level_name))
            .bind(i64::from(seat.stand_in))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Starts or stops a bot standing in for an absent player.
    pub async fn set_stand_in(&self, code: &RoomCode, seat: Seat, on: bool) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update seat set stand_in = $1 where room_code = $2 and seat = $3")
            .bind(i64::from(on))
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Renames a seat.
    pub async fn rename_seat(&self, code: &RoomCode, seat: Seat, name: &str) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update seat set name = $1 where room_code = $2 and seat = $3")
            .bind(name)
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Removes a seat; every later seat moves up one, keeping its token.
    /// The room's seat links go too: they name seats by number.
    pub async fn leave_seat(&self, code: &RoomCode, seat: Seat) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("delete from seat where room_code = $1 and seat = $2")
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&mut *tx)
            .await?;
        sqlx::query("delete from seat_link where room_code = $1")
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        // Through negatives: the key (room, seat) is checked row by row, so
        // a plain `seat - 1` could collide with the next row mid-update.
        for sql in [
            "update seat set seat = -seat where room_code = $1 and seat > $2",
            "update seat set seat = -seat - 1 where room_code = $1 and seat < 0 and $2 >= 0",
        ] {
            sqlx::query(sql)
                .bind(&code.0)
                .bind(i64::from(seat.0))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Sets a room's status (`lobby` when its players go back to the lobby
    /// after a match).
    pub async fn set_room_status(&self, code: &RoomCode, status: &str) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update room set status = $1 where room_code = $2")
            .bind(status)
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The seats of a room, in seat order.
    pub async fn seats(&self, code: &RoomCode) -> StoreResult<Vec<SeatRow>> {
        let rows = sqlx::query(
            "select seat, name, token_sha256, bot, stand_in from seat where room_code = $1 order by seat",
        )
        .bind(&code.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(seat_row).collect()
    }

    /// A room with its seats and latest match, for rebuilding it.
    pub async fn load_room(&self, code: &RoomCode) -> StoreResult<StoredRoom> {
        let r = sqlx::query(
            "select options, status, broken, closed, turn_timer, locked, closed_seats, \
             webhook_url, webhook_format from room where room_code = $1",
        )
        .bind(&code.0)
        .fetch_one(&self.pool)
        .await?;
        let seats = self.seats(code).await?;
        let m = sqlx::query(
            "select match_id, game, options, seats, seed, deadline_at, rules_version, status \
             from game_match \
             where room_code = $1 order by started_at desc, match_id limit 1",
        )
        .bind(&code.0)
        .fetch_optional(&self.pool)
        .await?;
        let current = match m {
            None => None,
            Some(m) => {
                let id: String = m.try_get("match_id")?;
                let version: i64 = m.try_get("rules_version")?;
                let match_id = MatchId(
                    id.parse()
                        .map_err(|_| StoreError::Corrupt(format!("match id {id}")))?,
                );
                Some(StoredMatch {
                    match_id,
                    options: parse(&m.try_get::<String, _>("options")?)?,
                    seats: u8::try_from(m.try_get::<i64, _>("seats")?)
                        .map_err(|_| StoreError::Corrupt("seats".into()))?,
                    seed_hex: m.try_get("seed")?,
                    deadline_at: m.try_get("deadline_at")?,
                    steps: self.steps(match_id).await?,
                    timed_out: self.timed_out(match_id).await?,
                    rules: Rules {
                        kind: game_of(&m.try_get::<String, _>("game")?)?,
                        version: u32::try_from(version)
                            .map_err(|_| StoreError::Corrupt(format!("rules version {version}")))?,
                    },
                    playing: m.try_get::<String, _>("status")? == "playing",
                })
            }
        };
        Ok(StoredRoom {
            code: code.clone(),
            options: parse(&r.try_get::<String, _>("options")?)?,
            status: r.try_get("status")?,
            broken: r.try_get("broken")?,
            closed: r.try_get("closed")?,
            seats,
            seat_links: self.seat_links(code).await?,
            current,
            chat: self.recent_chat(code, CHAT_KEPT).await?,
            turn_timer: serde_json::from_value(serde_json::Value::String(r.try_get("turn_timer")?))
                .map_err(|e| StoreError::Corrupt(format!("turn timer: {e}")))?,
            locked: r.try_get::<i64, _>("locked")? != 0,
            closed_seats: u8::try_from(r.try_get::<i64, _>("closed_seats")?).unwrap_or(0),
            notices: self.seat_notices(code).await?,
            webhook: match (
                r.try_get::<Option<String>, _>("webhook_url")?,
                r.try_get::<Option<String>, _>("webhook_format")?,
            ) {
                (Some(url), Some(format)) => Some(parlor_protocol::room::Webhook {
                    url,
                    format: serde_json::from_value(serde_json::Value::String(format))
                        .map_err(|e| StoreError::Corrupt(format!("webhook format: {e}")))?,
                }),
                _ => None,
            },
        })
    }

    /// Rooms to bring back when the server starts: every match in
    /// progress, and lobbies opened within the last day (older ones come
    /// back when their link is opened).
    pub async fn rooms_to_restore(&self) -> StoreResult<Vec<RoomCode>> {
        let day_ago = now_ms() - 24 * 3600 * 1000;
        let rows = sqlx::query(
            "select room_code from room where broken is null and \
             (status = 'playing' or (status = 'lobby' and created_at > $1)) order by created_at",
        )
        .bind(day_ago)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(RoomCode(r.try_get("room_code")?)))
            .collect()
    }

    /// Some seat of room `code` is held by the token whose SHA-256 is
    /// `token_sha256`: "My tables" asks before loading a room into memory,
    /// so a made-up token costs one lookup, never a replay.
    pub async fn seat_token_known(&self, code: &RoomCode, token_sha256: &str) -> StoreResult<bool> {
        let row = sqlx::query("select 1 from seat where room_code = $1 and token_sha256 = $2")
            .bind(&code.0)
            .bind(token_sha256)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Rooms in play whose match's stored deadline falls by `by_ms` (on the
    /// clock deadlines are stored in), soonest first, at most `limit`: a
    /// table played at its own pace leaves memory while nobody is at it,
    /// and its deadline must bring it back ([`crate::wake`]).
    pub async fn rooms_due(&self, by_ms: i64, limit: u32) -> StoreResult<Vec<RoomCode>> {
        let rows = sqlx::query(
            "select r.room_code from room r \
             join game_match m on m.room_code = r.room_code and m.status = 'playing' \
             where r.status = 'playing' and r.broken is null and r.closed is null \
             and m.deadline_at is not null and m.deadline_at <= $1 \
             order by m.deadline_at limit $2",
        )
        .bind(by_ms)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(RoomCode(r.try_get("room_code")?)))
            .collect()
    }

    /// Records that a room's log does not replay.
    pub async fn mark_broken(&self, code: &RoomCode, reason: &str) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("update room set broken = $1 where room_code = $2")
            .bind(reason)
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks a room closed by the server's host; its link then says why.
    pub async fn mark_closed(&self, code: &RoomCode, reason: &str) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        let done = sqlx::query("update room set closed = $1 where room_code = $2")
            .bind(reason)
            .bind(&code.0)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        tx.commit().await?;
        Ok(())
    }
}
