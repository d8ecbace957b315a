//! What each placed token scores (RULINGS §1(c) "Scoring each placed
//! token" and "Splits"), at the end or, for the views, if the game ended
//! now.
//!
//! - Leader: the dogs of its Pack.
//! - Bones: 2 × the Bone icons of its Pack.
//! - Frens: 2 × the sides between a dog of its Base Pack and a dog of the
//!   Frens breed (any such dog, not only the one the arrow points at; the
//!   inner side of a tile counts like any other).
//! - Zoomies: the ladder 1/3/6/10/15 of its Zoomies group's size, capped at 15.
//!
//! Tokens with the same key — Leader or Bones and the Pack; Frens, the Base
//! Pack and the Frens breed; Zoomies and the group — split the points, each
//! scoring `raw / k` rounded down, two tokens of one player included.

use parlor_protocol::zoomies::{Breed, Cell, FrensSide, Side};

use super::board::{Board, NONE};
use super::state::{Labels, Token};
use super::tiles::{step, DIRS, LADDER};

/// One token's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Scored {
    /// Dogs, Bone icons, sides or Zoomies dogs counted.
    pub(super) counted: u32,
    /// Points before the split.
    pub(super) raw: u32,
    /// Tokens sharing the key (this one included).
    pub(super) shared: u8,
    /// `raw / shared`, rounded down.
    pub(super) points: u32,
}

/// What tokens sharing points have in common.
type Key = (Side, u8, Option<Breed>);

fn key(labels: &Labels, token: &Token) -> Key {
    let label = match token.side {
        Side::Zoomies => labels.groups.get(token.square),
        Side::Leader | Side::Bones | Side::Frens => labels.packs.get(token.square),
    };
    (token.side, label.copied().unwrap_or(NONE), token.frens)
}

/// Each token's score, in the order of `tokens`.
pub(super) fn score(board: &Board, labels: &Labels, tokens: &[Token]) -> Vec<Scored> {
    let packs = usize::from(
        labels
            .packs
            .iter()
            .copied()
            .filter(|l| *l != NONE)
            .max()
            .map_or(0, |m| m + 1),
    );
    let groups = usize::from(
        labels
            .groups
            .iter()
            .copied()
            .filter(|l| *l != NONE)
            .max()
            .map_or(0, |m| m + 1),
    );
    let (mut dogs, mut bones, mut zoomies) =
        (vec![0u32; packs], vec![0u32; packs], vec![0u32; groups]);
    for (i, s) in board.squares.iter().enumerate() {
        if let Some(p) = labels
            .packs
            .get(i)
            .and_then(|l| dogs.get_mut(usize::from(*l)))
        {
            *p += 1;
        }
        if s.dog.bone {
            if let Some(b) = labels
                .packs
                .get(i)
                .and_then(|l| bones.get_mut(usize::from(*l)))
            {
                *b += 1;
            }
        }
        if let Some(z) = labels
            .groups
            .get(i)
            .and_then(|l| zoomies.get_mut(usize::from(*l)))
        {
            *z += 1;
        }
    }
    let keys: Vec<Key> = tokens.iter().map(|t| key(labels, t)).collect();
    tokens
        .iter()
        .zip(&keys)
        .map(|(token, k)| {
            let label = usize::from(k.1);
            let (counted, raw) = match token.side {
                Side::Leader => {
                    let n = dogs.get(label).copied().unwrap_or(0);
                    (n, n)
                }
                Side::Bones => {
                    let n = bones.get(label).copied().unwrap_or(0);
                    (n, 2 * n)
                }
                Side::Frens => {
                    let n = count_u32(frens_sides(board, labels, token).len());
                    (n, 2 * n)
                }
                Side::Zoomies => {
                    let n = zoomies.get(label).copied().unwrap_or(0);
                    let rung = usize::try_from(n.min(5)).unwrap_or(5);
                    (n, LADDER.get(rung).copied().unwrap_or(0))
                }
            };
            let shared = u8::try_from(keys.iter().filter(|other| *other == k).count())
                .unwrap_or(u8::MAX)
                .max(1);
            Scored {
                counted,
                raw,
                shared,
                points: raw / u32::from(shared),
            }
        })
        .collect()
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The cells counted for `token`: its Pack, or its Zoomies group.
pub(super) fn cells(board: &Board, labels: &Labels, token: &Token) -> Vec<Cell> {
    let (side, label, _) = key(labels, token);
    let of = match side {
        Side::Zoomies => &labels.groups,
        Side::Leader | Side::Bones | Side::Frens => &labels.packs,
    };
    board
        .squares
        .iter()
        .zip(of)
        .filter(|(_, l)| **l == label && label != NONE)
        .map(|(s, _)| s.at)
        .collect()
}

/// Every side between a dog of a Frens token's Base Pack and a dog of its
/// Frens breed, once each, in square then direction order. Empty for other
/// tokens.
pub(super) fn frens_sides(board: &Board, labels: &Labels, token: &Token) -> Vec<FrensSide> {
    let Some(frens) = token.frens else {
        return Vec::new();
    };
    let base = labels.packs.get(token.square).copied();
    let mut out = Vec::new();
    for (s, label) in board.squares.iter().zip(&labels.packs) {
        if Some(*label) != base {
            continue;
        }
        for d in DIRS {
            let Some(fren) = step(s.at, d) else { continue };
            // A Base dog's neighbour of the Frens breed is outside the Base
            // Pack (another breed), so each side is met once, from its Base end.
            if board.dog_at(fren).is_some_and(|dog| dog.breed == frens) {
                out.push(FrensSide { base: s.at, fren });
            }
        }
    }
    out
}
