//! The merge patch of a view computed from the typed view itself, against
//! the JSON of the viewer's previous view: the server's path at every step.
//!
//! Building each viewer's new view as a JSON tree and diffing it with the
//! old one allocated every key and value of every view at every step (the
//! allocator and those walks were a fifth of the server's CPU per move).
//! This walks the typed view as `serde` serializes it, side by side with
//! the old JSON, builds JSON only for what changed, and gives up (the
//! caller then takes the generic [`super::diff`]) wherever that diff would
//! not answer with a short merge patch: a member set to `null`, an item
//! that cannot be edited in place, a long patch. The conformance sessions
//! check, for every game and every step, that what it answers is exactly
//! what the generic diff answers.

use serde::ser::{self, Serialize};
use serde_json::{Map, Value};

use super::{encoded_len, item_patch, member_patch, merges_as_is, SHORT};

/// What the typed walk found for a view's change.
#[derive(Debug, Clone, PartialEq)]
pub enum Walked {
    /// The merge patch the generic [`super::diff`] sends, exactly.
    Merge(Map<String, Value>),
    /// No merge patch says this change (a member set to `null`, say): the
    /// generic diff sends the operations ([`super::ops`]).
    Ops,
    /// The merge patch, longer than the generic diff sends without
    /// comparing it with the operations ([`super::shorter`] does).
    Long(Map<String, Value>),
    /// Not found here (a shape the walk does not follow): the caller diffs
    /// the JSON.
    Diff,
}

/// Walks `after` as it serializes, side by side with `before` (the JSON of
/// the viewer's previous view): see [`Walked`].
pub fn merge_from<T: Serialize + ?Sized>(before: &Value, after: &T) -> Walked {
    walk(before, after, Only::All)
}

/// [`merge_from`] for a change known to lie within `members` of the
/// object at member `at` (a game's view inside its tagged `AnyView`, say):
/// the other members are taken as they were, without walking them. The
/// answer is [`merge_from`]'s whenever the change does lie there, which
/// the conformance sessions check for every game at every step
/// (`Game::view_changes`).
pub fn merge_within<T: Serialize + ?Sized>(
    before: &Value,
    after: &T,
    at: &str,
    members: &[&str],
) -> Walked {
    walk(before, after, Only::Within(at, members))
}

/// A game's view in the shape of its `AnyView` (the game's tag, then the
/// view at [`parlor_protocol::game::VIEW_MEMBER`]), for walking a view
/// generically as the server walks it ([`merge_within`]).
#[derive(serde::Serialize)]
pub struct Enveloped<'a, V> {
    /// The tag (any text: both sides of a walk carry the same).
    pub game: &'static str,
    /// The game's view.
    pub view: &'a V,
}

fn walk<T: Serialize + ?Sized>(before: &Value, after: &T, only: Only<'_>) -> Walked {
    let Value::Object(_) = before else {
        return Walked::Diff;
    };
    let root = Cmp {
        before: Some(before),
        item: false,
        only,
    };
    let patch = match after.serialize(root) {
        Ok(Change::Same) => Map::new(),
        Ok(Change::Patch(Value::Object(m))) => m,
        Ok(Change::Patch(_)) | Err(GiveUp::Other) => return Walked::Diff,
        Err(GiveUp::NoMerge) => return Walked::Ops,
    };
    if encoded_len(&patch) <= SHORT {
        Walked::Merge(patch)
    } else {
        Walked::Long(patch)
    }
}

/// Why the typed walk stopped.
#[derive(Debug)]
enum GiveUp {
    /// The generic merge patch would fail here too.
    NoMerge,
    /// Anything else: the generic diff decides.
    Other,
}

impl std::fmt::Display for GiveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not said by a merge patch here")
    }
}

impl std::error::Error for GiveUp {}

impl ser::Error for GiveUp {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        GiveUp::Other
    }
}

impl From<serde_json::Error> for GiveUp {
    fn from(_: serde_json::Error) -> Self {
        GiveUp::Other
    }
}

/// What a member or an item became.
enum Change {
    /// Nothing changed.
    Same,
    /// What the merge patch says for it.
    Patch(Value),
}

