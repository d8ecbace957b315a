//! The Zop Zoo state machine (RULINGS §4(c)) and its [`Game`] impl.
//!
//! Round 1 opens with the first player (the host's choice, or a chance
//! step). Each round deals six white cards to each seat, one at a time from
//! the first player (one chance step per card), then the seats take turns
//! from the first player. A turn looks at the discard pile first (a
//! matching top card must be taken, a live task card the seat can use must
//! be used, a MOLE may be dug with), else draws: the seat says `Draw` (its
//! only move, when `Options::draw_by_click`; else the server draws at
//! once), then the card leaves the draw pile as a chance step and does what
//! it does, the turn going on (with another `Draw`) after a match, a wild,
//! a successful MOLE or a used task card. Nothing is stored
//! in an order nobody may know, so the state holds no secret.
//!
//! Every step is resolved on a copy ([`ZopZoo::resolve`]) which replaces
//! the state only when the whole step succeeded, so a refused step leaves
//! the state as it was; the same resolution narrates the step
//! (`step_view`).

use parlor_protocol::zop_zoo::{
    Action, Card, Category, Cover, Effect, Item, Mark, Moved, Options, RoundEnd, RoundSummary,
    Scorecard, ScoredStack, SeatRound, StepView, Taken, Target, View,
};
use parlor_protocol::{GameKind, Seat, ToAct, Viewer};

use super::cards::{
    self, White, ALL_WHITE, BEAST, BEST_BEAST, BEST_BEAST_POINTS, CONNECTED, EARTHWORM, HYENA,
    KINDS, MOLE, RACCOON, WHITE,
};
use super::{Chance, Illegal};
use crate::game::{Game, GameOutcome, SetupError, Step};

/// White cards dealt to each seat.
pub(super) const ROW: u8 = 6;

/// A white card in a row and what lies on it (a black kind: its match, or
/// a wild).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stack {
    /// White animal `0..52`.
    pub base: u8,
    /// Black kind on it.
    pub cover: Option<u8>,
}

impl Stack {
    /// An uncovered (and unconnected) white card.
    pub(super) fn open(base: u8) -> Stack {
        Stack { base, cover: None }
    }

    /// `showsPOINTS`: a Minus card always; anything else once covered or
    /// connected.
    pub(super) fn shows_points(&self) -> bool {
        matches!(cards::white(self.base), Some(White::Minus(_))) || self.cover.is_some()
    }

    /// `listedCategory`: an uncovered or POINTS-covered Category card, or a
    /// connected animal (its upper half's category).
    pub(super) fn listed(&self) -> Option<Category> {
        match (cards::white(self.base), self.cover) {
            (Some(White::Category(c)), None) => Some(c),
            (Some(White::Category(c) | White::Connect(c)), Some(k)) if k == self.base => Some(c),
            _ => None,
        }
    }

    /// `eligibleForWild`: nothing on it yet.
    pub(super) fn wild_ok(&self) -> bool {
        self.cover.is_none()
    }

    /// Its worth in a full tally (a winner's, or everyone's when the deck
    /// ran out): unmatched cards 0.
    pub(super) fn points(&self) -> i32 {
        match (cards::white(self.base), self.cover) {
            (_, Some(BEAST)) => 0,
            (_, Some(BEST_BEAST)) => BEST_BEAST_POINTS,
            (Some(White::Category(c)), Some(_)) => cards::value(c),
            (Some(White::Connect(_)), Some(_)) => CONNECTED,
            (Some(White::Minus(m)), None) => -m,
            (Some(White::Minus(m)), Some(_)) => m,
            _ => 0,
        }
    }

    /// Its worth to a seat that did not win: only an uncovered Minus card
    /// counts (an ANTI-covered one is worth 0, FOUND).
    pub(super) fn loser_points(&self) -> i32 {
        match (cards::white(self.base), self.cover) {
            (Some(White::Minus(m)), None) => -m,
            _ => 0,
        }
    }
}

/// One seat's cards on the table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct Player {
    /// The row, in order.
    pub row: Vec<Stack>,
    /// Side Bonus kinds collected.
    pub side: Vec<u8>,
}

impl Player {
    /// Every stack shows POINTS (an empty row, mid-deal, does not).
    pub(super) fn all_points(&self) -> bool {
        !self.row.is_empty() && self.row.iter().all(Stack::shows_points)
    }

    /// Lists `category` on some stack.
    pub(super) fn lists(&self, category: Category) -> bool {
        self.row.iter().any(|s| s.listed() == Some(category))
    }

