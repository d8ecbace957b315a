//! Zingamino wire types (rulebook + RULINGS §0, §2). The rules as
//! implemented are in `docs/games/zingamino.md`.
//!
//! In TypeScript the five types the game envelopes carry are prefixed
//! (`ZingaminoOptions`, `ZingaminoAction`, `ZingaminoView`,
//! `ZingaminoStepView`, `ZingaminoScorecard`), and so are the types whose
//! names other games use too.
//!
//! Tiles: [`TileId`] `0..64`; colour `id / 16` in the order of [`Colour`];
//! within a colour, `id % 16` runs through the dominoes 0|0, 0|1, 0|2, 0|3,
//! 0|4, 1|1, 1|2, 1|3, 1|4, 2|2, 2|3, 2|4, 3|3, 3|4, 4|4 (low end first) and
//! 15 is the colour's Zinga.
//!
//! Board: space `colour * 16 + i`, `i` clockwise from 12 o'clock; spaces
//! with `i % 4 == 0` are the Zinga/Double squares. Bridges: G4–Y12, G8–O0,
//! Y8–P0, O4–P12.
//!
//! Hidden: every hand (its owner sees it) until a round ends (or the game
//! ends mid-round), when every hand is revealed; the bag (its count is
//! public; its order is never stored). Everything on the board is public,
//! with every Zinga's value or that it is still unassigned.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;

/// Host options: none to choose (the game is played to 64 as ruled); one
/// the lobby never shows, for how a seat digs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoOptions")
)]
#[serde(default)]
pub struct Options {
    /// A seat that must dig waits for its own [`Action::Dig`] (`true`,
    /// every new room). `false` is how matches were played before the
    /// option existed: the server dug for the seat at once. Absent from
    /// stored JSON it reads `false`, so those matches replay as they were
    /// played.
    #[serde(default)]
    pub dig_by_click: bool,
}

impl Default for Options {
    /// What a new room plays: digs by click.
    fn default() -> Options {
        Options { dig_by_click: true }
    }
}

/// The four colours, in tile and board order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zingamino/"))]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Top-left circle.
    Green,
    /// Top-right circle.
    Yellow,
    /// Bottom-left circle.
    Orange,
    /// Bottom-right circle.
    Purple,
}

/// A tile, `0..64` (see the module docs for the numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoTileId")
)]
#[serde(transparent)]
pub struct TileId(pub u8);

/// A tile on the board with the values it exposes. In a Zinga/Double
/// square `ccw == cw`, and that value also faces the bridge partner. `None`:
/// a Zinga port not yet assigned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zingamino/"))]
pub struct Placed {
    /// The tile.
    pub tile: TileId,
    /// The value facing `i - 1`.
    pub ccw: Option<u8>,
    /// The value facing `i + 1`.
    pub cw: Option<u8>,
}

/// What a seat may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoAction")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Place a tile from hand.
    Place {
        /// Which tile.
        tile: TileId,
        /// Which space, `0..64`.
        space: u8,
        /// A non-double in a regular space: `false` puts the low end
        /// counter-clockwise, `true` the high end. Always `false` for
        /// doubles and Zingas.
        flip: bool,
        /// A Zinga meeting an unassigned Zinga port (across a bridge) with
        /// nothing else fixing it: the value 0–4 declared for that edge.
        /// `None` otherwise.
        value: Option<u8>,
    },
    /// Nothing can be placed and the bag is not empty (only then): dig,
    /// one tile at a time as chance steps, until a tile can be placed or
    /// the bag is empty.
    Dig,
    /// Nothing can be placed and the bag is empty (only then).
    Pass,
}

/// Why a tile went from the bag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zingamino/"))]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The start-player draw (public; returned to the bag afterwards).
    StartPlayer,
    /// The deal of 8 tiles in two fours.
    Deal,
    /// Digging: nothing in hand could be placed.
    Dig,
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zingamino/"))]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// A player placed their last tile.
    Zinga,
    /// The bag was empty and every player passed in turn.
    Blocked,
    /// A circle bonus took someone to 64 mid-round: the game ended at once.
    GameOver,
}

