//! Invoice totals always add up, and the discount note follows 100 − ceil(final ÷ original × 100).
use limoo_bff::domain::{
    Toman,
    invoice::{LineAmounts, discount_percent, totals},
};
use proptest::prelude::*;

/// A valid line: original ≥ final ≥ points, amounts a shop could charge.
fn line() -> impl Strategy<Value = LineAmounts> {
    (0i64..50_000_000)
        .prop_flat_map(|original| (Just(original), 0..=original))
        .prop_flat_map(|(original, final_price)| (Just(original), Just(final_price), 0..=final_price))
        .prop_map(|(original, final_price, points)| LineAmounts {
            original: Toman::new(original).unwrap(),
            final_price: Toman::new(final_price).unwrap(),
            points: Toman::new(points).unwrap(),
        })
}

proptest! {
    #[test]
    fn totals_add_up(lines in proptest::collection::vec(line(), 0..10)) {
        let t = totals(&lines).expect("valid lines");
        let sum = |f: fn(&LineAmounts) -> Toman| lines.iter().map(|l| f(l).get()).sum::<i64>();
        prop_assert_eq!(t.total_original.get(), sum(|l| l.original));
        prop_assert_eq!(t.total_final.get(), sum(|l| l.final_price));
        prop_assert_eq!(t.points.get(), sum(|l| l.points));
        prop_assert_eq!(t.total_discount.get(), t.total_original.get() - t.total_final.get());
        prop_assert_eq!(t.payable.get(), t.total_final.get() - t.points.get());
        prop_assert!(t.payable.get() >= 0);
    }

    #[test]
    fn a_line_above_its_original_or_with_points_above_its_price_is_refused(mut l in line(), extra in 1i64..1_000) {
        let mut above = l;
        above.final_price = Toman::new(l.original.get() + extra).unwrap();
        prop_assert!(totals(&[above]).is_err());
        l.points = Toman::new(l.final_price.get() + extra).unwrap();
        prop_assert!(totals(&[l]).is_err());
    }

    #[test]
    fn discount_percent_matches_the_formula(original in 1i64..100_000_000, share in 0.0f64..1.0) {
        let final_price = ((original as f64) * share) as i64;
        let shown = discount_percent(Toman::new(original).unwrap(), Toman::new(final_price).unwrap());
        if final_price == original {
            prop_assert_eq!(shown, None);
        } else {
            // Exact integer form of ceil(final ÷ original × 100).
            let ceil = (final_price as i128 * 100 + original as i128 - 1) / original as i128;
            prop_assert_eq!(shown, Some(100 - ceil as i64));
            prop_assert!((0..=100).contains(&shown.unwrap()));
        }
    }
}
