//! Zoomies wire types (rulebook + RULINGS §0, §1). The rules as implemented
//! are in `docs/games/zoomies.md`.
//!
//! In TypeScript the five types the game envelopes carry are prefixed
//! (`ZoomiesOptions`, `ZoomiesAction`, `ZoomiesView`, `ZoomiesStepView`,
//! `ZoomiesScorecard`): ts-rs imports by name, and the other games have
//! types of the same names.
//!
//! Geometry: an unbounded square grid of cells `(x, y)`, `x` growing east and
//! `y` growing **south** (screen order). A tile covers two orthogonally
//! adjacent cells: its dog A on `at` and its dog B on the cell one step from
//! `at` in direction `dir`.
//!
//! Hidden: every hand (only its owner sees its tiles), the draw pile (its
//! size is public) and every discarded tile. Everything on the table is
//! public: tiles, tokens with their owner, side and arrow, each player's
//! tokens left, hand sizes.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;

/// Host options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zoomies/", rename = "ZoomiesOptions")
)]
#[serde(default)]
pub struct Options {
    /// The first player (the rulebook's "owns the most dogs in real life");
    /// `None` lets the server draw one at random (RULINGS §0).
    pub first_player: Option<Seat>,
}

/// The five breeds (RULINGS §1(b)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(rename_all = "snake_case")]
pub enum Breed {
    /// CHI.
    Chihuahua,
    /// POO.
    Poodle,
    /// BEA.
    Beagle,
    /// HUS.
    Husky,
    /// GRE.
    Greyhound,
}

/// One half of a tile. A dog carries at most one icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct Dog {
    /// Its breed.
    pub breed: Breed,
    /// It shows a Bone icon (one dog per tile does).
    pub bone: bool,
    /// It has the Zoomies (running art and paw print).
    pub zoomies: bool,
}

/// A dog tile: 1..=50 (Z01..Z50 of RULINGS §1(b)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(transparent)]
pub struct TileId(pub u8);

/// A printed tile: its two dogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct TileFace {
    /// Which tile.
    pub tile: TileId,
    /// Dog A (the left half as printed).
    pub a: Dog,
    /// Dog B.
    pub b: Dog,
}

const fn plain(breed: Breed) -> Dog {
    Dog {
        breed,
        bone: false,
        zoomies: false,
    }
}

const fn bone(breed: Breed) -> Dog {
    Dog {
        breed,
        bone: true,
        zoomies: false,
    }
}

const fn zoom(breed: Breed) -> Dog {
    Dog {
        breed,
        bone: false,
        zoomies: true,
    }
}

use Breed::{Beagle as BEA, Chihuahua as CHI, Greyhound as GRE, Husky as HUS, Poodle as POO};

/// The 50 printed tiles Z01..Z50 (RULINGS §1(b), DESIGNED): `TILES[i]` is
/// tile `i + 1`. The same in every match, so views and steps name tiles by
/// [`TileId`] only; clients look their dogs up here.
pub const TILES: [TileFace; 50] = [
    t(1, bone(CHI), plain(CHI)),  // Z01
    t(2, bone(CHI), plain(CHI)),  // Z02
    t(3, bone(POO), plain(POO)),  // Z03
    t(4, bone(POO), plain(POO)),  // Z04
    t(5, bone(BEA), plain(BEA)),  // Z05
    t(6, bone(BEA), plain(BEA)),  // Z06
    t(7, bone(HUS), plain(HUS)),  // Z07
    t(8, bone(HUS), plain(HUS)),  // Z08
    t(9, bone(GRE), plain(GRE)),  // Z09
    t(10, bone(GRE), plain(GRE)), // Z10
    t(11, bone(CHI), zoom(POO)),  // Z11
    t(12, bone(CHI), plain(POO)), // Z12
    t(13, zoom(CHI), bone(POO)),  // Z13
    t(14, plain(CHI), bone(POO)), // Z14
    t(15, bone(CHI), zoom(BEA)),  // Z15
    t(16, bone(CHI), plain(BEA)), // Z16
    t(17, zoom(CHI), bone(BEA)),  // Z17
    t(18, plain(CHI), bone(BEA)), // Z18
    t(19, bone(CHI), zoom(HUS)),  // Z19
    t(20, bone(CHI), plain(HUS)), // Z20
    t(21, zoom(CHI), bone(HUS)),  // Z21
    t(22, plain(CHI), bone(HUS)), // Z22
    t(23, bone(CHI), zoom(GRE)),  // Z23
    t(24, bone(CHI), plain(GRE)), // Z24
    t(25, zoom(CHI), bone(GRE)),  // Z25
    t(26, plain(CHI), bone(GRE)), // Z26
    t(27, bone(POO), zoom(BEA)),  // Z27
    t(28, bone(POO), plain(BEA)), // Z28
    t(29, zoom(POO), bone(BEA)),  // Z29
    t(30, plain(POO), bone(BEA)), // Z30
    t(31, bone(POO), zoom(HUS)),  // Z31
    t(32, bone(POO), plain(HUS)), // Z32
    t(33, zoom(POO), bone(HUS)),  // Z33
    t(34, plain(POO), bone(HUS)), // Z34
    t(35, bone(POO), zoom(GRE)),  // Z35
    t(36, bone(POO), plain(GRE)), // Z36
    t(37, zoom(POO), bone(GRE)),  // Z37
    t(38, plain(POO), bone(GRE)), // Z38
    t(39, bone(BEA), zoom(HUS)),  // Z39
    t(40, bone(BEA), plain(HUS)), // Z40
    t(41, zoom(BEA), bone(HUS)),  // Z41
    t(42, plain(BEA), bone(HUS)), // Z42
    t(43, bone(BEA), zoom(GRE)),  // Z43
    t(44, bone(BEA), plain(GRE)), // Z44
    t(45, zoom(BEA), bone(GRE)),  // Z45
    t(46, plain(BEA), bone(GRE)), // Z46
    t(47, bone(HUS), zoom(GRE)),  // Z47
    t(48, bone(HUS), plain(GRE)), // Z48
    t(49, zoom(HUS), bone(GRE)),  // Z49
    t(50, plain(HUS), bone(GRE)), // Z50
];

