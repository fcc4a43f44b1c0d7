//! Promotion codes: what a code takes off a price and when it may be used (spec 2 §5).
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use rust_persian_tools::digits;

use super::Toman;

/// A whole percentage, 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Percent(u8);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a percentage is between 0 and 100, not {0}")]
pub struct PercentError(u8);

impl Percent {
    pub fn new(value: u8) -> Result<Percent, PercentError> {
        if value <= 100 { Ok(Percent(value)) } else { Err(PercentError(value)) }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Percent {
    type Error = PercentError;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Percent::new(value)
    }
}

impl From<Percent> for u8 {
    fn from(p: Percent) -> u8 {
        p.0
    }
}

/// What a code takes off one product: `{"percent": 20}` or `{"amount": 50000}` (toman).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum DiscountRule {
    Percent(Percent),
    Amount(Toman),
}

impl DiscountRule {
    /// The price after this rule: never below zero; a percentage's discount is rounded down to whole toman.
    pub fn apply(self, price: Toman) -> Toman {
        let off = match self {
            DiscountRule::Percent(p) => {
                let off = i128::from(price.get()) * i128::from(p.get()) / 100;
                Toman::new(off as i64).unwrap_or_default()
            }
            DiscountRule::Amount(amount) => amount,
        };
        price.saturating_sub(off)
    }
}

/// A code's rules keyed by product id; in JSON the keys are the ids as strings.
pub type DiscountMeta = BTreeMap<i64, DiscountRule>;

/// When and how often a code may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Epoch ms; usable from then on.
    pub valid_from: Option<i64>,
    /// Epoch ms; usable before then.
    pub valid_until: Option<i64>,
    pub max_uses: Option<i64>,
    pub used_count: i64,
}

/// Why a known code cannot be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the code is not valid yet")]
    NotYetValid,
    #[error("the code has expired")]
    Expired,
    #[error("the code is used up")]
    UsedUp,
}

impl Terms {
    pub fn check(&self, now_ms: i64) -> Result<(), Refusal> {
        if self.valid_from.is_some_and(|from| now_ms < from) {
            return Err(Refusal::NotYetValid);
        }
        if self.valid_until.is_some_and(|until| now_ms >= until) {
            return Err(Refusal::Expired);
        }
        if self.max_uses.is_some_and(|max| self.used_count >= max) {
            return Err(Refusal::UsedUp);
        }
        Ok(())
    }
}

/// The stored form of a typed code: trimmed, upper case, Latin digits.
pub fn normalize_code(typed: &str) -> String {
    digits::ar_to_en(digits::fa_to_en(typed.trim())).to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(v: i64) -> Toman {
        Toman::new(v).unwrap()
    }

    #[test]
    fn rules_read_and_apply_as_the_contract_writes_them() {
        let meta: DiscountMeta = serde_json::from_str(r#"{"101": {"percent": 20}, "102": {"amount": 50000}}"#).unwrap();
        assert_eq!(meta[&101].apply(t(390_000)), t(312_000));
        assert_eq!(meta[&102].apply(t(40_000)), Toman::ZERO, "never below zero");
        assert!(serde_json::from_str::<DiscountRule>(r#"{"percent": 101}"#).is_err());
        assert!(serde_json::from_str::<DiscountRule>(r#"{"amount": -1}"#).is_err());
    }

    #[test]
    fn terms_refuse_early_late_and_used_up_codes() {
        let terms = Terms { valid_from: Some(10), valid_until: Some(20), max_uses: Some(1), used_count: 0 };
        assert_eq!(terms.check(9), Err(Refusal::NotYetValid));
        assert_eq!(terms.check(10), Ok(()));
        assert_eq!(terms.check(20), Err(Refusal::Expired));
        assert_eq!(Terms { used_count: 1, ..terms }.check(15), Err(Refusal::UsedUp));
    }

    #[test]
    fn codes_are_trimmed_and_case_insensitive() {
        assert_eq!(normalize_code("  limoo۲۰ "), "LIMOO20");
    }
}
