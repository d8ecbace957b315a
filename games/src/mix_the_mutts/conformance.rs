//! The conformance harness on Mix-the-Mutts: random playouts for each of 2,
//! 3 and 4 players (1,000 each with `PARLOR_HEAVY=1`, 400 by default), a
//! quarter under each mix of junior scoring and a chosen or drawn first
//! player (half of them uniform, half played by a
//! [`hoarder`]), with a no-leak twin on every seed.
//!
//! Hands and the answers of an open scoring window are hidden, so the twins
//! must really differ from their originals (other cards dealt and drawn,
//! other secret answers) while every view they are compared on stays the
//! same, including views inside open windows.

use crate::mix_the_mutts::{Chance, MixTheMutts};
use crate::testing::{check, seeds_per_count, Config, Policy, Report, StepOf};
use crate::{Game, Step};
use parlor_protocol::mix_the_mutts::{Action, CardId, ClaimSpec, Hex, Options, Phase, TileId};
use parlor_protocol::{Seat, ToAct, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Malformed and out-of-range steps of every kind, with answers built from
/// the seat's own hand so that the finer checks (breeds, reuse, one claim
/// for others) are probed too.
fn garbage(game: &MixTheMutts, rng: &mut ChaCha8Rng) -> Vec<StepOf<MixTheMutts>> {
    let seat = Seat(rng.random_range(0..=game.seats()));
    let hand: Vec<CardId> = game
        .view(Viewer::Seat(seat))
        .hand
        .unwrap_or_default()
        .iter()
        .map(|c| c.id)
        .collect();
    let card = |rng: &mut ChaCha8Rng| match hand.get(rng.random_range(0..hand.len() + 2)) {
        Some(c) if rng.random_bool(0.8) => *c,
        _ => CardId(rng.random_range(0..=80)),
    };
    let action = match rng.random_range(0..4) {
        0 => {
            let coord = |rng: &mut ChaCha8Rng| {
                if rng.random_bool(0.8) {
                    rng.random_range(-3..=3)
                } else {
                    rng.random()
                }
            };
            Action::Connect {
                at: Hex {
                    q: coord(rng),
                    r: coord(rng),
                },
                rotation: rng.random_range(0..=7),
            }
        }
        1 => Action::DrawTwo,
        _ => {
            let claims = (0..rng.random_range(0..=3))
                .map(|_| ClaimSpec {
                    combo: if rng.random_bool(0.9) {
                        rng.random_range(0..=3)
                    } else {
                        rng.random()
                    },
                    cards: (0..rng.random_range(0..=3)).map(|_| card(rng)).collect(),
                })
                .collect();
            Action::Answer { claims }
        }
    };
    let outcome = match rng.random_range(0..4) {
        0 => Chance::SetupTile {
            tile: TileId(rng.random_range(0..=14)),
            rotation: rng.random_range(0..=6),
        },
        1 => Chance::Tile(TileId(rng.random_range(0..=14))),
        2 => Chance::Card(CardId(rng.random_range(0..=80))),
        _ => Chance::FirstPlayer(Seat(rng.random_range(0..=5))),
    };
    vec![Step::Act { seat, action }, Step::Chance { outcome }]
}

/// A playout policy that draws three times in four when it may, so hands
/// grow, piles run dry (and CONNECT becomes forced) and the active player
/// can often cover several combos; in a window, one time in two, it gives
/// its biggest listed answer. Uniform picks draw in about one turn in 20 and
/// rarely hold two matching pairs at once.
fn hoarder(
    _game: &MixTheMutts,
    _seat: Seat,
    legal: &[Action],
    rng: &mut ChaCha8Rng,
) -> Option<usize> {
    if let Some(draw) = legal.iter().position(|a| *a == Action::DrawTwo) {
        return rng.random_ratio(3, 4).then_some(draw);
    }
    let claims = |a: &Action| match a {
        Action::Answer { claims } => claims.len(),
        _ => 0,
    };
    let most = (0..legal.len()).max_by_key(|i| legal.get(*i).map_or(0, claims))?;
    (claims(legal.get(most)?) > 0 && rng.random_bool(0.5)).then_some(most)
}

/// [`seeds_per_count`] seeds for `seats` players: a quarter per option mix,
/// half of them played by the [`hoarder`].
fn run_all(seats: u8) -> Report {
    let n = seeds_per_count(200);
    let (quarter, eighth) = (n / 4, n / 8);
    let mut total = Report::default();
    let mixes = [
        (false, None),
        (true, None),
        (false, Some(Seat(0))),
        (true, Some(Seat(seats - 1))),
    ];
    for (i, (junior, first_player)) in mixes.into_iter().enumerate() {
        for (j, policy) in [None, Some(hoarder as Policy<MixTheMutts>)]
            .into_iter()
            .enumerate()
        {
            let start =
                quarter * u64::try_from(i).unwrap_or(0) + eighth * u64::try_from(j).unwrap_or(0);
            let mut config = Config::<MixTheMutts>::new(
                Options {
                    junior,
                    first_player,
                    response_timer_secs: Some(60),
                },
                seats,
                start..start + eighth,
            );
            config.garbage = Some(garbage);
            config.policy = policy;
            total.merge(&check(&config));
        }
    }
    eprintln!("{seats} players: {total:?}");
    assert_eq!(total.games, n);
    // The hoarder's games run long (a uniform pick rarely draws): the
    // policy did steer the playouts.
    assert!(total.longest_game > 110, "{total:?}");
    assert!(total.refusals > n, "{total:?}");
    assert_eq!(total.twins, n, "{total:?}");
    assert!(total.twins_lazy >= n * 48 / 100, "{total:?}");
    // Hidden hands: most twins were dealt or drew other cards than their
    // originals, unseen by their viewer.
    assert!(total.twins_diverged > n * 7 / 10, "{total:?}");
    assert!(total.twin_divergent_steps > 10 * n, "{total:?}");
    // Inside open scoring windows: answers given while others were still to
    // answer, views compared while the twin's secrets differed, and secret
    // answers that differed from the original's without the viewer seeing.
    assert!(total.twin_simultaneous_steps > 2 * n, "{total:?}");
    assert!(total.twin_simultaneous_divergent_steps > n, "{total:?}");
    assert!(total.twin_unseen_actions > n / 10, "{total:?}");
    // A closing answer reveals every claim, which a twin holding other cards
    // mostly cannot match, so most twins stop there; some lived through the
    // whole game still holding other cards.
    assert!(total.twins_cut_short > 0, "{total:?}");
    assert!(total.twins_diverged_to_end > n / 50, "{total:?}");
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

/// The playouts of [`run_all`] (uniform picks, and the [`hoarder`]) reach
/// the interesting cases: multi-claims by the active player, several seats
/// scoring the same combo, an emptied pile.
#[test]
fn playouts_reach_multi_claims_shared_combos_and_empty_piles() {
    let (mut multi, mut shared, mut emptied) = (0u32, 0u32, 0u32);
    for seed in 0..400u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = 2 + u8::try_from(seed % 3).unwrap_or(0);
        let mut game = MixTheMutts::new(&Options::default(), seats).expect("setup");
        loop {
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => {
                    let outcomes = game.chance_outcomes();
                    let (outcome, _) = outcomes[rng.random_range(0..outcomes.len())];
                    Step::Chance { outcome }
                }
                ToAct::Seats { seats } => {
                    let seat = seats[rng.random_range(0..seats.len())];
                    let legal = game.legal_actions(seat);
                    let policy = if seed % 2 == 0 {
                        None
                    } else {
                        hoarder(&game, seat, &legal, &mut rng)
                    };
                    let i = policy.unwrap_or_else(|| rng.random_range(0..legal.len()));
                    Step::Act {
                        seat,
                        action: legal[i].clone(),
                    }
                }
            };
            game.apply(&step).expect("a listed step");
            let Step::Act {
                action: Action::Answer { claims },
                ..
            } = &step
            else {
                continue;
            };
            multi += u32::from(claims.len() > 1);
            let view = game.view(Viewer::Spectator);
            if !matches!(view.phase, Phase::Window(_)) {
                // This answer closed the window: were combos shared?
                let revealed = &view.last_claims;
                shared += u32::from(revealed.iter().any(|a| {
                    revealed
                        .iter()
                        .any(|b| a.combo == b.combo && a.seat != b.seat)
                }));
            }
        }
        emptied += u32::from(game.view(Viewer::Spectator).pile == 0);
    }
    eprintln!(
        "multi-claims {multi}, windows with a shared combo {shared}, emptied piles {emptied}"
    );
    assert!(multi > 100, "multi-claims: {multi}");
    assert!(shared > 100, "shared combos: {shared}");
    assert!(emptied > 20, "emptied piles: {emptied}");
}

