//! Limoo gift cards (spec 2 §2, §3, §5, §8): a single-use code that pays for one of its products. The code is
//! compared lower-cased [PM-76]; a code with several product options asks the customer to choose one
//! [PM-78, PM-79].
use std::{fmt, str::FromStr};

use rust_persian_tools::digits;

/// Longest code accepted; anything longer cannot be one of ours.
const MAX_LEN: usize = 32;

/// A gift-card code: Latin letters, digits and dashes (Persian digits converted), stored and compared
/// lower-cased, so `AB12CD` and `ab12cd` are the same card.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GiftCode(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GiftCodeError {
    #[error("the code is empty")]
    Empty,
    #[error("a code has at most {MAX_LEN} Latin letters, digits or dashes")]
    Malformed,
}

impl GiftCode {
    pub fn parse(raw: &str) -> Result<Self, GiftCodeError> {
        let code = digits::ar_to_en(digits::fa_to_en(raw.trim())).to_lowercase();
        if code.is_empty() {
            return Err(GiftCodeError::Empty);
        }
        if code.len() > MAX_LEN || !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(GiftCodeError::Malformed);
        }
        Ok(GiftCode(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for GiftCode {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GiftCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A code pays for a product: never print it whole into logs.
impl fmt::Debug for GiftCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().take(2).collect();
        write!(f, "GiftCode({shown}…)")
    }
}

impl FromStr for GiftCode {
    type Err = GiftCodeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GiftCode::parse(s)
    }
}

/// Why a code was refused, with the codes the screens read (spec 2 §8) [ER-41…ER-45].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RedeemError {
    #[error("no such gift card")]
    InvalidCode,
    #[error("the gift card was already used")]
    UsedCode,
    #[error("the customer has a running diet")]
    UserHasActiveDiet,
    #[error("the chosen product is not one of the card's")]
    InvalidSelectedProductId,
}

impl RedeemError {
    pub fn code(self) -> &'static str {
        match self {
            RedeemError::InvalidCode => "INVALID_CODE",
            RedeemError::UsedCode => "USED_CODE",
            RedeemError::UserHasActiveDiet => "user-has-active-diet",
            RedeemError::InvalidSelectedProductId => "INVALID_SELECTED_PRODUCT_ID",
        }
    }
}

/// What a request does with a card's product options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Several options and none chosen yet: the customer picks one first [PM-78].
    Ask,
    /// The product the card pays for: its only option [PM-79] or the chosen one [PM-82].
    Redeem(i64),
}

/// Decides from the card's options and the customer's choice, if any.
pub fn choose(options: &[i64], selected: Option<i64>) -> Result<Choice, RedeemError> {
    match (selected, options) {
        (Some(id), _) if options.contains(&id) => Ok(Choice::Redeem(id)),
        (Some(_), _) | (None, []) => Err(RedeemError::InvalidSelectedProductId),
        (None, [only]) => Ok(Choice::Redeem(*only)),
        (None, _) => Ok(Choice::Ask),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_lower_cased_and_trimmed() {
        assert_eq!(GiftCode::parse(" AB12CD ").unwrap().as_str(), "ab12cd");
        assert_eq!(GiftCode::parse("Gift-۱۲").unwrap().as_str(), "gift-12");
        assert_eq!(GiftCode::parse(""), Err(GiftCodeError::Empty));
        assert_eq!(GiftCode::parse("ab cd"), Err(GiftCodeError::Malformed));
        assert_eq!(GiftCode::parse(&"a".repeat(33)), Err(GiftCodeError::Malformed));
    }

    #[test]
    fn a_code_reads_back_as_itself() {
        let code = GiftCode::parse("GIFT1M").unwrap();
        assert_eq!(code.to_string().parse::<GiftCode>().unwrap(), code);
    }

    #[test]
    fn debug_hides_the_code() {
        assert_eq!(format!("{:?}", GiftCode::parse("secret1").unwrap()), "GiftCode(se…)");
    }

    #[test]
    fn one_option_redeems_several_ask_and_a_choice_must_be_an_option() {
        assert_eq!(choose(&[101], None), Ok(Choice::Redeem(101)));
        assert_eq!(choose(&[101, 111], None), Ok(Choice::Ask));
        assert_eq!(choose(&[101, 111], Some(111)), Ok(Choice::Redeem(111)));
        assert_eq!(choose(&[101, 111], Some(102)), Err(RedeemError::InvalidSelectedProductId));
        assert_eq!(choose(&[], None), Err(RedeemError::InvalidSelectedProductId));
    }
}
