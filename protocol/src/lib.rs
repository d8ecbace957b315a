//! Parlor's wire types: everything that crosses a socket or an HTTP body.
//!
//! This crate holds data only, no behaviour beyond small constructors. The web
//! client's TypeScript types are generated from it (feature `ts`), so a type is
//! written once, here. Hidden game state never has a type in this crate: only
//! per-viewer views and step views do.

pub mod admin;
pub mod close;
pub mod doozy_dice;
pub mod game;
pub mod http;
pub mod ids;
pub mod mix_the_mutts;
pub mod msg;
pub mod replay;
pub mod room;
pub mod tables;
pub mod traits;
pub mod zingamino;
pub mod zoomies;
pub mod zop_zoo;

pub use game::{
    AnyAction, AnyScorecard, AnyStepView, AnyView, GameKind, GameOptions, MatchResult, TakenBack,
    ToAct,
};
pub use ids::{MatchId, RoomCode, Seat, Viewer};
pub use msg::{
    BotLevel, ChatLine, ClientMsg, Deadline, ErrorCode, MatchSnapshot, PatchOp, Reaction,
    ServerMsg, TurnTimer, ViewPatch,
};
pub use room::{RoomInfo, RoomStatus, SeatInfo};
