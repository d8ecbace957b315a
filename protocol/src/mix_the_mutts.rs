//! Mix-the-Mutts wire types (rulebook + RULINGS §0, §3).
//!
//! In TypeScript the five types the game envelopes carry are prefixed
//! (`MtmOptions`, `MtmAction`, `MtmView`, `MtmStepView`, `MtmScorecard`):
//! ts-rs imports by name, and Doozy Dice has types of the same names.
//!
//! Hidden: every hand (only its owner sees its cards), the draw pile, the
//! face-down tile stack, and during a scoring window every seat's claims
//! (others see only "answered" or "still deciding") until the window closes.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;

/// Host options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "mix_the_mutts/", rename = "MtmOptions")
)]
#[serde(default)]
pub struct Options {
    /// Junior scoring: count cards instead of points.
    pub junior: bool,
    /// The first player; `None` lets the server draw one at random.
    pub first_player: Option<Seat>,
    /// Seconds each scoring window stays open before missing answers count as
    /// passes; `None` (the default) leaves the window to the room's turn
    /// timer: none when that is off, so everyone is waited for.
    pub response_timer_secs: Option<u32>,
}

/// The eight breeds, rarest last (RULINGS §3(b)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
#[serde(rename_all = "snake_case")]
pub enum Breed {
    /// 16 cards, 1 point each.
    Poodle,
    /// 14 cards, 2 points.
    Beagle,
    /// 12 cards, 3 points.
    Pug,
    /// 10 cards, 4 points.
    Dachshund,
    /// 8 cards, 5 points.
    Schnauzer,
    /// 6 cards, 6 points.
    Pomeranian,
    /// 4 cards, 7 points.
    Dalmatian,
    /// 2 cards, 8 points.
    Chihuahua,
}

/// One of the 72 physical cards, 0..72.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
#[serde(transparent)]
pub struct CardId(pub u8);

/// A card as seen by someone allowed to see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct Card {
    /// Which physical card.
    pub id: CardId,
    /// Its breed.
    pub breed: Breed,
}

/// A tile: 1..=12 (M01..M12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
#[serde(transparent)]
pub struct TileId(pub u8);

/// Axial hex coordinates (RULINGS §3(b) hex geometry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct Hex {
    /// Column.
    pub q: i8,
    /// Row.
    pub r: i8,
}

/// A tile's printed edges: local edges e0..e5 counter-clockwise from east;
/// even edges are heads, odd edges tails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct TileFace {
    /// Which tile.
    pub tile: TileId,
    /// Breeds on e0..e5.
    pub edges: Vec<Breed>,
}

/// A tile on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct PlacedTile {
    /// The tile and its edges.
    pub face: TileFace,
    /// Where.
    pub at: Hex,
    /// Rotation in 60° steps (always 0, 2 or 4): local edge k faces direction (k + rotation) mod 6.
    pub rotation: u8,
}

/// A dog combination created by a placement: one shared edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct Combo {
    /// Index among the placement's new combos (what a claim names).
    pub index: u8,
    /// The new tile's hex.
    pub at: Hex,
    /// Direction 0..6 from the new tile towards the neighbour.
    pub dir: u8,
    /// Breed of the head on this edge.
    pub head: Breed,
    /// Breed of the tail on this edge.
    pub tail: Breed,
}

/// One claim: a new combo and the two cards from hand that match it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct ClaimSpec {
    /// [`Combo::index`].
    pub combo: u8,
    /// The two cards (head breed and tail breed, or two of a purebreed's breed).
    pub cards: Vec<CardId>,
}

/// What a seat may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "mix_the_mutts/", rename = "MtmAction")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Active player: place the face-up tile.
    Connect {
        /// An empty hex touching at least two tiles.
        at: Hex,
        /// 0, 2 or 4.
        rotation: u8,
    },
    /// Active player: draw two cards (not when the pile is empty).
    DrawTwo,
    /// Any seat in a scoring window: claims (empty = pass), secret until the window closes.
    Answer {
        /// The claims; the active player any number, others at most one.
        claims: Vec<ClaimSpec>,
    },
}

/// A claim as revealed when a window closes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct RevealedClaim {
    /// Who claimed.
    pub seat: Seat,
    /// Which combo.
    pub combo: u8,
    /// The two cards shown.
    pub cards: Vec<Card>,
}

