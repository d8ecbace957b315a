//! The client's fast path for the two messages that make up nearly all
//! traffic, `update` and `ack`: read as plain structs (the step views, which
//! the view's patch already covers, are skipped unparsed), and the patch
//! applied straight to the JSON view. Every other message goes through
//! `ServerMsg`. `parlor_games::patch::apply` gives the same result (tested
//! below) but converts the patch twice, which costs a one-core load
//! generator more than the server's work per update.

use parlor_protocol::ToAct;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

/// An `update`, without its step views.
#[derive(Debug, Deserialize)]
pub struct Update {
    /// Version after the steps.
    pub version: u64,
    /// Who acts next.
    pub to_act: ToAct,
    /// The change to the view.
    pub patch: Patch,
    #[serde(default, rename = "steps")]
    _steps: IgnoredAny,
}

/// An `ack`.
#[derive(Debug, Deserialize)]
pub struct Ack {
    /// Echo of the action's `client_seq`.
    pub client_seq: u32,
    /// Version after the action.
    pub version: u64,
}

/// A view's change: an RFC 7386 merge patch (an object) or RFC 6902
/// operations (an array).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Patch {
    /// Merged into the view.
    Merge(serde_json::Map<String, Value>),
    /// Applied in order.
    Ops(Vec<Op>),
}

/// One patch operation (RFC 6902 subset: add, remove, replace).
#[derive(Debug, Deserialize)]
pub struct Op {
    op: Kind,
    path: String,
    #[serde(default)]
    value: Value,
}

#[derive(Debug, Deserialize, PartialEq, Eq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Add,
    Remove,
    Replace,
}

/// A message read on the fast path.
#[derive(Debug)]
pub enum Fast {
    /// An update.
    Update(Update),
    /// An ack.
    Ack(Ack),
}

/// Reads `update` and `ack` frames (the server writes the `type` tag
/// first); `None` for anything else.
pub fn read(text: &str) -> Option<Result<Fast, serde_json::Error>> {
    if text.starts_with(r#"{"type":"update","#) {
        Some(serde_json::from_str(text).map(Fast::Update))
    } else if text.starts_with(r#"{"type":"ack","#) {
        Some(serde_json::from_str(text).map(Fast::Ack))
    } else {
        None
    }
}

/// Applies `patch` to `doc` in place; on an error `doc` may be half
/// patched (the connection is then given up).
pub fn apply(doc: &mut Value, patch: Patch) -> Result<(), String> {
    match patch {
        Patch::Merge(m) => match doc {
            Value::Object(target) => merge(target, m),
            _ => Err("a merge patch for a view that is not an object".into()),
        },
        Patch::Ops(ops) => {
            for op in ops {
                apply_one(doc, op)?;
            }
            Ok(())
        }
    }
}

/// RFC 7386 on an object: `null` removes, objects merge, the rest replaces;
/// an object merged into an array edits its items by index.
fn merge(
    target: &mut serde_json::Map<String, Value>,
    patch: serde_json::Map<String, Value>,
) -> Result<(), String> {
    for (key, value) in patch {
        if value.is_null() {
            target.remove(&key);
        } else {
            merge_value(target.entry(key).or_insert(Value::Null), value)?;
        }
    }
    Ok(())
}

fn merge_value(slot: &mut Value, value: Value) -> Result<(), String> {
    match (slot, value) {
        (Value::Array(items), Value::Object(edits)) => {
            for (index, edit) in edits {
                let item = index
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get_mut(i))
                    .filter(|_| !edit.is_null())
                    .ok_or_else(|| format!("no item {index} to edit"))?;
                merge_value(item, edit)?;
            }
            Ok(())
        }
        (Value::Object(t), Value::Object(inner)) => merge(t, inner),
        (slot, Value::Object(inner)) => {
            let mut t = serde_json::Map::new();
            merge(&mut t, inner)?;
            *slot = Value::Object(t);
            Ok(())
        }
        (slot, value) => {
            *slot = value;
            Ok(())
        }
    }
}

