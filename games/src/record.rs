//! Match records: reading one by its type and verifying it.
//!
//! [`parse`] reads a record (an upload to `POST /api/replay`, a file given
//! to `parlor-server verify`) by its type: the fields as [`MatchExport`]
//! declares them, lists bounded as they are read
//! (a record of four million steps is refused at the first step too many,
//! not after four million allocations), and every step decoded as a step
//! of the record's game before anything is replayed. Only a record that
//! passes all of that becomes a [`Record`]. [`verify`] then replays it
//! through the rules, re-deriving every chance step from the published seed
//! ([`crate::chance`]). Nothing here needs a server: any client can check a
//! record with this crate alone.

use std::fmt;
use std::marker::PhantomData;

use parlor_protocol::replay::{MatchExport, EXPORT_FORMAT};
use parlor_protocol::{GameKind, GameOptions, MatchId, MatchResult};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::chance::{chance_rng, commitment, Seed};
use crate::{AnyStep, Standing};

/// The most steps a record may hold. The longest match in random
/// playouts (2,000 per game and player count, every count) was 2,297 steps
/// (Zop Zoo, six players); this is about nine times that.
pub const RECORD_MAX_STEPS: usize = 20_000;

/// The largest record body accepted, in bytes. A step takes 40–70 bytes,
/// so that longest match makes a record of about 100 KB (300 KB
/// pretty-printed); 2 MiB holds the most steps a record may have.
pub const RECORD_BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Most seats of any game.
const RECORD_MAX_PLAYERS: usize = 8;

/// Why an uploaded record was refused before it was replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Not a match record: the JSON, a field or a list is wrong.
    #[error("not a match record: {0}")]
    Shape(String),
    /// A step that is not a step of the record's game.
    #[error("step {seq} is not a step of {game}: {reason}")]
    Step {
        /// Which (from 1).
        seq: usize,
        /// The record's game.
        game: &'static str,
        /// Why.
        reason: String,
    },
}

/// The record as uploaded: steps kept as raw slices of the body until the
/// game is known.
#[derive(Deserialize)]
struct Upload<'a> {
    format: u32,
    engine: String,
    match_id: MatchId,
    game: GameKind,
    options: GameOptions,
    #[serde(deserialize_with = "bounded::<_, String, RECORD_MAX_PLAYERS>")]
    players: Vec<String>,
    seed_sha256: String,
    seed: String,
    #[serde(
        borrow,
        deserialize_with = "bounded::<_, &'a RawValue, RECORD_MAX_STEPS>"
    )]
    steps: Vec<&'a RawValue>,
    result: MatchResult,
    #[serde(default, deserialize_with = "bounded::<_, u64, RECORD_MAX_STEPS>")]
    timed_out: Vec<u64>,
}

/// A match record with its steps decoded as steps of its game: what
/// [`verify_record`] and the server's replay take.
#[derive(Debug, Clone)]
pub struct Record {
    /// Everything but the steps, as in the file (`steps` left empty).
    pub header: MatchExport,
    /// The steps, in order.
    pub steps: Vec<AnyStep>,
}

impl Record {
    /// Decodes an export's steps (for records read some other way than
    /// [`parse`]).
    pub fn from_export(export: &MatchExport) -> Result<Record, RecordError> {
        let mut steps = Vec::with_capacity(export.steps.len());
        for (i, json) in export.steps.iter().enumerate() {
            steps.push(
                AnyStep::from_json(export.game, &json.to_string()).map_err(|e| {
                    RecordError::Step {
                        seq: i + 1,
                        game: export.game.title(),
                        reason: e.to_string(),
                    }
                })?,
            );
        }
        let header = MatchExport {
            steps: Vec::new(),
            ..export.clone()
        };
        Ok(Record { header, steps })
    }
}

/// Reads `body` as a match record of at most [`RECORD_MAX_STEPS`] steps,
/// each a step of the record's game; no step becomes a generic JSON tree.
pub fn parse(body: &[u8]) -> Result<Record, RecordError> {
    let upload: Upload<'_> =
        serde_json::from_slice(body).map_err(|e| RecordError::Shape(e.to_string()))?;
    let game = upload.game;
    let mut steps = Vec::with_capacity(upload.steps.len());
    for (i, raw) in upload.steps.iter().enumerate() {
        steps.push(
            AnyStep::from_json(game, raw.get()).map_err(|e| RecordError::Step {
                seq: i + 1,
                game: game.title(),
                reason: e.to_string(),
            })?,
        );
    }
    Ok(Record {
        header: MatchExport {
            format: upload.format,
            engine: upload.engine,
            match_id: upload.match_id,
            game,
            options: upload.options,
            players: upload.players,
            seed_sha256: upload.seed_sha256,
            seed: upload.seed,
            steps: Vec::new(),
            result: upload.result,
            timed_out: upload.timed_out,
        },
        steps,
    })
}

/// What [`verify`] checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Steps replayed.
    pub steps: usize,
    /// Chance steps re-derived from the seed.
    pub chance: usize,
}