/// Compares one value being serialized with what it was (`None`: a member
/// that was absent). `item`: an array's item, whose rules differ from a
/// member's (see [`item_patch`]).
#[derive(Clone, Copy)]
struct Cmp<'a> {
    before: Option<&'a Value>,
    item: bool,
    only: Only<'a>,
}

/// Which members of the struct being compared may have changed.
#[derive(Clone, Copy)]
enum Only<'a> {
    /// Any.
    All,
    /// These; the others are as they were.
    Members(&'a [&'a str]),
    /// Any, but within member `.0` only its members `.1`.
    Within(&'a str, &'a [&'a str]),
}

impl<'a> Cmp<'a> {
    /// The rules of the generic diff, for a new value built whole.
    fn settle(self, after: Value) -> Result<Change, GiveUp> {
        let said = match self.before {
            None => merges_as_is(&after).then_some(Some(after)),
            Some(before) if self.item => item_patch(before, &after),
            Some(before) => member_patch(before, &after),
        };
        match said {
            Some(None) => Ok(Change::Same),
            Some(Some(patch)) => Ok(Change::Patch(patch)),
            None => Err(GiveUp::NoMerge),
        }
    }
}

use serde_json::value::Serializer as Json;

macro_rules! scalars {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(fn $method(self, v: $ty) -> Result<Change, GiveUp> {
            self.settle(Json.$method(v)?)
        })*
    };
}

impl<'a> ser::Serializer for Cmp<'a> {
    type Ok = Change;
    type Error = GiveUp;
    type SerializeSeq = Seq<'a>;
    type SerializeTuple = Seq<'a>;
    type SerializeTupleStruct = Seq<'a>;
    type SerializeTupleVariant = Whole<'a, <Json as ser::Serializer>::SerializeTupleVariant>;
    type SerializeMap = Whole<'a, <Json as ser::Serializer>::SerializeMap>;
    type SerializeStruct = Struct<'a>;
    type SerializeStructVariant = Whole<'a, <Json as ser::Serializer>::SerializeStructVariant>;

