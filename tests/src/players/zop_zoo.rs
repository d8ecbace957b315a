//! Zop Zoo: every card on the table is face up (rows, side areas, the
//! whole discard pile) and the draw pile is never stored as an order: each
//! card is drawn as a chance step when it leaves the pile. Which cards are
//! still in the pile follows from what is on the table, so no card is a
//! secret; only the next draw is unknown, and it is not decided until it
//! is drawn. The leak suite still plays it (and says nothing is hidden).
//!
//! The player decides from its own view, like a browser: the view lists
//! the viewer's legal moves. A wild goes on the stack it helps most (one
//! that does not show POINTS yet, the most negative first); a HYENA gives
//! away the cheapest item, to the leader; a RACCOON takes the richest; an
//! EARTHWORM swaps the cheapest of its own for the richest of another's; a
//! MOLE is always used.

use std::collections::BTreeSet;

use parlor_games::AnyGame;
use parlor_protocol::zop_zoo::{Action, Card, Item, Options, Target, View};
use parlor_protocol::{AnyAction, AnyView, GameKind, GameOptions, Seat, Viewer};
use rand::rngs::StdRng;
use rand::Rng;
use serde_json::Value;

use super::{GamePlayer, Probe};

pub const PLAYER: GamePlayer = GamePlayer {
    kind: GameKind::ZopZoo,
    seats: &[2, 4, 6],
    options,
    decide: decide_any,
    garbage,
    secrets,
    mentions,
    probes,
    hidden: "nothing but the next draw: every row, side area and the whole discard pile are \
             face up, and the draw pile is drawn at random as cards leave it (never stored as \
             an order)",
};

/// Test matches play to the default target (800); the long and short
/// targets have their own player counts and are checked at the start. Even
/// variants draw by click (every new room); odd ones as matches were played
/// before that option, the server drawing at once.
fn options(variant: u64) -> GameOptions {
    GameOptions::ZopZoo(Options {
        target: Target::Standard,
        first_player: (variant % 3 == 2).then_some(Seat(1)),
        draw_by_click: variant.is_multiple_of(2),
    })
}

fn decide_any(me: Seat, view: &AnyView) -> Option<AnyAction> {
    match view {
        AnyView::ZopZoo(v) => decide(me, v).map(AnyAction::ZopZoo),
        _ => None,
    }
}

/// What an item is worth to its owner now (a Side Bonus card at its face).
pub fn item_points(view: &View, owner: Seat, item: Item) -> i32 {
    let Some(p) = view.players.get(owner.index()) else {
        return 0;
    };
    match item {
        Item::Stack { base } => p
            .row
            .iter()
            .find(|s| s.base.animal() == Some(base))
            .map_or(0, |s| s.points),
        Item::Bonus { category } => p
            .side
            .iter()
            .find_map(|c| match c {
                Card::SideBonus {
                    category: k, value, ..
                } if *k == category => Some(*value),
                _ => None,
            })
            .unwrap_or(0),
    }
}

/// How much `me` likes a move (higher is better).
fn score(me: Seat, view: &View, action: &Action) -> i64 {
    let leader = |who: Seat| {
        view.players
            .get(who.index())
            .map_or(0, |p| i64::from(p.score))
    };
    match *action {
        Action::Dig | Action::TakeFromDiscard => 1,
        Action::Draw => 0,
        Action::Cover { base } => {
            let stack = view
                .players
                .get(me.index())
                .and_then(|p| p.row.iter().find(|s| s.base.animal() == Some(base)));
            match stack {
                // A stack without POINTS first; among them the worst.
                Some(s) if !s.shows_points => 1_000 - i64::from(s.points),
                Some(s) => -i64::from(s.points),
                None => i64::MIN / 2,
            }
        }
        Action::Give { item, to } => -i64::from(item_points(view, me, item)) * 1_000 + leader(to),
        Action::Take { from, item } => i64::from(item_points(view, from, item)),
        Action::Switch { mine, with, theirs } => {
            i64::from(item_points(view, with, theirs)) - i64::from(item_points(view, me, mine))
        }
    }
}

/// What `me` does now, from its own view; `None` when it is not its move.
pub fn decide(me: Seat, view: &View) -> Option<Action> {
    // max_by_key keeps the last of equals: reverse for the first.
    view.moves
        .iter()
        .rev()
        .max_by_key(|a| score(me, view, a))
        .copied()
}

