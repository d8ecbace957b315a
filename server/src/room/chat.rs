//! Table talk: lines and reactions, cleaned and checked (mutes, pace, the
//! cap per match), stored with the match in play and sent to whoever hears
//! them; and the host's mutes.

use parlor_protocol::msg::{CHAT_GAP_MS, CHAT_MAX};
use parlor_protocol::{ChatLine, ErrorCode, MatchId, Reaction, Seat, ServerMsg, Viewer};
use tokio::time::{Duration, Instant};
use tracing::info;

use super::actor::text;
use super::refusal::Refusal;
use super::state::{require_host, Room, HOST};
use super::ConnId;
use crate::db::{now_ms, ChatTally, NewChat, CHAT_KEPT};

impl Room {
    /// A line of words from `conn`, cleaned to one line first.
    pub(super) async fn say_words(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        words: &str,
    ) -> Result<(), Refusal> {
        let text = clean_line(words)?;
        self.say(conn, viewer, text, None).await
    }

    /// A reaction from `conn`: a chat line without words.
    pub(super) async fn react(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        reaction: Reaction,
    ) -> Result<(), Refusal> {
        self.say(conn, viewer, String::new(), Some(reaction)).await
    }

    /// The chat lines kept that `viewer` hears (for its welcome).
    pub(super) fn chat_heard_by(&self, viewer: Viewer) -> Vec<ChatLine> {
        self.chat
            .iter()
            .filter(|l| hears(viewer, l.from))
            .cloned()
            .collect()
    }

    /// A chat line (words, or a reaction) from `conn`: checked, stored
    /// with the room's match, kept and sent to whoever hears it.
    async fn say(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        text: String,
        reaction: Option<Reaction>,
    ) -> Result<(), Refusal> {
        let silenced = match viewer {
            Viewer::Seat(s) => self.muted.contains(&s),
            Viewer::Spectator | Viewer::Revealed => self.rail_muted,
        };
        if silenced {
            return Err(Refusal::new(
                ErrorCode::Muted,
                "the host has muted you in chat",
            ));
        }
        let now = Instant::now();
        let Some(c) = self.conns.get(&conn) else {
            return Ok(());
        };
        if c.last_chat
            .is_some_and(|t| now - t < Duration::from_millis(CHAT_GAP_MS))
        {
            return Err(Refusal::new(
                ErrorCode::RateLimited,
                "one chat line at a time",
            ));
        }
        // Lines go with the match in play; once it is over they are the
        // room's, never part of the finished match's record.
        let period = self
            .live
            .as_ref()
            .filter(|m| m.game.result().is_none())
            .map(|m| m.id);
        let mut used = self.chat_room_for(period, text.len()).await?;
        if let Some(c) = self.conns.get_mut(&conn) {
            c.last_chat = Some(now);
        }
        let name = match viewer {
            Viewer::Seat(s) => self
                .seats
                .get(s.index())
                .map_or_else(|| format!("Seat {}", s.0 + 1), |seat| seat.name.clone()),
            Viewer::Spectator | Viewer::Revealed => "Spectator".into(),
        };
        let stored = NewChat {
            match_id: period,
            line: ChatLine {
                from: viewer,
                name,
                text,
                reaction,
                at: now_ms(),
            },
        };
        self.store.add_chat(&self.code, &stored).await?;
        used.lines += 1;
        used.bytes += stored.line.text.len() as u64;
        self.chat_used = Some((period, used));
        self.keep_and_send(stored.line);
        Ok(())
    }

    /// What `period` has said so far, if a line of `bytes` more still fits
    /// under the cap (read from the store at a period's first line).
    async fn chat_room_for(
        &mut self,
        period: Option<MatchId>,
        bytes: usize,
    ) -> Result<ChatTally, Refusal> {
        let used = match self.chat_used {
            Some((p, used)) if p == period => used,
            _ => self.store.chat_tally(&self.code, period).await?,
        };
        let cap = self.config.chat_cap;
        if used.lines >= u64::from(cap.lines) || used.bytes + bytes as u64 > cap.bytes {
            self.chat_used = Some((period, used));
            let why = if period.is_some() {
                "this match's table talk is full: nothing more can be said until it ends"
            } else {
                "this room's table talk is full until the next match"
            };
            return Err(Refusal::new(ErrorCode::ChatFull, why));
        }
        Ok(used)
    }

    /// Keeps a stored line for whoever connects next and sends it to every
    /// connection that hears its speaker.
    fn keep_and_send(&mut self, line: ChatLine) {
        if self.chat.len() == CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back(line.clone());
        let speaker = line.from;
        let msg = text(&ServerMsg::Chat { line });
        let ids: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| hears(c.viewer, speaker))
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            self.send_text(id, msg.clone());
        }
    }

    /// The host mutes or unmutes a player's chat, or the spectators'.
    pub(super) fn mute(
        &mut self,
        viewer: Viewer,
        seat: Option<Seat>,
        muted: bool,
    ) -> Result<(), Refusal> {
        require_host(viewer, "mute")?;
        match seat {
            None => self.rail_muted = muted,
            Some(s) if s == HOST || s.index() >= self.seats.len() => {
                return Err(Refusal::new(
                    ErrorCode::BadMessage,
                    format!("no other player in seat {}", s.0),
                ));
            }
            Some(s) => {
                self.muted.retain(|m| *m != s);
                if muted {
                    self.muted.push(s);
                    self.muted.sort_unstable();
                }
            }
        }
        info!(seat = ?seat, muted, "chat mute");
        self.broadcast_room();
        Ok(())
    }
}

/// One line, no control characters (they could fake line breaks or
/// reorder what others see), 1 to [`CHAT_MAX`] characters.
fn clean_line(words: &str) -> Result<String, Refusal> {
    let text: String = words
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .filter(|c| !matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
        .collect();
    let count = text.chars().count();
    if count == 0 || count > CHAT_MAX {
        return Err(Refusal::new(
            ErrorCode::BadMessage,
            format!("a chat line has 1 to {CHAT_MAX} characters"),
        ));
    }
    Ok(text)
}

/// Does `listener` hear chat from `speaker`? Players' lines reach everyone;
/// spectators talk among themselves, so nobody on the rail can coach a
/// player.
fn hears(listener: Viewer, speaker: Viewer) -> bool {
    matches!(speaker, Viewer::Seat(_)) || !matches!(listener, Viewer::Seat(_))
}
