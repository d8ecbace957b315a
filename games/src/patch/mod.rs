//! View patches: how one viewer's view changed between two versions, as a
//! [`ViewPatch`]: a merge patch where one says the change exactly and is no
//! longer, else the RFC 6902 subset of [`PatchOp`]. The merge patch is RFC
//! 7386 with one addition: an object merged into an array edits its items by
//! index (`{"dice": {"2": {"value": 5}}}`), so one die or one player's score
//! costs its own change rather than the whole array. The server
//! sends these instead of whole views; the web client applies them with one
//! generic function. The conformance harness checks, for every game and
//! every step, that each form applied to the old view gives exactly the new
//! one.

use parlor_protocol::{PatchOp, ViewPatch};
use serde_json::{Map, Value};

mod typed;
pub use typed::{merge_from, merge_within, Enveloped, Walked};

/// The patch that turns `before` into `after`: the merge patch when it is
/// exact and short (a client applies it with a shallow copy per object it
/// touches, no pointer walks), else whichever of it and the operations is
/// shorter.
pub fn diff(before: &Value, after: &Value) -> ViewPatch {
    match merge(before, after) {
        // Nearly every step's merge patch is this short, and operations,
        // with a pointer and an `op` each, are longer: walking both views a
        // second time to build them was the server's largest cost per move.
        Some(merge) if encoded_len(&merge) <= SHORT => ViewPatch::Merge(merge),
        Some(merge) => shorter(merge, before, after),
        None => ViewPatch::Ops(ops(before, after)),
    }
}

/// A long merge patch from `before` to `after`, or the operations, which
/// ever is shorter (the merge patch when they tie).
pub fn shorter(merge: Map<String, Value>, before: &Value, after: &Value) -> ViewPatch {
    let ops = ops(before, after);
    if encoded_len(&merge) <= encoded_len(&ops) {
        ViewPatch::Merge(merge)
    } else {
        ViewPatch::Ops(ops)
    }
}

/// Bytes under which a merge patch is sent without comparing it with the
/// operations.
pub const SHORT: usize = 256;

/// The RFC 6902 operations that turn `before` into `after`.
///
/// Hand-written rather than `json_patch::diff` for speed, measured: that
/// crate looked up every key of the old view's map and built every path
/// afresh, half of the server's CPU per move. Views of one type have the
/// same keys in the same order, so objects are walked pairwise (by lookup
/// only when their keys differ), arrays item by item (extra items removed
/// from the end, new ones appended), and one path buffer is reused.
pub fn ops(before: &Value, after: &Value) -> Vec<PatchOp> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_into(before, after, &mut path, &mut ops);
    ops
}

/// The RFC 7386 merge patch that turns `before` into `after`, if one says
/// it exactly: both are objects, and no member of an object the patch
/// merges is set to `null` (a merge patch's `null` removes the member).
/// Arrays that changed are sent whole.
pub fn merge(before: &Value, after: &Value) -> Option<Map<String, Value>> {
    let (Value::Object(a), Value::Object(b)) = (before, after) else {
        return None;
    };
    let mut out = Map::new();
    merge_into(a, b, &mut out).then_some(out)
}

fn merge_into(
    a: &Map<String, Value>,
    b: &Map<String, Value>,
    out: &mut Map<String, Value>,
) -> bool {
    for key in a.keys() {
        if !b.contains_key(key) {
            out.insert(key.clone(), Value::Null);
        }
    }
    for (key, vb) in b {
        let Some(va) = a.get(key) else {
            if !merges_as_is(vb) {
                return false;
            }
            out.insert(key.clone(), vb.clone());
            continue;
        };
        match member_patch(va, vb) {
            Some(Some(patch)) => {
                out.insert(key.clone(), patch);
            }
            Some(None) => {}
            None => return false,
        }
    }
    true
}

/// What a merge patch says for a member that was `a` and is now `b`:
/// nothing (`Some(None)`, unchanged), its patch, or `None` when no merge
/// patch can say it.
pub(crate) fn member_patch(a: &Value, b: &Value) -> Option<Option<Value>> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut inner = Map::new();
            merge_into(x, y, &mut inner).then_some(())?;
            Some((!inner.is_empty()).then_some(Value::Object(inner)))
        }
        (va, vb) if va == vb => Some(None),
        (Value::Array(x), Value::Array(y)) => Some(Some(array_patch(x, y))),
        // An array that became an object would read as item edits.
        (Value::Array(_), Value::Object(_)) => None,
        (_, vb) => merges_as_is(vb).then(|| Some(vb.clone())),
    }
}

/// A changed array: its changed items by index when it kept its length
/// and that is shorter, else the array whole.
fn array_patch(x: &[Value], y: &[Value]) -> Value {
    let whole = || Value::Array(y.to_vec());
    if x.len() != y.len() {
        return whole();
    }
    let mut items = Map::new();
    for (i, (va, vb)) in x.iter().zip(y).enumerate() {
        match item_patch(va, vb) {
            Some(Some(patch)) => {
                items.insert(i.to_string(), patch);
            }
            Some(None) => {}
            None => return whole(),
        }
    }
    let items = Value::Object(items);
    if encoded_len(&items) < encoded_len(&y) {
        items
    } else {
        whole()
    }
}

