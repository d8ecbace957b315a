//! The Mix-the-Mutts state machine (RULINGS §3(c)) and its [`Game`] impl.
//!
//! Setup, all chance steps: two tiles turned over and placed at (0,0) and
//! (1,0) → the next tile turned face up → 4 cards to each seat, one per
//! step, round the table from seat 0 → the first player (the host's choice,
//! or drawn). Then turns: CONNECT opens a scoring window, which every seat
//! answers once, in secret; the last answer resolves every claim at once,
//! then the next tile is turned up (a chance step) and the turn passes
//! clockwise. DRAW TWO takes one chance step per card. The game ends after
//! the window of the 10th placement.
//!
//! Cards and tiles are drawn when they are taken, uniformly among those left,
//! so the state holds no hidden order: its only secrets are the hands and
//! the answers of an open window. Every step is checked in full before
//! anything changes, so a refused step leaves the state as it was.

use parlor_protocol::mix_the_mutts::{
    Action, CardId, ClaimSpec, Combo, Hex, Options, RevealedClaim, Scorecard, StepView, TileId,
    View,
};
use parlor_protocol::{GameKind, Seat, ToAct, Viewer};

use super::tiles::{
    self, breed_towards, card_bit, card_breed, cards_of, neighbour, tile_bit, ALL_CARDS, ROTATIONS,
    TILE_COUNT,
};
use super::{Chance, Illegal};
use crate::game::{Game, GameOutcome, SetupError, Step};

/// Cards dealt to each seat at setup.
pub(super) const HAND: u8 = 4;
/// Where the two setup tiles go, in order.
pub(super) const SETUP_HEXES: [Hex; 2] = [Hex { q: 0, r: 0 }, Hex { q: 1, r: 0 }];

/// A whole Mix-the-Mutts match.
#[derive(Debug, Clone, PartialEq)]
pub struct MixTheMutts {
    /// Host options, fixed for the match.
    pub(super) options: Options,
    /// Number of players, 2–4.
    pub(super) seats: u8,
    /// Tiles on the board, in the order placed (the two setup tiles first).
    pub(super) board: Vec<Placed>,
    /// The face-up tile on top of the stack: the one the next CONNECT
    /// places. `None` during setup before it is turned and while its own
    /// placement's window is open.
    pub(super) next_tile: Option<TileId>,
    /// Each seat's hand as a card mask (bit = card id). Hidden from others.
    pub(super) hands: Vec<u128>,
    /// Each seat's scoring stack, in the order scored (public).
    pub(super) scoring: Vec<Vec<CardId>>,
    /// Who started, once known.
    pub(super) first_player: Option<Seat>,
    /// The claims revealed when the last window closed (public).
    pub(super) last_claims: Vec<RevealedClaim>,
    /// Where the match stands.
    pub(super) stage: Stage,
}

/// A tile on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Placed {
    /// Which tile.
    pub(super) tile: TileId,
    /// Where.
    pub(super) at: Hex,
    /// 0, 2 or 4.
    pub(super) rotation: u8,
}

/// Phase of the match.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Stage {
    /// Chance turns over the two setup tiles.
    SetupTiles,
    /// Chance turns the next tile face up; then `next` plays, or (`None`,
    /// during setup) the deal begins.
    Reveal {
        /// The next active player.
        next: Option<Seat>,
    },
    /// Chance deals card number `dealt` (0-based) to seat `dealt % seats`.
    Deal {
        /// Cards dealt so far.
        dealt: u8,
    },
    /// Chance draws the first player.
    FirstPlayer,
    /// The active player connects or draws.
    Turn {
        /// Who.
        active: Seat,
    },
    /// Chance draws `left` more cards for `active`, whose turn then ends.
    Draw {
        /// Who drew.
        active: Seat,
        /// Cards still to come.
        left: u8,
    },
    /// The scoring window after a connection.
    Window(Window),
    /// The last placement's window has closed.
    Finished,
}

