//! View patches: how one viewer's view changed between two versions, as the
//! RFC 6902 subset of [`parlor_protocol::PatchOp`]. The server sends these
//! instead of whole views; the web client applies them with one generic
//! function. The conformance harness checks, for every game and every step,
//! that applying the patch to the old view gives exactly the new one.

use parlor_protocol::{PatchOp, ViewPatch};
use serde_json::Value;

/// The patch that turns `before` into `after`.
pub fn diff(before: &Value, after: &Value) -> ViewPatch {
    let ops = json_patch::diff(before, after);
    // A diff only ever adds, removes and replaces; should the crate ever emit
    // another op, replacing the whole view is still a correct patch.
    serde_json::to_value(&ops)
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_else(|| {
            vec![PatchOp::Replace {
                path: String::new(),
                value: after.clone(),
            }]
        })
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
