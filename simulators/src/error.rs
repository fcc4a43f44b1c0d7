//! The simulator's one error type: control input it cannot act on.

use crate::scenario::{Gateway, Scenario, UnknownName};

#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error(transparent)]
    Unknown(#[from] UnknownName),
    #[error("scenario '{scenario}' does not apply to {gateway}")]
    ScenarioNotForGateway { gateway: Gateway, scenario: Scenario },
    #[error("{0} is required")]
    Missing(&'static str),
    #[error("unknown action '{0}' (force, clear or reset)")]
    UnknownAction(String),
    #[error("unknown language '{0}' (fa or en)")]
    UnknownLanguage(String),
    #[error("{0}")]
    Invalid(&'static str),
}
