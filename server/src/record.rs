//! Match records are read and verified by the rules crate
//! ([`parlor_games::record`]); this path stays while the HTTP routes move.
pub use parlor_games::record::*;
