//! The Doozy Dice state machine (RULINGS §5(c)) and its [`Game`] impl.
//!
//! Phases: deal 5 cards (one chance step each) → first-player roll-off (one
//! chance step per die) → turns (seat actions; each rolled die lands as its
//! own chance step) → finished. Every step is validated in full before
//! anything changes, so a refused step leaves the state as it was.

use parlor_protocol::doozy_dice::{Action, ComboRecord, Options, Scorecard, StepView, View};
use parlor_protocol::{GameKind, Seat, ToAct, Viewer};

use super::cards::{self, Symbol, CARD_COUNT, FACE};
use super::{Chance, Illegal};
use crate::game::{Game, GameOutcome, SetupError, Step};

/// Cards dealt to the centre.
pub(super) const DEALT: usize = 5;
/// Dice on the table: 0–2 blue, 3–4 white Doozy dice.
pub(super) const DICE: u8 = 5;
/// All five dice as a mask.
pub(super) const ALL_DICE: u8 = 0b1_1111;
/// The roll cutoff.
pub(super) const MAX_ROLLS: u8 = 13;
/// A claim on this roll or earlier earns the bonus.
pub(super) const BONUS_ROLLS: u8 = 3;
/// Dots every player starts with.
pub(super) const START_DOTS: i32 = 2;

/// Is die `i` a white Doozy die (faces: Doozy Face, 2–6)?
pub(super) fn is_white(die: u8) -> bool {
    die >= 3
}

/// The lowest value die `i` can be set to with dots.
fn lowest_value(die: u8) -> u8 {
    if is_white(die) {
        2
    } else {
        1
    }
}

/// A whole Doozy Dice match.
#[derive(Debug, Clone, PartialEq)]
pub struct DoozyDice {
    /// Host options, fixed for the match.
    pub(super) options: Options,
    /// Number of players, 2–4.
    pub(super) seats: u8,
    /// The cards in the centre, in the order dealt (shared by every player).
    pub(super) cards: Vec<u8>,
    /// One entry per seat.
    pub(super) players: Vec<Player>,
    /// The roll-off winner, once known; the order of turns starts here.
    pub(super) first_player: Option<Seat>,
    /// Where the match stands.
    pub(super) stage: Stage,
}

/// One player's scorecard.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Player {
    /// Doozy Dot balance; negative after losses, never by spending.
    pub(super) dots: i32,
    /// Combos recorded, in the order completed.
    pub(super) records: Vec<ComboRecord>,
    /// The recorded cards as a [`cards::bit`] mask, for quick "remaining".
    pub(super) done: u32,
}

/// Phase of the match.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Stage {
    /// Dealing the five cards.
    Dealing,
    /// Rolling for first player.
    RollOff {
        /// Seats still in it, ascending (everyone, then the tied highest).
        contenders: Vec<Seat>,
        /// This pass's rolls, indexed by seat.
        rolls: Vec<Option<u8>>,
    },
    /// A player's turn.
    Turn(Turn),
    /// Every player has five records.
    Finished,
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Turn {
    /// The roller.
    pub(super) seat: Seat,
    /// Rolls made this turn; 0 before the first.
    pub(super) roll_count: u8,
    /// Pips per die: 1–6, 0 before the first roll or while in the air. On a
    /// white die (3, 4), 1 is the Doozy Face (dots can't set a white die to
    /// 1, so it can only come from a roll).
    pub(super) dice: [u8; 5],
    /// Dice set aside for good (only with `lock_set_aside`), as a mask.
    pub(super) locked: u8,
    /// Dice rolled but not landed yet, as a mask; they land lowest first.
    pub(super) in_air: u8,
}

impl Turn {
    fn new(seat: Seat) -> Turn {
        Turn {
            seat,
            roll_count: 0,
            dice: [0; 5],
            locked: 0,
            in_air: 0,
        }
    }

    /// Does die `i` show the Doozy Face?
    pub(super) fn is_face(&self, die: u8) -> bool {
        is_white(die) && self.dice.get(usize::from(die)) == Some(&1)
    }

    /// What the card check sees, or `None` while any die has no value.
    pub(super) fn symbols(&self) -> Option<[Symbol; 5]> {
        let mut out = [FACE; 5];
        for (i, (&value, slot)) in (0u8..).zip(self.dice.iter().zip(out.iter_mut())) {
            if value == 0 {
                return None;
            }
            *slot = if self.is_face(i) { FACE } else { value };
        }
        Some(out)
    }