/// An item's edit. Unlike a member, an item cannot be removed, so one that
/// became `null` (or turned into an object from something else, which
/// would merge into nothing) is sent with its array whole (`None`).
pub(crate) fn item_patch(a: &Value, b: &Value) -> Option<Option<Value>> {
    match (a, b) {
        (_, Value::Null) if !a.is_null() => None,
        (Value::Object(_), Value::Object(_)) | (Value::Array(_), Value::Array(_)) => {
            member_patch(a, b)
        }
        (_, Value::Object(_)) => None,
        (va, vb) if va == vb => Some(None),
        (Value::Array(_), _) | (_, Value::Array(_)) => Some(Some(b.clone())),
        (_, vb) => Some(Some(vb.clone())),
    }
}

/// Does a merge patch that sets a member to `v` leave exactly `v` there? An
/// object is merged into nothing, which drops its `null` members; arrays
/// and scalars are taken as they are; `null` itself removes the member.
pub(crate) fn merges_as_is(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Object(m) => m.values().all(merges_as_is),
        _ => true,
    }
}

/// Bytes of `value` as compact JSON, counted without building the text.
pub fn encoded_len<T: serde::Serialize + ?Sized>(value: &T) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    match serde_json::to_writer(&mut count, value) {
        Ok(()) => count.0,
        Err(_) => usize::MAX,
    }
}

fn diff_into(a: &Value, b: &Value, path: &mut String, ops: &mut Vec<PatchOp>) {
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
    match patch {
        ViewPatch::Merge(merge) => match doc {
            // RFC 7386 applies to anything, so only an object is a view.
            Value::Object(target) => merge_apply(target, merge),
            _ => Err(PatchError("a merge patch needs an object".into())),
        },
        ViewPatch::Ops(ops) => {
            let ops: json_patch::Patch = serde_json::to_value(ops)
                .and_then(serde_json::from_value)
                .map_err(|e| PatchError(e.to_string()))?;
            json_patch::patch(doc, &ops).map_err(|e| PatchError(e.to_string()))
        }
    }
}

/// RFC 7386 into `target`, where an object merged into an array edits its
/// items by index.
fn merge_apply(
    target: &mut Map<String, Value>,
    patch: &Map<String, Value>,
) -> Result<(), PatchError> {
    for (key, value) in patch {
        if value.is_null() {
            target.remove(key);
            continue;
        }
        // Most members a patch names are there already: no key to build.
        match target.get_mut(key) {
            Some(slot) => merge_value(slot, value)?,
            None => merge_value(target.entry(key.clone()).or_insert(Value::Null), value)?,
        }
    }
    Ok(())
}

