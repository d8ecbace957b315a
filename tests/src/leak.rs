//! The leak scan's pieces, shared by the leak suite (`tests/suite/leak.rs`)
//! and the chaos run (relayed sockets, rooms that moved): what a received
//! frame names, at the version each part of it speaks of, checked against
//! what the viewer may not know then (the game's [`GamePlayer::secrets`]
//! on the server's truth).

use std::collections::BTreeSet;

use parlor_protocol::{MatchId, Viewer};
use serde_json::Value;

use crate::players::GamePlayer;

/// The parts of a frame held at version `v`, each with the version it
/// speaks of: an update's steps each at their own (a step may name what
/// was public then but is hidden again by the frame's last version: a tile
/// placed in the step that ended a round can be back in the bag after the
/// next deal), the rest (the patch, a snapshot) at `v`.
pub fn frame_parts(json: &Value, v: u64) -> Vec<(u64, Value)> {
    let mut parts = Vec::new();
    let mut rest = json.clone();
    // A list of steps, or one game's batch of them (`{"game", "steps"}`).
    let steps = match rest.as_object_mut().and_then(|m| m.remove("steps")) {
        Some(Value::Array(steps)) => Some(steps),
        Some(Value::Object(mut batch)) => match batch.remove("steps") {
            Some(Value::Array(steps)) => Some(steps),
            _ => None,
        },
        _ => None,
    };
    // Runs of one kind (a table of steps) spelled out, so each step is
    // scanned whole at its own version.
    let steps = steps.map(|s| parlor_protocol::game::step_views::unrun(s.clone()).unwrap_or(s));
    if let Some(steps) = steps {
        let n = steps.len() as u64;
        for (i, step) in steps.into_iter().enumerate() {
            parts.push((v.saturating_sub(n) + i as u64 + 1, step));
        }
    }
    parts.push((v, rest));
    parts
}

/// What one frame named: the items of each part, with the match and the
/// version they speak of (only parts that name something).
#[derive(Debug, Clone)]
pub struct Named {
    pub viewer: Viewer,
    pub match_id: MatchId,
    pub at: u64,
    pub items: BTreeSet<String>,
}

/// The items each part of a frame `text` names (held at `at`, if a match
/// was held). `Err` with the items when a frame outside any match names
/// something: nothing of a match can be known before it.
pub fn named(
    p: &GamePlayer,
    viewer: Viewer,
    text: &str,
    at: Option<(MatchId, u64)>,
) -> Result<Vec<Named>, BTreeSet<String>> {
    let Ok(json) = serde_json::from_str::<Value>(text) else {
        return Ok(Vec::new());
    };
    let Some((match_id, v)) = at else {
        let items = (p.mentions)(&json);
        return if items.is_empty() {
            Ok(Vec::new())
        } else {
            Err(items)
        };
    };
    Ok(frame_parts(&json, v)
        .into_iter()
        .filter_map(|(at, part)| {
            let items = (p.mentions)(&part);
            (!items.is_empty()).then_some(Named {
                viewer,
                match_id,
                at,
                items,
            })
        })
        .collect())
}