    /// The next die to land, if any is in the air.
    pub(super) fn next_landing(&self) -> Option<u8> {
        (self.in_air != 0).then(|| u8::try_from(self.in_air.trailing_zeros()).unwrap_or(0))
    }
}

/// A seat action that passed every check: what `commit` will do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Plan {
    /// Roll these dice (mask).
    Roll(u8),
    /// Set a die to a value for `cost` dots.
    Adjust {
        /// The die.
        die: u8,
        /// Its new value.
        to: u8,
        /// Dots spent.
        cost: u8,
    },
    /// Record the roll count on this card.
    Claim(u8),
    /// Record 13 on this card and lose a dot.
    Cutoff(u8),
}

impl DoozyDice {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The cards dealt so far, as a [`cards::bit`] mask.
    pub(super) fn dealt_mask(&self) -> u32 {
        self.cards.iter().fold(0, |m, &id| {
            m | cards::bit(parlor_protocol::doozy_dice::CardId(id))
        })
    }

    /// Cards on the table that `seat` has not recorded yet, as a mask.
    pub(super) fn remaining_mask(&self, seat: Seat) -> u32 {
        let done = self.players.get(seat.index()).map_or(u32::MAX, |p| p.done);
        self.dealt_mask() & !done
    }

    /// The roller's remaining cards the current dice make, as a mask
    /// (empty before the first roll and while dice are in the air).
    pub(super) fn satisfied_mask(&self, turn: &Turn) -> u32 {
        if turn.roll_count == 0 || turn.in_air != 0 {
            return 0;
        }
        turn.symbols().map_or(0, |s| {
            cards::satisfied_mask(s) & self.remaining_mask(turn.seat)
        })
    }

    /// Would the dice, with `die` turned to `to`, still make a remaining
    /// card? (With auto-claim, an adjustment must not unmake them all.)
    fn still_claims(&self, turn: &Turn, die: u8, to: u8) -> bool {
        let mut after = turn.clone();
        match after.dice.get_mut(usize::from(die)) {
            Some(d) => *d = to,
            None => return false,
        }
        self.satisfied_mask(&after) != 0
    }

    /// The turn in progress, if any.
    pub(super) fn turn(&self) -> Option<&Turn> {
        match &self.stage {
            Stage::Turn(t) => Some(t),
            _ => None,
        }
    }

    fn dots(&self, seat: Seat) -> i32 {
        self.players.get(seat.index()).map_or(0, |p| p.dots)
    }

    /// Checks a seat action against the rules, changing nothing.
    pub(super) fn plan(&self, seat: Seat, action: &Action) -> Result<Plan, Illegal> {
        let turn = match &self.stage {
            Stage::Finished => return Err(Illegal::GameOver),
            Stage::Turn(t) if t.seat == seat => t,
            _ => return Err(Illegal::NotYourTurn),
        };
        if turn.in_air != 0 {
            return Err(Illegal::DiceInTheAir);
        }
        let must_claim = self.options.auto_claim && self.satisfied_mask(turn) != 0;
        match action {
            Action::Roll { dice } => {
                if turn.roll_count >= MAX_ROLLS {
                    return Err(Illegal::NoRollsLeft);
                }
                if must_claim {
                    return Err(Illegal::MustClaim);
                }
                if dice.is_empty() {
                    return Err(Illegal::EmptyRoll);
                }
                let mut mask = 0u8;
                for &die in dice {
                    if die >= DICE {
                        return Err(Illegal::BadDie(die));
                    }
                    if mask & (1 << die) != 0 {
                        return Err(Illegal::DuplicateDie(die));
                    }
                    mask |= 1 << die;
                }
                if turn.roll_count == 0 && mask != ALL_DICE {
                    return Err(Illegal::MustRollAllFirst);
                }
                if let Some(die) = (0..DICE).find(|d| turn.locked & mask & (1 << d) != 0) {
                    return Err(Illegal::DieLocked(die));
                }
                Ok(Plan::Roll(mask))
            }
            Action::Adjust { die, to } => {
                let (die, to) = (*die, *to);
                if turn.roll_count == 0 {
                    return Err(Illegal::NotRolledYet);
                }
                let from = *turn
                    .dice
                    .get(usize::from(die))
                    .ok_or(Illegal::BadDie(die))?;
                if turn.is_face(die) {
                    return Err(Illegal::FaceCannotChange);
                }
                if !(lowest_value(die)..=6).contains(&to) {
                    return Err(Illegal::ValueOutOfRange { die, to });
                }
                if to == from {
                    return Err(Illegal::NoChange(die));
                }
                let cost = from.abs_diff(to);
                let have = self.dots(seat);
                if have < i32::from(cost) {
                    return Err(Illegal::NotEnoughDots { cost, have });
                }
                // RULINGS §5(c): with auto-claim, dots cannot unmake every
                // card the dice make to roll on.
                if must_claim && !self.still_claims(turn, die, to) {
                    return Err(Illegal::MustClaim);
                }
                Ok(Plan::Adjust { die, to, cost })
            }
            Action::Claim { card } => {
                if turn.roll_count == 0 {
                    return Err(Illegal::NotRolledYet);
                }
                if self.remaining_mask(seat) & cards::bit(*card) == 0 {
                    return Err(Illegal::CardNotAvailable(card.0));
                }
                if self.satisfied_mask(turn) & cards::bit(*card) == 0 {
                    return Err(Illegal::NotSatisfied);
                }
                Ok(Plan::Claim(card.0))
            }
            Action::Cutoff { card } => {
                if turn.roll_count < MAX_ROLLS {
                    return Err(Illegal::CutoffNotReached);
                }
                if self.remaining_mask(seat) & cards::bit(*card) == 0 {
                    return Err(Illegal::CardNotAvailable(card.0));
                }
                if must_claim {
                    return Err(Illegal::MustClaim);
                }
                Ok(Plan::Cutoff(card.0))
            }
        }
    }