    scalars!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_i128(i128),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_u128(u128),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_bytes(&[u8]),
    );

    fn serialize_str(self, v: &str) -> Result<Change, GiveUp> {
        // The common case, a text that stayed, without building it.
        match self.before {
            Some(Value::String(s)) if s == v => Ok(Change::Same),
            _ => self.settle(Value::String(v.to_owned())),
        }
    }

    fn serialize_none(self) -> Result<Change, GiveUp> {
        self.settle(Value::Null)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Change, GiveUp> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<Change, GiveUp> {
        self.settle(Value::Null)
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<Change, GiveUp> {
        self.settle(Value::Null)
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Change, GiveUp> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Change, GiveUp> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Change, GiveUp> {
        self.settle(Json.serialize_newtype_variant(name, index, variant, value)?)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'a>, GiveUp> {
        match (self.before, len) {
            (Some(Value::Array(x)), Some(len)) if x.len() == len => Ok(Seq::Edit {
                cmp: self,
                x,
                at: 0,
                items: Map::new(),
                changed: Vec::new(),
                changed_len: 0,
            }),
            _ => Ok(Seq::Whole {
                cmp: self,
                items: Vec::with_capacity(len.unwrap_or(0)),
            }),
        }
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'a>, GiveUp> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'a>, GiveUp> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, GiveUp> {
        Ok(Whole {
            cmp: self,
            inner: Json.serialize_tuple_variant(name, index, variant, len)?,
        })
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, GiveUp> {
        Ok(Whole {
            cmp: self,
            inner: Json.serialize_map(len)?,
        })
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Struct<'a>, GiveUp> {
        match self.before {
            Some(Value::Object(a)) => Ok(Struct::Edit {
                a,
                out: Map::new(),
                seen: [""; MEMBERS],
                n: 0,
                found: 0,
                only: self.only,
            }),
            _ => Ok(Struct::Whole {
                cmp: self,
                inner: Json.serialize_struct(name, len)?,
            }),
        }
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, GiveUp> {
        Ok(Whole {
            cmp: self,
            inner: Json.serialize_struct_variant(name, index, variant, len)?,
        })
    }
}

/// Members of a struct remembered to find those that were removed.
const MEMBERS: usize = 24;

/// A struct: member by member against the object it was, or built whole.
// On the stack for one struct's walk: boxing the member list would cost an
// allocation per struct, which is what this module saves.
#[allow(clippy::large_enum_variant)]
enum Struct<'a> {
    /// Against `a`: the merge patch so far, the members seen (the first
    /// [`MEMBERS`]), how many, and how many of them `a` had.
    Edit {
        a: &'a Map<String, Value>,
        out: Map<String, Value>,
        seen: [&'static str; MEMBERS],
        n: usize,
        found: usize,
        only: Only<'a>,
    },
    /// It was no object: built whole, then settled.
    Whole {
        cmp: Cmp<'a>,
        inner: <Json as ser::Serializer>::SerializeStruct,
    },
}

impl ser::SerializeStruct for Struct<'_> {
    type Ok = Change;
    type Error = GiveUp;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), GiveUp> {
        match self {
            Struct::Edit {
                a,
                out,
                seen,
                n,
                found,
                only,
            } => {
                let before = a.get(key);
                *found += usize::from(before.is_some());
                if let Some(slot) = seen.get_mut(*n) {
                    *slot = key;
                }
                *n += 1;
                let inner = match *only {
                    Only::Members(members) if !members.contains(&key) => return Ok(()),
                    Only::Within(at, members) if at == key => Only::Members(members),
                    _ => Only::All,
                };
                let cmp = Cmp {
                    before,
                    item: false,
                    only: inner,
                };
                if let Change::Patch(p) = value.serialize(cmp)? {
                    out.insert(key.to_owned(), p);
                }
                Ok(())
            }
            Struct::Whole { inner, .. } => Ok(inner.serialize_field(key, value)?),
        }
    }

    fn end(self) -> Result<Change, GiveUp> {
        match self {
            Struct::Edit {
                a,
                mut out,
                seen,
                n,
                found,
                ..
            } => {
                if found < a.len() {
                    // Members that were and are no more are removed.
                    if n > MEMBERS {
                        return Err(GiveUp::Other);
                    }
                    for key in a.keys() {
                        if !seen[..n].contains(&key.as_str()) {
                            out.insert(key.clone(), Value::Null);
                        }
                    }
                }
                Ok(if out.is_empty() {
                    Change::Same
                } else {
                    Change::Patch(Value::Object(out))
                })
            }
            Struct::Whole { cmp, inner } => cmp.settle(ser::SerializeStruct::end(inner)?),
        }
    }
}

/// An array: item by item against the array it was when it kept its
/// length, or built whole.
enum Seq<'a> {
    /// Against `x`: the next index, the item edits so far, which items
    /// changed, and the bytes the changed items take.
    Edit {
        cmp: Cmp<'a>,
        x: &'a [Value],
        at: usize,
        items: Map<String, Value>,
        changed: Vec<bool>,
        changed_len: usize,
    },
    /// Of another length, no array before, or with an item no edit can
    /// say: built whole, then settled.
    Whole { cmp: Cmp<'a>, items: Vec<Value> },
}

impl Seq<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), GiveUp> {
        match self {
            Seq::Edit {
                cmp,
                x,
                at,
                items,
                changed,
                changed_len,
            } => {
                let i = *at;
                *at += 1;
                let before = x.get(i).ok_or(GiveUp::Other)?;
                let item = Cmp {
                    before: Some(before),
                    item: true,
                    only: Only::All,
                };
                match value.serialize(item) {
                    Ok(Change::Same) => {}
                    Ok(Change::Patch(p)) => {
                        items.insert(i.to_string(), p);
                        changed.resize(x.len(), false);
                        changed[i] = true;
                        *changed_len += encoded_len(value);
                    }
                    // An item no edit can say: the array goes whole, as
                    // the generic diff sends it.
                    Err(_) => {
                        let mut whole = Vec::with_capacity(x.len());
                        for (j, v) in x[..i].iter().enumerate() {
                            let mut v = v.clone();
                            if let Some(edit) = items.get(&j.to_string()) {
                                super::merge_value(&mut v, edit).map_err(|_| GiveUp::Other)?;
                            }
                            whole.push(v);
                        }
                        whole.push(serde_json::to_value(value)?);
                        *self = Seq::Whole {
                            cmp: *cmp,
                            items: whole,
                        };
                    }
                }
                Ok(())
            }
            Seq::Whole { items, .. } => {
                items.push(serde_json::to_value(value)?);
                Ok(())
            }
        }
    }

    /// The rules of [`super::array_patch`]: the item edits when they are
    /// shorter than the array, else the array whole.
    fn finish(self) -> Result<Change, GiveUp> {
        match self {
            Seq::Edit {
                x,
                at,
                items,
                changed,
                changed_len,
                ..
            } => {
                if at != x.len() {
                    return Err(GiveUp::Other);
                }
                if items.is_empty() {
                    return Ok(Change::Same);
                }
                let kept: usize = x
                    .iter()
                    .zip(&changed)
                    .filter(|(_, &c)| !c)
                    .map(|(v, _)| encoded_len(v))
                    .sum();
                let whole = 2 + x.len().saturating_sub(1) + kept + changed_len;
                let edits = Value::Object(items);
                if encoded_len(&edits) < whole {
                    return Ok(Change::Patch(edits));
                }
                let Value::Object(items) = edits else {
                    return Err(GiveUp::Other);
                };
                let mut y = x.to_vec();
                for (index, edit) in &items {
                    let item = index
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| y.get_mut(i))
                        .ok_or(GiveUp::Other)?;
                    super::merge_value(item, edit).map_err(|_| GiveUp::Other)?;
                }
                Ok(Change::Patch(Value::Array(y)))
            }
            Seq::Whole { cmp, items } => cmp.settle(Value::Array(items)),
        }
    }
}

