//! The Doozy Dice bot. Everything in Doozy Dice is public, but the bot still
//! decides from the seat's view and legal actions only.
//!
//! Normal: claim as soon as the dice make a remaining card, choosing the
//! hardest one they make (the easy ones come back cheaply); otherwise weigh
//! every legal re-roll by the exact chance that the next roll makes some
//! remaining card (all outcomes of the re-rolled dice enumerated), and buy a
//! one-die adjustment that makes a card when it costs fewer dots than the
//! rolls the best re-roll is expected to take. The 13-roll cutoff goes on the
//! hardest card left. Easy: claims the easiest card it makes, keeps Doozy
//! Faces and re-rolls every other die, never adjusts.

use std::sync::OnceLock;

use parlor_protocol::doozy_dice::{Action, CardId, DieKind, DieView, Phase, View};
use parlor_protocol::Seat;
use rand::Rng;

use super::cards::{self, Symbol, FACE};
use super::DoozyDice;
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// Chance that one roll of all five dice makes each card, by card id
/// (index 0 unused). The same numbers as the doc's `P(1 roll)` column.
fn one_roll_chance() -> &'static [f64; 27] {
    static TABLE: OnceLock<[f64; 27]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut hits = [0u32; 27];
        let mut total = 0u32;
        each_outcome(
            &[
                DieKind::Blue,
                DieKind::Blue,
                DieKind::Blue,
                DieKind::Doozy,
                DieKind::Doozy,
            ],
            |roll| {
                total += 1;
                let mask = cards::satisfied_mask(roll);
                for (id, hit) in hits.iter_mut().enumerate().skip(1) {
                    if mask & (1 << id) != 0 {
                        *hit += 1;
                    }
                }
            },
        );
        let mut out = [0.0; 27];
        for (o, h) in out.iter_mut().zip(hits) {
            *o = f64::from(h) / f64::from(total.max(1));
        }
        out
    })
}

/// How likely one full roll makes `card` (0 for a card that doesn't exist).
fn chance_of(card: CardId) -> f64 {
    one_roll_chance()
        .get(usize::from(card.0))
        .copied()
        .unwrap_or(0.0)
}

/// The symbol a landed die value shows on a die of this kind.
fn symbol(kind: DieKind, value: u8) -> Symbol {
    match kind {
        DieKind::Doozy if value == 1 => FACE,
        _ => value,
    }
}

/// Calls `f` with every equally likely result of rolling dice of `kinds`
/// (in order), padded into a five-symbol roll.
fn each_outcome(kinds: &[DieKind], mut f: impl FnMut([Symbol; 5])) {
    let n = kinds.len().min(5);
    let count = 6usize.pow(u32::try_from(n).unwrap_or(0));
    for mut code in 0..count {
        let mut roll = [1u8; 5];
        for (slot, kind) in roll.iter_mut().zip(kinds.iter()) {
            let value = u8::try_from(code % 6).unwrap_or(0) + 1;
            code /= 6;
            *slot = symbol(*kind, value);
        }
        f(roll);
    }
}

/// The dice as symbols, if every die shows a value.
fn current_roll(dice: &[DieView]) -> Option<[Symbol; 5]> {
    let mut roll = [0u8; 5];
    for (slot, d) in roll.iter_mut().zip(dice) {
        let v = d.value?;
        *slot = if d.face { FACE } else { v };
    }
    (dice.len() == 5).then_some(roll)
}

/// Chance that re-rolling `reroll` (die indices) makes a card of `wanted`.
fn reroll_chance(dice: &[DieView], roll: [Symbol; 5], reroll: &[u8], wanted: u32) -> f64 {
    let kept: Vec<Symbol> = (0..5u8)
        .filter(|i| !reroll.contains(i))
        .filter_map(|i| roll.get(usize::from(i)).copied())
        .collect();
    let kinds: Vec<DieKind> = reroll
        .iter()
        .filter_map(|i| dice.get(usize::from(*i)).map(|d| d.kind))
        .collect();
    if kept.len() + kinds.len() != 5 {
        return 0.0;
    }
    let (mut hits, mut total) = (0u32, 0u32);
    each_outcome(&kinds, |new| {
        let mut full = [0u8; 5];
        for (slot, s) in full
            .iter_mut()
            .zip(kept.iter().chain(new.iter().take(kinds.len())))
        {
            *slot = *s;
        }
        total += 1;
        if cards::satisfied_mask(full) & wanted != 0 {
            hits += 1;
        }
    });
    f64::from(hits) / f64::from(total.max(1))
}

/// The cards `seat` has yet to record, as a card mask.
fn remaining(view: &View, seat: Seat) -> u32 {
    let done: Vec<CardId> = view
        .players
        .get(seat.index())
        .map(|p| p.combos.iter().map(|c| c.card).collect())
        .unwrap_or_default();
    view.cards
        .iter()
        .filter(|c| !done.contains(&c.id))
        .fold(0, |m, c| m | cards::bit(c.id))
}