    /// The POINTS items: stacks showing POINTS, then Side Bonus cards.
    pub(super) fn items(&self) -> Vec<Item> {
        let stacks = self
            .row
            .iter()
            .filter(|s| s.shows_points())
            .map(|s| Item::Stack {
                base: cards::animal(s.base),
            });
        let bonuses = self
            .side
            .iter()
            .filter_map(|&k| cards::bonus_category(k))
            .map(|category| Item::Bonus { category });
        stacks.chain(bonuses).collect()
    }

    fn side_points(&self) -> i32 {
        self.side
            .iter()
            .filter_map(|&k| cards::bonus_category(k))
            .map(cards::value)
            .sum()
    }
}

/// What a POINTS item is while it changes hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    Stack(Stack),
    Bonus(u8),
}

/// What the active seat's turn waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pending {
    /// T1.1: the top discard matches.
    TakeFromDiscard,
    /// T1.2: the top discard is a live task card the seat can use.
    DiscardTask,
    /// T1.3: a MOLE on top could retrieve something.
    DigOrDraw,
    /// T2: the next card comes from the draw pile and the seat draws it
    /// (`Action::Draw`, its only move; `Options::draw_by_click`).
    DrawClick,
    /// T2: the next card comes from the draw pile (chance).
    Draw,
    /// A drawn wild (kind) waits for a stack.
    Wild(u8),
    /// A drawn task card (kind) waits for its targets.
    Task(u8),
}

/// Where the match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// Round 1: the first player is drawn.
    FirstPlayer,
    /// `dealt` white cards dealt so far.
    Deal {
        /// Cards dealt.
        dealt: u8,
    },
    /// A seat's turn.
    Turn {
        /// Whose.
        active: u8,
        /// What it waits for.
        pending: Pending,
    },
    /// Someone reached the target.
    Finished,
}

/// A Zop Zoo match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZopZoo {
    pub(super) options: Options,
    pub(super) seats: u8,
    /// Copies left in the draw pile, by black kind (no order: see the
    /// module docs).
    pub(super) pile: [u8; KINDS as usize],
    /// White cards not dealt yet this round.
    pub(super) white: u64,
    pub(super) players: Vec<Player>,
    /// Bottom first: (black kind, mark).
    pub(super) discard: Vec<(u8, Mark)>,
    pub(super) scores: Vec<i32>,
    pub(super) wins: Vec<u16>,
    /// 1-based.
    pub(super) round: u16,
    /// Who was dealt first this round.
    pub(super) first: Option<u8>,
    pub(super) stage: Stage,
    pub(super) rounds: Vec<RoundSummary>,
}

/// The name printed on a task or wild card, for messages.
fn name(k: u8) -> &'static str {
    match k {
        BEAST => "BEAST",
        BEST_BEAST => "BEST BEAST",
        MOLE => "MOLE",
        HYENA => "HYENA",
        RACCOON => "RACCOON",
        EARTHWORM => "EARTHWORM",
        _ => "card",
    }
}

impl ZopZoo {
    /// The target in points.
    pub(super) fn target(&self) -> i32 {
        self.options.target.points()
    }

    /// Cards left in the draw pile.
    pub(super) fn pile_count(&self) -> u8 {
        self.pile.iter().sum()
    }

    fn player(&self, seat: u8) -> Option<&Player> {
        self.players.get(usize::from(seat))
    }

    fn player_mut(&mut self, seat: u8) -> Option<&mut Player> {
        self.players.get_mut(usize::from(seat))
    }

    /// `matches(card, P)` for black kind `k`.
    pub(super) fn matches(&self, seat: u8, k: u8) -> bool {
        let Some(p) = self.player(seat) else {
            return false;
        };
        if k < WHITE {
            p.row.iter().any(|s| s.base == k && s.cover.is_none())
        } else {
            cards::bonus_category(k).is_some_and(|c| p.lists(c))
        }
    }

    /// Puts matching black kind `k` where it goes in `seat`'s cards.
    fn take(&mut self, seat: u8, k: u8) -> Taken {
        let card = cards::black_card(k);
        let Some(p) = self.player_mut(seat) else {
            return Taken { card, onto: None };
        };
        if k < WHITE {
            if let Some(s) = p.row.iter_mut().find(|s| s.base == k && s.cover.is_none()) {
                s.cover = Some(k);
            }
            Taken {
                card,
                onto: Some(cards::animal(k)),
            }
        } else {
            p.side.push(k);
            Taken { card, onto: None }
        }
    }

