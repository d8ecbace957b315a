//! Zop Zoo wire types (rulebook + RULINGS §0, §4). The rules as implemented
//! are in `docs/games/zop-zoo.md`.
//!
//! In TypeScript the five types the game envelopes carry are prefixed
//! (`ZopZooOptions`, `ZopZooAction`, `ZopZooView`, `ZopZooStepView`,
//! `ZopZooScorecard`), and so is every other type whose name another game
//! could use (`ZopZooCard`, `ZopZooPlayerView`, `ZopZooRoundSummary`, …).
//!
//! Cards travel as [`Card`]: what is printed on them (kind, animal,
//! category, value), never an id, so identical copies (the 4 BEASTs, the 6
//! MOLEs) look identical. A stack in a row is named by its base card's
//! animal, a Side Bonus card by its category: each is unique in the game.
//!
//! Hidden: only the order of the draw pile, which is never stored (each card
//! is drawn, as a chance step, when it leaves the pile). Everything else is
//! public: every row and side area, the whole discard pile with each task
//! card's state, the draw pile's count, round and game scores.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;

/// The score that ends the game (RULINGS §4(c) "Game end").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooTarget")
)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// 800 points, any table.
    #[default]
    Standard,
    /// 1000 points: two players only.
    Long,
    /// 600 points: five or six players only.
    Short,
}

impl Target {
    /// The points it stands for.
    pub fn points(self) -> i32 {
        match self {
            Target::Standard => 800,
            Target::Long => 1000,
            Target::Short => 600,
        }
    }
}

/// Host options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooOptions")
)]
#[serde(default)]
pub struct Options {
    /// The score that ends the game.
    pub target: Target,
    /// Who is dealt the first card of round 1 (the rulebook's dealer);
    /// `None` lets the server draw one at random (RULINGS §0).
    pub first_player: Option<Seat>,
    /// Every card from the draw pile waits for its seat's
    /// [`Action::Draw`] (`true`, every new room). `false` is how matches
    /// were played before the option existed: the server drew for the seat
    /// at once. Absent from stored JSON it reads `false`, so those matches
    /// replay as they were played; the lobby never shows it.
    #[serde(default)]
    pub draw_by_click: bool,
}

impl Default for Options {
    /// What a new room offers: 800 points, a random first player, draws by
    /// click.
    fn default() -> Options {
        Options {
            target: Target::default(),
            first_player: None,
            draw_by_click: true,
        }
    }
}

/// The ten categories, cheapest first (RULINGS §4(b)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooCategory")
)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// 10, browns.
    Mammal,
    /// 15, blues.
    Ocean,
    /// 20, pinks.
    Bird,
    /// 25, yellows.
    Insect,
    /// 30, aquas.
    SemiAquatic,
    /// 35, oranges.
    Horns,
    /// 40, greens.
    Reptile,
    /// 45, mauves.
    Marsupial,
    /// 55, reds.
    Arachnid,
    /// 60, purples.
    Mythical,
}

/// Every illustrated animal: the 36 category animals, the 10 connect
/// animals, the 6 minus animals and the 8 Side Bonus illustrations
/// (RULINGS §4(b), names DESIGNED except the Owl).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooAnimal")
)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Animal {
    // MAMMAL
    Bear,
    Lion,
    Elephant,
    Giraffe,
    Zebra,
    Panda,
    // OCEAN
    Whale,
    Dolphin,
    Shark,
    Octopus,
    Jellyfish,
    // BIRD
    Owl,
    Parrot,
    Penguin,
    Flamingo,
    Peacock,
    // INSECT
    Butterfly,
    Ladybug,
    Bumblebee,
    Dragonfly,
    // SEMI-AQUATIC
    Frog,
    Hippo,
    Otter,
    Beaver,
    // HORNS
    Rhino,
    Ram,
    Moose,
    // REPTILE
    Crocodile,
    Chameleon,
    Tortoise,
    // MARSUPIAL
    Kangaroo,
    Koala,
    // ARACHNID
    Tarantula,
    Scorpion,
    // MYTHICAL
    Unicorn,
    Dragon,
    // Connect animals, one per category in category order.
    Gorilla,
    Seahorse,
    Toucan,
    Grasshopper,
    Platypus,
    Yak,
    Cobra,
    Wombat,
    DaddyLonglegs,
    Griffin,
    // Minus animals.
    Skunk,
    Vulture,
    Rat,
    Piranha,
    Cockroach,
    Leech,
    // Side Bonus illustrations.
    Starfish,
    Hummingbird,
    Firefly,
    Salamander,
    Antelope,
    Gecko,
    JumpingSpider,
    Phoenix,
}