const fn t(id: u8, a: Dog, b: Dog) -> TileFace {
    TileFace {
        tile: TileId(id),
        a,
        b,
    }
}

/// A cell of the square grid; `y` grows southwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct Cell {
    /// Column, growing east.
    pub x: i8,
    /// Row, growing south.
    pub y: i8,
}

/// One of the four grid directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// `y − 1`.
    North,
    /// `x + 1`.
    East,
    /// `y + 1`.
    South,
    /// `x − 1`.
    West,
}

/// A tile on the table (its dogs are in [`TILES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct PlacedTile {
    /// Which tile.
    pub tile: TileId,
    /// Dog A's cell.
    pub at: Cell,
    /// Dog B is one step from `at` this way.
    pub dir: Dir,
    /// Who placed it; `None` for the three start tiles.
    pub by: Option<Seat>,
}

/// The side a token shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Round token: 1 point per dog of its Pack.
    Leader,
    /// Round token: the Zoomies ladder of its Zoomies group, and an extra tile.
    Zoomies,
    /// Square token: 2 points per Bone icon of its Pack.
    Bones,
    /// Square token: 2 points per side between its Base Pack and the Frens breed.
    Frens,
}

/// The two token shapes; each player has 4 of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// Circular: Leader | Zoomies.
    Round,
    /// Square: Bones | Frens.
    Square,
}

/// A token on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct PlacedToken {
    /// Its owner.
    pub seat: Seat,
    /// The side face up.
    pub side: Side,
    /// The dog it sits on.
    pub at: Cell,
    /// Frens only: the arrow, towards a neighbouring dog of the Frens breed
    /// (the breed of the dog it points at).
    pub arrow: Option<Dir>,
    /// What it would score if the game ended now (splits applied).
    pub points: u32,
}

/// Why a token choice is refused (shown with each choice of the token step,
/// and the reason of the matching refusal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(rename_all = "snake_case")]
pub enum TokenRefusal {
    /// No round (Leader | Zoomies) token left.
    NoRoundLeft,
    /// No square (Bones | Frens) token left.
    NoSquareLeft,
    /// The dog's Pack already has a Leader token.
    PackHasLeader,
    /// The dog's Pack already has a Bones token.
    PackHasBones,
    /// The dog has no Zoomies icon.
    NotZoomiesDog,
    /// The dog's Zoomies group already has a Zoomies token.
    GroupHasZoomies,
    /// The arrow points at a dog of the same breed.
    ArrowToSameBreed,
    /// That Pack is already the Base of a Frens token with that breed.
    FrensTaken,
}

/// One way to place a token on the tile just played, legal or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct TokenChoice {
    /// The side.
    pub side: Side,
    /// The dog.
    pub at: Cell,
    /// Frens: the arrow (towards a neighbouring dog).
    pub arrow: Option<Dir>,
    /// Why it is refused; `None`: legal.
    pub refused: Option<TokenRefusal>,
}

