//! The Zingamino state machine (RULINGS §2(c)) and its [`Game`] impl.
//!
//! Round 1 opens with the start-player draw: one chance step per seat, in
//! seat order; a tie for the highest value redraws (every tile back in the
//! bag), and the tiles go back to the bag once the starter is known. Each
//! round then deals 8 tiles per seat in two fours, starter first (one
//! chance step per tile), and the seats take turns clockwise from the
//! starter. A seat with no legal placement digs until it has one (its
//! `Dig`, when `Options::dig_by_click`, then chance steps, one tile each),
//! or passes when the bag is empty. Tiles are drawn
//! when they leave the bag, so the state holds no hidden order: its only
//! secrets are the hands. Every step is checked in full before anything
//! changes, so a refused step leaves the state as it was.

use parlor_protocol::zingamino::{
    Action, Options, Placed, RoundEnd, RoundSummary, Scorecard, StepView, TileId, View,
};
use parlor_protocol::{GameKind, Seat, ToAct, Viewer};

use super::board::{self, Port, SPACES};
use super::tiles::{self, Face, Set, ALL};
use super::{Chance, Illegal};
use crate::game::{Game, GameOutcome, SetupError, Step};

/// Tiles dealt to each seat per round, in two fours.
pub(super) const HAND: u8 = 8;
/// The score that ends the game.
pub(super) const TARGET: u32 = 64;
/// The circle bonus.
pub(super) const BONUS: u32 = 16;

/// Where the match stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Stage {
    /// Round 1's start-player draw.
    StartDraw {
        /// Drawn so far in this attempt, by seat.
        drawn: Vec<TileId>,
        /// Tied attempts so far.
        redraws: u8,
    },
    /// Dealing; `dealt` tiles so far.
    Deal {
        /// Who starts the round.
        starter: u8,
        /// Tiles dealt so far.
        dealt: u8,
    },
    /// Turns.
    Play {
        /// Who started the round.
        starter: u8,
        /// Whose turn.
        active: u8,
        /// Who has had their opening turn, by seat.
        opened: Vec<bool>,
        /// Passes in a row (a full cycle blocks the round).
        passes: u8,
    },
    /// Someone reached 64.
    Finished,
}

/// What a legal placement does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Effect {
    /// The tile as it lies.
    pub placed: Placed,
    /// Unassigned Zinga ports it fixes: (their space, the space they face,
    /// the value).
    pub fixes: Vec<(u8, u8, u8)>,
}

/// A Zingamino match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zingamino {
    pub(super) options: Options,
    pub(super) seats: u8,
    pub(super) bag: Set,
    pub(super) hands: Vec<Set>,
    pub(super) board: [Option<Placed>; 64],
    pub(super) scores: Vec<u32>,
    /// Circle bonuses this round, by seat.
    pub(super) bonuses: Vec<u32>,
    /// 1-based.
    pub(super) round: u8,
    pub(super) stage: Stage,
    pub(super) rounds: Vec<RoundSummary>,
    /// The active seat said `Dig`: tiles come from the bag until it can
    /// place or the bag is empty (cleared when its turn ends).
    pub(super) digging: bool,
}

impl Zingamino {
    /// The value `space`'s tile exposes towards its neighbour `to`.
    pub(super) fn exposed(&self, space: u8, to: u8) -> Option<u8> {
        let cell = self.board[usize::from(space)]?;
        if board::is_square(space) {
            return cell.ccw;
        }
        match board::port_towards(space, to) {
            Port::Cw => cell.cw,
            Port::Ccw | Port::Bridge => cell.ccw,
        }
    }

    /// Whether `seat` is still to make its opening placement this round.
    pub(super) fn opening(&self, seat: u8) -> bool {
        match &self.stage {
            Stage::Play { opened, .. } => !opened.get(usize::from(seat)).copied().unwrap_or(true),
            _ => false,
        }
    }

    /// The active seat in play.
    pub(super) fn active(&self) -> Option<u8> {
        match &self.stage {
            Stage::Play { active, .. } => Some(*active),
            _ => None,
        }
    }