    /// Carries out a checked plan.
    fn commit(&mut self, plan: Plan) {
        let lock = self.options.lock_set_aside;
        let Stage::Turn(turn) = &mut self.stage else {
            return;
        };
        let seat = turn.seat;
        match plan {
            Plan::Roll(mask) => {
                if lock && turn.roll_count > 0 {
                    turn.locked |= ALL_DICE & !mask;
                }
                turn.roll_count += 1;
                for (i, value) in turn.dice.iter_mut().enumerate() {
                    if mask & (1 << i) != 0 {
                        *value = 0;
                    }
                }
                turn.in_air = mask;
            }
            Plan::Adjust { die, to, cost } => {
                if let Some(value) = turn.dice.get_mut(usize::from(die)) {
                    *value = to;
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.dots -= i32::from(cost);
                }
            }
            Plan::Claim(card) => {
                let rolls = turn.roll_count;
                let bonus = rolls <= BONUS_ROLLS;
                if bonus {
                    for (i, p) in self.players.iter_mut().enumerate() {
                        p.dots += if i == seat.index() { 1 } else { -1 };
                    }
                }
                self.record(
                    seat,
                    ComboRecord {
                        card: parlor_protocol::doozy_dice::CardId(card),
                        rolls,
                        bonus,
                        cutoff: false,
                    },
                );
            }
            Plan::Cutoff(card) => {
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.dots -= 1;
                }
                self.record(
                    seat,
                    ComboRecord {
                        card: parlor_protocol::doozy_dice::CardId(card),
                        rolls: MAX_ROLLS,
                        bonus: false,
                        cutoff: true,
                    },
                );
            }
        }
    }

    /// Writes a record for the roller and passes the dice to the left.
    fn record(&mut self, seat: Seat, record: ComboRecord) {
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.done |= cards::bit(record.card);
            p.records.push(record);
        }
        let next = Seat((seat.0 + 1) % self.seats);
        self.stage = if self.players.iter().all(|p| p.records.len() >= DEALT) {
            Stage::Finished
        } else {
            Stage::Turn(Turn::new(next))
        };
    }

    /// Checks and applies a chance outcome.
    fn chance(&mut self, outcome: Chance) -> Result<(), Illegal> {
        match (&mut self.stage, outcome) {
            (Stage::Dealing, Chance::Card(id)) => {
                if !(1..=CARD_COUNT).contains(&id) || self.cards.contains(&id) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                self.cards.push(id);
                if self.cards.len() == DEALT {
                    self.stage = Stage::RollOff {
                        contenders: (0..self.seats).map(Seat).collect(),
                        rolls: vec![None; usize::from(self.seats)],
                    };
                }
                Ok(())
            }
            (Stage::RollOff { contenders, rolls }, Chance::Die(value)) => {
                if !(1..=6).contains(&value) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                let next = contenders
                    .iter()
                    .find(|s| rolls.get(s.index()) == Some(&None))
                    .and_then(|s| rolls.get_mut(s.index()));
                let Some(slot) = next else {
                    return Err(Illegal::ImpossibleOutcome);
                };
                *slot = Some(value);
                if contenders
                    .iter()
                    .all(|s| rolls.get(s.index()) != Some(&None))
                {
                    let high = contenders
                        .iter()
                        .filter_map(|s| rolls.get(s.index()).copied().flatten())
                        .max();
                    let tied: Vec<Seat> = contenders
                        .iter()
                        .copied()
                        .filter(|s| rolls.get(s.index()).copied().flatten() == high)
                        .collect();
                    if let [winner] = tied[..] {
                        self.first_player = Some(winner);
                        self.stage = Stage::Turn(Turn::new(winner));
                    } else {
                        *contenders = tied;
                        rolls.iter_mut().for_each(|r| *r = None);
                    }
                }
                Ok(())
            }
            (Stage::Turn(turn), Chance::Die(value)) if turn.in_air != 0 => {
                if !(1..=6).contains(&value) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                let Some(die) = turn.next_landing() else {
                    return Err(Illegal::ImpossibleOutcome);
                };
                if let Some(slot) = turn.dice.get_mut(usize::from(die)) {
                    *slot = value;
                }
                turn.in_air &= !(1 << die);
                if is_white(die) && value == 1 {
                    // A Doozy Face landed: a dot for every player.
                    self.players.iter_mut().for_each(|p| p.dots += 1);
                }
                Ok(())
            }
            (Stage::Turn(turn), _) if turn.in_air == 0 => Err(Illegal::UnexpectedChance),
            (Stage::Finished, _) => Err(Illegal::GameOver),
            _ => Err(Illegal::ImpossibleOutcome),
        }
    }

    /// The seat roll-off's next die belongs to, if in the roll-off.
    pub(super) fn next_roll_off_seat(&self) -> Option<Seat> {
        match &self.stage {
            Stage::RollOff { contenders, rolls } => contenders
                .iter()
                .copied()
                .find(|s| rolls.get(s.index()) == Some(&None)),
            _ => None,
        }
    }
}