/// One player as everyone sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct PlayerView {
    /// Seat.
    pub seat: Seat,
    /// Tiles in hand (the count only).
    pub hand_size: u8,
    /// Round tokens (Leader | Zoomies) not yet used.
    pub round_left: u8,
    /// Square tokens (Bones | Frens) not yet used.
    pub square_left: u8,
    /// Tokens discarded (they score 0).
    pub tokens_discarded: u8,
    /// The total of their placed tokens if the game ended now.
    pub score: u32,
}

/// Where the match stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Start tiles, hands and the first player are being drawn.
    Setup,
    /// The active player places a tile, or says none of theirs fits.
    PlaceTile {
        /// Who.
        active: Seat,
    },
    /// Tiles are being drawn for the active player (after a discarded hand
    /// or at the end of the turn).
    Drawing {
        /// Who.
        active: Seat,
    },
    /// The active player places a token on the tile just played, or
    /// discards one when none can be placed.
    Token {
        /// Who.
        active: Seat,
        /// The tile just played; `None`: no tile could be played, a token
        /// must be discarded.
        tile: Option<TileId>,
        /// No token can be placed: one must be discarded.
        must_discard: bool,
        /// Every side on either dog (Frens once per neighbouring dog), with
        /// why it is refused.
        choices: Vec<TokenChoice>,
    },
    /// After a Zoomies token: the active player places their other tile
    /// (no token on it), or says it does not fit.
    ExtraTile {
        /// Who.
        active: Seat,
    },
    /// The active player may discard the tile left in hand, then draws up.
    EndTurn {
        /// Who.
        active: Seat,
    },
    /// Every token is used.
    Finished,
}

/// A viewer's view of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zoomies/", rename = "ZoomiesView")
)]
pub struct View {
    /// Options in force.
    pub options: Options,
    /// Tiles on the table, in the order placed (the start tiles first).
    pub board: Vec<PlacedTile>,
    /// Tokens on the table, in the order placed.
    pub tokens: Vec<PlacedToken>,
    /// The viewer's own hand; `None` for spectators.
    pub hand: Option<Vec<TileId>>,
    /// Every seat's hand, by seat: only for [`crate::Viewer::Revealed`]
    /// (the replay of a finished match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub hands: Option<Vec<Vec<TileId>>>,
    /// Everyone, by seat.
    pub players: Vec<PlayerView>,
    /// Tiles left in the draw pile.
    pub pile: u8,
    /// Tiles discarded, out of the game (the count only).
    pub discarded: u8,
    /// Who started, once known.
    pub first_player: Option<Seat>,
    /// Phase.
    pub phase: Phase,
}

/// What a seat may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zoomies/", rename = "ZoomiesAction")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Place a tile from hand (the turn's tile, or the Zoomies extra tile):
    /// dog A on `at`, dog B one step away towards `dir`.
    PlaceTile {
        /// Which tile of the hand.
        tile: TileId,
        /// Dog A's cell.
        at: Cell,
        /// Where dog B goes from `at`.
        dir: Dir,
    },
    /// None of the hand fits anywhere (only then): discard the whole hand and
    /// draw up, or with an empty pile play no tile this turn; for the
    /// Zoomies extra tile, keep it.
    CannotPlace,
    /// Place a token on a dog of the tile just played.
    PlaceToken {
        /// The side face up (the token's shape follows).
        side: Side,
        /// The dog.
        at: Cell,
        /// Frens only: towards a neighbouring dog of another breed.
        arrow: Option<Dir>,
    },
    /// Discard a token (only when none can be placed); it scores 0.
    DiscardToken {
        /// Which shape.
        kind: TokenKind,
    },
    /// End the turn, discarding the tile left in hand or not; then draw up.
    EndTurn {
        /// Discard the tile left in hand.
        discard: bool,
    },
}

/// One step as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zoomies/", rename = "ZoomiesStepView")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepView {
    /// A start tile was drawn and laid in the start row.
    StartTile {
        /// The tile as laid.
        tile: PlacedTile,
    },
    /// A tile went from the pile to a hand (dealt or drawn).
    TileTo {
        /// Whose hand.
        seat: Seat,
        /// The tile, shown only to that seat.
        tile: Option<TileId>,
    },
    /// The server drew the first player.
    FirstPlayer {
        /// Who starts.
        seat: Seat,
    },
    /// A tile was placed.
    TilePlaced {
        /// Who.
        seat: Seat,
        /// The tile as placed.
        tile: PlacedTile,
        /// It was the extra tile of a Zoomies token (it gets no token).
        extra: bool,
    },
    /// None of a hand fitted.
    CannotPlace {
        /// Who.
        seat: Seat,
        /// Tiles discarded from the hand (0 with an empty pile, or when the
        /// Zoomies extra tile is kept).
        discarded: u8,
        /// It was the Zoomies extra tile that did not fit.
        extra: bool,
    },
    /// A token was placed.
    TokenPlaced {
        /// Who.
        seat: Seat,
        /// The side face up.
        side: Side,
        /// The dog.
        at: Cell,
        /// Frens: the arrow.
        arrow: Option<Dir>,
    },
    /// A token was discarded (none could be placed).
    TokenDiscarded {
        /// Who.
        seat: Seat,
        /// Its shape.
        kind: TokenKind,
    },
    /// The turn ended.
    TurnEnded {
        /// Who.
        seat: Seat,
        /// The tile left in hand was discarded (face down).
        discarded: bool,
    },
}