    /// Checks placing `tile` from `hand` at `space`.
    pub(super) fn evaluate(
        &self,
        hand: Set,
        opening: bool,
        tile: TileId,
        space: u8,
        flip: bool,
        value: Option<u8>,
    ) -> Result<Effect, Illegal> {
        if tile.0 >= tiles::TILE_COUNT || hand & tiles::bit(tile) == 0 {
            return Err(Illegal::NotInHand(tile.0));
        }
        if space >= SPACES {
            return Err(Illegal::NoSuchSpace(space));
        }
        if self.board[usize::from(space)].is_some() {
            return Err(Illegal::SpaceTaken(space));
        }
        if tiles::colour_index(tile.0) != board::colour_of(space) {
            return Err(Illegal::WrongColour);
        }
        let face = tiles::face(tile);
        let square = board::is_square(space);
        if opening && !(square && face.is_spinner()) {
            return Err(Illegal::OpeningSquare);
        }
        if square && !face.is_spinner() {
            return Err(Illegal::NotADouble);
        }
        if flip && (square || face.is_spinner()) {
            return Err(Illegal::NoFlip);
        }
        if let Some(v) = value {
            if v > 4 {
                return Err(Illegal::BadValue(v));
            }
        }
        // At most three neighbours: kept on the stack, as this runs for
        // every candidate placement.
        let mut around = [(0u8, Port::Ccw, None); 3];
        let mut count = 0;
        for (n, port) in board::neighbours(space) {
            if self.board[usize::from(n)].is_some() {
                if let Some(slot) = around.get_mut(count) {
                    *slot = (n, port, self.exposed(n, space));
                    count += 1;
                }
            }
        }
        let occupied = around.get(..count).unwrap_or(&[]);
        if !opening && occupied.is_empty() {
            return Err(Illegal::Isolated);
        }
        let mut fixes = Vec::new();
        let mut declared = false;
        let placed = if square {
            let v = match face {
                Face::Domino(d, _) => {
                    if let Some((n, ..)) = occupied.iter().find(|o| o.2.is_some_and(|r| r != d)) {
                        return Err(Illegal::Mismatch(*n));
                    }
                    Some(d)
                }
                Face::Zinga => {
                    let mut v = None;
                    for &(n, _, r) in occupied {
                        match (v, r) {
                            (None, Some(r)) => v = Some(r),
                            (Some(x), Some(r)) if x != r => return Err(Illegal::Mismatch(n)),
                            _ => {}
                        }
                    }
                    if v.is_none() && occupied.iter().any(|o| o.2.is_none()) {
                        declared = true;
                        v = Some(value.ok_or(Illegal::Declaration)?);
                    }
                    v
                }
            };
            for &(n, _, r) in occupied {
                if let (None, Some(v)) = (r, v) {
                    fixes.push((n, space, v));
                }
            }
            Placed {
                tile,
                ccw: v,
                cw: v,
            }
        } else {
            let mut ports = match face {
                Face::Domino(a, b) if flip => [Some(b), Some(a)],
                Face::Domino(a, b) => [Some(a), Some(b)],
                Face::Zinga => [None, None],
            };
            for &(n, port, r) in occupied {
                let j = usize::from(port == Port::Cw);
                match (face, r) {
                    (Face::Domino(..), Some(r)) => {
                        if ports[j] != Some(r) {
                            return Err(Illegal::Mismatch(n));
                        }
                    }
                    (Face::Domino(..), None) => {
                        if let Some(v) = ports[j] {
                            fixes.push((n, space, v));
                        }
                    }
                    (Face::Zinga, Some(r)) => ports[j] = Some(r),
                    (Face::Zinga, None) => {
                        declared = true;
                        let v = value.ok_or(Illegal::Declaration)?;
                        ports[j] = Some(v);
                        fixes.push((n, space, v));
                    }
                }
            }
            Placed {
                tile,
                ccw: ports[0],
                cw: ports[1],
            }
        };
        if value.is_some() && !declared {
            return Err(Illegal::Declaration);
        }
        Ok(Effect { placed, fixes })
    }

