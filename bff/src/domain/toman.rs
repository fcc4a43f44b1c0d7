use std::{fmt, str::FromStr};

/// An amount of money in toman: a non-negative integer with checked arithmetic, never a float.
/// In JSON it is a plain number; a negative one is refused when read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "i64", into = "i64")]
pub struct Toman(i64);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TomanError {
    #[error("an amount of money cannot be negative")]
    Negative,
    #[error("the amount is too large")]
    Overflow,
    #[error("not a whole number of toman: {0:?}")]
    NotANumber(String),
}

impl Toman {
    pub const ZERO: Toman = Toman(0);

    pub fn new(amount: i64) -> Result<Self, TomanError> {
        if amount < 0 { Err(TomanError::Negative) } else { Ok(Toman(amount)) }
    }

    pub fn get(self) -> i64 {
        self.0
    }

    pub fn checked_add(self, other: Toman) -> Result<Toman, TomanError> {
        self.0.checked_add(other.0).map(Toman).ok_or(TomanError::Overflow)
    }

    /// Fails with `Negative` rather than going below zero.
    pub fn checked_sub(self, other: Toman) -> Result<Toman, TomanError> {
        Toman::new(self.0 - other.0)
    }

    /// `self − other`, or zero when `other` is larger.
    pub fn saturating_sub(self, other: Toman) -> Toman {
        Toman(self.0.saturating_sub(other.0).max(0))
    }

    /// Gateways other than PayPing count in rial: 1 toman = 10 rial.
    pub fn to_rial(self) -> Result<i64, TomanError> {
        self.0.checked_mul(10).ok_or(TomanError::Overflow)
    }

    pub fn sum<I: IntoIterator<Item = Toman>>(amounts: I) -> Result<Toman, TomanError> {
        amounts.into_iter().try_fold(Toman::ZERO, Toman::checked_add)
    }
}

impl TryFrom<i64> for Toman {
    type Error = TomanError;
    fn try_from(amount: i64) -> Result<Self, Self::Error> {
        Toman::new(amount)
    }
}

impl From<Toman> for i64 {
    fn from(t: Toman) -> i64 {
        t.0
    }
}

impl fmt::Display for Toman {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Accepts Latin, Persian and Arabic-Indic digits with optional thousands separators (`,` `٬` `،`).
impl FromStr for Toman {
    type Err = TomanError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let not_a_number = || TomanError::NotANumber(s.to_owned());
        let mut digits = String::with_capacity(s.len());
        for c in s.trim().chars() {
            match c {
                ',' | '٬' | '،' => continue,
                '0'..='9' => digits.push(c),
                '۰'..='۹' => digits.push(char::from(b'0' + (c as u32 - '۰' as u32) as u8)),
                '٠'..='٩' => digits.push(char::from(b'0' + (c as u32 - '٠' as u32) as u8)),
                '-' if digits.is_empty() => return Err(TomanError::Negative),
                _ => return Err(not_a_number()),
            }
        }
        if digits.is_empty() {
            return Err(not_a_number());
        }
        digits.parse::<i64>().map(Toman).map_err(|_| TomanError::Overflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_amounts_are_refused() {
        assert_eq!(Toman::new(-1), Err(TomanError::Negative));
        assert_eq!("-5".parse::<Toman>(), Err(TomanError::Negative));
    }

    #[test]
    fn persian_digits_and_separators_parse() {
        assert_eq!("۳۹۰٬۰۰۰".parse::<Toman>(), Ok(Toman(390_000)));
        assert_eq!("1,290,000".parse::<Toman>(), Ok(Toman(1_290_000)));
        assert_eq!("٤٥".parse::<Toman>(), Ok(Toman(45)));
    }

    #[test]
    fn subtraction_below_zero_fails() {
        assert_eq!(Toman(5).checked_sub(Toman(6)), Err(TomanError::Negative));
        assert_eq!(Toman(i64::MAX).checked_add(Toman(1)), Err(TomanError::Overflow));
    }
}
