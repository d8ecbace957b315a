//! Doozy Dice: everything on the table is public (the only secret is the
//! seed, which every suite checks for every game).

use std::collections::{BTreeSet, HashSet};

use parlor_games::AnyGame;
use parlor_protocol::doozy_dice::{Action, CardId, Options, Phase, View};
use parlor_protocol::{AnyAction, AnyView, GameKind, GameOptions, Seat, Viewer};
use rand::rngs::StdRng;
use rand::Rng;
use serde_json::Value;

use super::{GamePlayer, Probe};

pub const PLAYER: GamePlayer = GamePlayer {
    kind: GameKind::DoozyDice,
    seats: &[2, 3, 4],
    options,
    decide: decide_any,
    garbage,
    secrets,
    mentions,
    probes,
    hidden: "nothing: every card, die and scorecard is public (only the seed is secret)",
};

fn options(variant: u64) -> GameOptions {
    GameOptions::DoozyDice(Options {
        lock_set_aside: variant % 2 == 1,
        auto_claim: variant % 4 >= 2,
    })
}

fn decide_any(me: Seat, view: &AnyView) -> Option<AnyAction> {
    match view {
        AnyView::DoozyDice(v) => decide(me, v).map(AnyAction::DoozyDice),
        _ => None,
    }
}

/// Roll everything first; claim the first satisfied card; on every third
/// roll with dots to spend, turn a blue 1 into a 2; after 13 rolls take the
/// cutoff; otherwise keep Doozy Faces (wild) and re-roll the rest.
pub fn decide(me: Seat, view: &View) -> Option<Action> {
    let Phase::Turn(t) = &view.phase else {
        return None;
    };
    if t.seat != me || t.rolling {
        return None;
    }
    if t.roll_count == 0 {
        return Some(Action::Roll {
            dice: vec![0, 1, 2, 3, 4],
        });
    }
    if let Some(card) = t.satisfied.first() {
        return Some(Action::Claim { card: *card });
    }
    // Now and then spend a dot: a blue die showing 1 goes to 2 (a step
    // the player may take back, which the take-back suite needs).
    let dots = view.players.get(me.index()).map_or(0, |p| p.dots);
    let ones = t.dice.iter().take(3).position(|d| d.value == Some(1) && !d.locked);
    if let (true, Some(die)) = (dots > 0 && t.roll_count % 3 == 2, ones) {
        return Some(Action::Adjust {
            die: u8::try_from(die).unwrap_or(0),
            to: 2,
        });
    }
    let done: HashSet<_> = view.players[me.index()]
        .combos
        .iter()
        .map(|c| c.card)
        .collect();
    if t.roll_count >= 13 {
        let card = view
            .cards
            .iter()
            .map(|c| c.id)
            .find(|id| !done.contains(id))?;
        return Some(Action::Cutoff { card });
    }
    // Blue dice never show a face, so this is never empty (and never names
    // a die set aside for good).
    let dice: Vec<u8> = (0u8..5)
        .filter(|i| !t.dice[usize::from(*i)].face && !t.dice[usize::from(*i)].locked)
        .collect();
    Some(Action::Roll { dice })
}

fn garbage(rng: &mut StdRng, _view: &AnyView) -> AnyAction {
    let action = match rng.random_range(0..6) {
        0 => Action::Roll {
            dice: (0..rng.random_range(0..8))
                .map(|_| rng.random_range(0..8))
                .collect(),
        },
        1 => Action::Roll {
            dice: vec![rng.random()],
        },
        2 => Action::Adjust {
            die: rng.random_range(0..7),
            to: rng.random_range(0..9),
        },
        3 => Action::Adjust {
            die: rng.random(),
            to: rng.random(),
        },
        4 => Action::Claim {
            card: CardId(rng.random()),
        },
        _ => Action::Cutoff {
            card: CardId(rng.random_range(0..30)),
        },
    };
    AnyAction::DoozyDice(action)
}

fn secrets(_game: &AnyGame, _viewer: Viewer) -> BTreeSet<String> {
    BTreeSet::new()
}

fn mentions(_msg: &Value) -> BTreeSet<String> {
    BTreeSet::new()
}

fn probes(_game: &AnyGame, _seat: Seat) -> Vec<Probe> {
    Vec::new()
}
