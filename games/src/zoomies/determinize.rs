//! The hard bot's deal for Zoomies. What a seat cannot see is the other
//! hands, the discarded tiles and the draw pile, which holds no order
//! (tiles are drawn when taken): the unseen tiles (all 50 but the table and
//! the seat's own hand) are shuffled and dealt to the other hands by their
//! sizes, then to the discards by their count; the rest is the pile.
//!
//! What the view no longer shows, and how the deal settles it:
//! - which tiles the seat itself discarded (it saw them go, its view keeps
//!   only the count): they are dealt like any unseen tile;
//! - while tiles are being drawn, whether it is the redraw after a hand
//!   that did not fit or the draw at the end of a turn: told apart by the
//!   tokens used (one per turn, turns round the table from the first
//!   player), since the redraw comes before the turn's token;
//! - a Frens token's breed (the breed it pointed at when placed): tiles
//!   never move, so it is the breed its arrow points at now.

use parlor_protocol::zoomies::{Phase, View};
use parlor_protocol::Seat;
use rand::seq::SliceRandom;
use rand::Rng;

use super::board::{Board, Placed};
use super::state::{Left, Stage, Token, Zoomies, HAND};
use super::tiles::{dogs, step, tile_bit, tiles_of, ALL_TILES, START_TILES, TOKENS_PER_KIND};
use crate::bot::search::{Determinize, Playout};

impl Determinize for Zoomies {
    // Measured (docs/games/zoomies.md, "Hard bot").
    const HARD_PLAYOUTS: u32 = 200;
    const PLAYOUT: Playout = Playout::Bot;
    const SCORE_SCALE: f64 = 10.0;

    /// Half at four seats, where every playout plays three normal bots'
    /// turns more: 200 took 584 ms at p99 there on a quiet core, 100 takes
    /// 227 ms and still wins 2.07x its fair share (docs/games/zoomies.md).
    fn hard_playouts(seats: u8) -> u32 {
        if seats >= 4 {
            Self::HARD_PLAYOUTS / 2
        } else {
            Self::HARD_PLAYOUTS
        }
    }

    fn determinize<R: Rng + ?Sized>(view: &View, seat: Seat, rng: &mut R) -> Option<Self> {
        let seats = u8::try_from(view.players.len()).ok()?;
        let mut board = Board::default();
        for p in &view.board {
            let (a, b) = dogs(p.tile)?;
            board.place(
                Placed {
                    tile: p.tile,
                    at: p.at,
                    dir: p.dir,
                    by: p.by,
                },
                a,
                b,
            );
        }
        let mine = view
            .hand
            .as_ref()?
            .iter()
            .fold(0u64, |m, &t| m | tile_bit(t));
        let mut unseen: Vec<_> = tiles_of(ALL_TILES & !board.mask & !mine).collect();
        unseen.shuffle(rng);
        let mut next = unseen.into_iter();
        let mut hands = vec![0u64; usize::from(seats)];
        for (s, (hand, p)) in hands.iter_mut().zip(&view.players).enumerate() {
            if s == seat.index() {
                *hand = mine;
                continue;
            }
            for _ in 0..p.hand_size {
                *hand |= tile_bit(next.next()?);
            }
        }
        let mut discarded = 0u64;
        for _ in 0..view.discarded {
            discarded |= tile_bit(next.next()?);
        }
        let mut tokens = Vec::with_capacity(view.tokens.len());
        for t in &view.tokens {
            let square = board.square_at(t.at)?;
            let frens = match t.arrow {
                Some(dir) => Some(step(t.at, dir).and_then(|c| board.dog_at(c))?.breed),
                None => None,
            };
            tokens.push(Token {
                seat: t.seat,
                side: t.side,
                square,
                arrow: t.arrow,
                frens,
            });
        }
        let left: Vec<Left> = view
            .players
            .iter()
            .map(|p| Left {
                round: p.round_left,
                square: p.square_left,
            })
            .collect();
        let used: u32 = view
            .players
            .iter()
            .map(|p| u32::from(2 * TOKENS_PER_KIND - p.round_left - p.square_left))
            .sum();
        let held: u8 = view.players.iter().map(|p| p.hand_size).sum();
        let hand_of = |s: Seat| view.players.get(s.index()).map_or(0, |p| p.hand_size);
        let stage = match &view.phase {
            Phase::Setup if board.tiles.len() < START_TILES => Stage::StartTiles,
            Phase::Setup if held < HAND * seats => Stage::Deal { dealt: held },
            Phase::Setup => Stage::FirstPlayer,
            Phase::PlaceTile { active } => Stage::PlaceTile { active: *active },
            Phase::Drawing { active } => {
                let left = HAND.saturating_sub(hand_of(*active)).min(view.pile);
                let first = u32::from(view.first_player.map_or(0, |s| s.0));
                // Before its token the active seat is on turn `used`
                // (0-based); after it, on turn `used - 1`.
                let on_turn = |turn: u32| (first + turn) % u32::from(seats) == u32::from(active.0);
                if on_turn(used) {
                    Stage::Redraw {
                        active: *active,
                        left,
                    }
                } else {
                    Stage::DrawUp {
                        active: *active,
                        left,
                    }
                }
            }
            Phase::Token { active, tile, .. } => Stage::Token {
                active: *active,
                tile: match tile {
                    Some(t) => Some(board.tiles.iter().position(|p| p.tile == *t)?),
                    None => None,
                },
            },
            Phase::ExtraTile { active } => Stage::ExtraTile { active: *active },
            Phase::EndTurn { active } => Stage::EndTurn { active: *active },
            Phase::Finished => Stage::Finished,
        };
        Some(Zoomies {
            options: view.options,
            seats,
            board,
            hands,
            discarded,
            tokens,
            left,
            token_discards: view.players.iter().map(|p| p.tokens_discarded).collect(),
            first_player: view.first_player,
            stage,
        })
    }
}
