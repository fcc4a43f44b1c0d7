//! Points allocation and promotion discounts: no line below its minimum, never more than the
//! balance, totals that add up, prices that never go negative.
use limoo_bff::domain::{
    Toman,
    invoice::{LineAmounts, totals},
    points::{PointsLine, allocate},
    promotion::{DiscountRule, Percent},
};
use proptest::prelude::*;

fn toman(v: i64) -> Toman {
    Toman::new(v).unwrap()
}

/// A line with a final price, and sometimes a minimum (possibly above the price).
fn points_line() -> impl Strategy<Value = PointsLine> {
    (0i64..5_000_000, proptest::option::of(0i64..6_000_000)).prop_map(|(final_price, minimum)| PointsLine {
        final_price: toman(final_price),
        min_after_points: minimum.map(toman),
    })
}

fn rule() -> impl Strategy<Value = DiscountRule> {
    prop_oneof![
        (0u8..=100).prop_map(|p| DiscountRule::Percent(Percent::new(p).unwrap())),
        (0i64..10_000_000).prop_map(|a| DiscountRule::Amount(toman(a))),
    ]
}

proptest! {
    #[test]
    fn allocation_respects_minimums_the_balance_and_whole_points(
        lines in proptest::collection::vec(points_line(), 0..8),
        balance in 0i64..10_000,
        point_value in prop_oneof![Just(1_000i64), 1i64..5_000],
    ) {
        let value = toman(point_value);
        let share = allocate(balance, value, &lines);
        prop_assert_eq!(share.per_line.len(), lines.len());
        prop_assert!(share.points >= 0 && share.points <= balance, "never more than the balance");
        prop_assert_eq!(share.amount.get(), share.points * point_value, "whole points only");
        prop_assert_eq!(share.per_line.iter().map(|d| d.get()).sum::<i64>(), share.amount.get());
        for (line, deduction) in lines.iter().zip(&share.per_line) {
            prop_assert!(*deduction <= line.final_price, "payable per line stays ≥ 0");
            if let Some(minimum) = line.min_after_points {
                let after = line.final_price.get() - deduction.get();
                prop_assert!(deduction.get() == 0 || after >= minimum.get(), "never below the minimum");
            }
        }
        // Nothing usable is left over: either the balance or the lines' caps are exhausted (up to one point).
        let caps: i64 = lines.iter().map(|l| l.cap().get()).sum();
        let wanted = (balance * point_value).min(caps);
        prop_assert!(wanted - share.amount.get() < point_value);
    }

    #[test]
    fn an_invoice_with_allocated_points_adds_up(
        lines in proptest::collection::vec(points_line(), 0..8),
        balance in 0i64..10_000,
    ) {
        let share = allocate(balance, toman(1_000), &lines);
        let amounts: Vec<LineAmounts> = lines
            .iter()
            .zip(&share.per_line)
            .map(|(line, points)| LineAmounts { original: line.final_price, final_price: line.final_price, points: *points })
            .collect();
        let t = totals(&amounts).expect("allocated points never exceed a line's price");
        prop_assert_eq!(t.points, share.amount);
        prop_assert_eq!(t.payable.get(), t.total_final.get() - share.amount.get());
        prop_assert!(t.payable.get() >= 0);
    }

    #[test]
    fn a_promotion_never_makes_a_price_negative_and_its_discount_is_the_difference(
        price in 0i64..100_000_000,
        rule in rule(),
    ) {
        let after = rule.apply(toman(price));
        prop_assert!(after.get() >= 0 && after.get() <= price);
        let discount = toman(price).checked_sub(after).expect("after ≤ price");
        prop_assert_eq!(discount.get(), price - after.get());
        match rule {
            DiscountRule::Percent(p) => prop_assert_eq!(discount.get(), price * i64::from(p.get()) / 100),
            DiscountRule::Amount(a) => prop_assert_eq!(discount.get(), a.get().min(price)),
        }
    }
}
