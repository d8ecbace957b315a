//! The conformance harness on Zoomies: random playouts for each of 2, 3 and
//! 4 players (1,000 each with `PARLOR_HEAVY=1`, 400 by default), a quarter
//! under each mix of a drawn or chosen first player and
//! uniform or [`drainer`] play, with a no-leak twin on every seed.
//!
//! Hands, the pile and the discarded tiles are hidden, so the twins must
//! really differ from their originals (other tiles dealt and drawn) while
//! every view they are compared on stays the same.

use crate::testing::{check, seeds_per_count, Config, Policy, Report, StepOf};
use crate::zoomies::{Chance, Zoomies};
use crate::{Game, Step};
use parlor_protocol::zoomies::{Action, Cell, Dir, Options, Side, TileId, TokenKind};
use parlor_protocol::{Seat, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
const SIDES: [Side; 4] = [Side::Leader, Side::Zoomies, Side::Bones, Side::Frens];

/// Malformed and out-of-range steps of every kind, with tiles from the
/// seat's own hand and cells near the table so that the finer checks
/// (cells taken, touching, matching, token rules) are probed too.
fn garbage(game: &Zoomies, rng: &mut ChaCha8Rng) -> Vec<StepOf<Zoomies>> {
    let seat = Seat(rng.random_range(0..=game.seats()));
    let view = game.view(Viewer::Seat(seat));
    let hand: Vec<TileId> = view.hand.unwrap_or_default();
    let near: Vec<Cell> = view.board.iter().map(|t| t.at).collect();
    let cell = |rng: &mut ChaCha8Rng| match near.get(rng.random_range(0..near.len() + 1)) {
        Some(c) if rng.random_bool(0.9) => Cell {
            x: c.x.saturating_add(rng.random_range(-2..=2)),
            y: c.y.saturating_add(rng.random_range(-2..=2)),
        },
        _ => Cell {
            x: rng.random(),
            y: rng.random(),
        },
    };
    let dir = |rng: &mut ChaCha8Rng| DIRS[rng.random_range(0..4)];
    let action = match rng.random_range(0..5) {
        0 => Action::PlaceTile {
            tile: match hand.get(rng.random_range(0..hand.len() + 1)) {
                Some(t) if rng.random_bool(0.8) => *t,
                _ => TileId(rng.random_range(0..=55)),
            },
            at: cell(rng),
            dir: dir(rng),
        },
        1 => Action::CannotPlace,
        2 => Action::PlaceToken {
            side: SIDES[rng.random_range(0..4)],
            at: cell(rng),
            arrow: rng.random_bool(0.5).then(|| dir(rng)),
        },
        3 => Action::DiscardToken {
            kind: if rng.random_bool(0.5) {
                TokenKind::Round
            } else {
                TokenKind::Square
            },
        },
        _ => Action::EndTurn {
            discard: rng.random_bool(0.5),
        },
    };
    let outcome = match rng.random_range(0..3) {
        0 => Chance::StartTile {
            tile: TileId(rng.random_range(0..=55)),
            flipped: rng.random_bool(0.5),
        },
        1 => Chance::Tile(TileId(rng.random_range(0..=55))),
        _ => Chance::FirstPlayer(Seat(rng.random_range(0..=5))),
    };
    vec![Step::Act { seat, action }, Step::Chance { outcome }]
}

/// [`seeds_per_count`] seeds for `seats` players: a quarter per mix of a
/// drawn or chosen first player and uniform or [`drainer`] play.
fn run_all(seats: u8) -> Report {
    let n = seeds_per_count(200);
    let quarter = n / 4;
    let mut total = Report::default();
    let mixes = [None, Some(Seat(seats - 1))];
    for (i, first_player) in mixes.into_iter().enumerate() {
        for (j, policy) in [None, Some(drainer as Policy<Zoomies>)]
            .into_iter()
            .enumerate()
        {
            let start = 2 * quarter * u64::try_from(i).unwrap_or(0)
                + quarter * u64::try_from(j).unwrap_or(0);
            let mut config =
                Config::<Zoomies>::new(Options { first_player }, seats, start..start + quarter);
            config.garbage = Some(garbage);
            config.policy = policy;
            total.merge(&check(&config));
        }
    }
    eprintln!("{seats} players: {total:?}");
    assert_eq!(total.games, n);
    assert!(total.refusals > n, "{total:?}");
    assert_eq!(total.twins, n, "{total:?}");
    assert!(total.twins_lazy >= n * 48 / 100, "{total:?}");
    // Hidden hands: nearly every twin was dealt or drew other tiles than its
    // original, unseen by its viewer, while every view stayed the same.
    assert!(total.twins_diverged > n * 9 / 10, "{total:?}");
    assert!(total.twin_divergent_steps > 5 * n, "{total:?}");
    // Playing a tile shows it, which a twin holding other tiles mostly
    // cannot match, so most twins stop there; at 2 players some lived
    // through the whole game still holding (or having discarded) other
    // tiles.
    assert!(total.twins_cut_short > 0, "{total:?}");
    if seats == 2 {
        assert!(total.twins_diverged_to_end > 0, "{total:?}");
    }
    total
}

#[test]
fn two_players() {
    run_all(2);
}

#[test]
fn three_players() {
    run_all(3);
}

#[test]
fn four_players() {
    run_all(4);
}

/// A playout policy that steers towards the rare corners: it discards the
/// tile left in hand three times in four (so the pile runs dry and hands
/// run empty), and picks a Zoomies token whenever one is listed half of the
/// time (so extra tiles are placed or kept).
fn drainer(_game: &Zoomies, _seat: Seat, legal: &[Action], rng: &mut ChaCha8Rng) -> Option<usize> {
    if let Some(i) = legal
        .iter()
        .position(|a| *a == Action::EndTurn { discard: true })
    {
        return rng.random_ratio(3, 4).then_some(i);
    }
    let zoomies: Vec<usize> = (0..legal.len())
        .filter(|i| {
            matches!(
                legal.get(*i),
                Some(Action::PlaceToken {
                    side: Side::Zoomies,
                    ..
                })
            )
        })
        .collect();
    if zoomies.is_empty() || rng.random_bool(0.5) {
        return None;
    }
    zoomies.get(rng.random_range(0..zoomies.len())).copied()
}

/// Counts of the rare corners reached by playouts.
#[derive(Debug, Default)]
struct Corners {
    redraws: u32,
    no_tile: u32,
    extra_placed: u32,
    extra_kept: u32,
    token_discards: u32,
    emptied: u32,
    shared: u32,
}

fn corners(policy: Option<Policy<Zoomies>>, seeds: std::ops::Range<u64>) -> Corners {
    use parlor_protocol::zoomies::StepView;
    use parlor_protocol::ToAct;
    let mut c = Corners::default();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = 2 + u8::try_from(seed % 3).unwrap_or(0);
        let mut game = Zoomies::new(&Options::default(), seats).expect("setup");
        loop {
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => {
                    let outcomes = game.chance_outcomes();
                    let (outcome, _) = outcomes[rng.random_range(0..outcomes.len())];
                    Step::Chance { outcome }
                }
                ToAct::Seats { seats } => {
                    let seat = seats[0];
                    let legal = game.legal_actions(seat);
                    let i = policy
                        .and_then(|p| p(&game, seat, &legal, &mut rng))
                        .unwrap_or_else(|| rng.random_range(0..legal.len()));
                    Step::Act {
                        seat,
                        action: legal[i].clone(),
                    }
                }
            };
            match game.step_view(&step, Viewer::Spectator) {
                StepView::CannotPlace { extra: true, .. } => c.extra_kept += 1,
                StepView::CannotPlace { discarded: 0, .. } => c.no_tile += 1,
                StepView::CannotPlace { .. } => c.redraws += 1,
                StepView::TilePlaced { extra: true, .. } => c.extra_placed += 1,
                StepView::TokenDiscarded { .. } => c.token_discards += 1,
                _ => {}
            }
            game.apply(&step).expect("a listed step");
        }
        let view = game.view(Viewer::Spectator);
        c.emptied += u32::from(view.pile == 0);
        c.shared += u32::from(
            game.outcome()
                .expect("finished")
                .scorecard
                .players
                .iter()
                .flat_map(|p| &p.tokens)
                .any(|t| t.shared > 1),
        );
    }
    c
}

#[test]
fn playouts_reach_redraws_extra_tiles_token_discards_and_empty_piles() {
    let uniform = corners(None, 0..300);
    let drained = corners(Some(drainer), 0..300);
    eprintln!("uniform {uniform:?}\ndrainer {drained:?}");
    for c in [&uniform, &drained] {
        assert!(c.redraws > 0, "{c:?}");
        assert!(c.extra_placed > 100, "{c:?}");
        assert!(c.extra_kept > 0, "{c:?}");
        assert!(c.token_discards > 100, "{c:?}");
        assert!(c.emptied > 50, "{c:?}");
        assert!(c.shared > 5, "{c:?}");
    }
    // The drainer does steer: more extra tiles and emptier piles.
    assert!(drained.extra_placed > uniform.extra_placed, "{drained:?}");
    assert!(drained.emptied > uniform.emptied, "{drained:?}");
}
