//! The Zoomies state machine (RULINGS §1(c) "Turn state machine") and its
//! [`Game`] impl.
//!
//! Setup, all chance steps: three start tiles laid in a row → two tiles to
//! each seat, one per step, round the table from seat 0 → the first player
//! (the host's choice, or drawn). Then turns, each one [`Stage`] per
//! decision:
//!
//! `PlaceTile` → (`Redraw` → `PlaceTile` …) → `Token` → (`ExtraTile`) →
//! `EndTurn` → `DrawUp` → the next seat's `PlaceTile`.
//!
//! A stage that needs no decision and hides nothing is skipped: a player
//! with an empty hand goes straight to discarding a token, and one whose
//! hand is empty after the extra tile goes straight to drawing. The game
//! ends as soon as the last token of the last player is used (and its
//! Zoomies extra tile, if any, placed).
//!
//! Tiles are drawn when they are taken, uniformly among those left, so the
//! state holds no hidden order: its only secrets are the hands and the
//! discarded tiles. Every step is checked in full before anything changes,
//! so a refused step leaves the state as it was.

use parlor_protocol::zoomies::{
    Action, Breed, Cell, Dir, Options, Scorecard, Side, StepView, TileId, TokenKind, View,
};
use parlor_protocol::{GameKind, Seat, ToAct, Viewer};

use super::board::{Board, Placed};
use super::tiles::{
    count, dogs, start_place, step, tile_bit, tiles_of, ALL_TILES, DIRS, START_TILES,
    TOKENS_PER_KIND,
};
use super::{Awaiting, Chance, Illegal};
use crate::game::{Game, GameOutcome, SetupError, Step};

/// Tiles in a full hand.
pub(super) const HAND: u8 = 2;

/// A whole Zoomies match.
#[derive(Debug, Clone, PartialEq)]
pub struct Zoomies {
    /// Host options, fixed for the match.
    pub(super) options: Options,
    /// Number of players, 2–4.
    pub(super) seats: u8,
    /// The table.
    pub(super) board: Board,
    /// Each seat's hand as a tile mask. Hidden from others.
    pub(super) hands: Vec<u64>,
    /// Tiles discarded, out of the game. Hidden.
    pub(super) discarded: u64,
    /// Tokens on the table, in the order placed.
    pub(super) tokens: Vec<Token>,
    /// Each seat's unused tokens.
    pub(super) left: Vec<Left>,
    /// Each seat's discarded tokens.
    pub(super) token_discards: Vec<u8>,
    /// Who started, once known.
    pub(super) first_player: Option<Seat>,
    /// Where the match stands.
    pub(super) stage: Stage,
}

/// A seat's unused tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Left {
    /// Leader | Zoomies.
    pub(super) round: u8,
    /// Bones | Frens.
    pub(super) square: u8,
}

impl Left {
    fn of(&self, kind: TokenKind) -> u8 {
        match kind {
            TokenKind::Round => self.round,
            TokenKind::Square => self.square,
        }
    }

    fn take(&mut self, kind: TokenKind) {
        match kind {
            TokenKind::Round => self.round = self.round.saturating_sub(1),
            TokenKind::Square => self.square = self.square.saturating_sub(1),
        }
    }
}

/// The shape of a token showing `side`.
pub(super) fn kind_of(side: Side) -> TokenKind {
    match side {
        Side::Leader | Side::Zoomies => TokenKind::Round,
        Side::Bones | Side::Frens => TokenKind::Square,
    }
}

/// A token on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Token {
    /// Its owner.
    pub(super) seat: Seat,
    /// The side face up.
    pub(super) side: Side,
    /// The square (dog) it sits on.
    pub(super) square: usize,
    /// Frens: the arrow.
    pub(super) arrow: Option<Dir>,
    /// Frens: the breed pointed at when it was placed.
    pub(super) frens: Option<Breed>,
}