/// Through the server's envelope: default options with the 60 s timer, a
/// match played with sampled chance and timeout passes only, every step
/// stored as JSON and decoded again, other games' actions refused.
#[test]
fn any_game_plays_mix_the_mutts() {
    use crate::{AnyGame, AnyStep, MatchError};
    use parlor_protocol::{AnyAction, AnyScorecard, AnyView, GameKind, GameOptions};

    let options = GameOptions::default_for(GameKind::MixTheMutts).expect("playable");
    assert_eq!(options.kind(), GameKind::MixTheMutts);
    // New rooms leave the scoring window to the room's turn timer.
    assert_eq!(options.response_timer_secs(), None);
    let mut game = AnyGame::new(&options, 3).expect("setup");
    assert_eq!(game.kind(), GameKind::MixTheMutts);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut log = Vec::new();
    let mut windows = 0;
    while let Some(step) = match game.to_act() {
        ToAct::Finished => None,
        ToAct::Chance => game.sample_chance(&mut rng),
        ToAct::Seats { seats } => {
            let seat = seats[0];
            let action = match game.timeout_action(seat) {
                Some(pass) => {
                    windows += 1;
                    pass
                }
                // A turn: connect on the first open hex.
                None => game.legal_actions(seat).remove(0),
            };
            let wrong =
                AnyAction::DoozyDice(parlor_protocol::doozy_dice::Action::Roll { dice: vec![0] });
            assert_eq!(game.action_step(seat, &wrong), Err(MatchError::WrongGame));
            Some(game.action_step(seat, &action).expect("legal"))
        }
    } {
        assert_eq!(step.is_chance(), step.seat().is_none());
        let json = step.to_json();
        assert_eq!(
            AnyStep::from_json(GameKind::MixTheMutts, &json),
            Ok(step.clone())
        );
        game.step_view(&step, Viewer::Spectator).expect("same game");
        game.apply(&step).expect("apply");
        log.push(step);
    }
    assert!(windows >= 10 * 3 - 2, "every window timed out: {windows}");
    assert!(matches!(
        game.view(Viewer::Spectator),
        AnyView::MixTheMutts(_)
    ));
    let result = game.result().expect("finished");
    assert_eq!(result.ranks, vec![1, 1, 1], "nobody claimed");
    assert!(matches!(result.scorecard, AnyScorecard::MixTheMutts(_)));
    assert!(log.len() > 40);
}