/// The legal moves of a seat, as masks, so that they can be counted and the
/// n-th found without listing them all and without allocating. In
/// [`Game::legal_actions`] order: rolls by ascending mask, adjustments by die
/// then value, claims, then cutoffs, each in dealing order.
struct Menu {
    /// Rolls of any non-empty subset of these dice (0: no rolls); just all
    /// five on a turn's first roll.
    rolls: u8,
    /// The turn's first roll: all five dice, the only move.
    first: bool,
    /// Adjustments: bit `8 × die + to` for each legal one, so ascending
    /// bits are the listing order.
    adjusts: u64,
    /// The dice, for what an adjustment costs.
    dice: [u8; 5],
    /// Claimable cards, as a [`cards::bit`] mask.
    claims: u32,
    /// Cards that may take the cutoff, as a mask.
    cutoffs: u32,
}

impl Menu {
    fn rolls_count(&self) -> usize {
        match (self.first, self.rolls) {
            (true, _) => 1,
            (false, 0) => 0,
            (false, free) => (1usize << free.count_ones()) - 1,
        }
    }

    fn len(&self) -> usize {
        let rest = self.adjusts.count_ones() + self.claims.count_ones() + self.cutoffs.count_ones();
        self.rolls_count() + rest as usize
    }

    /// The `n`-th roll: the `n + 1`-th non-empty subset of the free dice
    /// by ascending mask, i.e. the bits of `n + 1` spread over them.
    fn roll(&self, n: usize) -> u8 {
        if self.first {
            return ALL_DICE;
        }
        let mut code = n + 1;
        let mut mask = 0;
        for die in 0..DICE {
            if self.rolls & (1 << die) != 0 {
                if code & 1 != 0 {
                    mask |= 1 << die;
                }
                code >>= 1;
            }
        }
        mask
    }