/// Phase of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// Chance lays the start tiles.
    StartTiles,
    /// Chance deals tile number `dealt` (0-based) to seat `dealt % seats`.
    Deal {
        /// Tiles dealt so far.
        dealt: u8,
    },
    /// Chance draws the first player.
    FirstPlayer,
    /// The active player places a tile from hand, or says none fits.
    PlaceTile {
        /// Who.
        active: Seat,
    },
    /// Chance draws `left` tiles for `active`, who discarded an unplayable
    /// hand; then `active` places a tile again.
    Redraw {
        /// Who.
        active: Seat,
        /// Tiles still to come.
        left: u8,
    },
    /// The active player places a token on tile number `tile` (placement
    /// order), or discards one. `None`: no tile was played.
    Token {
        /// Who.
        active: Seat,
        /// The tile just played.
        tile: Option<usize>,
    },
    /// After a Zoomies token: the other tile in hand, placed if it fits.
    ExtraTile {
        /// Who.
        active: Seat,
    },
    /// The active player keeps or discards the tile left in hand.
    EndTurn {
        /// Who.
        active: Seat,
    },
    /// Chance draws `left` tiles for `active`; then the next seat plays.
    DrawUp {
        /// Who.
        active: Seat,
        /// Tiles still to come.
        left: u8,
    },
    /// Every token is used.
    Finished,
}

/// A seat action that passed every check: what `commit` will do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Plan {
    /// Lay a tile from hand.
    Place {
        /// The tile.
        tile: TileId,
        /// Dog A's cell.
        at: Cell,
        /// Towards dog B.
        dir: Dir,
        /// The Zoomies extra tile.
        extra: bool,
    },
    /// No tile of the hand fits.
    CannotPlace {
        /// The Zoomies extra tile.
        extra: bool,
    },
    /// Place this token.
    Token(Token),
    /// Discard a token of this shape.
    DiscardToken(TokenKind),
    /// End the turn.
    EndTurn {
        /// Discard the tile left in hand.
        discard: bool,
    },
}

/// A way to place a token (side, dog, arrow) and its verdict.
pub(super) type Candidate = (Side, Cell, Option<Dir>, Result<Token, Illegal>);

/// Packs and Zoomies groups of the current table, for token checks.
pub(super) struct Labels {
    /// Pack label per square.
    pub(super) packs: Vec<u8>,
    /// Zoomies group label per square (`board::NONE` off any group).
    pub(super) groups: Vec<u8>,
}

