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

/// Every outcome of one re-roll, by the cards it makes: for each set of
/// cards (a mask), how many of the equally likely outcomes make exactly it.
struct Odds {
    /// `(satisfied mask, outcomes)`, distinct masks.
    masks: Vec<(u32, u32)>,
    /// Outcomes in all (6 to the number of dice re-rolled).
    total: u32,
}

impl Odds {
    /// Enumerates rolling `blue` blue and `doozy` Doozy dice beside `kept`.
    fn enumerate(kept: &[Symbol], blue: usize, doozy: usize) -> Odds {
        let kinds: Vec<DieKind> = std::iter::repeat_n(DieKind::Blue, blue)
            .chain(std::iter::repeat_n(DieKind::Doozy, doozy))
            .collect();
        let mut by_mask: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        let mut total = 0u32;
        each_outcome(&kinds, |new| {
            let mut full = [0u8; 5];
            for (slot, s) in full
                .iter_mut()
                .zip(kept.iter().chain(new.iter().take(kinds.len())))
            {
                *slot = *s;
            }
            total += 1;
            *by_mask.entry(cards::satisfied_mask(full)).or_default() += 1;
        });
        Odds {
            masks: by_mask.into_iter().collect(),
            total,
        }
    }

    /// Chance of making a card of `wanted`.
    fn chance(&self, wanted: u32) -> f64 {
        let hits: u32 = self
            .masks
            .iter()
            .filter(|(mask, _)| mask & wanted != 0)
            .map(|(_, n)| n)
            .sum();
        f64::from(hits) / f64::from(self.total.max(1))
    }
}

/// The kept dice (sorted symbols, `u8::MAX` past the last) and the number of
/// blue and Doozy dice re-rolled: all a re-roll's odds depend on, since a
/// card reads the dice as a set of symbols.
type OddsKey = ([Symbol; 5], u8, u8);

thread_local! {
    /// Re-roll odds worked out so far on this thread. A decision weighs up
    /// to 31 re-rolls of up to 7,776 outcomes each, and the hard bot's
    /// playouts make thousands of decisions, so each is enumerated once. At
    /// most 792 kept sets × 12 splits of the dice, each a few hundred
    /// masks: bounded whatever is played.
    static ODDS: std::cell::RefCell<std::collections::HashMap<OddsKey, std::rc::Rc<Odds>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Chance that re-rolling `reroll` (die indices) makes a card of `wanted`.
fn reroll_chance(dice: &[DieView], roll: [Symbol; 5], reroll: &[u8], wanted: u32) -> f64 {
    let mut kept = [u8::MAX; 5];
    let mut n = 0;
    let (mut blue, mut doozy) = (0u8, 0u8);
    for (i, (symbol, die)) in roll.iter().zip(dice).enumerate() {
        if reroll.iter().any(|&r| usize::from(r) == i) {
            match die.kind {
                DieKind::Blue => blue += 1,
                DieKind::Doozy => doozy += 1,
            }
        } else if let Some(slot) = kept.get_mut(n) {
            *slot = *symbol;
            n += 1;
        }
    }
    if n + usize::from(blue + doozy) != 5 {
        return 0.0;
    }
    kept.sort_unstable();
    let key = (kept, blue, doozy);
    let odds = ODDS.with(|cache| {
        cache
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| {
                let kept = kept.get(..n).unwrap_or_default();
                std::rc::Rc::new(Odds::enumerate(kept, usize::from(blue), usize::from(doozy)))
            })
            .clone()
    });
    odds.chance(wanted)
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

    /// The chance of making a wanted card, counted outcome by outcome.
    fn counted(dice: &[DieView], roll: [Symbol; 5], reroll: &[u8], wanted: u32) -> f64 {
        let kinds: Vec<DieKind> = reroll.iter().map(|&i| dice[usize::from(i)].kind).collect();
        let (mut hits, mut total) = (0u32, 0u32);
        each_outcome(&kinds, |new| {
            let mut full = roll;
            for (&i, s) in reroll.iter().zip(new) {
                full[usize::from(i)] = s;
            }
            total += 1;
            hits += u32::from(cards::satisfied_mask(full) & wanted != 0);
        });
        f64::from(hits) / f64::from(total)
    }

    #[test]
    fn remembered_odds_are_the_counted_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..60 {
            let dice: Vec<DieView> = [DieKind::Blue, DieKind::Blue, DieKind::Blue]
                .into_iter()
                .chain([DieKind::Doozy, DieKind::Doozy])
                .map(|kind| {
                    let value = rng.random_range(1..=6u8);
                    DieView {
                        kind,
                        value: Some(value),
                        face: kind == DieKind::Doozy && value == 1,
                        locked: false,
                    }
                })
                .collect();
            let roll = current_roll(&dice).unwrap_or([0; 5]);
            let wanted = rng.random::<u32>() & !1;
            for subset in 1..32u8 {
                let reroll: Vec<u8> = (0..5).filter(|i| subset & (1 << i) != 0).collect();
                let remembered = reroll_chance(&dice, roll, &reroll, wanted);
                let counted = counted(&dice, roll, &reroll, wanted);
                assert!(
                    (remembered - counted).abs() < 1e-12,
                    "{roll:?} re-rolling {reroll:?}: {remembered} vs {counted}"
                );
            }
        }
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
