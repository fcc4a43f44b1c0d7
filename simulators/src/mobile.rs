//! Iranian mobile numbers as gateways receive them: `09…`, `9…`, `989…`, `+989…`, `00989…`,
//! possibly in Persian or Arabic-Indic digits. Magic-number tables and SMS look-ups compare
//! the normalised `09xxxxxxxxx` form so every spelling of one number matches.

/// `09xxxxxxxxx`, or `None` when `raw` is not an Iranian mobile number.
pub fn normalise(raw: &str) -> Option<String> {
    let digits: String = raw.trim().chars().filter(|c| !matches!(c, ' ' | '-')).map(ascii_digit).collect();
    let national = digits
        .strip_prefix("+98")
        .or_else(|| digits.strip_prefix("0098"))
        .or_else(|| digits.strip_prefix("98").filter(|rest| rest.len() == 10))
        .or_else(|| digits.strip_prefix('0').filter(|rest| rest.len() == 10))
        .unwrap_or(&digits);
    let valid = national.len() == 10 && national.starts_with('9') && national.bytes().all(|b| b.is_ascii_digit());
    valid.then(|| format!("0{national}"))
}

/// Persian (U+06F0…) and Arabic-Indic (U+0660…) digits to ASCII; anything else unchanged.
fn ascii_digit(c: char) -> char {
    let offset = match c {
        '۰'..='۹' => c as u32 - '۰' as u32,
        '٠'..='٩' => c as u32 - '٠' as u32,
        _ => return c,
    };
    char::from_digit(offset, 10).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::normalise;

    #[test]
    fn all_spellings_of_one_number_normalise_alike() {
        for raw in [
            "09121234567",
            "9121234567",
            "989121234567",
            "+989121234567",
            "00989121234567",
            "۰۹۱۲۱۲۳۴۵۶۷",
            "0912 123 4567",
        ] {
            assert_eq!(normalise(raw).as_deref(), Some("09121234567"), "{raw}");
        }
    }

    #[test]
    fn non_mobile_numbers_are_rejected() {
        for raw in ["", "0212345678", "+905321234567", "0912123456", "09121234567x"] {
            assert_eq!(normalise(raw), None, "{raw}");
        }
    }
}
