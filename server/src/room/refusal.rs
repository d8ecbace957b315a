//! Why a room turned down what a client asked: the code and the words the
//! client is told. Every concern of the room answers with a [`Refusal`];
//! the actor sends it as an `error` message.

use parlor_games::{MatchError, SetupError};
use parlor_protocol::{ErrorCode, ServerMsg};
use tracing::warn;

use super::names::NameError;
use crate::db::StoreError;

/// A refused request: nothing of it was carried out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub(crate) struct Refusal {
    /// What kind of refusal, for the client to act on.
    pub code: ErrorCode,
    /// Why, in words a player can read.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` message that tells the client (tied to its action by
    /// `client_seq`), counted by code.
    pub fn into_msg(self, client_seq: Option<u32>) -> ServerMsg {
        let label = serde_json::to_value(self.code)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        metrics::counter!("parlor_refusals_total", "code" => label).increment(1);
        ServerMsg::Error {
            code: self.code,
            message: self.message,
            client_seq,
        }
    }
}

/// The rules refused an action (or a stored step did not decode).
impl From<MatchError> for Refusal {
    fn from(e: MatchError) -> Refusal {
        let code = match e {
            MatchError::WrongGame => ErrorCode::WrongGame,
            MatchError::NotYourTurn => ErrorCode::NotYourTurn,
            MatchError::Finished => ErrorCode::MatchOver,
            MatchError::NothingToTakeBack => ErrorCode::NothingToTakeBack,
            MatchError::Illegal(_) | MatchError::Decode(_) => ErrorCode::IllegalAction,
        };
        Refusal::new(code, e.to_string())
    }
}

/// A match could not be set up with these seats or options.
impl From<SetupError> for Refusal {
    fn from(e: SetupError) -> Refusal {
        let code = match e {
            SetupError::PlayerCount { .. } => ErrorCode::PlayerCount,
            _ => ErrorCode::BadOptions,
        };
        Refusal::new(code, e.to_string())
    }
}

/// A display name that may not be used.
impl From<NameError> for Refusal {
    fn from(e: NameError) -> Refusal {
        Refusal::new(ErrorCode::BadName, e.to_string())
    }
}

/// Storage failed: logged here (the details stay on the server), and the
/// client hears only that nothing changed.
impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        warn!(error = %e, "storage failed; action refused");
        Refusal::new(
            ErrorCode::Storage,
            "the server could not save that; nothing changed",
        )
    }
}