/// A card as printed. `value` is the printed number: an indicated value on
/// the white Category (the category's) and Lower Half (80) cards, the
/// minus on a Minus card, the POINTS on black cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooCard")
)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Card {
    /// White: a Category card, not worth POINTS until covered.
    Category {
        /// The animal.
        animal: Animal,
        /// Its category.
        category: Category,
        /// Indicated value.
        value: i32,
    },
    /// White: a Lower Half Connect card (lists no category).
    LowerHalf {
        /// The animal.
        animal: Animal,
        /// Indicated value (80).
        value: i32,
    },
    /// White: a Minus card (always shows POINTS).
    Minus {
        /// The animal.
        animal: Animal,
        /// The minus POINTS (negative).
        value: i32,
    },
    /// Black: a Category POINTS card.
    Points {
        /// The animal.
        animal: Animal,
        /// Its category.
        category: Category,
        /// POINTS.
        value: i32,
    },
    /// Black: an Upper Half Connect card (lists a category).
    UpperHalf {
        /// The animal.
        animal: Animal,
        /// The category it lists.
        category: Category,
        /// POINTS of the connected animal (80).
        value: i32,
    },
    /// Black: an ANTI-Minus card.
    AntiMinus {
        /// The animal.
        animal: Animal,
        /// POINTS (positive).
        value: i32,
    },
    /// Black: a Side Bonus card.
    SideBonus {
        /// Its illustration.
        animal: Animal,
        /// The category it highlights.
        category: Category,
        /// Bonus POINTS.
        value: i32,
    },
    /// Black: wild, 0 POINTS.
    Beast,
    /// Black: wild, 50 POINTS.
    BestBeast,
    /// Black: dig in the discard pile.
    Mole,
    /// Black: give one of your POINTS items to another player.
    Hyena,
    /// Black: take a POINTS item from another player.
    Raccoon,
    /// Black: switch one of your POINTS items with another player's.
    Earthworm,
}

impl Card {
    /// The animal printed on the card, if it shows one (the black
    /// action cards show none).
    pub fn animal(self) -> Option<Animal> {
        match self {
            Card::Category { animal, .. }
            | Card::LowerHalf { animal, .. }
            | Card::Minus { animal, .. }
            | Card::Points { animal, .. }
            | Card::UpperHalf { animal, .. }
            | Card::AntiMinus { animal, .. }
            | Card::SideBonus { animal, .. } => Some(animal),
            _ => None,
        }
    }
}

/// A POINTS item: a stack that shows POINTS (named by its base card's
/// animal) or a Side Bonus card (named by its category).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooItem")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Item {
    /// A stack in a row, whole (base card with its cover or upper half).
    Stack {
        /// Its base card's animal.
        base: Animal,
    },
    /// A Side Bonus card.
    Bonus {
        /// Its category.
        category: Category,
    },
}

/// What a seat may do. [`View::moves`] lists the legal ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooAction")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Take the matching top card of the discard pile, and every matching
    /// card revealed under it (mandatory when offered; ends the turn).
    TakeFromDiscard,
    /// Use the MOLE on top of the discard pile (ends the turn).
    Dig,
    /// Draw the next card from the draw pile: the only move when the
    /// discard pile offers nothing (or the turn goes on after a match, a
    /// wild or a task card), or the choice to leave the MOLE on top of the
    /// discard pile. The card itself is a chance step drawn right after.
    Draw,
    /// Put the wild card just drawn on this stack of your row.
    Cover {
        /// The stack's base animal.
        base: Animal,
    },
    /// HYENA: give one of your POINTS items to another player.
    Give {
        /// Yours.
        item: Item,
        /// The receiver.
        to: Seat,
    },
    /// RACCOON: take a POINTS item from another player.
    Take {
        /// The owner.
        from: Seat,
        /// Theirs.
        item: Item,
    },
    /// EARTHWORM: switch one of your POINTS items with another player's.
    Switch {
        /// Yours.
        mine: Item,
        /// The other player.
        with: Seat,
        /// Theirs.
        theirs: Item,
    },
}

/// A task card's state on the discard pile (other cards are always
/// `live`, which means nothing for them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooMark")
)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Unused and never buried: usable while on top.
    Live,
    /// Used: inert.
    Spent,
    /// Buried unused: inert for the rest of the round.
    Void,
}

