//! The panel's physical-info goal: BMI classes cover every figure in the WHO order [RS-23], the ideal weight stays
//! inside the NORMAL band, and the months to it are 0 at or under it and grow with the excess.
use limoo_bff::domain::perfect_body::{BmiClass, WeightGoal, bmi, bmi_class};
use proptest::prelude::*;

/// Floating-point slack on the band's bounds.
const SLACK: f64 = 1e-9;

fn rank(class: BmiClass) -> u8 {
    match class {
        BmiClass::Underweight => 0,
        BmiClass::Normal => 1,
        BmiClass::Overweight => 2,
        BmiClass::Obese => 3,
        BmiClass::ExtremelyObese => 4,
    }
}

fn height() -> impl Strategy<Value = f64> {
    90.0..250.0f64
}

fn weight() -> impl Strategy<Value = f64> {
    15.0..250.0f64
}

proptest! {
    #[test]
    fn bmi_classes_are_total_and_monotone(a in -10.0..200.0f64, b in -10.0..200.0f64) {
        let (low, high) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(rank(bmi_class(low)) <= rank(bmi_class(high)));
    }

    #[test]
    fn the_ideal_weight_is_inside_the_normal_band(
        weight in weight(), height in height(), own in proptest::option::of(10.0..260.0f64),
    ) {
        let goal = WeightGoal::of(weight, height, own).expect("figures in range");
        let index = bmi(goal.ideal_weight, height);
        prop_assert!((18.5 - SLACK..25.0 + SLACK).contains(&index), "ideal {} has BMI {index}", goal.ideal_weight);
    }

    #[test]
    fn no_time_at_or_under_the_ideal_weight(height in height(), under in 0.0..1.0f64) {
        let ideal = WeightGoal::of(70.0, height, None).expect("figures in range").ideal_weight;
        let weight = (ideal * (1.0 - under)).max(15.0);
        prop_assert_eq!(WeightGoal::of(weight, height, None).map(|g| g.months_to_ideal), Some(0));
    }

    #[test]
    fn more_excess_weight_takes_no_less_time(height in height(), a in weight(), b in weight()) {
        let (lighter, heavier) = if a <= b { (a, b) } else { (b, a) };
        let months = |w| WeightGoal::of(w, height, None).expect("figures in range").months_to_ideal;
        prop_assert!(months(lighter) <= months(heavier));
    }
}