    /// Every legal placement from `hand` (all of them, or the first found).
    pub(super) fn placements(&self, hand: Set, opening: bool, first_only: bool) -> Vec<Action> {
        let mut out = Vec::new();
        // Only an opening placement may touch nothing: other spaces are
        // refused as isolated, so they are not tried.
        let candidates = if opening {
            !self.occupied_mask()
        } else {
            self.frontier()
        };
        for tile in tiles::tiles_of(hand) {
            let c = tiles::colour_index(tile.0);
            let spinner = tiles::face(tile).is_spinner();
            // This colour's candidate spaces, ascending.
            let mut spaces = candidates & (0xFFFFu64 << (c * 16));
            while spaces != 0 {
                let space = u8::try_from(spaces.trailing_zeros()).unwrap_or(0);
                spaces &= spaces - 1;
                if opening && !board::is_square(space) {
                    continue;
                }
                let flips: &[bool] = if spinner || board::is_square(space) {
                    &[false]
                } else {
                    &[false, true]
                };
                for &flip in flips {
                    match self.evaluate(hand, opening, tile, space, flip, None) {
                        Ok(_) => out.push(Action::Place {
                            tile,
                            space,
                            flip,
                            value: None,
                        }),
                        Err(Illegal::Declaration) => out.extend((0..=4).map(|v| Action::Place {
                            tile,
                            space,
                            flip,
                            value: Some(v),
                        })),
                        Err(_) => {}
                    }
                    if first_only && !out.is_empty() {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// The occupied spaces, as a mask (bit = space).
    fn occupied_mask(&self) -> u64 {
        (0u8..)
            .zip(self.board.iter())
            .filter(|(_, cell)| cell.is_some())
            .fold(0, |m, (space, _)| m | 1u64 << space)
    }

    /// The empty spaces next to a tile, as a mask: where a placement other
    /// than an opening one can go.
    fn frontier(&self) -> u64 {
        let occupied = self.occupied_mask();
        let mut next_to = 0u64;
        let mut rest = occupied;
        while rest != 0 {
            let space = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            next_to |= board::NEIGHBOURS.get(space).copied().unwrap_or(0);
        }
        next_to & !occupied
    }

    /// The active seat can place a tile now.
    fn can_place(&self, seat: u8) -> bool {
        let hand = self.hands[usize::from(seat)];
        !self.placements(hand, self.opening(seat), true).is_empty()
    }

    /// The active seat has to dig: nothing to place, tiles in the bag.
    fn stuck(&self) -> bool {
        match self.active() {
            Some(a) if matches!(self.stage, Stage::Play { .. }) => {
                self.bag != 0 && !self.can_place(a)
            }
            _ => false,
        }
    }

    /// The server draws for the active seat now: it has to dig and has
    /// said so (or the match digs without asking, `dig_by_click` off).
    pub(super) fn must_dig(&self) -> bool {
        (self.digging || !self.options.dig_by_click) && self.stuck()
    }

    /// The active seat has to dig and the match waits for its `Dig`.
    pub(super) fn owes_dig(&self) -> bool {
        self.options.dig_by_click && !self.digging && self.stuck()
    }

    fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.seats
    }

    fn new_round(&mut self, starter: u8) {
        self.round = self.round.saturating_add(1);
        self.bag = ALL;
        self.hands = vec![0; usize::from(self.seats)];
        self.board = [None; 64];
        self.bonuses = vec![0; usize::from(self.seats)];
        self.digging = false;
        self.stage = Stage::Deal { starter, dealt: 0 };
    }

    fn summary(
        &self,
        starter: u8,
        ended_by: RoundEnd,
        winners: Vec<u8>,
        collected: Vec<u32>,
    ) -> RoundSummary {
        RoundSummary {
            round: self.round,
            starter: Seat(starter),
            ended_by,
            winners: winners.into_iter().map(Seat).collect(),
            hands: self
                .hands
                .iter()
                .map(|&h| tiles::tiles_of(h).collect())
                .collect(),
            hand_values: self.hands.iter().map(|&h| tiles::hand_value(h)).collect(),
            collected,
            bonuses: self.bonuses.clone(),
            totals: self.scores.clone(),
        }
    }

    /// Scores a finished round (`winner`: who went out; `None`: blocked),
    /// then ends the game or starts the next round.
    fn end_round(&mut self, starter: u8, winner: Option<u8>) {
        let values: Vec<u32> = self.hands.iter().map(|&h| tiles::hand_value(h)).collect();
        let seats = usize::from(self.seats);
        let mut collected = vec![0u32; seats];
        let (ended_by, winners, next) = match winner {
            Some(w) => {
                let others: u32 = values
                    .iter()
                    .enumerate()
                    .filter(|&(s, _)| s != usize::from(w))
                    .map(|(_, v)| v)
                    .sum();
                collected[usize::from(w)] = others;
                (RoundEnd::Zinga, vec![w], w)
            }
            None => {
                let low = values.iter().copied().min().unwrap_or(0);
                let tied: Vec<u8> = (0..self.seats)
                    .filter(|&s| values[usize::from(s)] == low)
                    .collect();
                let rest: u32 = values.iter().filter(|&&v| v != low).sum();
                let share = rest / u32::try_from(tied.len().max(1)).unwrap_or(1);
                for &s in &tied {
                    collected[usize::from(s)] = share;
                }
                let next = (0..self.seats)
                    .map(|k| (starter + k) % self.seats)
                    .find(|s| tied.contains(s))
                    .unwrap_or(starter);
                (RoundEnd::Blocked, tied, next)
            }
        };
        for (score, c) in self.scores.iter_mut().zip(&collected) {
            *score += c;
        }
        let summary = self.summary(starter, ended_by, winners, collected);
        self.rounds.push(summary);
        if self.scores.iter().any(|&s| s >= TARGET) {
            self.stage = Stage::Finished;
        } else {
            self.new_round(next);
        }
    }

    fn place(&mut self, seat: u8, action: Action) -> Result<(), Illegal> {
        let Action::Place {
            tile,
            space,
            flip,
            value,
        } = action
        else {
            return Err(Illegal::CannotPass);
        };
        let hand = self.hands[usize::from(seat)];
        let effect = self.evaluate(hand, self.opening(seat), tile, space, flip, value)?;
        let Stage::Play { starter, .. } = self.stage else {
            return Err(Illegal::NotYourTurn);
        };
        self.hands[usize::from(seat)] &= !tiles::bit(tile);
        self.board[usize::from(space)] = Some(effect.placed);
        self.digging = false;
        for (n, to, v) in effect.fixes {
            if let Some(cell) = self.board[usize::from(n)].as_mut() {
                if board::is_square(n) {
                    cell.ccw = Some(v);
                    cell.cw = Some(v);
                } else if board::port_towards(n, to) == Port::Cw {
                    cell.cw = Some(v);
                } else {
                    cell.ccw = Some(v);
                }
            }
        }
        if let Stage::Play { opened, passes, .. } = &mut self.stage {
            opened[usize::from(seat)] = true;
            *passes = 0;
        }
        let c = board::colour_of(space);
        if (c * 16..c * 16 + 16).all(|s| self.board[usize::from(s)].is_some()) {
            self.scores[usize::from(seat)] += BONUS;
            self.bonuses[usize::from(seat)] += BONUS;
            if self.scores[usize::from(seat)] >= TARGET {
                let summary = self.summary(
                    starter,
                    RoundEnd::GameOver,
                    Vec::new(),
                    vec![0; usize::from(self.seats)],
                );
                self.rounds.push(summary);
                self.stage = Stage::Finished;
                return Ok(());
            }
        }
        if self.hands[usize::from(seat)] == 0 {
            self.end_round(starter, Some(seat));
        } else {
            let next = self.next_seat(seat);
            if let Stage::Play { active, .. } = &mut self.stage {
                *active = next;
            }
        }
        Ok(())
    }

    fn pass(&mut self, seat: u8) -> Result<(), Illegal> {
        if self.bag != 0 || self.can_place(seat) {
            return Err(Illegal::CannotPass);
        }
        let next = self.next_seat(seat);
        let seats = self.seats;
        let Stage::Play {
            starter,
            active,
            opened,
            passes,
        } = &mut self.stage
        else {
            return Err(Illegal::NotYourTurn);
        };
        self.digging = false;
        opened[usize::from(seat)] = true;
        *passes += 1;
        if *passes >= seats {
            let starter = *starter;
            self.end_round(starter, None);
        } else {
            *active = next;
        }
        Ok(())
    }

    fn draw(&mut self, tile: TileId) -> Result<(), Illegal> {
        if tile.0 >= tiles::TILE_COUNT || self.bag & tiles::bit(tile) == 0 {
            return Err(Illegal::ImpossibleOutcome);
        }
        let seats = self.seats;
        match &mut self.stage {
            Stage::StartDraw { drawn, redraws } => {
                drawn.push(tile);
                self.bag &= !tiles::bit(tile);
                if drawn.len() == usize::from(seats) {
                    let values: Vec<u32> = drawn.iter().map(|&t| tiles::face(t).value()).collect();
                    let top = values.iter().copied().max().unwrap_or(0);
                    let at_top: Vec<usize> =
                        (0..values.len()).filter(|&i| values[i] == top).collect();
                    self.bag = ALL;
                    if at_top.len() > 1 {
                        drawn.clear();
                        *redraws = redraws.saturating_add(1);
                    } else {
                        let starter = at_top.first().copied().unwrap_or(0);
                        self.stage = Stage::Deal {
                            starter: u8::try_from(starter).unwrap_or(0),
                            dealt: 0,
                        };
                    }
                }
            }
            Stage::Deal { starter, dealt } => {
                let seat = deal_seat(*starter, *dealt, seats);
                self.hands[usize::from(seat)] |= tiles::bit(tile);
                self.bag &= !tiles::bit(tile);
                *dealt += 1;
                if *dealt == HAND * seats {
                    self.stage = Stage::Play {
                        starter: *starter,
                        active: *starter,
                        opened: vec![false; usize::from(seats)],
                        passes: 0,
                    };
                }
            }
            Stage::Play { active, .. } => {
                let a = *active;
                self.hands[usize::from(a)] |= tiles::bit(tile);
                self.bag &= !tiles::bit(tile);
            }
            Stage::Finished => return Err(Illegal::GameOver),
        }
        Ok(())
    }

    /// Who receives the next tile from the bag, and why.
    pub(super) fn draw_target(&self) -> Option<(u8, parlor_protocol::zingamino::DrawReason)> {
        use parlor_protocol::zingamino::DrawReason;
        match &self.stage {
            Stage::StartDraw { drawn, .. } => Some((
                u8::try_from(drawn.len()).unwrap_or(0),
                DrawReason::StartPlayer,
            )),
            Stage::Deal { starter, dealt } => {
                Some((deal_seat(*starter, *dealt, self.seats), DrawReason::Deal))
            }
            Stage::Play { active, .. } => Some((*active, DrawReason::Dig)),
            Stage::Finished => None,
        }
    }
}

/// The seat receiving deal tile `dealt`: four to each seat from the
/// starter, then four more each.
fn deal_seat(starter: u8, dealt: u8, seats: u8) -> u8 {
    (starter + (dealt % (4 * seats)) / 4) % seats
}

impl Game for Zingamino {
    type Options = Options;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type StepView = StepView;
    type Scorecard = Scorecard;
    type Illegal = Illegal;

    const KIND: GameKind = GameKind::Zingamino;
    const RULES_VERSION: u32 = 1;

    fn new(options: &Options, seats: u8) -> Result<Self, SetupError> {
        SetupError::check_players(Self::KIND, seats)?;
        let n = usize::from(seats);
        Ok(Zingamino {
            options: *options,
            seats,
            bag: ALL,
            hands: vec![0; n],
            board: [None; 64],
            scores: vec![0; n],
            bonuses: vec![0; n],
            round: 1,
            stage: Stage::StartDraw {
                drawn: Vec::new(),
                redraws: 0,
            },
            rounds: Vec::new(),
            digging: false,
        })
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        match &self.stage {
            Stage::StartDraw { .. } | Stage::Deal { .. } => ToAct::Chance,
            Stage::Play { active, .. } => {
                if self.must_dig() {
                    ToAct::Chance
                } else {
                    ToAct::Seats {
                        seats: vec![Seat(*active)],
                    }
                }
            }
            Stage::Finished => ToAct::Finished,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.active() != Some(seat.0) {
            return Vec::new();
        }
        // The placements decide `stuck` too (`must_dig`, `owes_dig`), so
        // they are searched once.
        let hand = self.hands[usize::from(seat.0)];
        let out = self.placements(hand, self.opening(seat.0), false);
        if !out.is_empty() {
            return out;
        }
        let stuck = self.bag != 0;
        if (self.digging || !self.options.dig_by_click) && stuck {
            Vec::new()
        } else if self.options.dig_by_click && !self.digging && stuck {
            vec![Action::Dig]
        } else {
            vec![Action::Pass]
        }
    }

    fn chance_outcomes(&self) -> Vec<(Chance, u32)> {
        if self.to_act() != ToAct::Chance {
            return Vec::new();
        }
        tiles::tiles_of(self.bag)
            .map(|t| (Chance::Tile(t), 1))
            .collect()
    }

    fn apply(&mut self, step: &Step<Action, Chance>) -> Result<(), Illegal> {
        if self.stage == Stage::Finished {
            return Err(Illegal::GameOver);
        }
        // `draw`, `pass` and `place` check everything before they change
        // anything, so no copy of the state is needed to refuse a step.
        match step {
            Step::Chance {
                outcome: Chance::Tile(tile),
            } => {
                if self.to_act() != ToAct::Chance {
                    return Err(Illegal::UnexpectedChance);
                }
                self.draw(*tile)
            }
            Step::Act { seat, action } => {
                if self.active() != Some(seat.0) || self.must_dig() {
                    return Err(Illegal::NotYourTurn);
                }
                match action {
                    Action::Dig if self.owes_dig() => {
                        self.digging = true;
                        Ok(())
                    }
                    Action::Dig => Err(Illegal::CannotDig),
                    Action::Pass => self.pass(seat.0),
                    place => self.place(seat.0, *place),
                }
            }
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    /// Every tile placed comes from a hidden hand. A dig shows nothing
    /// (everyone sees the seat reach for the bag), but tiles come from the
    /// bag right after it, so it is never taken back either.
    fn reveals(&self, action: &Action) -> bool {
        matches!(action, Action::Place { .. })
    }

    fn step_view(&self, step: &Step<Action, Chance>, viewer: Viewer) -> StepView {
        self.step_view_for(step, viewer)
    }

    /// `None` for a step that ends the round or the match: it scores the
    /// round and deals anew, changing every member but the options.
    fn view_changes(&self, step: &Step<Action, Chance>) -> Option<&'static [&'static str]> {
        // A tile to a hand (dealt or dug); the deal's last one starts play.
        const TILE: &[&str] = &["hand", "hands", "players", "bag", "phase", "moves"];
        // Fixes to neighbouring Zingas are on the board too.
        const PLACE: &[&str] = &["board", "hand", "hands", "players", "phase", "moves"];
        const PASS: &[&str] = &["players", "phase", "moves"];
        match (&self.stage, step) {
            // The tiles drawn show in the phase; all go back to the bag.
            (Stage::StartDraw { .. }, Step::Chance { .. }) => Some(&["bag", "phase"]),
            (Stage::Deal { .. } | Stage::Play { .. }, Step::Chance { .. }) => Some(TILE),
            (Stage::Play { passes, .. }, Step::Act { seat, action }) => match action {
                Action::Dig => Some(&["moves"]),
                // A full cycle of passes blocks the round.
                Action::Pass => (passes + 1 < self.seats).then_some(PASS),
                // Going out ends the round; closing a circle may reach 64.
                Action::Place { space, .. } => {
                    let s = usize::from(seat.0);
                    let out = self.hands.get(s).is_none_or(|&h| tiles::count(h) <= 1);
                    let c = board::colour_of(*space);
                    let closes = (c * 16..c * 16 + 16)
                        .filter(|&n| self.board.get(usize::from(n)).is_some_and(Option::is_some))
                        .count()
                        >= 15;
                    let wins = closes && self.scores.get(s).is_none_or(|&v| v + BONUS >= TARGET);
                    (!out && !wins).then_some(PLACE)
                }
            },
            _ => None,
        }
    }

    fn outcome(&self) -> Option<GameOutcome<Scorecard>> {
        (self.stage == Stage::Finished).then(|| self.scorecard())
    }
}