/// A finished round, with every hand revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zingamino/"))]
pub struct RoundSummary {
    /// 1-based.
    pub round: u8,
    /// Who started it.
    pub starter: Seat,
    /// How it ended.
    pub ended_by: RoundEnd,
    /// Who collected the hands (several after a tied blocked round; none
    /// when the game ended mid-round).
    pub winners: Vec<Seat>,
    /// Every hand at the end, by seat.
    pub hands: Vec<Vec<TileId>>,
    /// Their values (pips; a Zinga 16), by seat.
    pub hand_values: Vec<u32>,
    /// Points collected from the hands, by seat.
    pub collected: Vec<u32>,
    /// Circle bonuses (+16 each) scored in the round, by seat.
    pub bonuses: Vec<u32>,
    /// Cumulative scores after the round, by seat.
    pub totals: Vec<u32>,
}

/// One seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoPlayerView")
)]
pub struct PlayerView {
    /// Seat.
    pub seat: Seat,
    /// Tiles in hand (the count only).
    pub hand_size: u8,
    /// Cumulative score.
    pub score: u32,
    /// Has had their opening turn this round.
    pub opened: bool,
}

/// Where the match stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoPhase")
)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Round 1: everyone draws a tile for the start player.
    StartDraw {
        /// The tiles drawn so far in this attempt, by seat.
        drawn: Vec<TileId>,
        /// Attempts already tied and redrawn.
        redraws: u8,
    },
    /// The hands are being dealt.
    Deal {
        /// Who starts the round.
        starter: Seat,
    },
    /// A seat's turn: it places a tile, digs (its `dig`, then chance steps)
    /// or passes.
    Turn {
        /// Who.
        active: Seat,
        /// Their opening turn of the round.
        opening: bool,
    },
    /// Someone reached 64.
    Finished,
}

/// A viewer's view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoView")
)]
pub struct View {
    /// Options in force.
    pub options: Options,
    /// The round, 1-based.
    pub round: u8,
    /// The 64 spaces.
    pub board: Vec<Option<Placed>>,
    /// The viewer's own hand, sorted; `None` for spectators.
    pub hand: Option<Vec<TileId>>,
    /// Every seat's hand, by seat: only for [`crate::Viewer::Revealed`]
    /// (the replay of a finished match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub hands: Option<Vec<Vec<TileId>>>,
    /// Everyone, by seat.
    pub players: Vec<PlayerView>,
    /// Tiles left in the bag.
    pub bag: u8,
    /// Phase.
    pub phase: Phase,
    /// Every finished round.
    pub rounds: Vec<RoundSummary>,
    /// The viewer's legal actions now: every placement (a Zinga that must
    /// declare once per value), or a pass. Empty unless the viewer is to
    /// act. Derived from the viewer's own hand and the public board only,
    /// so it says nothing the view doesn't; it spares the browser a second
    /// copy of the placement rules.
    pub moves: Vec<Action>,
}

/// One step as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoStepView")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepView {
    /// A tile left the bag.
    TileDrawn {
        /// For whom.
        seat: Seat,
        /// Why.
        reason: DrawReason,
        /// The tile: to everyone in the start-player draw, else only to
        /// `seat`.
        tile: Option<TileId>,
    },
    /// A tile was placed.
    Placed {
        /// Who.
        seat: Seat,
        /// Where.
        space: u8,
        /// The tile with its values.
        placed: Placed,
        /// It closed its circle (+16).
        bonus: bool,
        /// The round (or game) it ended, hands revealed.
        round_end: Option<RoundSummary>,
    },
    /// A seat that could not place began to dig; the tiles follow as
    /// steps of their own (`tile_drawn`, reason `dig`).
    Dug {
        /// Who.
        seat: Seat,
    },
    /// A seat passed.
    Passed {
        /// Who.
        seat: Seat,
        /// The blocked round it ended, hands revealed.
        round_end: Option<RoundSummary>,
    },
}

