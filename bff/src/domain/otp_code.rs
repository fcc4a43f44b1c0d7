use std::fmt;

use rand::{Rng, TryRngCore};

use super::mobile_number::latin_digits;

/// Length of a one-time code [CT: spec 1 §9].
pub const OTP_LENGTH: usize = 6;

/// A one-time sign-in code: exactly six Latin digits once spaces are stripped and Persian or
/// Arabic-Indic digits converted; the placeholder dash makes it invalid.
#[derive(Clone, PartialEq, Eq)]
pub struct OtpCode(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OtpCodeError {
    #[error("the code is empty")]
    Empty,
    #[error("the code is incomplete")]
    Placeholder,
    #[error("a code has exactly six digits")]
    Malformed,
}

impl OtpCode {
    pub fn parse(raw: &str) -> Result<Self, OtpCodeError> {
        let code = latin_digits(raw);
        if code.is_empty() {
            return Err(OtpCodeError::Empty);
        }
        if raw.contains('-') {
            return Err(OtpCodeError::Placeholder);
        }
        if code.len() != OTP_LENGTH || !code.chars().all(|c| c.is_ascii_digit()) {
            return Err(OtpCodeError::Malformed);
        }
        Ok(OtpCode(code))
    }

    /// A fresh code from the operating system's CSPRNG.
    pub fn generate() -> Self {
        let n: u32 = rand::rngs::OsRng.unwrap_err().random_range(0..1_000_000);
        OtpCode(format!("{n:06}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Never print a code into logs by accident.
impl fmt::Debug for OtpCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OtpCode(******)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_are_stripped_and_digits_converted() {
        assert_eq!(OtpCode::parse("123 456").unwrap().as_str(), "123456");
        assert_eq!(OtpCode::parse("۱۲۳۴۵۶").unwrap().as_str(), "123456");
    }

    #[test]
    fn placeholder_and_wrong_lengths_are_refused() {
        assert_eq!(OtpCode::parse("12-456"), Err(OtpCodeError::Placeholder));
        assert_eq!(OtpCode::parse(""), Err(OtpCodeError::Empty));
        assert_eq!(OtpCode::parse("12345"), Err(OtpCodeError::Malformed));
        assert_eq!(OtpCode::parse("12345a"), Err(OtpCodeError::Malformed));
    }

    #[test]
    fn generated_codes_are_six_digits() {
        for _ in 0..100 {
            assert!(OtpCode::parse(OtpCode::generate().as_str()).is_ok());
        }
    }
}