/// Arrays, tuples and tuple structs all go item by item.
macro_rules! seq_impl {
    ($($trait:ident::$method:ident),*) => {
        $(impl ser::$trait for Seq<'_> {
            type Ok = Change;
            type Error = GiveUp;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), GiveUp> {
                self.element(value)
            }
            fn end(self) -> Result<Change, GiveUp> {
                self.finish()
            }
        })*
    };
}

seq_impl!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

/// Shapes views rarely have (maps, enum variants with data): built whole
/// with `serde_json`, then settled.
struct Whole<'a, S> {
    cmp: Cmp<'a>,
    inner: S,
}

impl<S> ser::SerializeTupleVariant for Whole<'_, S>
where
    S: ser::SerializeTupleVariant<Ok = Value, Error = serde_json::Error>,
{
    type Ok = Change;
    type Error = GiveUp;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), GiveUp> {
        Ok(self.inner.serialize_field(value)?)
    }
    fn end(self) -> Result<Change, GiveUp> {
        self.cmp.settle(self.inner.end()?)
    }
}

impl<S> ser::SerializeStructVariant for Whole<'_, S>
where
    S: ser::SerializeStructVariant<Ok = Value, Error = serde_json::Error>,
{
    type Ok = Change;
    type Error = GiveUp;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), GiveUp> {
        Ok(self.inner.serialize_field(key, value)?)
    }
    fn end(self) -> Result<Change, GiveUp> {
        self.cmp.settle(self.inner.end()?)
    }
}