    /// Every stack of `seat` shows POINTS.
    pub(super) fn won(&self, seat: u8) -> bool {
        self.player(seat).is_some_and(Player::all_points)
    }

    /// Some card in the discard pile is retrievable by `seat`'s MOLE.
    pub(super) fn retrievable(&self, seat: u8) -> bool {
        self.discard.iter().any(|&(k, _)| self.matches(seat, k))
    }

    /// A MOLE dig: every retrievable card, to the fixpoint (a connected
    /// upper half can newly list a category for a Side Bonus), top first;
    /// the rest keep their order.
    pub(super) fn dig(&mut self, seat: u8) -> Vec<Taken> {
        let mut taken = Vec::new();
        while let Some(i) = self
            .discard
            .iter()
            .rposition(|&(k, _)| self.matches(seat, k))
        {
            let (k, _) = self.discard.remove(i);
            taken.push(self.take(seat, k));
        }
        taken
    }

    /// The chained take: the top card and every matching card revealed
    /// under it, stopping at a win (RULINGS §4(d) 13).
    pub(super) fn take_chain(&mut self, seat: u8) -> Vec<Taken> {
        let mut taken = Vec::new();
        while let Some(&(k, _)) = self.discard.last() {
            if !self.matches(seat, k) {
                break;
            }
            self.discard.pop();
            taken.push(self.take(seat, k));
            if self.won(seat) {
                break;
            }
        }
        taken
    }

    /// Lays black kind `k` on the discard pile; a live task card it buries
    /// becomes void.
    fn discard_push(&mut self, k: u8, mark: Mark) {
        if let Some(top) = self.discard.last_mut() {
            if cards::is_task(top.0) && top.1 == Mark::Live {
                top.1 = Mark::Void;
            }
        }
        self.discard.push((k, mark));
    }

    /// Whether `seat` can use task card `k` now.
    pub(super) fn usable(&self, seat: u8, k: u8) -> bool {
        let mine = self.player(seat).is_some_and(|p| !p.items().is_empty());
        let theirs = (0..self.seats)
            .filter(|&o| o != seat)
            .any(|o| self.player(o).is_some_and(|p| !p.items().is_empty()));
        match k {
            HYENA => mine && self.seats > 1,
            RACCOON => theirs,
            EARTHWORM => mine && theirs,
            _ => false,
        }
    }