impl Zoomies {
    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seat after `seat`, clockwise.
    pub(super) fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 % self.seats + 1) % self.seats)
    }

    /// Seat `seat`'s hand mask (empty for a seat that doesn't exist).
    pub(super) fn hand(&self, seat: Seat) -> u64 {
        self.hands.get(seat.index()).copied().unwrap_or(0)
    }

    /// Seat `seat`'s unused tokens.
    pub(super) fn left_of(&self, seat: Seat) -> Left {
        self.left.get(seat.index()).copied().unwrap_or(Left {
            round: 0,
            square: 0,
        })
    }

    /// The draw pile as a tile mask: every tile on no table, in no hand and
    /// not discarded.
    pub(super) fn pile(&self) -> u64 {
        let held = self.hands.iter().fold(0, |m, h| m | h);
        ALL_TILES & !self.board.mask & !held & !self.discarded
    }

    /// The seat whose turn it is, in a turn.
    pub(super) fn active(&self) -> Option<Seat> {
        match self.stage {
            Stage::PlaceTile { active }
            | Stage::Redraw { active, .. }
            | Stage::Token { active, .. }
            | Stage::ExtraTile { active }
            | Stage::EndTurn { active }
            | Stage::DrawUp { active, .. } => Some(active),
            Stage::StartTiles | Stage::Deal { .. } | Stage::FirstPlayer | Stage::Finished => None,
        }
    }

    /// The seat a tile chance step goes to now, if one does.
    pub(super) fn tile_recipient(&self) -> Option<Seat> {
        match self.stage {
            Stage::Deal { dealt } => Some(Seat(dealt % self.seats)),
            Stage::Redraw { active, .. } | Stage::DrawUp { active, .. } => Some(active),
            _ => None,
        }
    }

    /// Packs and groups of the table now.
    pub(super) fn labels(&self) -> Labels {
        Labels {
            packs: self.board.packs(),
            groups: self.board.groups(),
        }
    }

    /// Packs and groups of tile number `tile`'s two dogs only (others
    /// unlabelled): all [`Zoomies::check_token`] reads for that tile.
    fn tile_labels(&self, tile: usize) -> Labels {
        let (packs, groups) = self.board.labels_from([2 * tile, 2 * tile + 1]);
        Labels { packs, groups }
    }

    /// Does any tile of `hand` fit on the table?
    fn hand_fits(&self, hand: u64) -> bool {
        tiles_of(hand)
            .filter_map(dogs)
            .any(|(a, b)| self.board.fits(a, b))
    }

    /// Every legal placement of every tile of `hand`, as actions.
    fn placements(&self, hand: u64) -> Vec<Action> {
        // A hand mid-game has a hundred or so placements: room for them up
        // front spares the doublings.
        let mut out = Vec::with_capacity(128);
        let boards = self.board.boards();
        for tile in tiles_of(hand) {
            if let Some((a, b)) = dogs(tile) {
                self.board.placements(boards.as_ref(), a, b, |at, dir| {
                    out.push(Action::PlaceTile { tile, at, dir });
                });
            }
        }
        out
    }

    /// Checks laying `tile` from `active`'s hand on `at` towards `dir`.
    fn check_tile(&self, active: Seat, tile: TileId, at: Cell, dir: Dir) -> Result<(), Illegal> {
        let bit = tile_bit(tile);
        if bit == 0 {
            return Err(Illegal::NoSuchTile(tile.0));
        }
        if self.hand(active) & bit == 0 {
            return Err(Illegal::NotInHand(tile));
        }
        let (a, b) = dogs(tile).ok_or(Illegal::NoSuchTile(tile.0))?;
        self.board.check_place(a, b, at, dir).map(|_| ())
    }

    /// Checks a token of `active` on tile number `tile`, against the table's
    /// `labels` (RULINGS §1(c) PLACE_TOKEN).
    pub(super) fn check_token(
        &self,
        labels: &Labels,
        active: Seat,
        tile: usize,
        side: Side,
        at: Cell,
        arrow: Option<Dir>,
    ) -> Result<Token, Illegal> {
        let (a_at, b_at) = self.board.cells_of(tile).ok_or(Illegal::NoTilePlayed)?;
        if at != a_at && at != b_at {
            return Err(Illegal::NotOnNewTile);
        }
        let square = 2 * tile + usize::from(at == b_at);
        let dog = self.board.dog(square).ok_or(Illegal::NotOnNewTile)?;
        match (side, arrow) {
            (Side::Frens, None) => return Err(Illegal::FrensNeedsArrow),
            (Side::Leader | Side::Zoomies | Side::Bones, Some(_)) => {
                return Err(Illegal::ArrowOnlyForFrens)
            }
            _ => {}
        }
        let frens = match arrow {
            Some(dir) => Some(
                step(at, dir)
                    .and_then(|c| self.board.dog_at(c))
                    .ok_or(Illegal::ArrowToEmpty)?
                    .breed,
            ),
            None => None,
        };
        let kind = kind_of(side);
        if self.left_of(active).of(kind) == 0 {
            return Err(match kind {
                TokenKind::Round => Illegal::NoRoundLeft,
                TokenKind::Square => Illegal::NoSquareLeft,
            });
        }
        let pack = labels.packs.get(square).copied();
        let group = labels.groups.get(square).copied();
        let in_pack = |t: &Token| labels.packs.get(t.square).copied() == pack;
        let others = |s: Side| self.tokens.iter().filter(move |t| t.side == s);
        match side {
            Side::Leader => {
                if others(Side::Leader).any(in_pack) {
                    return Err(Illegal::PackHasLeader);
                }
            }
            Side::Bones => {
                if others(Side::Bones).any(in_pack) {
                    return Err(Illegal::PackHasBones);
                }
            }
            Side::Zoomies => {
                if !dog.zoomies {
                    return Err(Illegal::NotZoomiesDog);
                }
                if others(Side::Zoomies).any(|t| labels.groups.get(t.square).copied() == group) {
                    return Err(Illegal::GroupHasZoomies);
                }
            }
            Side::Frens => {
                if frens == Some(dog.breed) {
                    return Err(Illegal::ArrowToSameBreed);
                }
                if others(Side::Frens).any(|t| in_pack(t) && t.frens == frens) {
                    return Err(Illegal::FrensTaken);
                }
            }
        }
        Ok(Token {
            seat: active,
            side,
            square,
            arrow,
            frens,
        })
    }

    /// Every way to put a token on tile number `tile`, each with its
    /// verdict: for dog A then dog B, Leader, Zoomies, Bones, then Frens
    /// towards each neighbouring dog (north, east, south, west).
    pub(super) fn token_candidates(
        &self,
        labels: &Labels,
        active: Seat,
        tile: usize,
    ) -> Vec<Candidate> {
        let mut out = Vec::new();
        let Some((a_at, b_at)) = self.board.cells_of(tile) else {
            return out;
        };
        for at in [a_at, b_at] {
            for side in [Side::Leader, Side::Zoomies, Side::Bones] {
                out.push((
                    side,
                    at,
                    None,
                    self.check_token(labels, active, tile, side, at, None),
                ));
            }
            for dir in DIRS {
                if step(at, dir).and_then(|c| self.board.dog_at(c)).is_some() {
                    let verdict =
                        self.check_token(labels, active, tile, Side::Frens, at, Some(dir));
                    out.push((Side::Frens, at, Some(dir), verdict));
                }
            }
        }
        out
    }

    /// Can `active` place any token on tile number `tile`?
    fn any_token(&self, active: Seat, tile: Option<usize>) -> bool {
        let Some(tile) = tile else {
            return false;
        };
        let labels = self.tile_labels(tile);
        self.token_candidates(&labels, active, tile)
            .iter()
            .any(|(.., verdict)| verdict.is_ok())
    }

    /// Checks a seat action against the rules, changing nothing.
    pub(super) fn plan(&self, seat: Seat, action: &Action) -> Result<Plan, Illegal> {
        let active = match self.stage {
            Stage::Finished => return Err(Illegal::GameOver),
            Stage::StartTiles
            | Stage::Deal { .. }
            | Stage::FirstPlayer
            | Stage::Redraw { .. }
            | Stage::DrawUp { .. } => return Err(Illegal::NotYourTurn),
            Stage::PlaceTile { active }
            | Stage::Token { active, .. }
            | Stage::ExtraTile { active }
            | Stage::EndTurn { active } => active,
        };
        if seat != active {
            return Err(Illegal::NotYourTurn);
        }
        match (self.stage, action) {
            (Stage::PlaceTile { .. }, &Action::PlaceTile { tile, at, dir })
            | (Stage::ExtraTile { .. }, &Action::PlaceTile { tile, at, dir }) => {
                self.check_tile(active, tile, at, dir)?;
                let extra = matches!(self.stage, Stage::ExtraTile { .. });
                Ok(Plan::Place {
                    tile,
                    at,
                    dir,
                    extra,
                })
            }
            (Stage::PlaceTile { .. } | Stage::ExtraTile { .. }, Action::CannotPlace) => {
                if self.hand_fits(self.hand(active)) {
                    return Err(Illegal::TileFits);
                }
                let extra = matches!(self.stage, Stage::ExtraTile { .. });
                Ok(Plan::CannotPlace { extra })
            }
            (Stage::PlaceTile { .. }, _) => Err(Illegal::NotNow(Awaiting::Tile)),
            (Stage::ExtraTile { .. }, _) => Err(Illegal::NotNow(Awaiting::ExtraTile)),
            (Stage::Token { tile, .. }, &Action::PlaceToken { side, at, arrow }) => {
                let tile = tile.ok_or(Illegal::NoTilePlayed)?;
                let token =
                    self.check_token(&self.tile_labels(tile), active, tile, side, at, arrow)?;
                Ok(Plan::Token(token))
            }
            (Stage::Token { tile, .. }, &Action::DiscardToken { kind }) => {
                if self.left_of(active).of(kind) == 0 {
                    return Err(match kind {
                        TokenKind::Round => Illegal::NoRoundLeft,
                        TokenKind::Square => Illegal::NoSquareLeft,
                    });
                }
                if self.any_token(active, tile) {
                    return Err(Illegal::MustPlaceToken);
                }
                Ok(Plan::DiscardToken(kind))
            }
            (Stage::Token { .. }, _) => Err(Illegal::NotNow(Awaiting::Token)),
            (Stage::EndTurn { .. }, &Action::EndTurn { discard }) => Ok(Plan::EndTurn { discard }),
            (Stage::EndTurn { .. }, _) => Err(Illegal::NotNow(Awaiting::EndTurn)),
            _ => Err(Illegal::NotYourTurn),
        }
    }

    /// Carries out a checked plan.
    fn commit(&mut self, active: Seat, plan: Plan) {
        let i = active.index();
        match plan {
            Plan::Place {
                tile,
                at,
                dir,
                extra,
            } => {
                let Some((a, b)) = dogs(tile) else {
                    return;
                };
                if let Some(hand) = self.hands.get_mut(i) {
                    *hand &= !tile_bit(tile);
                }
                self.board.place(
                    Placed {
                        tile,
                        at,
                        dir,
                        by: Some(active),
                    },
                    a,
                    b,
                );
                if extra {
                    self.after_token(active);
                } else {
                    self.stage = Stage::Token {
                        active,
                        tile: Some(self.board.tiles.len() - 1),
                    };
                }
            }
            Plan::CannotPlace { extra: true } => self.after_token(active),
            Plan::CannotPlace { extra: false } => {
                let pile = count(self.pile());
                if pile > 0 {
                    // Discard the whole hand, face down, and draw up.
                    self.discarded |= self.hand(active);
                    if let Some(hand) = self.hands.get_mut(i) {
                        *hand = 0;
                    }
                    self.stage = Stage::Redraw {
                        active,
                        left: pile.min(HAND),
                    };
                } else {
                    // Nothing to draw: the hand is kept, no tile is played.
                    self.stage = Stage::Token { active, tile: None };
                }
            }
            Plan::Token(token) => {
                if let Some(left) = self.left.get_mut(i) {
                    left.take(kind_of(token.side));
                }
                self.tokens.push(token);
                if token.side == Side::Zoomies && self.hand(active) != 0 {
                    self.stage = Stage::ExtraTile { active };
                } else {
                    self.after_token(active);
                }
            }
            Plan::DiscardToken(kind) => {
                if let Some(left) = self.left.get_mut(i) {
                    left.take(kind);
                }
                if let Some(n) = self.token_discards.get_mut(i) {
                    *n += 1;
                }
                self.after_token(active);
            }
            Plan::EndTurn { discard } => {
                if discard {
                    self.discarded |= self.hand(active);
                    if let Some(hand) = self.hands.get_mut(i) {
                        *hand = 0;
                    }
                }
                self.draw_up(active);
            }
        }
    }

    /// The token (and any extra tile) is done: the game ends when every
    /// token is used; otherwise the optional discard, if there is a tile to
    /// discard, else the draw.
    fn after_token(&mut self, active: Seat) {
        if self.left.iter().all(|l| l.round == 0 && l.square == 0) {
            self.stage = Stage::Finished;
        } else if self.hand(active) != 0 {
            self.stage = Stage::EndTurn { active };
        } else {
            self.draw_up(active);
        }
    }

    /// Draws up to a hand of 2, or as many as the pile holds; then the next
    /// seat's turn.
    fn draw_up(&mut self, active: Seat) {
        let need = HAND.saturating_sub(count(self.hand(active)));
        let left = need.min(count(self.pile()));
        if left > 0 {
            self.stage = Stage::DrawUp { active, left };
        } else {
            self.begin_turn(self.next_seat(active));
        }
    }

    /// `seat` starts a turn: with an empty hand (the pile ran dry) there is
    /// nothing to place and a token must be discarded.
    fn begin_turn(&mut self, seat: Seat) {
        self.stage = if self.hand(seat) == 0 {
            Stage::Token {
                active: seat,
                tile: None,
            }
        } else {
            Stage::PlaceTile { active: seat }
        };
    }

    /// Checks and applies a chance outcome.
    fn chance(&mut self, outcome: Chance) -> Result<(), Illegal> {
        let in_pile = |t: TileId| self.pile() & tile_bit(t) != 0;
        match (self.stage, outcome) {
            (Stage::StartTiles, Chance::StartTile { tile, flipped }) => {
                let (at, dir) = start_place(self.board.tiles.len(), flipped)
                    .ok_or(Illegal::ImpossibleOutcome)?;
                let (a, b) = dogs(tile).ok_or(Illegal::ImpossibleOutcome)?;
                if !in_pile(tile) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                self.board.place(
                    Placed {
                        tile,
                        at,
                        dir,
                        by: None,
                    },
                    a,
                    b,
                );
                if self.board.tiles.len() == START_TILES {
                    self.stage = Stage::Deal { dealt: 0 };
                }
            }
            (Stage::Deal { dealt }, Chance::Tile(tile)) => {
                if !in_pile(tile) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                if let Some(hand) = self.hands.get_mut(usize::from(dealt % self.seats)) {
                    *hand |= tile_bit(tile);
                }
                let dealt = dealt + 1;
                self.stage = if dealt < HAND * self.seats {
                    Stage::Deal { dealt }
                } else if let Some(first) = self.options.first_player {
                    self.first_player = Some(first);
                    Stage::PlaceTile { active: first }
                } else {
                    Stage::FirstPlayer
                };
            }
            (Stage::FirstPlayer, Chance::FirstPlayer(seat)) => {
                if seat.0 >= self.seats {
                    return Err(Illegal::ImpossibleOutcome);
                }
                self.first_player = Some(seat);
                self.stage = Stage::PlaceTile { active: seat };
            }
            (
                Stage::Redraw { active, left } | Stage::DrawUp { active, left },
                Chance::Tile(tile),
            ) => {
                if !in_pile(tile) {
                    return Err(Illegal::ImpossibleOutcome);
                }
                if let Some(hand) = self.hands.get_mut(active.index()) {
                    *hand |= tile_bit(tile);
                }
                let left = left.saturating_sub(1);
                match (left, self.stage) {
                    (0, Stage::Redraw { .. }) => self.stage = Stage::PlaceTile { active },
                    (0, _) => self.begin_turn(self.next_seat(active)),
                    (_, Stage::Redraw { .. }) => self.stage = Stage::Redraw { active, left },
                    (_, _) => self.stage = Stage::DrawUp { active, left },
                }
            }
            (
                Stage::PlaceTile { .. }
                | Stage::Token { .. }
                | Stage::ExtraTile { .. }
                | Stage::EndTurn { .. },
                _,
            ) => return Err(Illegal::UnexpectedChance),
            (Stage::Finished, _) => return Err(Illegal::GameOver),
            _ => return Err(Illegal::ImpossibleOutcome),
        }
        Ok(())
    }
}

