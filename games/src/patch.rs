//! View patches: how one viewer's view changed between two versions, as the
//! RFC 6902 subset of [`parlor_protocol::PatchOp`]. The server sends these
//! instead of whole views; the web client applies them with one generic
//! function. The conformance harness checks, for every game and every step,
//! that applying the patch to the old view gives exactly the new one.

use parlor_protocol::{PatchOp, ViewPatch};
use serde_json::Value;

/// The patch that turns `before` into `after`.
///
/// Hand-written rather than `json_patch::diff` for speed, measured: that
/// crate looked up every key of the old view's map and built every path
/// afresh, half of the server's CPU per move. Views of one type have the
/// same keys in the same order, so objects are walked pairwise (by lookup
/// only when their keys differ), arrays item by item (extra items removed
/// from the end, new ones appended), and one path buffer is reused.
pub fn diff(before: &Value, after: &Value) -> ViewPatch {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_into(before, after, &mut path, &mut ops);
    ops
}

fn diff_into(a: &Value, b: &Value, path: &mut String, ops: &mut ViewPatch) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let same_keys = x.len() == y.len() && x.keys().zip(y.keys()).all(|(k, l)| k == l);
            if same_keys {
                for ((key, va), vb) in x.iter().zip(y.values()) {
                    let len = push_key(path, key);
                    diff_into(va, vb, path, ops);
                    path.truncate(len);
                }
                return;
            }
            for (key, va) in x {
                let len = push_key(path, key);
                match y.get(key) {
                    Some(vb) => diff_into(va, vb, path, ops),
                    None => ops.push(PatchOp::Remove { path: path.clone() }),
                }
                path.truncate(len);
            }
            for (key, vb) in y {
                if !x.contains_key(key) {
                    let len = push_key(path, key);
                    ops.push(PatchOp::Add {
                        path: path.clone(),
                        value: vb.clone(),
                    });
                    path.truncate(len);
                }
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            let common = x.len().min(y.len());
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                let len = push_index(path, i);
                diff_into(va, vb, path, ops);
                path.truncate(len);
            }
            // From the end backwards, so each index is still where it was.
            for i in (common..x.len()).rev() {
                let len = push_index(path, i);
                ops.push(PatchOp::Remove { path: path.clone() });
                path.truncate(len);
            }
            for (i, vb) in y.iter().enumerate().skip(common) {
                let len = push_index(path, i);
                ops.push(PatchOp::Add {
                    path: path.clone(),
                    value: vb.clone(),
                });
                path.truncate(len);
            }
        }
        _ => {
            if a != b {
                ops.push(PatchOp::Replace {
                    path: path.clone(),
                    value: b.clone(),
                });
            }
        }
    }
}

/// Appends `/key` (escaped per RFC 6901); returns the length to truncate to.
fn push_key(path: &mut String, key: &str) -> usize {
    let len = path.len();
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
    len
}

/// Appends `/index`; returns the length to truncate to.
fn push_index(path: &mut String, index: usize) -> usize {
    use std::fmt::Write;
    let len = path.len();
    let _ = write!(path, "/{index}");
    len
}

/// Why a patch did not apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("patch does not apply: {0}")]
pub struct PatchError(String);

/// Applies `patch` to `doc` in place (tests and tools; the browser has its
/// own copy in `web-client/src/lib/patch.ts`).
pub fn apply(doc: &mut Value, patch: &ViewPatch) -> Result<(), PatchError> {
    let ops: json_patch::Patch = serde_json::to_value(patch)
        .and_then(serde_json::from_value)
        .map_err(|e| PatchError(e.to_string()))?;
    json_patch::patch(doc, &ops).map_err(|e| PatchError(e.to_string()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn diff_then_apply_round_trips() {
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
        ];
        for (before, after) in cases {
            let patch = diff(&before, &after);
            let mut doc = before.clone();
            apply(&mut doc, &patch).unwrap();
            assert_eq!(doc, after, "patch {patch:?}");
        }
    }

    /// Random documents and random edits: diff then apply gives the edit.
    #[test]
    fn random_edits_round_trip() {
        use rand::{Rng, SeedableRng};
        fn doc(rng: &mut rand_chacha::ChaCha8Rng, depth: u32) -> Value {
            match rng.random_range(0..if depth == 0 { 3 } else { 5 }) {
                0 => Value::Null,
                1 => json!(rng.random_range(0..4)),
                2 => json!(["a", "b/c", "~"][rng.random_range(0..3)]),
                3 => Value::Array(
                    (0..rng.random_range(0..4))
                        .map(|_| doc(rng, depth - 1))
                        .collect(),
                ),
                _ => Value::Object(
                    (0..rng.random_range(0..4))
                        .map(|_| {
                            (
                                ["k", "l/m", "n~o", ""][rng.random_range(0..4)].to_owned(),
                                doc(rng, depth - 1),
                            )
                        })
                        .collect(),
                ),
            }
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..2_000 {
            let (before, after) = (doc(&mut rng, 3), doc(&mut rng, 3));
            let patch = diff(&before, &after);
            let mut d = before.clone();
            apply(&mut d, &patch).unwrap();
            assert_eq!(d, after, "{before} -> {after} by {patch:?}");
        }
    }

    #[test]
    fn equal_views_give_an_empty_patch() {
        let v = json!({"hand": [1, 2], "score": 3});
        assert!(diff(&v, &v).is_empty());
    }

    #[test]
    fn a_patch_for_another_view_is_refused() {
        let patch = diff(&json!({"a": [1]}), &json!({"a": []}));
        let mut other = json!({"b": 1});
        assert!(apply(&mut other, &patch).is_err());
    }
}