    /// Every way `seat` can use task card `k`.
    pub(super) fn task_moves(&self, seat: u8, k: u8) -> Vec<Action> {
        let mine = self.player(seat).map(Player::items).unwrap_or_default();
        let others: Vec<(Seat, Vec<Item>)> = (0..self.seats)
            .filter(|&o| o != seat)
            .map(|o| {
                (
                    Seat(o),
                    self.player(o).map(Player::items).unwrap_or_default(),
                )
            })
            .collect();
        let mut out = Vec::new();
        match k {
            HYENA => {
                for &item in &mine {
                    for (to, _) in &others {
                        out.push(Action::Give { item, to: *to });
                    }
                }
            }
            RACCOON => {
                for (from, items) in &others {
                    for &item in items {
                        out.push(Action::Take { from: *from, item });
                    }
                }
            }
            EARTHWORM => {
                for &m in &mine {
                    for (with, items) in &others {
                        for &theirs in items {
                            out.push(Action::Switch {
                                mine: m,
                                with: *with,
                                theirs,
                            });
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// What the discard pile offers `seat` at the start of its turn (T1).
    fn discard_option(&self, seat: u8) -> Option<Pending> {
        let &(top, mark) = self.discard.last()?;
        if self.matches(seat, top) {
            Some(Pending::TakeFromDiscard)
        } else if cards::is_task(top) && mark == Mark::Live && self.usable(seat, top) {
            Some(Pending::DiscardTask)
        } else if top == MOLE && self.retrievable(seat) {
            Some(Pending::DigOrDraw)
        } else {
            None
        }
    }

    fn set_pending(&mut self, seat: u8, pending: Pending) {
        self.stage = Stage::Turn {
            active: seat,
            pending,
        };
    }

    /// T2: draw (the seat's click first, when the match asks for one), or
    /// end the round when the draw pile is empty: with nothing to draw
    /// there is nothing to click.
    fn draw_next(&mut self, seat: u8) {
        if self.pile_count() == 0 {
            self.end_round(None);
        } else if self.options.draw_by_click {
            self.set_pending(seat, Pending::DrawClick);
        } else {
            self.set_pending(seat, Pending::Draw);
        }
    }

    /// The seat drew: the card leaves the pile next (chance), or the round
    /// ends when there is none.
    fn draw_now(&mut self, seat: u8) {
        if self.pile_count() == 0 {
            self.end_round(None);
        } else {
            self.set_pending(seat, Pending::Draw);
        }
    }

    /// Starts `seat`'s turn at T1.
    pub(super) fn begin_turn(&mut self, seat: u8) {
        match self.discard_option(seat) {
            Some(pending) => self.set_pending(seat, pending),
            None => self.draw_next(seat),
        }
    }

    fn end_turn(&mut self, seat: u8) {
        self.begin_turn((seat + 1) % self.seats);
    }

    /// After a change to `seat`'s row: the round ends if it won, else the
    /// turn goes on with a draw.
    fn win_or_draw(&mut self, seat: u8) {
        if self.won(seat) {
            self.end_round(Some(seat));
        } else {
            self.draw_next(seat);
        }
    }

    /// After a change that ends the turn: the round ends if `seat` won.
    fn win_or_end_turn(&mut self, seat: u8) {
        if self.won(seat) {
            self.end_round(Some(seat));
        } else {
            self.end_turn(seat);
        }
    }

    fn new_round(&mut self, first: u8) {
        self.round = self.round.saturating_add(1);
        self.first = Some(first);
        self.white = ALL_WHITE;
        self.pile = cards::full_pile();
        self.players = vec![Player::default(); usize::from(self.seats)];
        self.discard.clear();
        self.stage = Stage::Deal { dealt: 0 };
    }

    /// Scores the round (`winner`: who won it; `None`: the deck ran out),
    /// then ends the game or deals the next round.
    fn end_round(&mut self, winner: Option<u8>) {
        let first = self.first.unwrap_or(0);
        let full = |p: &Player| p.row.iter().map(Stack::points).sum::<i32>() + p.side_points();
        let tallies: Vec<i32> = self.players.iter().map(full).collect();
        let mut seats = Vec::with_capacity(self.players.len());
        for (s, p) in (0..self.seats).zip(&self.players) {
            let counts_all = winner.is_none_or(|w| w == s);
            let row: Vec<ScoredStack> = p
                .row
                .iter()
                .map(|st| ScoredStack {
                    base: cards::animal(st.base),
                    cover: st.cover.map(|k| match k {
                        BEAST => Cover::Beast,
                        BEST_BEAST => Cover::BestBeast,
                        _ => Cover::Matched,
                    }),
                    points: if counts_all {
                        st.points()
                    } else {
                        st.loser_points()
                    },
                })
                .collect();
            let side_points = p.side_points();
            let points = row.iter().map(|r| r.points).sum::<i32>() + side_points;
            seats.push(SeatRound {
                seat: Seat(s),
                row,
                side: p
                    .side
                    .iter()
                    .filter_map(|&k| cards::bonus_category(k))
                    .collect(),
                side_points,
                points,
                total: 0,
            });
        }
        for (line, score) in seats.iter_mut().zip(self.scores.iter_mut()) {
            *score += line.points;
            line.total = *score;
        }
        if let Some(w) = winner {
            if let Some(n) = self.wins.get_mut(usize::from(w)) {
                *n = n.saturating_add(1);
            }
        }
        // Exhausted: the highest tally, ties to the nearest clockwise from
        // this round's first player, counting that player first (§4(d) 15).
        let next = winner.unwrap_or_else(|| {
            let top = tallies.iter().copied().max().unwrap_or(0);
            (0..self.seats)
                .map(|d| (first + d) % self.seats)
                .find(|&s| tallies.get(usize::from(s)) == Some(&top))
                .unwrap_or(first)
        });
        let target = self.target();
        let over = self.scores.iter().any(|&s| s >= target);
        self.rounds.push(RoundSummary {
            round: self.round,
            first: Seat(first),
            ended_by: if winner.is_some() {
                RoundEnd::Won
            } else {
                RoundEnd::Exhausted
            },
            winner: winner.map(Seat),
            seats,
            next_first: (!over).then_some(Seat(next)),
        });
        if over {
            self.stage = Stage::Finished;
        } else {
            self.new_round(next);
        }
    }

    /// Takes `item` from `owner` (it must be one of their POINTS items).
    fn detach(&mut self, owner: u8, item: Item) -> Result<Piece, Illegal> {
        let missing = Illegal::NoSuchItem(owner);
        let p = self.player_mut(owner).ok_or(Illegal::NoSuchSeat(owner))?;
        match item {
            Item::Stack { base } => {
                let base = cards::index_of(base);
                let i = p
                    .row
                    .iter()
                    .position(|s| s.base == base && s.shows_points())
                    .ok_or(missing)?;
                Ok(Piece::Stack(p.row.remove(i)))
            }
            Item::Bonus { category } => {
                let k = cards::bonus_kind(category).ok_or(missing.clone())?;
                let i = p.side.iter().position(|&b| b == k).ok_or(missing)?;
                Ok(Piece::Bonus(p.side.remove(i)))
            }
        }
    }

    /// Gives `piece` to `owner`: a stack at the end of the row, a Side
    /// Bonus card to the side area.
    fn attach(&mut self, owner: u8, piece: Piece) {
        if let Some(p) = self.player_mut(owner) {
            match piece {
                Piece::Stack(s) => p.row.push(s),
                Piece::Bonus(k) => p.side.push(k),
            }
        }
    }

    fn moved(from: u8, to: u8, item: Item, piece: Piece) -> Moved {
        let cards = match piece {
            Piece::Stack(s) => std::iter::once(cards::white_card(s.base))
                .chain(s.cover.map(cards::black_card))
                .collect(),
            Piece::Bonus(k) => vec![cards::black_card(k)],
        };
        Moved {
            from: Seat(from),
            to: Seat(to),
            item,
            cards,
        }
    }

    fn other_seat(&self, seat: u8, other: Seat) -> Result<u8, Illegal> {
        if other.0 >= self.seats {
            Err(Illegal::NoSuchSeat(other.0))
        } else if other.0 == seat {
            Err(Illegal::OwnSeat)
        } else {
            Ok(other.0)
        }
    }

    /// Uses task card `k` as `action` says (`wrong`: the refusal when the
    /// action is not one for this card). Runs on a copy: a refusal part-way
    /// is thrown away with it.
    fn transfer(
        &mut self,
        seat: u8,
        k: u8,
        action: Action,
        wrong: Illegal,
    ) -> Result<Vec<Moved>, Illegal> {
        match (k, action) {
            (HYENA, Action::Give { item, to }) => {
                let to = self.other_seat(seat, to)?;
                let piece = self.detach(seat, item)?;
                self.attach(to, piece);
                Ok(vec![Self::moved(seat, to, item, piece)])
            }
            (RACCOON, Action::Take { from, item }) => {
                let from = self.other_seat(seat, from)?;
                let piece = self.detach(from, item)?;
                self.attach(seat, piece);
                Ok(vec![Self::moved(from, seat, item, piece)])
            }
            (EARTHWORM, Action::Switch { mine, with, theirs }) => {
                let with = self.other_seat(seat, with)?;
                let a = self.detach(seat, mine)?;
                let b = self.detach(with, theirs)?;
                self.attach(with, a);
                self.attach(seat, b);
                Ok(vec![
                    Self::moved(seat, with, mine, a),
                    Self::moved(with, seat, theirs, b),
                ])
            }
            _ => Err(wrong),
        }
    }

    /// A card of black kind `k` drawn by `seat`.
    fn drawn(&mut self, seat: u8, k: u8) -> Effect {
        if self.matches(seat, k) {
            let taken = self.take(seat, k);
            self.win_or_draw(seat);
            Effect::Matched { taken }
        } else if cards::is_wild(k) {
            self.set_pending(seat, Pending::Wild(k));
            Effect::Wild
        } else if k == MOLE && self.retrievable(seat) {
            let taken = self.dig(seat);
            self.discard_push(MOLE, Mark::Live);
            self.win_or_draw(seat);
            Effect::Dug { taken }
        } else if cards::is_task(k) && self.usable(seat, k) {
            self.set_pending(seat, Pending::Task(k));
            Effect::Task
        } else {
            self.discard_push(k, Mark::Live);
            self.end_turn(seat);
            Effect::Discarded
        }
    }

    fn chance(&mut self, outcome: Chance) -> Result<StepView, Illegal> {
        match (self.stage, outcome) {
            (Stage::FirstPlayer, Chance::FirstPlayer(seat)) if seat.0 < self.seats => {
                self.first = Some(seat.0);
                self.stage = Stage::Deal { dealt: 0 };
                Ok(StepView::FirstPlayer { seat })
            }
            (Stage::Deal { dealt }, Chance::Deal(a)) if a < WHITE && self.white & (1 << a) != 0 => {
                let first = self.first.unwrap_or(0);
                let seat = (first + dealt % self.seats) % self.seats;
                self.white &= !(1 << a);
                if let Some(p) = self.player_mut(seat) {
                    p.row.push(Stack::open(a));
                }
                let dealt = dealt + 1;
                self.stage = Stage::Deal { dealt };
                if dealt == ROW * self.seats {
                    // The deal's win check, in turn order (only a row of
                    // six Minus cards can fire it).
                    let winner = (0..self.seats)
                        .map(|d| (first + d) % self.seats)
                        .find(|&s| self.won(s));
                    match winner {
                        Some(w) => self.end_round(Some(w)),
                        None => self.begin_turn(first),
                    }
                }
                Ok(StepView::Dealt {
                    seat: Seat(seat),
                    card: cards::white_card(a),
                    round_end: None,
                })
            }
            (
                Stage::Turn {
                    active,
                    pending: Pending::Draw,
                },
                Chance::Draw(k),
            ) if self.pile.get(usize::from(k)).is_some_and(|&n| n > 0) => {
                if let Some(n) = self.pile.get_mut(usize::from(k)) {
                    *n -= 1;
                }
                let effect = self.drawn(active, k);
                Ok(StepView::CardDrawn {
                    seat: Seat(active),
                    card: cards::black_card(k),
                    effect,
                    round_end: None,
                })
            }
            _ => Err(Illegal::ImpossibleOutcome),
        }
    }

    fn act(&mut self, seat: u8, pending: Pending, action: Action) -> Result<StepView, Illegal> {
        let me = Seat(seat);
        match (pending, action) {
            (Pending::TakeFromDiscard, Action::TakeFromDiscard) => {
                let taken = self.take_chain(seat);
                self.win_or_end_turn(seat);
                Ok(StepView::TookFromDiscard {
                    seat: me,
                    taken,
                    round_end: None,
                })
            }
            (Pending::TakeFromDiscard, _) => Err(Illegal::MustTakeFromDiscard),
            (Pending::DiscardTask, action) => {
                let task = self.discard.last().map_or(HYENA, |d| d.0);
                let moved =
                    self.transfer(seat, task, action, Illegal::MustUseDiscardTask(name(task)))?;
                if let Some(top) = self.discard.last_mut() {
                    top.1 = Mark::Spent;
                }
                self.win_or_end_turn(seat);
                Ok(StepView::TaskUsed {
                    seat: me,
                    task: cards::black_card(task),
                    from_discard: true,
                    moved,
                    round_end: None,
                })
            }
            (Pending::DigOrDraw, Action::Dig) => {
                let taken = self.dig(seat);
                self.win_or_end_turn(seat);
                Ok(StepView::Dug {
                    seat: me,
                    taken,
                    round_end: None,
                })
            }
            (Pending::DigOrDraw, Action::Draw) => {
                self.draw_now(seat);
                Ok(StepView::Drew {
                    seat: me,
                    left_mole: true,
                    round_end: None,
                })
            }
            (Pending::DigOrDraw, _) => Err(Illegal::MustDigOrDraw),
            (Pending::Wild(k), Action::Cover { base }) => {
                let base = cards::index_of(base);
                let stack = self
                    .player_mut(seat)
                    .and_then(|p| p.row.iter_mut().find(|s| s.base == base && s.wild_ok()))
                    .ok_or(Illegal::NotWildEligible)?;
                stack.cover = Some(k);
                self.win_or_draw(seat);
                Ok(StepView::Covered {
                    seat: me,
                    wild: cards::black_card(k),
                    base: cards::white_card(base),
                    round_end: None,
                })
            }
            (Pending::Wild(k), _) => Err(Illegal::MustCover(name(k))),
            (Pending::Task(k), action) => {
                let moved = self.transfer(seat, k, action, Illegal::MustUseTask(name(k)))?;
                self.discard_push(k, Mark::Spent);
                self.win_or_draw(seat);
                Ok(StepView::TaskUsed {
                    seat: me,
                    task: cards::black_card(k),
                    from_discard: false,
                    moved,
                    round_end: None,
                })
            }
            (Pending::DrawClick, Action::Draw) => {
                self.draw_now(seat);
                Ok(StepView::Drew {
                    seat: me,
                    left_mole: false,
                    round_end: None,
                })
            }
            (Pending::DrawClick, _) => Err(Illegal::MustDraw),
            (Pending::Draw, _) => Err(Illegal::NothingToDecide),
        }
    }

    /// Resolves `step` on `self` and narrates it. A refused task transfer
    /// may leave `self` part-changed: callers pass a copy then.
    pub(super) fn resolve(&mut self, step: &Step<Action, Chance>) -> Result<StepView, Illegal> {
        if self.stage == Stage::Finished {
            return Err(Illegal::GameOver);
        }
        let before = self.rounds.len();
        let mut told = match step {
            Step::Chance { outcome } => {
                if self.to_act() != ToAct::Chance {
                    return Err(Illegal::UnexpectedChance);
                }
                self.chance(*outcome)?
            }
            Step::Act { seat, action } => match self.stage {
                Stage::Turn { active, pending } if active == seat.0 => {
                    self.act(active, pending, *action)?
                }
                _ => return Err(Illegal::NotYourTurn),
            },
        };
        if self.rounds.len() > before {
            let summary = self.rounds.last().cloned();
            match &mut told {
                StepView::Dealt { round_end, .. }
                | StepView::CardDrawn { round_end, .. }
                | StepView::TookFromDiscard { round_end, .. }
                | StepView::Dug { round_end, .. }
                | StepView::Drew { round_end, .. }
                | StepView::Covered { round_end, .. }
                | StepView::TaskUsed { round_end, .. } => *round_end = summary,
                StepView::FirstPlayer { .. } | StepView::Refused { .. } => {}
            }
        }
        Ok(told)
    }

    /// The active seat and what it waits for.
    pub(super) fn turn(&self) -> Option<(u8, Pending)> {
        match self.stage {
            Stage::Turn { active, pending } => Some((active, pending)),
            _ => None,
        }
    }

    /// The cards of the top of the discard pile, for the phase.
    pub(super) fn top(&self) -> Option<Card> {
        self.discard.last().map(|&(k, _)| cards::black_card(k))
    }
}

impl Game for ZopZoo {
    type Options = Options;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type StepView = StepView;
    type Scorecard = Scorecard;
    type Illegal = Illegal;

    const KIND: GameKind = GameKind::ZopZoo;
    const RULES_VERSION: u32 = 1;

    fn new(options: &Options, seats: u8) -> Result<Self, SetupError> {
        SetupError::check_players(Self::KIND, seats)?;
        if let Some(seat) = options.first_player {
            if seat.0 >= seats {
                return Err(SetupError::FirstPlayer { seat, seats });
            }
        }
        // The target options are for some tables only (RULINGS §4(c)).
        let allowed = match options.target {
            Target::Standard => None,
            Target::Long => Some(("Zop Zoo to 1000 points", 2, 2)),
            Target::Short => Some(("Zop Zoo to 600 points", 5, 6)),
        };
        if let Some((game, min, max)) = allowed {
            if !(min..=max).contains(&seats) {
                return Err(SetupError::PlayerCount {
                    game,
                    min,
                    max,
                    got: seats,
                });
            }
        }
        let n = usize::from(seats);
        Ok(ZopZoo {
            options: *options,
            seats,
            pile: cards::full_pile(),
            white: ALL_WHITE,
            players: vec![Player::default(); n],
            discard: Vec::new(),
            scores: vec![0; n],
            wins: vec![0; n],
            round: 1,
            first: options.first_player.map(|s| s.0),
            stage: if options.first_player.is_some() {
                Stage::Deal { dealt: 0 }
            } else {
                Stage::FirstPlayer
            },
            rounds: Vec::new(),
        })
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        match self.stage {
            Stage::FirstPlayer
            | Stage::Deal { .. }
            | Stage::Turn {
                pending: Pending::Draw,
                ..
            } => ToAct::Chance,
            Stage::Turn { active, .. } => ToAct::Seats {
                seats: vec![Seat(active)],
            },
            Stage::Finished => ToAct::Finished,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some((active, pending)) = self.turn() else {
            return Vec::new();
        };
        if active != seat.0 {
            return Vec::new();
        }
        match pending {
            Pending::TakeFromDiscard => vec![Action::TakeFromDiscard],
            Pending::DiscardTask => {
                let task = self.discard.last().map_or(HYENA, |d| d.0);
                self.task_moves(active, task)
            }
            Pending::DigOrDraw => vec![Action::Dig, Action::Draw],
            Pending::DrawClick => vec![Action::Draw],
            Pending::Draw => Vec::new(),
            Pending::Wild(_) => self
                .player(active)
                .map(|p| {
                    p.row
                        .iter()
                        .filter(|s| s.wild_ok())
                        .map(|s| Action::Cover {
                            base: cards::animal(s.base),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            Pending::Task(k) => self.task_moves(active, k),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Chance, u32)> {
        match self.stage {
            Stage::FirstPlayer => (0..self.seats)
                .map(|s| (Chance::FirstPlayer(Seat(s)), 1))
                .collect(),
            Stage::Deal { .. } => (0..WHITE)
                .filter(|&a| self.white & (1 << a) != 0)
                .map(|a| (Chance::Deal(a), 1))
                .collect(),
            Stage::Turn {
                pending: Pending::Draw,
                ..
            } => (0..KINDS)
                .zip(self.pile.iter())
                .filter(|(_, &n)| n > 0)
                .map(|(k, &n)| (Chance::Draw(k), u32::from(n)))
                .collect(),
            Stage::Turn { .. } | Stage::Finished => Vec::new(),
        }
    }

    fn apply(&mut self, step: &Step<Action, Chance>) -> Result<(), Illegal> {
        // Only a task's transfer can be refused part-way (a switch whose
        // second item is missing), so only a task runs on a copy: every
        // other refusal comes before anything changes, and copying the
        // whole table for every step was most of the cost of a step.
        let partial = matches!(
            (step, self.stage),
            (
                Step::Act { .. },
                Stage::Turn {
                    pending: Pending::DiscardTask | Pending::Task(_),
                    ..
                }
            )
        );
        if partial {
            let mut next = self.clone();
            next.resolve(step)?;
            *self = next;
        } else {
            self.resolve(step)?;
        }
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    /// Rows and the discard pile are open; only the deck is hidden, and
    /// drawing from it is a chance step.
    fn reveals(&self, _action: &Action) -> bool {
        false
    }

    fn step_view(&self, step: &Step<Action, Chance>, _viewer: Viewer) -> StepView {
        // Nothing is shown to one viewer only: every viewer gets the same.
        let mut next = self.clone();
        next.resolve(step).unwrap_or(StepView::Refused {
            seat: match step {
                Step::Act { seat, .. } => Some(*seat),
                Step::Chance { .. } => None,
            },
        })
    }

    /// `None` for a step that may end the round: it scores the round and
    /// deals anew, changing every member but the options and the target.
    fn view_changes(&self, step: &Step<Action, Chance>) -> Option<&'static [&'static str]> {
        const TURN: &[&str] = &["players", "discard", "phase", "moves"];
        const DRAW: &[&str] = &["draw_pile", "players", "discard", "phase", "moves"];
        const DEAL_END: &[&str] = &["players", "phase", "moves"];
        // The bases of `s`'s stacks not showing POINTS: it wins when each
        // is covered, by its match (from the discard pile by a take or a
        // dig, or drawn) or by a wild.
        let open = |s: u8| {
            self.player(s)
                .into_iter()
                .flat_map(|p| &p.row)
                .filter(|st| !st.shows_points())
                .map(|st| st.base)
        };
        let discarded = |b: u8| self.discard.iter().any(|d| d.0 == b);
        match (self.stage, step) {
            (Stage::FirstPlayer, Step::Chance { .. }) => Some(&["first", "phase"]),
            (Stage::Deal { dealt }, Step::Chance { .. }) if dealt + 1 < ROW * self.seats => {
                Some(&["players"])
            }
            // The deal's last card: play begins, unless a row of Minus
            // cards wins.
            (Stage::Deal { .. }, Step::Chance { .. }) => (0..self.seats)
                .all(|s| open(s).next().is_some())
                .then_some(DEAL_END),
            // The round ends when this card completes the row (a MOLE by
            // digging) or empties the pile.
            (Stage::Turn { active, .. }, Step::Chance { outcome }) => {
                let short = match *outcome {
                    Chance::Draw(MOLE) => open(active).any(|b| !discarded(b)),
                    Chance::Draw(k) => open(active).any(|b| b != k),
                    _ => false,
                };
                (self.pile_count() > 1 && short).then_some(DRAW)
            }
            // Likewise for an action, with an empty pile at the next draw.
            // Task transfers move only stacks showing POINTS.
            (Stage::Turn { active, .. }, Step::Act { action, .. }) => {
                let (short, changes) = match action {
                    Action::TakeFromDiscard | Action::Dig => {
                        (open(active).any(|b| !discarded(b)), TURN)
                    }
                    Action::Cover { .. } => (open(active).nth(1).is_some(), TURN),
                    Action::Draw => (true, &["phase", "moves"][..]),
                    Action::Give { .. } | Action::Take { .. } | Action::Switch { .. } => {
                        (open(active).next().is_some(), TURN)
                    }
                };
                (self.pile_count() > 0 && short).then_some(changes)
            }
            _ => None,
        }
    }

    fn outcome(&self) -> Option<GameOutcome<Scorecard>> {
        (self.stage == Stage::Finished).then(|| self.scorecard())
    }
}