/// Why a record does not verify. Steps are numbered from 1 as in the log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A format this build does not read.
    #[error("format {0} is not one this server reads (it reads {EXPORT_FORMAT})")]
    Format(u32),
    /// The seed is not hex of 32 bytes.
    #[error("the seed is not 32 bytes of hex")]
    BadSeed,
    /// The seed does not hash to the commitment made at the start.
    #[error("the seed does not match its commitment: SHA-256 is {found}, the match began with {committed}")]
    Commitment {
        /// The seed's hash.
        found: String,
        /// What was published at the start.
        committed: String,
    },
    /// The game could not be set up with these options and players.
    #[error("the match cannot be set up: {0}")]
    Setup(String),
    /// A step that is not a step of this game.
    #[error("step {seq} is not a step of this game: {reason}")]
    Unreadable {
        /// Which.
        seq: u64,
        /// Why.
        reason: String,
    },
    /// A chance step the seed does not give at that place.
    #[error("step {seq}: the seed draws {expected}, the log says {found}")]
    Chance {
        /// Which.
        seq: u64,
        /// What the seed gives.
        expected: String,
        /// What the log holds.
        found: String,
    },
    /// A step the rules refuse at that place.
    #[error("step {seq} breaks the rules: {reason}")]
    Illegal {
        /// Which.
        seq: u64,
        /// Why.
        reason: String,
    },
    /// The log ends before the match does.
    #[error("the log ends after {0} steps, before the match is over")]
    Unfinished(usize),
    /// The replayed result differs from the recorded one.
    #[error("the log replays to another result than the one recorded")]
    Result,
}

/// Replays a record through the rules, re-deriving every chance step from
/// the seed exactly as the server drew it; names the first step that does
/// not match.
pub fn verify(record: &MatchExport) -> Result<Verified, VerifyError> {
    if record.format != EXPORT_FORMAT {
        return Err(VerifyError::Format(record.format));
    }
    let decoded = Record::from_export(record).map_err(|e| match e {
        RecordError::Step { seq, reason, .. } => VerifyError::Unreadable {
            seq: seq as u64,
            reason,
        },
        other => VerifyError::Setup(other.to_string()),
    })?;
    verify_record(&decoded)
}

/// [`verify`] for a record whose steps are decoded.
pub fn verify_record(record: &Record) -> Result<Verified, VerifyError> {
    let header = &record.header;
    if header.format != EXPORT_FORMAT {
        return Err(VerifyError::Format(header.format));
    }
    let seed: Seed = hex::decode(&header.seed)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or(VerifyError::BadSeed)?;
    let found = commitment(&seed);
    if !found.eq_ignore_ascii_case(&header.seed_sha256) {
        return Err(VerifyError::Commitment {
            found,
            committed: header.seed_sha256.clone(),
        });
    }
    let seats = u8::try_from(header.players.len()).unwrap_or(u8::MAX);
    let mut game =
        Standing::new(&header.options, seats).map_err(|e| VerifyError::Setup(e.to_string()))?;
    let mut chance = 0;
    for (i, step) in record.steps.iter().enumerate() {
        let seq = i as u64 + 1;
        if step.is_chance() {
            chance += 1;
            let drawn = game.sample_chance(&mut chance_rng(&seed, seq));
            if drawn.as_ref() != Some(step) {
                return Err(VerifyError::Chance {
                    seq,
                    expected: drawn.map_or("nothing".into(), |d| d.to_json()),
                    found: step.to_json(),
                });
            }
        }
        game.enter(step).map_err(|e| VerifyError::Illegal {
            seq,
            reason: e.to_string(),
        })?;
    }
    match game.result() {
        None => Err(VerifyError::Unfinished(record.steps.len())),
        Some(result) if result != header.result => Err(VerifyError::Result),
        Some(_) => Ok(Verified {
            steps: record.steps.len(),
            chance,
        }),
    }
}

/// A JSON array of at most `MAX` items, refused at the first one too many.
fn bounded<'de, D, T, const MAX: usize>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Bounded<T, const MAX: usize>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for Bounded<T, MAX> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {MAX} items")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(MAX).min(64));
            while let Some(item) = seq.next_element()? {
                if out.len() == MAX {
                    return Err(de::Error::custom(format_args!(
                        "a list of more than {MAX} items"
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Bounded::<T, MAX>(PhantomData))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A record whose fields up to `steps` are right (the result, after
    /// them, is never reached when the steps are refused).
    fn record(steps: &str) -> String {
        let kind = GameKind::ALL[0];
        let options = serde_json::to_string(&GameOptions::default_for(kind).unwrap()).unwrap();
        format!(
            r#"{{"format":1,"engine":"x","match_id":"0190f3a4-5b6c-7d8e-9fa0-b1c2d3e4f5a6",
            "game":{},"options":{options},"players":["a","b"],
            "seed_sha256":"00","seed":"00","steps":{steps},"result":null}}"#,
            serde_json::to_string(&kind).unwrap()
        )
    }

    #[test]
    fn too_many_steps_are_refused_at_the_first_one_too_many() {
        let zeros = vec!["0"; RECORD_MAX_STEPS + 1].join(",");
        let err = parse(record(&format!("[{zeros}]")).as_bytes()).unwrap_err();
        assert!(err.to_string().contains("more than 20000 items"), "{err}");
    }

    #[test]
    fn wrong_shapes_are_named() {
        for (body, want) in [
            ("[1,2]".to_owned(), "not a match record"),
            (r#"{"format":"one"}"#.to_owned(), "not a match record"),
            (record("{}"), "not a match record"),
        ] {
            let err = parse(body.as_bytes()).unwrap_err();
            assert!(err.to_string().contains(want), "{body}: {err}");
        }
    }
}
