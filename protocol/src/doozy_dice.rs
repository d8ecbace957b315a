//! Doozy Dice wire types (rulebook + RULINGS §5). Everything in Doozy Dice is
//! public, so every viewer gets the same view.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;

/// Host options (RULINGS §5(c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
#[serde(default)]
pub struct Options {
    /// Dice left out of a re-roll are set aside for good (no re-rolling them later).
    pub lock_set_aside: bool,
    /// A satisfied combo must be claimed at once (no rolling on past it).
    pub auto_claim: bool,
}

/// A Doozy Card: 1..=26, i.e. DZ01..DZ26 of RULINGS §5(b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
#[serde(transparent)]
pub struct CardId(pub u8);

/// The two kinds of die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
#[serde(rename_all = "snake_case")]
pub enum DieKind {
    /// Blue die, faces 1–6.
    Blue,
    /// White Doozy die, faces Doozy Face, 2–6.
    Doozy,
}

/// What a seat may do on its turn. Dice are numbered 0..5: 0–2 blue, 3–4 Doozy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Roll the named dice: all five on the first roll of a turn, a non-empty
    /// subset after that.
    Roll {
        /// Indices of the dice to roll.
        dice: Vec<u8>,
    },
    /// Spend `|to - current|` dots to set a die to a value.
    Adjust {
        /// Index of the die.
        die: u8,
        /// The new value (blue 1–6, Doozy 2–6; a Doozy Face can't be made or changed).
        to: u8,
    },
    /// Record the current roll count on one of your remaining cards that the
    /// dice satisfy; ends the turn.
    Claim {
        /// The card claimed.
        card: CardId,
    },
    /// After the 13th roll without a claim: record 13 on a remaining card and
    /// lose a dot; ends the turn.
    Cutoff {
        /// The card that takes the 13.
        card: CardId,
    },
}

/// A card as shown on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct CardInfo {
    /// Id.
    pub id: CardId,
    /// Printed name.
    pub name: String,
    /// How many dice the combo uses (3, 4 or 5).
    pub dice: u8,
    /// How many Doozy Faces it requires.
    pub faces: u8,
    /// The rule in words.
    pub rule: String,
}

/// One die on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct DieView {
    /// Blue or Doozy.
    pub kind: DieKind,
    /// Current pips (1–6), `None` before the turn's first roll or while rolling.
    /// A Doozy die showing its face has value 1 and `face: true`.
    pub value: Option<u8>,
    /// Shows the Doozy Face (absent: no).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub face: bool,
    /// Set aside for good (only with `lock_set_aside`; absent: no).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub locked: bool,
}

/// A combo a player has completed (or been cut off on).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct ComboRecord {
    /// The card.
    pub card: CardId,
    /// Rolls recorded for it.
    pub rolls: u8,
    /// Claimed within 3 rolls (+1 dot to the claimer, −1 to everyone else).
    pub bonus: bool,
    /// Took 13 at the cutoff (−1 dot).
    pub cutoff: bool,
}

/// One player's scorecard as the match goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct PlayerView {
    /// Whose card this is.
    pub seat: Seat,
    /// Doozy Dot balance (may be negative).
    pub dots: i32,
    /// Completed combos, in the order completed.
    pub combos: Vec<ComboRecord>,
    /// Sum of recorded rolls so far.
    pub total_rolls: u32,
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct TurnView {
    /// Who is rolling.
    pub seat: Seat,
    /// Round 1..=5.
    pub round: u8,
    /// Rolls made this turn (the first roll is roll 1).
    pub roll_count: u8,
    /// The five dice: 0–2 blue, 3–4 Doozy.
    pub dice: Vec<DieView>,
    /// Dice are in the air (the server is drawing their faces).
    pub rolling: bool,
    /// The roller's remaining cards that the current dice satisfy.
    pub satisfied: Vec<CardId>,
}

/// The first-player roll-off (RULINGS §5(c) setup 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct RollOffView {
    /// Seats still in the roll-off (all at first, then the tied highest).
    pub contenders: Vec<Seat>,
    /// This pass's rolls, indexed by seat (`None`: not rolled, or not in it).
    pub rolls: Vec<Option<u8>>,
}

/// Where the match stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The five cards are being dealt.
    Dealing,
    /// Rolling for first player.
    RollOff(RollOffView),
    /// A player's turn.
    Turn(TurnView),
    /// All combos recorded.
    Finished,
}

/// The whole table, as any viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct View {
    /// Options in force.
    pub options: Options,
    /// The cards dealt to the centre (shared by every player).
    pub cards: Vec<CardInfo>,
    /// Every player's scorecard, indexed by seat.
    pub players: Vec<PlayerView>,
    /// Who won the roll-off, once known.
    pub first_player: Option<Seat>,
    /// Phase and turn details.
    pub phase: Phase,
}

/// One step of the log (everything is public in Doozy Dice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepView {
    /// A card was dealt to the centre.
    CardDealt {
        /// The card.
        card: CardInfo,
    },
    /// A roll-off die landed.
    RollOffDie {
        /// Whose roll.
        seat: Seat,
        /// Its value (a Doozy Face counts 1).
        value: u8,
    },
    /// A seat rolled some dice.
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// Which dice.
        dice: Vec<u8>,
        /// The roll number this turn.
        roll_count: u8,
    },
    /// A rolled die landed.
    DieLanded {
        /// Whose turn.
        seat: Seat,
        /// Which die.
        die: u8,
        /// Pips (1 on a Doozy die means the face).
        value: u8,
        /// It shows a Doozy Face: every player gains a dot (absent: no).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        face: bool,
    },
    /// A die was changed with dots.
    Adjusted {
        /// Who spent.
        seat: Seat,
        /// Which die.
        die: u8,
        /// Old value.
        from: u8,
        /// New value.
        to: u8,
        /// Dots spent.
        cost: u8,
    },
    /// A combo was claimed.
    Claimed {
        /// Who claimed.
        seat: Seat,
        /// The record written.
        record: ComboRecord,
    },
    /// The 13-roll cutoff was taken.
    CutOff {
        /// Who.
        seat: Seat,
        /// The record written (13 rolls).
        record: ComboRecord,
    },
}

/// One line of the final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct ScoreLine {
    /// Whose line.
    pub seat: Seat,
    /// Rolls per combo, in the order of the dealt cards.
    pub combos: Vec<ComboRecord>,
    /// Sum of rolls.
    pub total_rolls: u32,
    /// Final dot balance.
    pub dots: i32,
    /// `total_rolls - dots`; lowest wins.
    pub score: i32,
    /// 1 = best; ties share.
    pub rank: u8,
}

/// The final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "doozy_dice/"))]
pub struct Scorecard {
    /// The five cards played.
    pub cards: Vec<CardInfo>,
    /// One line per seat, indexed by seat.
    pub players: Vec<ScoreLine>,
}

impl crate::traits::MatchOptions for Options {}

impl crate::traits::ScorecardLines for Scorecard {
    fn lines(&self) -> Vec<(i64, serde_json::Value)> {
        crate::traits::lines_by(&self.players, |line| i64::from(line.score))
    }
}