/// One seat's line of the final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoScoreLine")
)]
pub struct ScoreLine {
    /// Seat.
    pub seat: Seat,
    /// Points per round (collected + bonuses).
    pub rounds: Vec<u32>,
    /// Circle bonuses over the game.
    pub bonuses: u32,
    /// The final score.
    pub total: u32,
    /// 1 = best; equal totals share.
    pub rank: u8,
}

/// The final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zingamino/", rename = "ZingaminoScorecard")
)]
pub struct Scorecard {
    /// One line per seat.
    pub players: Vec<ScoreLine>,
    /// Every round, hands revealed.
    pub rounds: Vec<RoundSummary>,
}

/// No response timer: Zingamino has no simultaneous window.
impl crate::traits::MatchOptions for Options {}

/// The headline score of a seat is its [`ScoreLine::total`].
impl crate::traits::ScorecardLines for Scorecard {
    fn lines(&self) -> Vec<(i64, serde_json::Value)> {
        crate::traits::lines_by(&self.players, |line| i64::from(line.total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::traits::{MatchOptions, ScorecardLines};

    #[test]
    fn the_headline_score_is_the_total() {
        let line = |seat: u8, total: u32| ScoreLine {
            seat: Seat(seat),
            rounds: vec![total],
            bonuses: 0,
            total,
            rank: 1,
        };
        let card = Scorecard {
            players: vec![line(0, 70), line(1, 12)],
            rounds: Vec::new(),
        };
        let lines = card.lines();
        assert_eq!(
            lines.iter().map(|(score, _)| *score).collect::<Vec<_>>(),
            vec![70, 12]
        );
        assert_eq!(lines[1].1["total"], 12);
        assert_eq!(Options::default().response_timer_secs(), None);
    }

    #[test]
    fn new_rooms_dig_by_click_and_stored_options_without_it_do_not() {
        assert!(Options::default().dig_by_click);
        let old: Options = serde_json::from_str("{}").unwrap_or_default();
        assert!(!old.dig_by_click, "absent: the old way");
        let json = serde_json::to_value(Options::default()).unwrap_or_default();
        assert_eq!(json["dig_by_click"], true);
        assert_eq!(
            serde_json::to_value(Action::Dig).unwrap_or_default()["type"],
            "dig"
        );
    }

    #[test]
    fn actions_are_tagged() {
        let a = Action::Place {
            tile: TileId(15),
            space: 8,
            flip: false,
            value: Some(3),
        };
        let json = serde_json::to_value(a).unwrap_or_default();
        assert_eq!(json["type"], "place");
        assert_eq!(json["value"], 3);
        assert_eq!(
            serde_json::to_value(Action::Pass).unwrap_or_default()["type"],
            "pass"
        );
    }
}

#[cfg(all(test, feature = "ts"))]
mod ts {
    use ts_rs::TS;

    /// The five envelope payloads export under their prefixed names.
    #[test]
    fn exports_under_prefixed_names() {
        let dir = std::env::temp_dir().join(format!("parlor-zingamino-ts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        super::Options::export_all_to(&dir).expect("options");
        super::Action::export_all_to(&dir).expect("action");
        super::View::export_all_to(&dir).expect("view");
        super::StepView::export_all_to(&dir).expect("step view");
        super::Scorecard::export_all_to(&dir).expect("scorecard");
        for name in [
            "ZingaminoOptions",
            "ZingaminoAction",
            "ZingaminoView",
            "ZingaminoStepView",
            "ZingaminoScorecard",
            "ZingaminoTileId",
            "RoundSummary",
        ] {
            let path = dir.join("zingamino").join(format!("{name}.ts"));
            assert!(path.exists(), "{path:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