/// One card of the discard pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooDiscard")
)]
pub struct Discarded {
    /// The card.
    pub card: Card,
    /// Its state (task cards).
    pub mark: Mark,
}

/// One stack of a row: a white base card and what lies on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooStack")
)]
pub struct Stack {
    /// The white card.
    pub base: Card,
    /// Its matching POINTS or ANTI-Minus card, its connected Upper Half, or
    /// a wild (BEAST / BEST BEAST); `None`: nothing yet.
    pub cover: Option<Card>,
    /// It shows POINTS (counts towards winning the round).
    pub shows_points: bool,
    /// The category it lists, for Side Bonus cards.
    pub category: Option<Category>,
    /// What it is worth to a round's winner now (unmatched: 0).
    pub points: i32,
}

/// One seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooPlayerView")
)]
pub struct PlayerView {
    /// Seat.
    pub seat: Seat,
    /// The row, in order (received stacks at the end).
    pub row: Vec<Stack>,
    /// Side Bonus cards collected.
    pub side: Vec<Card>,
    /// Cumulative score.
    pub score: i32,
}

/// What the active seat's turn is waiting for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooAwaiting")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Awaiting {
    /// The top discard matches: the seat must take it.
    TakeFromDiscard {
        /// What the take will bring, in order (the chain below the top).
        takes: Vec<Taken>,
    },
    /// The top discard is a live task card the seat can use: it must.
    DiscardTask {
        /// The task card.
        card: Card,
    },
    /// A MOLE on top of the discard pile could retrieve something: dig or
    /// draw.
    DigOrDraw {
        /// What a dig will retrieve, in the order taken.
        retrieves: Vec<Taken>,
    },
    /// The next card comes from the draw pile: the seat draws it
    /// ([`Action::Draw`], its only move), or, in a match without
    /// [`Options::draw_by_click`], the server does at once.
    Draw,
    /// The wild card just drawn waits for a stack.
    Wild {
        /// BEAST or BEST BEAST.
        card: Card,
    },
    /// The task card just drawn waits for its targets.
    Task {
        /// The task card.
        card: Card,
    },
}

/// Where the match stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooPhase")
)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Round 1: the server draws who is dealt first.
    FirstPlayer,
    /// The white cards are being dealt, one at a time from `first`.
    Deal {
        /// Who is dealt first (and plays first).
        first: Seat,
    },
    /// A seat's turn.
    Turn {
        /// Whose.
        active: Seat,
        /// What it waits for.
        awaiting: Awaiting,
    },
    /// Someone reached the target.
    Finished,
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooRoundEnd")
)]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// A player's every stack showed POINTS.
    Won,
    /// The draw pile ran out when a card was needed.
    Exhausted,
}

/// What lay on a stack at the end of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooCover")
)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// Its own match: the POINTS or ANTI-Minus card, or the connected upper
    /// half.
    Matched,
    /// A BEAST (0 POINTS).
    Beast,
    /// A BEST BEAST (50 POINTS).
    BestBeast,
}

/// A stack at the end of a round with what it scored for its owner (kept
/// small: every round stays in the view).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooScoredStack")
)]
pub struct ScoredStack {
    /// The white card's animal (each is unique).
    pub base: Animal,
    /// What lay on it (`None`: nothing).
    pub cover: Option<Cover>,
    /// Points scored for it (0 when it did not count).
    pub points: i32,
}

/// One seat's round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooSeatRound")
)]
pub struct SeatRound {
    /// Seat.
    pub seat: Seat,
    /// Its row at the end, each stack with its points.
    pub row: Vec<ScoredStack>,
    /// The categories of its Side Bonus cards (always scored).
    pub side: Vec<Category>,
    /// Their bonus points.
    pub side_points: i32,
    /// Points scored this round (stacks and side bonuses).
    pub points: i32,
    /// Cumulative score after the round.
    pub total: i32,
}

/// A finished round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooRoundSummary")
)]
pub struct RoundSummary {
    /// 1-based.
    pub round: u16,
    /// Who was dealt first and played first.
    pub first: Seat,
    /// How it ended.
    pub ended_by: RoundEnd,
    /// The round's winner (`None` when the deck ran out).
    pub winner: Option<Seat>,
    /// Every seat, by seat.
    pub seats: Vec<SeatRound>,
    /// Who is dealt first next round (`None`: the game is over).
    pub next_first: Option<Seat>,
}