/// An open scoring window.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Window {
    /// Whose connection opened it.
    pub(super) active: Seat,
    /// The new combos, in direction order from the new tile.
    pub(super) combos: Vec<Combo>,
    /// Each seat's answer once given (checked on submission). Secret
    /// until the window closes.
    pub(super) answers: Vec<Option<Vec<ClaimSpec>>>,
}

/// A seat action that passed every check: what `commit` will do.
#[derive(Debug, Clone, PartialEq)]
enum Plan {
    /// Place the face-up tile.
    Connect {
        /// The tile.
        tile: TileId,
        /// Where.
        at: Hex,
        /// How.
        rotation: u8,
    },
    /// Draw this many cards.
    Draw(u8),
    /// Record this answer.
    Answer(Vec<ClaimSpec>),
}

impl MixTheMutts {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seat after `seat`, clockwise.
    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 % self.seats + 1) % self.seats)
    }

    /// The tile on `at`, if any.
    pub(super) fn tile_at(&self, at: Hex) -> Option<&Placed> {
        self.board.iter().find(|p| p.at == at)
    }

    /// How many tiles touch `at`.
    pub(super) fn touching(&self, at: Hex) -> u8 {
        (0..6u8)
            .filter_map(|d| neighbour(at, d))
            .filter(|n| self.tile_at(*n).is_some())
            .fold(0, |n, _| n + 1)
    }

    /// Empty hexes touching at least two tiles, in `Hex` order.
    ///
    /// Looks tiles up in an occupancy bitmap of the hexes within 16 steps
    /// of the origin (every tile of a real match), not by scanning the
    /// board for each of the hundreds of lookups.
    pub(super) fn open_hexes(&self) -> Vec<Hex> {
        const SPAN: i8 = 16;
        let slot = |h: Hex| {
            let (q, r) = (h.q.checked_add(SPAN)?, h.r.checked_add(SPAN)?);
            let (q, r) = (usize::try_from(q).ok()?, usize::try_from(r).ok()?);
            (q < 32 && r < 32).then_some((q, r))
        };
        let mut rows = [0u32; 32];
        for p in &self.board {
            match slot(p.at) {
                Some((q, r)) => rows[r] |= 1 << q,
                None => return self.open_hexes_by_scan(),
            }
        }
        // Every tile is inside the window, so a hex outside it is empty.
        let occupied = |h: Hex| slot(h).is_some_and(|(q, r)| rows[r] & (1 << q) != 0);
        let touching = |h: Hex| {
            (0..6u8)
                .filter_map(|d| neighbour(h, d))
                .filter(|n| occupied(*n))
                .count()
        };
        let mut out: Vec<Hex> = self
            .board
            .iter()
            .flat_map(|p| (0..6u8).filter_map(move |d| neighbour(p.at, d)))
            .filter(|h| !occupied(*h) && touching(*h) >= 2)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// [`MixTheMutts::open_hexes`] by scanning the board for every lookup.
    pub(super) fn open_hexes_by_scan(&self) -> Vec<Hex> {
        let mut out: Vec<Hex> = self
            .board
            .iter()
            .flat_map(|p| (0..6u8).filter_map(move |d| neighbour(p.at, d)))
            .filter(|h| self.tile_at(*h).is_none() && self.touching(*h) >= 2)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The combos `tile` would create on `at` with `rotation`: one per
    /// neighbouring tile, in direction order. Even rotations make every
    /// shared edge a head (even global direction) against a tail.
    pub(super) fn combos_for(&self, tile: TileId, at: Hex, rotation: u8) -> Vec<Combo> {
        let mut out = Vec::new();
        for dir in 0..6u8 {
            let Some(other) = neighbour(at, dir).and_then(|n| self.tile_at(n)) else {
                continue;
            };
            let mine = breed_towards(tile, rotation, dir);
            let theirs = breed_towards(other.tile, other.rotation, (dir + 3) % 6);
            let (Some((mine, mine_is_head)), Some((theirs, _))) = (mine, theirs) else {
                continue;
            };
            let (head, tail) = if mine_is_head {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            out.push(Combo {
                index: u8::try_from(out.len()).unwrap_or(u8::MAX),
                at,
                dir,
                head,
                tail,
            });
        }
        out
    }

    /// Tiles out of the stack (on the board or face up), as a mask.
    pub(super) fn used_tiles(&self) -> u16 {
        self.board
            .iter()
            .map(|p| p.tile)
            .chain(self.next_tile)
            .fold(0, |m, t| m | tile_bit(t))
    }

    /// Tiles still in the face-down stack.
    pub(super) fn stack_size(&self) -> u8 {
        let used = u8::try_from(self.used_tiles().count_ones()).unwrap_or(TILE_COUNT);
        TILE_COUNT.saturating_sub(used)
    }

    /// Tiles not yet drawn, lowest id first.
    fn stack_tiles(&self) -> impl Iterator<Item = TileId> + '_ {
        let used = self.used_tiles();
        (1..=TILE_COUNT)
            .map(TileId)
            .filter(move |t| used & tile_bit(*t) == 0)
    }

    /// The draw pile as a card mask: every card in no hand and no stack.
    pub(super) fn pile(&self) -> u128 {
        let held = self.hands.iter().fold(0, |m, h| m | h);
        let scored = self
            .scoring
            .iter()
            .flatten()
            .fold(0, |m, c| m | card_bit(*c));
        ALL_CARDS & !held & !scored
    }

    /// Seat `seat`'s hand mask (empty for a seat that doesn't exist).
    pub(super) fn hand(&self, seat: Seat) -> u128 {
        self.hands.get(seat.index()).copied().unwrap_or(0)
    }

    /// The open window, if any.
    pub(super) fn window(&self) -> Option<&Window> {
        match &self.stage {
            Stage::Window(w) => Some(w),
            _ => None,
        }
    }

    /// Does `seat` still owe an answer in the open window?
    pub(super) fn owes_answer(&self, seat: Seat) -> bool {
        self.window()
            .is_some_and(|w| w.answers.get(seat.index()) == Some(&None))
    }

    /// Checks an answer against the window and the submitter's hand: each
    /// claim names a new combo (at most once), exactly two distinct cards
    /// the seat holds, and those cards are the combo's head and tail breeds;
    /// no card serves twice; a seat other than the active one claims at
    /// most once.
    pub(super) fn check_claims(
        &self,
        window: &Window,
        seat: Seat,
        claims: &[ClaimSpec],
    ) -> Result<(), Illegal> {
        if seat != window.active && claims.len() > 1 {
            return Err(Illegal::OneClaimOnly);
        }
        let hand = self.hand(seat);
        let mut combos_used = 0u64;
        let mut cards_used = 0u128;
        for claim in claims {
            let combo = window
                .combos
                .get(usize::from(claim.combo))
                .ok_or(Illegal::NoSuchCombo(claim.combo))?;
            if combos_used & (1 << combo.index) != 0 {
                return Err(Illegal::ComboTwice(claim.combo));
            }
            combos_used |= 1 << combo.index;
            let [a, b] = claim.cards[..] else {
                return Err(Illegal::TwoCards {
                    combo: claim.combo,
                    got: claim.cards.len(),
                });
            };
            for card in [a, b] {
                let bit = card_bit(card);
                if bit == 0 {
                    return Err(Illegal::NoSuchCard(card.0));
                }
                if cards_used & bit != 0 {
                    return Err(Illegal::CardTwice(card.0));
                }
                if hand & bit == 0 {
                    return Err(Illegal::NotInHand(card.0));
                }
                cards_used |= bit;
            }
            let breeds = (card_breed(a), card_breed(b));
            let (h, t) = (Some(combo.head), Some(combo.tail));
            if breeds != (h, t) && breeds != (t, h) {
                return Err(Illegal::Mismatch {
                    combo: claim.combo,
                    head: combo.head,
                    tail: combo.tail,
                });
            }
        }
        Ok(())
    }

    /// Checks a seat action against the rules, changing nothing.
    fn plan(&self, seat: Seat, action: &Action) -> Result<Plan, Illegal> {
        match &self.stage {
            Stage::Finished => Err(Illegal::GameOver),
            Stage::Turn { active } => {
                if seat != *active {
                    return Err(Illegal::NotYourTurn);
                }
                match action {
                    Action::Connect { at, rotation } => self.plan_connect(*at, *rotation),
                    Action::DrawTwo => match tiles::count(self.pile()) {
                        0 => Err(Illegal::PileEmpty),
                        n => Ok(Plan::Draw(n.min(2))),
                    },
                    Action::Answer { .. } => Err(Illegal::NoWindow),
                }
            }
            Stage::Window(window) => {
                let owes = self.owes_answer(seat);
                match action {
                    Action::Answer { claims } => {
                        if seat.0 >= self.seats {
                            return Err(Illegal::NotYourTurn);
                        }
                        if !owes {
                            return Err(Illegal::AlreadyAnswered);
                        }
                        self.check_claims(window, seat, claims)?;
                        Ok(Plan::Answer(claims.clone()))
                    }
                    Action::Connect { .. } | Action::DrawTwo if owes => Err(Illegal::WindowOpen),
                    Action::Connect { .. } | Action::DrawTwo => Err(Illegal::NotYourTurn),
                }
            }
            Stage::SetupTiles
            | Stage::Reveal { .. }
            | Stage::Deal { .. }
            | Stage::FirstPlayer
            | Stage::Draw { .. } => Err(Illegal::NotYourTurn),
        }
    }

    fn plan_connect(&self, at: Hex, rotation: u8) -> Result<Plan, Illegal> {
        if rotation >= 6 {
            return Err(Illegal::BadRotation(rotation));
        }
        if rotation & 1 != 0 {
            return Err(Illegal::OddRotation(rotation));
        }
        if self.tile_at(at).is_some() {
            return Err(Illegal::HexTaken { q: at.q, r: at.r });
        }
        let touching = self.touching(at);
        if touching < 2 {
            return Err(Illegal::TouchesTooFew {
                q: at.q,
                r: at.r,
                touching,
            });
        }
        // In a turn the face-up tile is always there; refuse rather than
        // panic if it somehow is not.
        let tile = self.next_tile.ok_or(Illegal::GameOver)?;
        Ok(Plan::Connect { tile, at, rotation })
    }

    /// Carries out a checked plan.
    fn commit(&mut self, seat: Seat, plan: Plan) {
        match plan {
            Plan::Connect { tile, at, rotation } => {
                let combos = self.combos_for(tile, at, rotation);
                self.board.push(Placed { tile, at, rotation });
                self.next_tile = None;
                self.stage = Stage::Window(Window {
                    active: seat,
                    combos,
                    answers: vec![None; usize::from(self.seats)],
                });
            }
            Plan::Draw(left) => {
                self.stage = Stage::Draw { active: seat, left };
            }
            Plan::Answer(claims) => {
                let Stage::Window(window) = &mut self.stage else {
                    return;
                };
                if let Some(slot) = window.answers.get_mut(seat.index()) {
                    *slot = Some(claims);
                }
                if window.answers.iter().all(Option::is_some) {
                    self.close_window();
                }
            }
        }
    }

    /// Every claim of a window, revealed: the active player's first, then
    /// clockwise (RULINGS §3(c); the order changes nothing, combos being
    /// non-exclusive). Unknown card ids (only in a refused step) are left out.
    pub(super) fn reveal(&self, window: &Window) -> Vec<RevealedClaim> {
        let mut out = Vec::new();
        let mut seat = window.active;
        for _ in 0..self.seats {
            if let Some(Some(claims)) = window.answers.get(seat.index()) {
                for claim in claims {
                    out.push(RevealedClaim {
                        seat,
                        combo: claim.combo,
                        cards: claim.cards.iter().filter_map(|c| tiles::card(*c)).collect(),
                    });
                }
            }
            seat = self.next_seat(seat);
        }
        out
    }

    /// The last answer is in: every claimed card moves from its hand to the
    /// claimant's scoring stack, the claims become public, and play goes on
    /// with the next tile (or ends after the last).
    fn close_window(&mut self) {
        let Stage::Window(window) = &self.stage else {
            return;
        };
        let revealed = self.reveal(window);
        let next = self.next_seat(window.active);
        for claim in &revealed {
            let i = claim.seat.index();
            for card in &claim.cards {
                if let Some(hand) = self.hands.get_mut(i) {
                    *hand &= !card_bit(card.id);
                }
                if let Some(stack) = self.scoring.get_mut(i) {
                    stack.push(card.id);
                }
            }
        }
        self.last_claims = revealed;
        self.stage = if self.stack_size() > 0 {
            Stage::Reveal { next: Some(next) }
        } else {
            Stage::Finished
        };
    }

    /// Checks and applies a chance outcome.
    fn chance(&mut self, outcome: Chance) -> Result<(), Illegal> {
        let fresh_tile = |t: TileId| tile_bit(t) != 0 && self.used_tiles() & tile_bit(t) == 0;
        let in_pile = |c| self.pile() & card_bit(c) != 0;
        match (&self.stage, outcome) {
            (Stage::SetupTiles, Chance::SetupTile { tile, rotation }) => {
                let at = *SETUP_HEXES
                    .get(self.board.len())
                    .ok_or(Illegal::ImpossibleOutcome)?;
                if !fresh_tile(tile) || !ROTATIONS.contains(&rotation) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                self.board.push(Placed { tile, at, rotation });
                if self.board.len() == SETUP_HEXES.len() {
                    self.stage = Stage::Reveal { next: None };
                }
            }
            (Stage::Reveal { next }, Chance::Tile(tile)) => {
                if !fresh_tile(tile) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                let next = *next;
                self.next_tile = Some(tile);
                self.stage = match next {
                    Some(active) => Stage::Turn { active },
                    None => Stage::Deal { dealt: 0 },
                };
            }
            (Stage::Deal { dealt }, Chance::Card(card)) => {
                if !in_pile(card) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                let dealt = *dealt;
                if let Some(hand) = self.hands.get_mut(usize::from(dealt % self.seats)) {
                    *hand |= card_bit(card);
                }
                let dealt = dealt + 1;
                self.stage = if dealt < HAND * self.seats {
                    Stage::Deal { dealt }
                } else if let Some(first) = self.options.first_player {
                    self.first_player = Some(first);
                    Stage::Turn { active: first }
                } else {
                    Stage::FirstPlayer
                };
            }
            (Stage::FirstPlayer, Chance::FirstPlayer(seat)) => {
                if seat.0 >= self.seats {
                    return Err(Illegal::ImpossibleOutcome);
                }
                self.first_player = Some(seat);
                self.stage = Stage::Turn { active: seat };
            }
            (Stage::Draw { active, left }, Chance::Card(card)) => {
                if !in_pile(card) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                let (active, left) = (*active, left.saturating_sub(1));
                if let Some(hand) = self.hands.get_mut(active.index()) {
                    *hand |= card_bit(card);
                }
                self.stage = if left > 0 {
                    Stage::Draw { active, left }
                } else {
                    Stage::Turn {
                        active: self.next_seat(active),
                    }
                };
            }
            (Stage::Turn { .. } | Stage::Window(_), _) => return Err(Illegal::UnexpectedChance),
            (Stage::Finished, _) => return Err(Illegal::GameOver),
            _ => return Err(Illegal::ImpossibleOutcome),
        }
        Ok(())
    }

    /// The seat a card chance step goes to now, if one does.
    pub(super) fn card_recipient(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Deal { dealt } => Some(Seat(dealt % self.seats)),
            Stage::Draw { active, .. } => Some(*active),
            _ => None,
        }
    }

    /// Every answer listed for `seat` in the open window (see
    /// [`Game::legal_actions`] on [`MixTheMutts`]).
    fn answers_for(&self, window: &Window, seat: Seat) -> Vec<Action> {
        let hand = self.hand(seat);
        let of = |breed| cards_of(hand).filter(move |c| card_breed(*c) == Some(breed));
        let mut out = vec![Action::Answer { claims: Vec::new() }];
        // Every single claim: each combo with each matching pair of cards.
        for combo in &window.combos {
            for head in of(combo.head) {
                for tail in of(combo.tail) {
                    if combo.head != combo.tail || head < tail {
                        out.push(Action::Answer {
                            claims: vec![ClaimSpec {
                                combo: combo.index,
                                cards: vec![head, tail],
                            }],
                        });
                    }
                }
            }
        }
        if seat != window.active {
            return out;
        }
        // The active player: every set of two or more combos that the hand
        // can cover at once, each claim taking the lowest ids still free.
        let n = window.combos.len().min(6);
        for subset in 1u32..(1 << n) {
            if subset.count_ones() < 2 {
                continue;
            }
            let mut free = hand;
            let mut claims = Vec::new();
            for combo in &window.combos {
                if subset & (1 << combo.index) == 0 {
                    continue;
                }
                let mut take = |breed| {
                    let card = cards_of(free).find(|c| card_breed(*c) == Some(breed))?;
                    free &= !card_bit(card);
                    Some(card)
                };
                let (Some(head), Some(tail)) = (take(combo.head), take(combo.tail)) else {
                    break;
                };
                claims.push(ClaimSpec {
                    combo: combo.index,
                    cards: vec![head, tail],
                });
            }
            if claims.len() == usize::try_from(subset.count_ones()).unwrap_or(0) {
                out.push(Action::Answer { claims });
            }
        }
        out
    }
}

