use limoo_bff::domain::Toman;
use proptest::prelude::*;

fn to_persian(digits: &str) -> String {
    digits.chars().map(|c| char::from_u32('۰' as u32 + c.to_digit(10).unwrap()).unwrap()).collect()
}

proptest! {
    #[test]
    fn parse_display_parse_round_trips(amount in 0i64..=i64::MAX) {
        let toman = Toman::new(amount).unwrap();
        prop_assert_eq!(toman.to_string().parse::<Toman>(), Ok(toman));
        prop_assert_eq!(to_persian(&toman.to_string()).parse::<Toman>(), Ok(toman));
    }

    #[test]
    fn negative_amounts_never_construct(amount in i64::MIN..0) {
        prop_assert!(Toman::new(amount).is_err());
    }

    #[test]
    fn sums_are_exact_or_refused(amounts in proptest::collection::vec(0i64..=i64::MAX / 4, 0..8)) {
        let exact: i128 = amounts.iter().map(|&a| a as i128).sum();
        let sum = Toman::sum(amounts.iter().map(|&a| Toman::new(a).unwrap()));
        match sum {
            Ok(total) => prop_assert_eq!(total.get() as i128, exact),
            Err(_) => prop_assert!(exact > i64::MAX as i128),
        }
    }

    #[test]
    fn subtraction_never_goes_below_zero(a in 0i64..1_000_000_000, b in 0i64..1_000_000_000) {
        let result = Toman::new(a).unwrap().checked_sub(Toman::new(b).unwrap());
        prop_assert_eq!(result.is_ok(), a >= b);
        if let Ok(rest) = result { prop_assert_eq!(rest.get(), a - b); }
    }

    #[test]
    fn rial_is_ten_toman(amount in 0i64..=i64::MAX / 10) {
        prop_assert_eq!(Toman::new(amount).unwrap().to_rial(), Ok(amount * 10));
    }
}