/// A viewer's view. Nothing in it is secret: every viewer sees the same,
/// except `moves`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooView")
)]
pub struct View {
    /// Options in force.
    pub options: Options,
    /// The target in points.
    pub target: i32,
    /// The round, 1-based.
    pub round: u16,
    /// Who was dealt first this round (`None` before round 1's draw).
    pub first: Option<Seat>,
    /// Everyone, by seat.
    pub players: Vec<PlayerView>,
    /// Cards left in the draw pile.
    pub draw_pile: u8,
    /// The discard pile, bottom first (the top is last).
    pub discard: Vec<Discarded>,
    /// Phase.
    pub phase: Phase,
    /// Every finished round.
    pub rounds: Vec<RoundSummary>,
    /// The viewer's legal actions now; empty unless the viewer is to act.
    pub moves: Vec<Action>,
}

/// A card that moved onto a row or a side area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooTaken")
)]
pub struct Taken {
    /// The card.
    pub card: Card,
    /// The stack it covered or connected to (its base animal); `None`: a
    /// Side Bonus card put in the side area.
    pub onto: Option<Animal>,
}

/// What a card drawn from the draw pile did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooEffect")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// It matched: covered or connected to a stack, or went to the side
    /// area. The turn goes on.
    Matched {
        /// Where it went.
        taken: Taken,
    },
    /// A wild: the seat now chooses the stack it covers.
    Wild,
    /// A MOLE that retrieved these cards from the discard pile, then went on
    /// top of it. The turn goes on.
    Dug {
        /// In the order taken.
        taken: Vec<Taken>,
    },
    /// A task card the seat can use: it now chooses the targets.
    Task,
    /// Nothing to match or use: discarded face up. The turn ends.
    Discarded,
}

/// A POINTS item that changed hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooMoved")
)]
pub struct Moved {
    /// Its owner before.
    pub from: Seat,
    /// Its owner now.
    pub to: Seat,
    /// Which item.
    pub item: Item,
    /// The cards that moved (a stack's base and cover, or the Side Bonus).
    pub cards: Vec<Card>,
}

/// One step as every viewer sees it (nothing in Zop Zoo is shown to one
/// viewer only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooStepView")
)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StepView {
    /// The server drew who is dealt first in round 1.
    FirstPlayer {
        /// Who.
        seat: Seat,
    },
    /// A white card dealt face up.
    Dealt {
        /// To whom.
        seat: Seat,
        /// The card.
        card: Card,
        /// The round it ended (a row of nothing but Minus cards).
        round_end: Option<RoundSummary>,
    },
    /// A card drawn from the draw pile.
    CardDrawn {
        /// Who drew it.
        seat: Seat,
        /// The card.
        card: Card,
        /// What it did.
        effect: Effect,
        /// The round it ended (a win, or the draw pile ran out).
        round_end: Option<RoundSummary>,
    },
    /// Cards taken from the top of the discard pile, in order.
    TookFromDiscard {
        /// Who.
        seat: Seat,
        /// The cards.
        taken: Vec<Taken>,
        /// The round it ended.
        round_end: Option<RoundSummary>,
    },
    /// The MOLE on top of the discard pile was used.
    Dug {
        /// Who.
        seat: Seat,
        /// The cards retrieved, in the order taken.
        taken: Vec<Taken>,
        /// The round it ended.
        round_end: Option<RoundSummary>,
    },
    /// The seat drew ([`Action::Draw`]); the card follows as a step of its
    /// own.
    Drew {
        /// Who.
        seat: Seat,
        /// It left a MOLE on top of the discard pile to draw (a choice);
        /// `false`: drawing was its only move.
        left_mole: bool,
        /// The round it ended (the draw pile was empty).
        round_end: Option<RoundSummary>,
    },
    /// A wild card covered a stack.
    Covered {
        /// Who.
        seat: Seat,
        /// The wild.
        wild: Card,
        /// The stack's base card.
        base: Card,
        /// The round it ended.
        round_end: Option<RoundSummary>,
    },
    /// A task card was used.
    TaskUsed {
        /// Who.
        seat: Seat,
        /// HYENA, RACCOON or EARTHWORM.
        task: Card,
        /// It was the top of the discard pile (the turn ends), not drawn.
        from_discard: bool,
        /// What changed hands (two items for a switch).
        moved: Vec<Moved>,
        /// The round it ended (the draw pile was empty).
        round_end: Option<RoundSummary>,
    },
    /// A step the rules refuse (it changes nothing).
    Refused {
        /// Who submitted it (`None`: chance).
        seat: Option<Seat>,
    },
}