impl Game for MixTheMutts {
    type Options = Options;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type StepView = StepView;
    type Scorecard = Scorecard;
    type Illegal = Illegal;
    const KIND: GameKind = GameKind::MixTheMutts;
    const RULES_VERSION: u32 = 1;

    fn new(options: &Options, seats: u8) -> Result<Self, SetupError> {
        SetupError::check_players(GameKind::MixTheMutts, seats)?;
        if let Some(seat) = options.first_player {
            if seat.0 >= seats {
                return Err(SetupError::FirstPlayer { seat, seats });
            }
        }
        Ok(MixTheMutts {
            options: *options,
            seats,
            board: Vec::with_capacity(usize::from(TILE_COUNT)),
            next_tile: None,
            hands: vec![0; usize::from(seats)],
            scoring: vec![Vec::new(); usize::from(seats)],
            first_player: None,
            last_claims: Vec::new(),
            stage: Stage::SetupTiles,
        })
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        match &self.stage {
            Stage::SetupTiles
            | Stage::Reveal { .. }
            | Stage::Deal { .. }
            | Stage::FirstPlayer
            | Stage::Draw { .. } => ToAct::Chance,
            Stage::Turn { active } => ToAct::Seats {
                seats: vec![*active],
            },
            Stage::Window(w) => ToAct::Seats {
                seats: (0..self.seats)
                    .map(Seat)
                    .filter(|s| w.answers.get(s.index()) == Some(&None))
                    .collect(),
            },
            Stage::Finished => ToAct::Finished,
        }
    }