impl Bot for DoozyDice {
    fn choose_action<R: Rng + ?Sized>(
        view: &View,
        seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
        let Phase::Turn(turn) = &view.phase else {
            return RandomBot::choose(moves, rng);
        };
        // Claim whenever the dice make a card: the roll count only grows.
        let claims: Vec<&Action> = moves
            .iter()
            .filter(|a| matches!(a, Action::Claim { .. }))
            .collect();
        let hardness = |a: &&Action| match a {
            Action::Claim { card } | Action::Cutoff { card } => -chance_of(*card),
            _ => f64::NEG_INFINITY,
        };
        if !claims.is_empty() {
            return match level {
                Level::Normal | Level::Hard => pick_best(&claims, level, rng, hardness).cloned(),
                Level::Easy => pick_best(&claims, Level::Normal, rng, |a| -hardness(a)).cloned(),
            };
        }
        let rolls: Vec<&Action> = moves
            .iter()
            .filter(|a| matches!(a, Action::Roll { .. }))
            .collect();
        if rolls.is_empty() {
            // Out of rolls with nothing made: the 13 goes on the hardest card.
            let cutoffs: Vec<&Action> = moves
                .iter()
                .filter(|a| matches!(a, Action::Cutoff { .. }))
                .collect();
            if let Some(a) = pick_best(&cutoffs, Level::Normal, rng, hardness) {
                return Some(a.clone());
            }
            return RandomBot::choose(moves, rng);
        }
        let Some(roll) = current_roll(&turn.dice) else {
            return RandomBot::choose(&rolls, rng).cloned();
        };
        if level == Level::Easy {
            // Keep the Doozy Faces (wild for most cards), re-roll the rest.
            let keep_faces = |a: &&Action| match a {
                Action::Roll { dice } => {
                    let faces_kept = (0..5u8).all(|i| {
                        let is_face = turn.dice.get(usize::from(i)).is_some_and(|d| d.face);
                        !(is_face && dice.contains(&i))
                    });
                    let others = dice.len() as f64;
                    if faces_kept {
                        others
                    } else {
                        -1.0
                    }
                }
                _ => f64::NEG_INFINITY,
            };
            return pick_best(&rolls, level, rng, keep_faces).cloned();
        }
        let wanted = remaining(view, seat);
        let scored: Vec<(f64, &Action)> = rolls
            .iter()
            .map(|a| match a {
                Action::Roll { dice } => (reroll_chance(&turn.dice, roll, dice, wanted), *a),
                _ => (0.0, *a),
            })
            .collect();
        let best_chance = scored.iter().map(|(p, _)| *p).fold(0.0, f64::max);
        // A dot is worth a roll in the score, so a change that makes a card
        // now pays when it costs less than the rolls the best re-roll is
        // expected to take (1/p), before the bonus cut-off passes.
        let expected_rolls = if best_chance > 0.0 {
            1.0 / best_chance
        } else {
            13.0
        };
        let adjust = moves
            .iter()
            .filter_map(|a| match a {
                Action::Adjust { die, to } => {
                    let i = usize::from(*die);
                    let from = turn.dice.get(i)?.value?;
                    let mut next = roll;
                    *next.get_mut(i)? = *to;
                    (cards::satisfied_mask(next) & wanted != 0)
                        .then(|| (f64::from(from.abs_diff(*to)), a))
                }
                _ => None,
            })
            .min_by(|x, y| x.0.total_cmp(&y.0));
        if let Some((cost, a)) = adjust {
            let bonus_at_stake = turn.roll_count <= super::state::BONUS_ROLLS;
            let worth = expected_rolls + if bonus_at_stake { 2.0 } else { 0.0 };
            if cost < worth {
                return Some(a.clone());
            }
        }
        pick_best(&scored, level, rng, |(p, _)| *p).map(|(_, a)| a.clone())
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::cards::CARD_COUNT;
    use super::*;

    #[test]
    fn one_roll_chances_match_the_card_table() {
        // Triple Scoop 2976/7776, Double Up 3246/7776 (docs/games/doozy-dice.md).
        assert!((chance_of(CardId(1)) - 2976.0 / 7776.0).abs() < 1e-12);
        assert!((chance_of(CardId(3)) - 3246.0 / 7776.0).abs() < 1e-12);
        assert_eq!(chance_of(CardId(CARD_COUNT + 1)), 0.0);
    }

    #[test]
    fn a_reroll_keeps_what_helps() {
        let die = |kind, value: u8, face| DieView {
            kind,
            value: Some(value),
            face,
            locked: false,
        };
        // 5 5 5 2 3: with Quartet (4 of a kind) wanted, keep the three 5s.
        let dice = vec![
            die(DieKind::Blue, 5, false),
            die(DieKind::Blue, 5, false),
            die(DieKind::Blue, 5, false),
            die(DieKind::Doozy, 2, false),
            die(DieKind::Doozy, 3, false),
        ];
        let roll = current_roll(&dice).unwrap_or([0; 5]);
        let quartet = cards::bit(CardId(4));
        let keep = reroll_chance(&dice, roll, &[3, 4], quartet);
        let all = reroll_chance(&dice, roll, &[0, 1, 2, 3, 4], quartet);
        assert!(keep > all, "{keep} vs {all}");
        // Two white dice, each a 5 or a Face two times in six: 1 - (4/6)^2.
        assert!((keep - 20.0 / 36.0).abs() < 1e-12, "{keep}");
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        assert_eq!(
            RandomBot::choose::<Action, _>(&[], &mut rng),
            None,
            "no move, no action"
        );
    }
}