/// The scoring window after a connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct WindowView {
    /// Whose connection opened it (may claim any number).
    pub active: Seat,
    /// The new combos.
    pub combos: Vec<Combo>,
    /// Per seat: has it answered? Nothing more about others' answers is shown.
    pub answered: Vec<bool>,
    /// The viewer's own answer, once given (never anyone else's).
    pub your_answer: Option<Vec<ClaimSpec>>,
    /// Every seat's answer so far, by seat: only for
    /// [`crate::Viewer::Revealed`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub answers: Option<Vec<Option<Vec<ClaimSpec>>>>,
}

/// One player as everyone sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct PlayerView {
    /// Seat.
    pub seat: Seat,
    /// Cards in hand (the count only).
    pub hand_size: u8,
    /// Scoring stack, face up.
    pub scoring: Vec<Card>,
    /// Points so far (cards counted in junior scoring).
    pub points: u32,
}

/// Where the match stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Tiles, cards and the first player are being drawn.
    Setup,
    /// The active player connects a tile or draws two cards.
    Turn {
        /// Who.
        active: Seat,
    },
    /// Everyone answers at once, in secret.
    Window(WindowView),
    /// The last tile is placed and its window closed.
    Finished,
}

/// A viewer's view of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "mix_the_mutts/", rename = "MtmView")
)]
pub struct View {
    /// Options in force.
    pub options: Options,
    /// Tiles on the board.
    pub board: Vec<PlacedTile>,
    /// The face-up tile on top of the stack (public), if any.
    pub next_tile: Option<TileFace>,
    /// Face-down tiles left under it.
    pub stack: u8,
    /// Cards left in the draw pile.
    pub pile: u8,
    /// Empty hexes touching at least two tiles (where a connection may go).
    pub open_hexes: Vec<Hex>,
    /// The viewer's own hand; `None` for spectators.
    pub hand: Option<Vec<Card>>,
    /// Every seat's hand, by seat: only for [`crate::Viewer::Revealed`]
    /// (the replay of a finished match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub hands: Option<Vec<Vec<Card>>>,
    /// Everyone, by seat.
    pub players: Vec<PlayerView>,
    /// The last closed window's revealed claims (for the "what happened" panel).
    pub last_claims: Vec<RevealedClaim>,
    /// Phase.
    pub phase: Phase,
}

/// One step as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "mix_the_mutts/", rename = "MtmStepView")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepView {
    /// A setup tile was turned over and placed.
    SetupTile {
        /// The tile as placed.
        tile: PlacedTile,
    },
    /// The next tile was turned face up on the stack.
    TileRevealed {
        /// The tile.
        tile: TileFace,
    },
    /// A card went to a seat's hand (dealt or drawn).
    CardTo {
        /// Whose hand.
        seat: Seat,
        /// The card, shown only to that seat.
        card: Option<Card>,
    },
    /// The server drew the first player.
    FirstPlayer {
        /// Who starts.
        seat: Seat,
    },
    /// A tile was connected; its window opens.
    Connected {
        /// Who.
        seat: Seat,
        /// The tile as placed.
        tile: PlacedTile,
        /// The new combos.
        combos: Vec<Combo>,
    },
    /// The active player chose to draw two cards.
    DrewTwo {
        /// Who.
        seat: Seat,
    },
    /// A seat answered in the window.
    Answered {
        /// Who.
        seat: Seat,
        /// When this answer closed the window: every claim, revealed together.
        revealed: Option<Vec<RevealedClaim>>,
    },
}

/// One line of the final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "mix_the_mutts/"))]
pub struct ScoreLine {
    /// Seat.
    pub seat: Seat,
    /// The scoring stack.
    pub scoring: Vec<Card>,
    /// Sum of card values.
    pub points: u32,
    /// Number of cards.
    pub cards: u32,
    /// The score that counts (points, or cards in junior).
    pub score: u32,
    /// 1 = best; ties share.
    pub rank: u8,
}

/// The final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "mix_the_mutts/", rename = "MtmScorecard")
)]
pub struct Scorecard {
    /// Junior scoring was used.
    pub junior: bool,
    /// One line per seat.
    pub players: Vec<ScoreLine>,
}

impl crate::traits::MatchOptions for Options {
    fn response_timer_secs(&self) -> Option<u32> {
        self.response_timer_secs
    }
}

impl crate::traits::ScorecardLines for Scorecard {
    fn lines(&self) -> Vec<(i64, serde_json::Value)> {
        crate::traits::lines_by(&self.players, |line| i64::from(line.score))
    }
}