    /// In a turn: every CONNECT (each open hex, in `Hex` order, with
    /// rotations 0, 2, 4), then DRAW TWO if the pile has a card.
    ///
    /// In a window, for a seat that owes an answer: the pass; every single
    /// claim (each combo with each matching pair of the seat's cards, head
    /// card first; for a purebreed combo the lower id first); and for the
    /// active player one answer per set of two or more combos the hand can
    /// cover together, each claim taking the lowest card ids still free.
    /// Other multi-claim answers (same combos, other cards) are legal but
    /// not listed.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        match &self.stage {
            Stage::Turn { active } if *active == seat => {
                let mut out: Vec<Action> = self
                    .open_hexes()
                    .into_iter()
                    .flat_map(|at| {
                        ROTATIONS
                            .into_iter()
                            .map(move |rotation| Action::Connect { at, rotation })
                    })
                    .collect();
                if self.pile() != 0 {
                    out.push(Action::DrawTwo);
                }
                out
            }
            Stage::Window(window) if self.owes_answer(seat) => self.answers_for(window, seat),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Chance, u32)> {
        match &self.stage {
            Stage::SetupTiles => self
                .stack_tiles()
                .flat_map(|tile| {
                    ROTATIONS
                        .into_iter()
                        .map(move |rotation| (Chance::SetupTile { tile, rotation }, 1))
                })
                .collect(),
            Stage::Reveal { .. } => self.stack_tiles().map(|t| (Chance::Tile(t), 1)).collect(),
            Stage::Deal { .. } | Stage::Draw { .. } => cards_of(self.pile())
                .map(|c| (Chance::Card(c), 1))
                .collect(),
            Stage::FirstPlayer => (0..self.seats)
                .map(|s| (Chance::FirstPlayer(Seat(s)), 1))
                .collect(),
            Stage::Turn { .. } | Stage::Window(_) | Stage::Finished => Vec::new(),
        }
    }

    fn apply(&mut self, step: &Step<Action, Chance>) -> Result<(), Illegal> {
        match step {
            Step::Act { seat, action } => {
                let plan = self.plan(*seat, action)?;
                self.commit(*seat, plan);
                Ok(())
            }
            Step::Chance { outcome } => self.chance(*outcome),
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    /// A window's answers are secret until it closes (and show cards from
    /// the hand); the tile to connect and the draw pile's top are open.
    fn reveals(&self, action: &Action) -> bool {
        matches!(action, Action::Answer { .. })
    }

    fn step_view(&self, step: &Step<Action, Chance>, viewer: Viewer) -> StepView {
        self.describe(step, viewer)
    }

    fn view_changes(&self, step: &Step<Action, Chance>) -> Option<&'static [&'static str]> {
        const SETUP_TILE: &[&str] = &["board", "stack", "open_hexes"];
        const TILE: &[&str] = &["next_tile", "stack", "phase"];
        // A card to a hand; the last one dealt or drawn starts a turn.
        const CARD: &[&str] = &["hand", "hands", "players", "pile", "phase"];
        // The tile moves from the stack's top to the board: the stack's
        // count stays.
        const CONNECT: &[&str] = &["board", "next_tile", "open_hexes", "phase"];
        const PHASE: &[&str] = &["phase"];
        // The last answer moves claimed cards from hands to scoring stacks
        // (the pile's count stays) and reveals the claims.
        const CLOSE: &[&str] = &["hand", "hands", "players", "last_claims", "phase"];
        match step {
            Step::Chance { outcome } => Some(match outcome {
                Chance::SetupTile { .. } => SETUP_TILE,
                Chance::Tile(_) => TILE,
                Chance::Card(_) => CARD,
                Chance::FirstPlayer(_) => PHASE,
            }),
            Step::Act { seat, action } => Some(match action {
                Action::Connect { .. } => CONNECT,
                // The cards come as chance steps.
                Action::DrawTwo => PHASE,
                Action::Answer { .. } => {
                    let closes = self.window().is_some_and(|w| {
                        (0..)
                            .zip(&w.answers)
                            .all(|(i, a)| a.is_some() || i == seat.0)
                    });
                    if closes {
                        CLOSE
                    } else {
                        PHASE
                    }
                }
            }),
        }
    }

    fn outcome(&self) -> Option<GameOutcome<Scorecard>> {
        self.final_outcome()
    }

    /// A pass, for a seat that still owes an answer in the open window.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        self.owes_answer(seat)
            .then(|| Action::Answer { claims: Vec::new() })
    }
}