fn garbage(rng: &mut StdRng, view: &AnyView) -> AnyAction {
    use parlor_protocol::zop_zoo::{Animal, Category};
    let animals = [
        Animal::Bear,
        Animal::Whale,
        Animal::Phoenix,
        Animal::Leech,
        Animal::Unicorn,
    ];
    let categories = [Category::Mammal, Category::Mythical, Category::Insect];
    // Animals of the view's rows, so some garbage names real stacks.
    let real: Vec<Animal> = match view {
        AnyView::ZopZoo(v) => v
            .players
            .iter()
            .flat_map(|p| p.row.iter().filter_map(|s| s.base.animal()))
            .collect(),
        _ => Vec::new(),
    };
    let animal = |rng: &mut StdRng| {
        if !real.is_empty() && rng.random_bool(0.6) {
            real[rng.random_range(0..real.len())]
        } else {
            animals[rng.random_range(0..animals.len())]
        }
    };
    let item = |rng: &mut StdRng| {
        if rng.random_bool(0.7) {
            Item::Stack { base: animal(rng) }
        } else {
            Item::Bonus {
                category: categories[rng.random_range(0..categories.len())],
            }
        }
    };
    let seat = |rng: &mut StdRng| Seat(rng.random_range(0..8));
    let action = match rng.random_range(0..7) {
        0 => Action::TakeFromDiscard,
        1 => Action::Dig,
        2 => Action::Draw,
        3 => Action::Cover {
            base: match item(rng) {
                Item::Stack { base } => base,
                Item::Bonus { .. } => Animal::Yak,
            },
        },
        4 => Action::Give {
            item: item(rng),
            to: seat(rng),
        },
        5 => Action::Take {
            from: seat(rng),
            item: item(rng),
        },
        _ => Action::Switch {
            mine: item(rng),
            with: seat(rng),
            theirs: item(rng),
        },
    };
    AnyAction::ZopZoo(action)
}

/// Nothing is hidden from anyone (see the module docs).
fn secrets(_game: &AnyGame, _viewer: Viewer) -> BTreeSet<String> {
    BTreeSet::new()
}

fn mentions(_msg: &Value) -> BTreeSet<String> {
    BTreeSet::new()
}

fn probes(_game: &AnyGame, _seat: Seat) -> Vec<Probe> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_protocol::ToAct;
    use rand::SeedableRng;

    fn view_of(game: &AnyGame, viewer: Viewer) -> View {
        match game.view(viewer) {
            AnyView::ZopZoo(v) => v,
            other => panic!("not a Zop Zoo game: {other:?}"),
        }
    }

    /// The player, deciding from its own view only, plays whole matches to
    /// the target against the rules without a refusal, through every kind
    /// of decision the game has.
    #[test]
    fn the_player_plays_whole_matches_legally() {
        // "draw" is chosen only when it is the only move (this player
        // always uses a MOLE it may): in the matches that draw by click.
        const KINDS: [&str; 7] = ["take", "dig", "draw", "cover", "give", "raccoon", "switch"];
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        let mut played = 0;
        for seed in 0..200u64 {
            if played >= 6 && KINDS.iter().all(|k| seen.contains(k)) {
                break;
            }
            played += 1;
            let seats = [2, 4, 6][usize::try_from(seed % 3).unwrap()];
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = AnyGame::new(&options(seed), seats).unwrap();
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(steps < 200_000, "seed {seed}: the match never ends");
                match game.to_act() {
                    ToAct::Finished => break,
                    ToAct::Chance => {
                        let step = game.sample_chance(&mut rng).unwrap();
                        game.apply(&step).unwrap();
                    }
                    ToAct::Seats { seats: to_act } => {
                        let seat = to_act[0];
                        let view = view_of(&game, Viewer::Seat(seat));
                        let action = decide(seat, &view).unwrap_or_else(|| {
                            panic!("seed {seed}: seat {seat} to act decides nothing")
                        });
                        seen.insert(match action {
                            Action::TakeFromDiscard => "take",
                            Action::Dig => "dig",
                            Action::Draw => "draw",
                            Action::Cover { .. } => "cover",
                            Action::Give { .. } => "give",
                            Action::Take { .. } => "raccoon",
                            Action::Switch { .. } => "switch",
                        });
                        let any = AnyAction::ZopZoo(action);
                        let step = game.action_step(seat, &any).unwrap_or_else(|e| {
                            panic!("seed {seed}: seat {seat} decided {action:?}, refused: {e}")
                        });
                        game.apply(&step).unwrap();
                    }
                }
            }
            let view = view_of(&game, Viewer::Spectator);
            assert!(
                view.players.iter().any(|p| p.score >= view.target),
                "seed {seed}: over below the target"
            );
        }
        for what in KINDS {
            assert!(
                seen.contains(what),
                "never decided in {played} matches: {what} (saw {seen:?})"
            );
        }
    }
}