fn apply_one(doc: &mut Value, op: Op) -> Result<(), String> {
    if op.path.is_empty() {
        return match op.op {
            Kind::Remove => Err("cannot remove the whole document".into()),
            _ => {
                *doc = op.value;
                Ok(())
            }
        };
    }
    let Some(rest) = op.path.strip_prefix('/') else {
        return Err(format!("bad pointer {}", op.path));
    };
    let mut tokens: Vec<String> = rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let last = tokens.pop().unwrap_or_default();
    let mut parent = doc;
    for t in &tokens {
        parent = match parent {
            Value::Object(m) => m.get_mut(t.as_str()),
            Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
            _ => None,
        }
        .ok_or_else(|| format!("no {} in the view", op.path))?;
    }
    match (parent, op.op) {
        (Value::Object(m), Kind::Add | Kind::Replace) => {
            if op.op == Kind::Replace && !m.contains_key(&last) {
                return Err(format!("nothing to replace at {}", op.path));
            }
            m.insert(last, op.value);
        }
        (Value::Object(m), Kind::Remove) => {
            m.remove(&last)
                .ok_or_else(|| format!("nothing to remove at {}", op.path))?;
        }
        (Value::Array(a), kind) => {
            let i = if last == "-" && kind == Kind::Add {
                a.len()
            } else {
                last.parse::<usize>()
                    .map_err(|_| format!("bad index in {}", op.path))?
            };
            match kind {
                Kind::Add if i <= a.len() => a.insert(i, op.value),
                Kind::Remove if i < a.len() => {
                    a.remove(i);
                }
                Kind::Replace if i < a.len() => a[i] = op.value,
                _ => return Err(format!("index out of range in {}", op.path)),
            }
        }
        _ => return Err(format!("{} is not in a container", op.path)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use parlor_games::AnyGame;
    use parlor_protocol::{GameOptions, Seat, ServerMsg, Viewer};
    use serde_json::json;

    fn lean(patch: &parlor_protocol::ViewPatch) -> Patch {
        serde_json::from_value(serde_json::to_value(patch).unwrap()).unwrap()
    }

    #[test]
    fn same_as_the_library_on_small_cases() {
        let cases = [
            (
                json!({"a": 1, "b": [1, 2, 3]}),
                json!({"a": 2, "b": [1, 3]}),
            ),
            (json!({"a": null}), json!({"a": {"x": "~/"}})),
            (json!([1, 2]), json!({"k": [1, 2]})),
            (
                json!({"a/b": 1, "c~d": [null]}),
                json!({"c~d": [null, null]}),
            ),
            (json!({"x": [1]}), json!({"x": [1, 2, 3, 4]})),
        ];
        for (before, after) in cases {
            let patch = parlor_games::patch::diff(&before, &after);
            let mut doc = before.clone();
            apply(&mut doc, lean(&patch)).unwrap();
            assert_eq!(doc, after, "patch {patch:?}");
        }
    }

    #[test]
    fn same_as_the_library_over_whole_matches() {
        use rand::{Rng, SeedableRng};
        for kind in parlor_tests::players::PLAYABLE {
            let mut rng = rand::rngs::StdRng::seed_from_u64(5);
            let options = GameOptions::default_for(*kind).unwrap();
            let (min, max) = kind.players();
            let mut game = AnyGame::new(&options, 4.clamp(min, max)).unwrap();
            let me = Viewer::Seat(Seat(1));
            let mut view = serde_json::to_value(game.view(me)).unwrap();
            let mut steps = 0;
            for _ in 0..2_000 {
                steps += 1;
                let step = match game.to_act() {
                    ToAct::Finished => break,
                    ToAct::Chance => game.sample_chance(&mut rng).unwrap(),
                    ToAct::Seats { seats } => {
                        let seat = seats[rng.random_range(0..seats.len())];
                        let legal = game.legal_actions(seat);
                        let action = &legal[rng.random_range(0..legal.len())];
                        game.action_step(seat, action).unwrap()
                    }
                };
                game.apply(&step).unwrap();
                let after = serde_json::to_value(game.view(me)).unwrap();
                let patch = parlor_games::patch::diff(&view, &after);
                let mut by_lib = view.clone();
                parlor_games::patch::apply(&mut by_lib, &patch).unwrap();
                // Round trip through the wire, as the client reads it.
                let text = serde_json::to_string(&ServerMsg::Update {
                    version: 1,
                    steps: Vec::new(),
                    to_act: game.to_act(),
                    patch,
                    deadline: None,
                    timed_out: None,
                    take_back: None,
                })
                .unwrap();
                let Some(Ok(Fast::Update(u))) = read(&text) else {
                    panic!("not read: {text}");
                };
                apply(&mut view, u.patch).unwrap();
                assert_eq!(view, after);
                assert_eq!(by_lib, after);
            }
            eprintln!("{}: {steps} steps", kind.slug());
            assert!(steps > 20, "{}: only {steps} steps", kind.slug());
        }
    }

    #[test]
    fn acks_and_others() {
        let ack = serde_json::to_string(&ServerMsg::Ack {
            client_seq: 3,
            version: 9,
        })
        .unwrap();
        assert!(matches!(
            read(&ack),
            Some(Ok(Fast::Ack(Ack {
                client_seq: 3,
                version: 9
            })))
        ));
        let pong = serde_json::to_string(&ServerMsg::Pong).unwrap();
        assert!(read(&pong).is_none());
        let mut doc = json!({"a": [1]});
        let ops =
            parlor_protocol::ViewPatch::Ops(parlor_games::patch::ops(&json!({"b": 1}), &json!({})));
        assert!(apply(&mut doc, lean(&ops)).is_err());
        assert!(apply(&mut json!([1]), lean(&Default::default())).is_err());
    }
}
