//! Mobile numbers and one-time codes: any mix of Persian, Arabic-Indic and Latin digits, any of the
//! Iranian prefixes, normalises to one number; codes survive spaces but never a placeholder dash.
use limoo_bff::domain::{MobileNumber, OtpCode, mobile_number::IRAN};
use proptest::prelude::*;

/// Rewrites each Latin digit in one of the three scripts, chosen per digit.
fn mixed_script(digits: &str, scripts: &[u8]) -> String {
    digits
        .chars()
        .zip(scripts.iter().cycle())
        .map(|(c, script)| {
            let d = c.to_digit(10).expect("digit");
            match script % 3 {
                0 => c,
                1 => char::from_u32('۰' as u32 + d).expect("Persian digit"),
                _ => char::from_u32('٠' as u32 + d).expect("Arabic-Indic digit"),
            }
        })
        .collect()
}

fn iranian_local() -> impl Strategy<Value = String> {
    "9[0-9]{9}"
}

proptest! {
    #[test]
    fn every_spelling_of_an_iranian_mobile_is_one_number(
        local in iranian_local(),
        prefix in prop_oneof![Just(""), Just("0"), Just("98"), Just("+98"), Just("0098")],
        scripts in proptest::collection::vec(0u8..3, 1..12),
    ) {
        let typed = format!("{prefix}{}", mixed_script(&local, &scripts));
        let parsed = MobileNumber::parse(&typed, IRAN, "98").expect("valid");
        prop_assert_eq!(parsed.canonical(), format!("+98{local}"));
        prop_assert_eq!(parsed.display(), format!("0{local}"));
        // display → parse is the identity on the canonical form
        let again = MobileNumber::parse(&parsed.display(), IRAN, "98").expect("display parses");
        prop_assert_eq!(again, parsed);
    }

    #[test]
    // Lengths that no prefix can rescue: 12 digits starting 989… would be 98 + a valid number.
    fn near_misses_are_refused(local in "9[0-9]{7,8}|9[0-9]{10}|[0-8][0-9]{9}") {
        prop_assert!(MobileNumber::parse(&local, IRAN, "98").is_err(), "{}", local);
        let with_zero = format!("0{local}");
        prop_assert!(MobileNumber::parse(&with_zero, IRAN, "98").is_err(), "{}", with_zero);
    }

    #[test]
    fn codes_are_read_through_spaces_and_any_digit_script(
        code in "[0-9]{6}",
        scripts in proptest::collection::vec(0u8..3, 1..6),
        gaps in proptest::collection::vec(0usize..3, 6),
    ) {
        let spaced: String = mixed_script(&code, &scripts)
            .chars()
            .zip(gaps)
            .map(|(c, gap)| format!("{}{c}", " ".repeat(gap)))
            .collect();
        let parsed = OtpCode::parse(&spaced).expect("valid");
        prop_assert_eq!(parsed.as_str(), code.as_str());
    }

    #[test]
    fn a_placeholder_dash_anywhere_invalidates_a_code(code in "[0-9]{5}", at in 0usize..6) {
        let mut typed = code.clone();
        typed.insert(at, '-');
        prop_assert!(OtpCode::parse(&typed).is_err());
    }
}