impl Game for Zoomies {
    type Options = Options;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type StepView = StepView;
    type Scorecard = Scorecard;
    type Illegal = Illegal;
    const KIND: GameKind = GameKind::Zoomies;
    const RULES_VERSION: u32 = 1;

    fn new(options: &Options, seats: u8) -> Result<Self, SetupError> {
        SetupError::check_players(GameKind::Zoomies, seats)?;
        if let Some(seat) = options.first_player {
            if seat.0 >= seats {
                return Err(SetupError::FirstPlayer { seat, seats });
            }
        }
        let n = usize::from(seats);
        Ok(Zoomies {
            options: *options,
            seats,
            board: Board::default(),
            hands: vec![0; n],
            discarded: 0,
            tokens: Vec::new(),
            left: vec![
                Left {
                    round: TOKENS_PER_KIND,
                    square: TOKENS_PER_KIND,
                };
                n
            ],
            token_discards: vec![0; n],
            first_player: None,
            stage: Stage::StartTiles,
        })
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn to_act(&self) -> ToAct {
        match self.stage {
            Stage::StartTiles
            | Stage::Deal { .. }
            | Stage::FirstPlayer
            | Stage::Redraw { .. }
            | Stage::DrawUp { .. } => ToAct::Chance,
            Stage::PlaceTile { active }
            | Stage::Token { active, .. }
            | Stage::ExtraTile { active }
            | Stage::EndTurn { active } => ToAct::Seats {
                seats: vec![active],
            },
            Stage::Finished => ToAct::Finished,
        }
    }

    /// - Placing a tile (the turn's or the Zoomies extra): every legal
    ///   placement of every tile in hand (tile order, then cell, then
    ///   direction); `CannotPlace` alone when there is none.
    /// - The token: every legal `PlaceToken` (dog A then B; Leader, Zoomies,
    ///   Bones, Frens north/east/south/west); when there is none (or no tile
    ///   was played), `DiscardToken` for each shape left.
    /// - The end of the turn: keep, then discard.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.active() != Some(seat) {
            return Vec::new();
        }
        match self.stage {
            Stage::PlaceTile { active } | Stage::ExtraTile { active } => {
                let out = self.placements(self.hand(active));
                if out.is_empty() {
                    vec![Action::CannotPlace]
                } else {
                    out
                }
            }
            Stage::Token { active, tile } => {
                let mut out: Vec<Action> = match tile {
                    Some(tile) => self
                        .token_candidates(&self.tile_labels(tile), active, tile)
                        .into_iter()
                        .filter(|(.., verdict)| verdict.is_ok())
                        .map(|(side, at, arrow, _)| Action::PlaceToken { side, at, arrow })
                        .collect(),
                    None => Vec::new(),
                };
                if out.is_empty() {
                    let left = self.left_of(active);
                    for kind in [TokenKind::Round, TokenKind::Square] {
                        if left.of(kind) > 0 {
                            out.push(Action::DiscardToken { kind });
                        }
                    }
                }
                out
            }
            Stage::EndTurn { .. } => vec![
                Action::EndTurn { discard: false },
                Action::EndTurn { discard: true },
            ],
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Chance, u32)> {
        match self.stage {
            Stage::StartTiles => tiles_of(self.pile())
                .flat_map(|tile| {
                    [false, true].map(|flipped| (Chance::StartTile { tile, flipped }, 1))
                })
                .collect(),
            Stage::Deal { .. } | Stage::Redraw { .. } | Stage::DrawUp { .. } => {
                tiles_of(self.pile())
                    .map(|t| (Chance::Tile(t), 1))
                    .collect()
            }
            Stage::FirstPlayer => (0..self.seats)
                .map(|s| (Chance::FirstPlayer(Seat(s)), 1))
                .collect(),
            _ => Vec::new(),
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

    /// Placing a tile (or giving up a hand that fits nowhere) shows tiles
    /// from a hidden hand; tokens come from the open supply.
    fn reveals(&self, action: &Action) -> bool {
        matches!(action, Action::PlaceTile { .. } | Action::CannotPlace)
    }

    fn step_view(&self, step: &Step<Action, Chance>, viewer: Viewer) -> StepView {
        self.describe(step, viewer)
    }

    fn view_changes(&self, step: &Step<Action, Chance>) -> Option<&'static [&'static str]> {
        // A tile to a hand; the deal's last one may set the host's first
        // player, and a draw's last one starts a turn.
        const TILE: &[&str] = &["hand", "hands", "players", "pile", "first_player", "phase"];
        // Tokens score by the packs and groups on the table: a tile can
        // change their points and the players' scores. The pile's count
        // stays (hand to table).
        const PLACE: &[&str] = &["board", "tokens", "hand", "hands", "players", "phase"];
        const TOKEN: &[&str] = &["tokens", "players", "phase"];
        // A hand discarded face down (or kept).
        const DISCARD: &[&str] = &["hand", "hands", "players", "discarded", "phase"];
        Some(match step {
            Step::Chance { outcome } => match outcome {
                Chance::StartTile { .. } => &["board", "pile", "phase"],
                Chance::Tile(_) => TILE,
                Chance::FirstPlayer(_) => &["first_player", "phase"],
            },
            Step::Act { action, .. } => match action {
                Action::PlaceTile { .. } => PLACE,
                Action::PlaceToken { .. } | Action::DiscardToken { .. } => TOKEN,
                Action::CannotPlace | Action::EndTurn { .. } => DISCARD,
            },
        })
    }

    fn outcome(&self) -> Option<GameOutcome<Scorecard>> {
        self.final_outcome()
    }
}
