use std::fmt;

use rust_persian_tools::{digits, phone_number};

/// Iran's id in the country table; its numbers are validated as Iranian mobiles.
pub const IRAN: i64 = 1;

/// A customer's mobile number in one canonical form: `+989121234567` for Iran, `+{dial code}{digits}`
/// elsewhere. Parsing accepts Persian and Arabic-Indic digits and the 0 / 98 / +98 / 0098 prefixes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MobileNumber {
    country_id: i64,
    canonical: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MobileNumberError {
    #[error("the mobile number is empty")]
    Empty,
    #[error("not an Iranian mobile number")]
    InvalidIranian,
    #[error("a mobile number has digits only")]
    NotDigits,
}

/// Latin digits, no spaces, dashes or brackets.
pub fn latin_digits(raw: &str) -> String {
    digits::ar_to_en(digits::fa_to_en(raw))
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '\u{200c}'))
        .collect()
}

impl MobileNumber {
    /// `dial_code` is the country's prefix without `+` (e.g. "90"); ignored for Iran.
    pub fn parse(raw: &str, country_id: i64, dial_code: &str) -> Result<Self, MobileNumberError> {
        let typed = latin_digits(raw.trim());
        if typed.is_empty() {
            return Err(MobileNumberError::Empty);
        }
        if country_id == IRAN {
            // 9xxxxxxxxx without prefix, as the sign-in form sends it after removing the 0.
            let with_prefix = if typed.starts_with('9') && typed.len() == 10 { format!("0{typed}") } else { typed };
            let local = phone_number::phone_number_normalizer(&with_prefix, "")
                .map_err(|_| MobileNumberError::InvalidIranian)?;
            if !local.chars().all(|c| c.is_ascii_digit()) {
                return Err(MobileNumberError::InvalidIranian);
            }
            return Ok(MobileNumber { country_id, canonical: format!("+98{local}") });
        }
        let digits_only = typed.trim_start_matches('+');
        if digits_only.is_empty() || !digits_only.chars().all(|c| c.is_ascii_digit()) {
            return Err(MobileNumberError::NotDigits);
        }
        // A number typed with its own dial code keeps it once; a trunk 0 is dropped.
        let national = if typed.starts_with('+') {
            digits_only.strip_prefix(dial_code).unwrap_or(digits_only)
        } else {
            digits_only.trim_start_matches('0')
        };
        Ok(MobileNumber { country_id, canonical: format!("+{dial_code}{national}") })
    }

    pub fn country_id(&self) -> i64 {
        self.country_id
    }

    pub fn is_foreign(&self) -> bool {
        self.country_id != IRAN
    }

    /// `+989121234567`: the stored and compared form.
    pub fn canonical(&self) -> &str {
        &self.canonical
    }

    /// How the customer reads it: `09121234567` for Iran, `+90…` for foreign numbers.
    pub fn display(&self) -> String {
        match self.canonical.strip_prefix("+98") {
            Some(local) if !self.is_foreign() => format!("0{local}"),
            _ => self.canonical.clone(),
        }
    }

    /// Rebuilds a number read back from the database.
    pub fn from_canonical(canonical: String, country_id: i64) -> Self {
        MobileNumber { country_id, canonical }
    }
}

impl fmt::Display for MobileNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iranian_forms_normalise_to_one() {
        for raw in [
            "09121234567",
            "9121234567",
            "+989121234567",
            "00989121234567",
            "989121234567",
            "۰۹۱۲۱۲۳۴۵۶۷",
            "٠٩١٢١٢٣٤٥٦٧",
            "0912 123 4567",
        ] {
            let n = MobileNumber::parse(raw, IRAN, "98").unwrap();
            assert_eq!(n.canonical(), "+989121234567", "{raw}");
            assert_eq!(n.display(), "09121234567");
        }
    }

    #[test]
    fn iranian_near_misses_are_refused() {
        for raw in ["912345678", "08121234567", "0912123456a", "091212345678", "9abcdefghi"] {
            assert_eq!(MobileNumber::parse(raw, IRAN, "98"), Err(MobileNumberError::InvalidIranian), "{raw}");
        }
        assert_eq!(MobileNumber::parse("  ", IRAN, "98"), Err(MobileNumberError::Empty));
    }

    #[test]
    fn foreign_numbers_only_need_digits() {
        let n = MobileNumber::parse("05321234567", 220, "90").unwrap();
        assert_eq!(n.canonical(), "+905321234567");
        assert!(n.is_foreign());
        assert_eq!(MobileNumber::parse("+905321234567", 220, "90").unwrap(), n);
        assert_eq!(MobileNumber::parse("12", 220, "90").unwrap().canonical(), "+9012");
        assert_eq!(MobileNumber::parse("12ab", 220, "90"), Err(MobileNumberError::NotDigits));
    }
}