pub(crate) fn merge_value(slot: &mut Value, value: &Value) -> Result<(), PatchError> {
    match (slot, value) {
        (Value::Array(items), Value::Object(edits)) => {
            for (index, edit) in edits {
                let item = index
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get_mut(i))
                    .ok_or_else(|| PatchError(format!("no item {index} to edit")))?;
                if edit.is_null() {
                    return Err(PatchError(format!("item {index} set to nothing")));
                }
                merge_value(item, edit)?;
            }
            Ok(())
        }
        (Value::Object(inner), Value::Object(m)) => merge_apply(inner, m),
        (slot, Value::Object(m)) => {
            let mut inner = Map::new();
            merge_apply(&mut inner, m)?;
            *slot = Value::Object(inner);
            Ok(())
        }
        (slot, value) => {
            *slot = value.clone();
            Ok(())
        }
    }
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
        let (mut merges, mut inexact) = (0, 0);
        for i in 0..4_000 {
            let before = doc(&mut rng, 3);
            // Half the pairs are small edits of one object (views between
            // versions), half unrelated documents.
            let after = if i % 2 == 0 {
                let mut edited = json!({"a": before.clone(), "b": [1]});
                if let Some(m) = edited.as_object_mut() {
                    m.insert("a".into(), doc(&mut rng, 2));
                }
                edited
            } else {
                doc(&mut rng, 3)
            };
            let before = if i % 2 == 0 {
                json!({"a": before, "b": [1]})
            } else {
                before
            };
            let forms = [diff(&before, &after), ViewPatch::Ops(ops(&before, &after))];
            for patch in forms
                .iter()
                .chain(merge(&before, &after).map(ViewPatch::Merge).as_ref())
            {
                let mut d = before.clone();
                apply(&mut d, patch).unwrap();
                assert_eq!(d, after, "{before} -> {after} by {patch:?}");
            }
            match merge(&before, &after) {
                Some(_) => merges += 1,
                None if before.is_object() && after.is_object() => inexact += 1,
                None => {}
            }
        }
        assert!(
            merges > 500 && inexact > 100,
            "{merges} merges, {inexact} inexact"
        );
    }

    #[test]
    fn a_member_set_to_null_needs_operations() {
        let (before, after) = (json!({"a": 1, "b": 2}), json!({"a": null}));
        assert_eq!(merge(&before, &after), None);
        assert!(matches!(diff(&before, &after), ViewPatch::Ops(_)));
        // Removing a member and nulls inside arrays are fine.
        let after = json!({"a": [null]});
        let merged = merge(&before, &after).unwrap();
        assert_eq!(Value::Object(merged), json!({"a": [null], "b": null}));
    }

    #[test]
    fn the_shorter_exact_form_is_chosen() {
        // One die changes: the merge patch names it once, with no pointer.
        let before = json!({"view": {"dice": {"a": 1, "b": 2}, "round": 1}});
        let after = json!({"view": {"dice": {"a": 6, "b": 2}, "round": 1}});
        assert_eq!(
            diff(&before, &after),
            ViewPatch::Merge(serde_json::from_value(json!({"view": {"dice": {"a": 6}}})).unwrap())
        );
        // One item of a long array changes: the item alone, by index.
        let before = json!({"cards": (0..40).collect::<Vec<_>>()});
        let mut after = before.clone();
        after["cards"][3] = json!(99);
        assert_eq!(
            diff(&before, &after),
            ViewPatch::Merge(serde_json::from_value(json!({"cards": {"3": 99}})).unwrap())
        );
        // Every item of a short array changes: the array whole is shorter.
        let (before, after) = (json!({"d": [1, 2]}), json!({"d": [3, 4]}));
        assert_eq!(
            diff(&before, &after),
            ViewPatch::Merge(serde_json::from_value(json!({"d": [3, 4]})).unwrap())
        );
    }

    #[test]
    fn items_are_edited_by_index_where_a_merge_says_it_exactly() {
        let dice = |v: [Value; 3]| json!({"view": {"dice": v.iter().map(|v| json!({"kind": "blue", "value": v})).collect::<Vec<_>>(), "players": [{"dots": 2, "seat": 0}, {"dots": 2, "seat": 1}]}});
        let before = dice([json!(1), json!(2), json!(3)]);
        let mut after = dice([json!(1), json!(5), json!(3)]);
        after["view"]["players"][1]["dots"] = json!(4);
        let patch = diff(&before, &after);
        assert_eq!(
            serde_json::to_value(&patch).unwrap(),
            json!({"view": {"dice": {"1": {"value": 5}}, "players": {"1": {"dots": 4}}}})
        );
        // A die set back to nothing (`null` would remove the member): its
        // array goes whole, still as a merge.
        let reset = dice([Value::Null, json!(2), json!(3)]);
        let merged = Value::Object(merge(&before, &reset).unwrap());
        assert_eq!(merged["view"]["dice"], reset["view"]["dice"]);
        // Items that become null, objects out of scalars, nested arrays.
        let cases = [
            (json!({"a": [1, {"x": 1}, 3]}), json!({"a": [1, null, 3]})),
            (
                json!({"a": [1, 2, 3, 4]}),
                json!({"a": [1, {"k": 2}, 3, 4]}),
            ),
            (
                json!({"a": [[1, 2, 3, 4], [5]]}),
                json!({"a": [[1, 2, 9, 4], [5]]}),
            ),
            (json!({"a": [[1], 2]}), json!({"a": [{"b": 1}, 2]})),
            (json!({"a": [1, 2]}), json!({"a": {"0": 1}})),
        ];
        for (before, after) in cases {
            for patch in [diff(&before, &after)]
                .iter()
                .chain(merge(&before, &after).map(ViewPatch::Merge).as_ref())
            {
                let mut doc = before.clone();
                apply(&mut doc, patch).unwrap();
                assert_eq!(doc, after, "{before} -> {after} by {patch:?}");
            }
        }
        // An array that became an object needs operations.
        assert_eq!(merge(&json!({"a": [1]}), &json!({"a": {"0": 1}})), None);
        // An edit for an item that is not there is refused.
        let mut doc = json!({"a": [1]});
        let bad = ViewPatch::Merge(serde_json::from_value(json!({"a": {"1": 2}})).unwrap());
        assert!(apply(&mut doc, &bad).is_err());
        let bad = ViewPatch::Merge(serde_json::from_value(json!({"a": {"x": 2}})).unwrap());
        assert!(apply(&mut doc, &bad).is_err());
    }

    #[test]
    fn equal_views_give_an_empty_patch() {
        let v = json!({"hand": [1, 2], "score": 3});
        assert!(diff(&v, &v).is_empty());
    }

    #[test]
    fn a_patch_for_another_view_is_refused() {
        let patch = ViewPatch::Ops(ops(&json!({"a": [1]}), &json!({"a": []})));
        let mut other = json!({"b": 1});
        assert!(apply(&mut other, &patch).is_err());
        // A merge patch fits any object (the version it follows is what the
        // client checks), but not a view that is not one.
        let patch = ViewPatch::Merge(Map::new());
        assert!(apply(&mut json!([1]), &patch).is_err());
    }
}
