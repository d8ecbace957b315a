//! Chance: how a match's seed becomes its rolls, deals and draws.
//!
//! Chance outcomes are drawn from a ChaCha20 stream keyed by
//! `SHA-256(seed || "parlor/chance" || seq)`, where `seq` is the step's place
//! in the log. Each draw depends only on the seed and its position, so the
//! published seed lets anyone re-derive every roll and deal afterwards
//! ([`crate::record::verify`]), and a restarted server draws exactly what
//! the original would have. This is a rule of the record, not of the
//! server: a second client or verifier needs it and nothing else.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

use crate::game::Game;

/// A match's secret seed: 32 bytes from a CSPRNG, published (with its
/// SHA-256 committed at the start) once the match is over.
pub type Seed = [u8; 32];

/// The RNG for the chance step at `seq` (the step's place in the log, from 1).
pub fn chance_rng(seed: &Seed, seq: u64) -> ChaCha20Rng {
    let mut h = Sha256::new();
    h.update(seed);
    h.update(b"parlor/chance");
    h.update(seq.to_be_bytes());
    ChaCha20Rng::from_seed(h.finalize().into())
}

/// The public commitment to a seed: SHA-256, lower-case hex.
pub fn commitment(seed: &Seed) -> String {
    hex::encode(Sha256::digest(seed))
}

/// Weighted draw among a game's chance outcomes: what the server draws for
/// every chance step (a game's [`Game::sample_chance`] must agree with it).
pub fn sample<G: Game, R: Rng + ?Sized>(game: &G, rng: &mut R) -> Option<G::Chance> {
    crate::game::weighted_draw(game, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    #[test]
    fn each_place_in_the_log_has_its_own_stream() {
        let seed = [7u8; 32];
        let a = chance_rng(&seed, 1).next_u64();
        assert_eq!(
            a,
            chance_rng(&seed, 1).next_u64(),
            "same seed and place: same draw"
        );
        assert_ne!(a, chance_rng(&seed, 2).next_u64(), "another place");
        assert_ne!(a, chance_rng(&[8u8; 32], 1).next_u64(), "another seed");
        assert_eq!(commitment(&seed).len(), 64);
    }
}