    /// The `n`-th adjustment.
    fn adjust(&self, n: usize) -> Option<Plan> {
        let mut bits = self.adjusts;
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        if bits == 0 {
            return None;
        }
        let at = u8::try_from(bits.trailing_zeros()).unwrap_or(0);
        let (die, to) = (at / 8, at % 8);
        let from = self.dice.get(usize::from(die)).copied().unwrap_or(0);
        Some(Plan::Adjust {
            die,
            to,
            cost: from.abs_diff(to),
        })
    }

    /// The `n`-th move, in [`Game::legal_actions`] order; `cards` are the
    /// cards on the table in dealing order.
    fn nth(&self, mut n: usize, cards: &[u8]) -> Option<Plan> {
        let rolls = self.rolls_count();
        if n < rolls {
            return Some(Plan::Roll(self.roll(n)));
        }
        n -= rolls;
        let adjusts = self.adjusts.count_ones() as usize;
        if n < adjusts {
            return self.adjust(n);
        }
        n -= adjusts;
        let of = |mask: u32| {
            cards
                .iter()
                .copied()
                .filter(move |&id| mask & cards::bit(parlor_protocol::doozy_dice::CardId(id)) != 0)
        };
        let claims = self.claims.count_ones() as usize;
        if n < claims {
            return of(self.claims).nth(n).map(Plan::Claim);
        }
        of(self.cutoffs).nth(n - claims).map(Plan::Cutoff)
    }
}

/// The action a legal plan carries out.
fn to_action(plan: Plan) -> Action {
    match plan {
        Plan::Roll(mask) => Action::Roll {
            dice: (0..DICE).filter(|d| mask & (1 << d) != 0).collect(),
        },
        Plan::Adjust { die, to, .. } => Action::Adjust { die, to },
        Plan::Claim(card) => Action::Claim {
            card: parlor_protocol::doozy_dice::CardId(card),
        },
        Plan::Cutoff(card) => Action::Cutoff {
            card: parlor_protocol::doozy_dice::CardId(card),
        },
    }
}

impl DoozyDice {
    /// Every legal move of `seat` now (none unless it is rolling and no
    /// die is in the air).
    fn menu(&self, seat: Seat) -> Menu {
        let mut menu = Menu {
            rolls: 0,
            first: false,
            adjusts: 0,
            dice: [0; 5],
            claims: 0,
            cutoffs: 0,
        };
        let Some(turn) = self.turn() else {
            return menu;
        };
        if turn.seat != seat || turn.in_air != 0 {
            return menu;
        }
        if turn.roll_count == 0 {
            menu.first = true;
            menu.rolls = ALL_DICE;
            return menu;
        }
        menu.dice = turn.dice;
        let remaining = self.remaining_mask(seat);
        // The card check once for the dice as they are (they have all
        // landed); adjustments need it again only with auto-claim.
        let satisfied = turn
            .symbols()
            .map_or(0, |s| cards::satisfied_mask(s) & remaining);
        let blocked = self.options.auto_claim && satisfied != 0;
        if !blocked && turn.roll_count < MAX_ROLLS {
            menu.rolls = ALL_DICE & !turn.locked;
        }
        // Affordable values: within `dots` of the current one, in the die's
        // range, other than the current one.
        let dots = u8::try_from(self.dots(seat).clamp(0, 6)).unwrap_or(0);
        for (die, &from) in (0..DICE).zip(turn.dice.iter()) {
            if turn.is_face(die) {
                continue;
            }
            let low = from.saturating_sub(dots).max(lowest_value(die));
            let high = from.saturating_add(dots).min(6);
            let range = if low <= high {
                (2u64 << high) - (1u64 << low)
            } else {
                0
            };
            let mut values = range & !(1u64 << from);
            if blocked {
                for to in low..=high {
                    if values & (1 << to) != 0 && !self.still_claims(turn, die, to) {
                        values &= !(1 << to);
                    }
                }
            }
            menu.adjusts |= values << (8 * die);
        }
        menu.claims = satisfied;
        if !blocked && turn.roll_count >= MAX_ROLLS {
            menu.cutoffs = remaining;
        }
        menu
    }
}

impl Game for DoozyDice {
    type Options = Options;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type StepView = StepView;
    type Scorecard = Scorecard;
    type Illegal = Illegal;
    const KIND: GameKind = GameKind::DoozyDice;
    // Every die, card and dot is on the table (RULINGS §5(d) 12).
    const PUBLIC: bool = true;
    const RULES_VERSION: u32 = 1;