/// A side counted for a Frens token: `base` in the Base Pack, `fren` a dog
/// of the Frens breed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct FrensSide {
    /// The Base Pack's dog.
    pub base: Cell,
    /// The neighbouring dog of the Frens breed.
    pub fren: Cell,
}

/// How one placed token scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct TokenScore {
    /// The side.
    pub side: Side,
    /// The dog it sits on.
    pub at: Cell,
    /// Frens: the arrow.
    pub arrow: Option<Dir>,
    /// Frens: the Frens breed.
    pub frens: Option<Breed>,
    /// The Pack (Leader, Bones, Frens' Base) or Zoomies group counted.
    pub cells: Vec<Cell>,
    /// Frens: every side counted.
    pub sides: Vec<FrensSide>,
    /// What was counted: dogs (Leader), Bone icons (Bones), sides (Frens),
    /// Zoomies dogs (Zoomies).
    pub counted: u32,
    /// Points before the split.
    pub raw: u32,
    /// Tokens sharing these points (this one included; 1 = not shared).
    pub shared: u8,
    /// Points scored: `raw / shared`, rounded down.
    pub points: u32,
}

/// One seat's line of the final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export_to = "zoomies/"))]
pub struct ScoreLine {
    /// Seat.
    pub seat: Seat,
    /// Every token placed, in the order placed.
    pub tokens: Vec<TokenScore>,
    /// Tokens discarded (0 points each).
    pub discarded: u8,
    /// The score: the sum of `tokens[].points`.
    pub total: u32,
    /// The highest single token (the tie-break).
    pub best: u32,
    /// 1 = best; ties on total and best share.
    pub rank: u8,
}

/// The final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zoomies/", rename = "ZoomiesScorecard")
)]
pub struct Scorecard {
    /// One line per seat.
    pub players: Vec<ScoreLine>,
}

/// No response timer: Zoomies has no simultaneous window.
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
            tokens: Vec::new(),
            discarded: 8,
            total,
            best: 0,
            rank: 1,
        };
        let card = Scorecard {
            players: vec![line(0, 12), line(1, 7)],
        };
        let lines = card.lines();
        assert_eq!(
            lines.iter().map(|(score, _)| *score).collect::<Vec<_>>(),
            vec![12, 7]
        );
        assert_eq!(lines[1].1["total"], 7);
        assert_eq!(Options::default().response_timer_secs(), None);
        assert_eq!(Options::default().first_player, None);
    }

    #[test]
    fn tiles_are_numbered_in_order() {
        for (i, face) in TILES.iter().enumerate() {
            assert_eq!(usize::from(face.tile.0), i + 1);
        }
    }
}

#[cfg(all(test, feature = "ts"))]
mod ts {
    use ts_rs::TS;

    /// The five envelope payloads export under their prefixed names, with
    /// every type they mention, into `zoomies/`; so does `TileFace`.
    #[test]
    fn exports_under_prefixed_names() {
        let dir = std::env::temp_dir().join(format!("parlor-zoomies-ts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        super::Options::export_all_to(&dir).expect("options");
        super::Action::export_all_to(&dir).expect("action");
        super::View::export_all_to(&dir).expect("view");
        super::StepView::export_all_to(&dir).expect("step view");
        super::Scorecard::export_all_to(&dir).expect("scorecard");
        // The printed tiles' type, for a table generated from `TILES`.
        super::TileFace::export_all_to(&dir).expect("tile face");
        for name in [
            "ZoomiesOptions",
            "ZoomiesAction",
            "ZoomiesView",
            "ZoomiesStepView",
            "ZoomiesScorecard",
            "TileFace",
            "TokenChoice",
        ] {
            let path = dir.join("zoomies").join(format!("{name}.ts"));
            assert!(path.exists(), "{path:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