impl<S> ser::SerializeMap for Whole<'_, S>
where
    S: ser::SerializeMap<Ok = Value, Error = serde_json::Error>,
{
    type Ok = Change;
    type Error = GiveUp;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), GiveUp> {
        Ok(self.inner.serialize_key(key)?)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), GiveUp> {
        Ok(self.inner.serialize_value(value)?)
    }
    fn end(self) -> Result<Change, GiveUp> {
        self.cmp.settle(self.inner.end()?)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use parlor_protocol::ViewPatch;
    use serde::Serialize;

    #[derive(Serialize, Clone, PartialEq)]
    struct Die {
        value: Option<u8>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        face: bool,
    }

    #[derive(Serialize, Clone, PartialEq)]
    #[serde(tag = "phase", rename_all = "snake_case")]
    enum Phase {
        Waiting,
        Turn { seat: u8, dice: Vec<Die> },
    }

    #[derive(Serialize, Clone, PartialEq)]
    struct View {
        name: String,
        hand: Vec<u8>,
        phase: Phase,
        note: Option<String>,
    }

    fn view() -> View {
        View {
            name: "Ana".into(),
            hand: vec![1, 2, 3],
            phase: Phase::Turn {
                seat: 0,
                dice: vec![
                    Die {
                        value: Some(2),
                        face: false,
                    };
                    5
                ],
            },
            note: Some("hi".into()),
        }
    }

    /// What the typed walk answers, checked against the generic diff: the
    /// same patch wherever the diff sends a short merge patch, else none.
    fn walk(before: &View, after: &View) -> Option<Map<String, Value>> {
        let old = serde_json::to_value(before).unwrap();
        let new = serde_json::to_value(after).unwrap();
        match (merge_from(&old, after), super::super::diff(&old, &new)) {
            (Walked::Merge(m), sent) => {
                assert_eq!(ViewPatch::Merge(m.clone()), sent);
                Some(m)
            }
            (Walked::Ops, sent) => {
                assert!(matches!(sent, ViewPatch::Ops(_)), "{sent:?}");
                assert_eq!(super::super::merge(&old, &new), None);
                None
            }
            (Walked::Long(m), sent) => {
                assert_eq!(super::super::shorter(m.clone(), &old, &new), sent);
                Some(m)
            }
            (Walked::Diff, sent) => panic!("gave up on {sent:?}"),
        }
    }

    #[test]
    fn nothing_changed_is_an_empty_patch() {
        assert_eq!(walk(&view(), &view()), Some(Map::new()));
    }

    #[test]
    fn one_die_is_an_item_edit_and_a_face_shown_or_hidden_a_member() {
        let mut after = view();
        if let Phase::Turn { dice, .. } = &mut after.phase {
            dice[3].value = Some(5);
            dice[1].face = true;
        }
        let patch = walk(&view(), &after).unwrap();
        assert_eq!(
            Value::Object(patch),
            serde_json::json!({"phase": {"dice": {"1": {"face": true}, "3": {"value": 5}}}})
        );
        // The face hidden again: its member goes (a merge patch's null).
        let back = walk(&after, &view()).unwrap();
        assert_eq!(
            back["phase"]["dice"]["1"],
            serde_json::json!({"face": null})
        );
    }

    #[test]
    fn a_new_phase_removes_the_old_members() {
        let mut after = view();
        after.phase = Phase::Waiting;
        let patch = walk(&view(), &after).unwrap();
        assert_eq!(
            Value::Object(patch),
            serde_json::json!({"phase": {"phase": "waiting", "seat": null, "dice": null}})
        );
    }

    #[test]
    fn a_member_set_to_null_or_an_item_to_nothing_is_left_to_the_diff() {
        let mut after = view();
        after.note = None;
        assert_eq!(walk(&view(), &after), None);
        let old = serde_json::to_value(view()).unwrap();
        assert_eq!(merge_from(&old, &after), Walked::Ops);
        // A die's value gone: its item cannot be edited, the array goes whole.
        let mut after = view();
        if let Phase::Turn { dice, .. } = &mut after.phase {
            dice[0].value = None;
        }
        let patch = walk(&view(), &after).unwrap();
        assert!(patch["phase"]["dice"].is_array(), "{patch:?}");
    }

    #[test]
    fn a_longer_array_or_a_new_text_goes_whole() {
        let mut after = view();
        after.hand.push(9);
        after.name = "Ben".into();
        let patch = walk(&view(), &after).unwrap();
        assert_eq!(
            Value::Object(patch),
            serde_json::json!({"hand": [1, 2, 3, 9], "name": "Ben"})
        );
    }
}