    fn new(options: &Options, seats: u8) -> Result<Self, SetupError> {
        SetupError::check_players(GameKind::DoozyDice, seats)?;
        let player = Player {
            dots: START_DOTS,
            records: Vec::with_capacity(DEALT),
            done: 0,
        };
        Ok(DoozyDice {
            options: *options,
            seats,
            cards: Vec::with_capacity(DEALT),
            players: vec![player; usize::from(seats)],
            first_player: None,
            stage: Stage::Dealing,
        })
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        match &self.stage {
            Stage::Dealing | Stage::RollOff { .. } => ToAct::Chance,
            Stage::Turn(t) if t.in_air != 0 => ToAct::Chance,
            Stage::Turn(t) => ToAct::Seats {
                seats: vec![t.seat],
            },
            Stage::Finished => ToAct::Finished,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let menu = self.menu(seat);
        (0..menu.len())
            .filter_map(|n| menu.nth(n, &self.cards))
            .map(to_action)
            .collect()
    }

    /// Counts the legal moves and builds only the one drawn (a roll's list
    /// of dice is then the only allocation).
    fn random_action<R: rand::Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Option<Action> {
        let menu = self.menu(seat);
        let len = menu.len();
        if len == 0 {
            return None;
        }
        menu.nth(rng.random_range(0..len), &self.cards)
            .map(to_action)
    }

    /// Six equally likely faces while dice are in the air, drawn as
    /// [`crate::chance::sample`] draws them, without listing them.
    fn sample_chance<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Chance> {
        match &self.stage {
            Stage::Turn(t) if t.in_air != 0 => {
                let face = rng.random_range(0..6u64);
                Some(Chance::Die(u8::try_from(face).unwrap_or(0) + 1))
            }
            _ => crate::chance::sample(self, rng),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Chance, u32)> {
        match &self.stage {
            Stage::Dealing => (1..=CARD_COUNT)
                .filter(|id| !self.cards.contains(id))
                .map(|id| (Chance::Card(id), 1))
                .collect(),
            Stage::RollOff { .. } => (1..=6).map(|v| (Chance::Die(v), 1)).collect(),
            Stage::Turn(t) if t.in_air != 0 => (1..=6).map(|v| (Chance::Die(v), 1)).collect(),
            Stage::Turn(_) | Stage::Finished => Vec::new(),
        }
    }

    fn apply(&mut self, step: &Step<Action, Chance>) -> Result<(), Illegal> {
        match step {
            Step::Act { seat, action } => {
                let plan = self.plan(*seat, action)?;
                self.commit(plan);
                Ok(())
            }
            Step::Chance { outcome } => {
                if matches!(self.stage, Stage::Turn(ref t) if t.in_air == 0) {
                    return Err(Illegal::UnexpectedChance);
                }
                self.chance(*outcome)
            }
        }
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.public_view()
    }

    /// Every die, card and dot is on the table for all to see.
    fn reveals(&self, _action: &Action) -> bool {
        false
    }

    fn step_view(&self, step: &Step<Action, Chance>, _viewer: Viewer) -> StepView {
        self.public_step_view(step)
    }

    fn view_changes(&self, step: &Step<Action, Chance>) -> Option<&'static [&'static str]> {
        const PHASE: &[&str] = &["phase"];
        const SCORES: &[&str] = &["players", "phase"];
        match (&self.stage, step) {
            (
                Stage::Turn(_),
                Step::Act {
                    action: Action::Roll { .. },
                    ..
                },
            ) => Some(PHASE),
            // Dots spent, a combo recorded.
            (Stage::Turn(_), Step::Act { .. }) => Some(SCORES),
            (
                Stage::Turn(turn),
                Step::Chance {
                    outcome: Chance::Die(value),
                },
            ) => match turn.next_landing() {
                // A Doozy Face gives every player a dot.
                Some(die) if !(is_white(die) && *value == 1) => Some(PHASE),
                _ => Some(SCORES),
            },
            (Stage::RollOff { .. }, Step::Chance { .. }) => Some(&["first_player", "phase"]),
            (Stage::Dealing, Step::Chance { .. }) => Some(&["cards", "phase"]),
            _ => None,
        }
    }

    fn outcome(&self) -> Option<GameOutcome<Scorecard>> {
        self.final_outcome()
    }
}