/// One seat's line of the final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooScoreLine")
)]
pub struct ScoreLine {
    /// Seat.
    pub seat: Seat,
    /// Points per round.
    pub rounds: Vec<i32>,
    /// Rounds won.
    pub wins: u16,
    /// The final score.
    pub total: i32,
    /// 1 = best; equal totals share.
    pub rank: u8,
}

/// The final scorecard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(export_to = "zop_zoo/", rename = "ZopZooScorecard")
)]
pub struct Scorecard {
    /// The target in points.
    pub target: i32,
    /// One line per seat.
    pub players: Vec<ScoreLine>,
    /// Every round.
    pub rounds: Vec<RoundSummary>,
}

/// No response timer: Zop Zoo has no simultaneous window.
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
    fn the_headline_score_is_the_total_with_the_rounds() {
        let line = |seat: u8, rounds: Vec<i32>| ScoreLine {
            seat: Seat(seat),
            total: rounds.iter().sum(),
            rounds,
            wins: 1,
            rank: 1,
        };
        let card = Scorecard {
            target: 800,
            players: vec![line(0, vec![500, 320]), line(1, vec![-90, 60])],
            rounds: Vec::new(),
        };
        let lines = card.lines();
        assert_eq!(
            lines.iter().map(|(score, _)| *score).collect::<Vec<_>>(),
            vec![820, -30]
        );
        assert_eq!(lines[1].1["rounds"][0], -90);
        assert_eq!(Options::default().response_timer_secs(), None);
    }

    #[test]
    fn options_default_to_800_and_a_random_first_player() {
        let o: Options = serde_json::from_str("{}").unwrap_or(Options {
            target: Target::Long,
            first_player: Some(Seat(1)),
            draw_by_click: true,
        });
        // Absent fields read as a new room's, but for the click: absent,
        // it is the old way (matches stored before it replay as played).
        assert_eq!(
            o,
            Options {
                draw_by_click: false,
                ..Options::default()
            }
        );
        assert!(Options::default().draw_by_click);
        assert_eq!(o.target.points(), 800);
        assert_eq!(Target::Long.points(), 1000);
        assert_eq!(Target::Short.points(), 600);
        let json = serde_json::to_value(Options {
            target: Target::Short,
            ..Options::default()
        })
        .unwrap_or_default();
        assert_eq!(json["target"], "short");
        assert_eq!(json["draw_by_click"], true);
        let back: Options = serde_json::from_value(json).unwrap_or_default();
        assert!(back.draw_by_click);
    }

    #[test]
    fn actions_and_cards_are_tagged() {
        let a = Action::Switch {
            mine: Item::Stack {
                base: Animal::DaddyLonglegs,
            },
            with: Seat(2),
            theirs: Item::Bonus {
                category: Category::SemiAquatic,
            },
        };
        let json = serde_json::to_value(a).unwrap_or_default();
        assert_eq!(json["type"], "switch");
        assert_eq!(json["mine"]["base"], "daddy_longlegs");
        assert_eq!(json["theirs"]["category"], "semi_aquatic");
        let card = serde_json::to_value(Card::Beast).unwrap_or_default();
        assert_eq!(card["kind"], "beast");
        let back: Action = serde_json::from_value(json).unwrap_or(Action::Draw);
        assert_eq!(back, a);
    }
}

#[cfg(all(test, feature = "ts"))]
mod ts {
    use ts_rs::TS;

    /// The five envelope payloads export under their prefixed names.
    #[test]
    fn exports_under_prefixed_names() {
        let dir = std::env::temp_dir().join(format!("parlor-zop-zoo-ts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        super::Options::export_all_to(&dir).expect("options");
        super::Action::export_all_to(&dir).expect("action");
        super::View::export_all_to(&dir).expect("view");
        super::StepView::export_all_to(&dir).expect("step view");
        super::Scorecard::export_all_to(&dir).expect("scorecard");
        for name in [
            "ZopZooOptions",
            "ZopZooAction",
            "ZopZooView",
            "ZopZooStepView",
            "ZopZooScorecard",
            "ZopZooCard",
            "ZopZooRoundSummary",
            "ZopZooPlayerView",
            "ZopZooItem",
        ] {
            let path = dir.join("zop_zoo").join(format!("{name}.ts"));
            assert!(path.exists(), "{path:?}");
        }
        // Every type of this game is prefixed, so no other game's can clash.
        let unprefixed: Vec<String> = std::fs::read_dir(dir.join("zop_zoo"))
            .expect("exported")
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .filter(|n| !n.starts_with("ZopZoo"))
            .collect();
        assert!(unprefixed.is_empty(), "{unprefixed:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
