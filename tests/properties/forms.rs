//! Questionnaire rules: BMI classes and body shapes by the DECISIONS bands, the perfect-body year and result,
//! and every range rule of every form accepting exactly its range, in any digit set.
use limoo_bff::domain::{
    forms::{self, Answers, RuleKind},
    perfect_body::{
        AgeRange, BmiClass, BodyShape, Gender, HEIGHT_CM, PerfectBodyResult, RawRegistration, Registration,
        RegistrationError, WEIGHT_KG, bmi_class, body_shape,
    },
};
use proptest::prelude::*;
use serde_json::Value;

/// The bands' lower bounds, in order (DECISIONS) [RS-22, RS-23].
const BMI_BANDS: [f64; 4] = [18.5, 25.0, 30.0, 40.0];
const CLASSES: [BmiClass; 5] =
    [BmiClass::Underweight, BmiClass::Normal, BmiClass::Overweight, BmiClass::Obese, BmiClass::ExtremelyObese];
const FEMALE_BANDS: [f64; 3] = [18.5, 25.0, 30.0];
const FEMALE_SHAPES: [BodyShape; 4] = [BodyShape::Rectangle, BodyShape::Hourglass, BodyShape::Peat, BodyShape::Round];
const MALE_BANDS: [f64; 2] = [20.0, 27.0];
const MALE_SHAPES: [BodyShape; 3] = [BodyShape::Ectomorph, BodyShape::Mesomorph, BodyShape::Endomorph];

/// How many band bounds lie at or below the value: the band's index.
fn band(value: f64, bounds: &[f64]) -> usize {
    bounds.iter().filter(|bound| value >= **bound).count()
}

fn persian(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32('۰' as u32 + d).expect("Persian digit"),
            None if c == '.' => '٫',
            None => c,
        })
        .collect()
}

/// A value in hundredths as the web may send it: a number, Latin text or Persian text.
fn spelled(hundredths: i64, spelling: u8) -> Value {
    let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    match spelling % 3 {
        0 => Value::from(hundredths as f64 / 100.0),
        1 => Value::String(text),
        _ => Value::String(persian(&text)),
    }
}

fn registration(year: String, weight: String, height: String) -> RawRegistration {
    RawRegistration { gender: "FEMALE".into(), day: "1".into(), month: "1".into(), year, weight, height }
}

proptest! {
    #[test]
    fn the_bmi_class_is_the_who_band(bmi in 5.0f64..80.0) {
        prop_assert_eq!(bmi_class(bmi), CLASSES[band(bmi, &BMI_BANDS)]);
    }

    #[test]
    fn a_bmi_class_changes_exactly_at_each_bound(index in 0usize..4) {
        let bound = BMI_BANDS[index];
        prop_assert_eq!(bmi_class(bound), CLASSES[index + 1]);
        prop_assert_eq!(bmi_class(bound - 1e-9), CLASSES[index]);
    }

    #[test]
    fn the_body_shape_is_the_band_of_the_gender(bmi in 5.0f64..80.0) {
        prop_assert_eq!(body_shape(Gender::Female, bmi), FEMALE_SHAPES[band(bmi, &FEMALE_BANDS)]);
        prop_assert_eq!(body_shape(Gender::Male, bmi), MALE_SHAPES[band(bmi, &MALE_BANDS)]);
    }

    #[test]
    fn an_age_band_is_sent_as_1401_minus_its_age(index in 0usize..4) {
        let range = AgeRange::ALL[index];
        let expected = 1401 - [22, 35, 45, 55][index];
        prop_assert_eq!(range.year(), expected);
        let parsed = Registration::parse(&registration(range.as_str().into(), "70".into(), "170".into()));
        prop_assert_eq!(parsed.map(|r| r.year), Ok(expected));
    }

    #[test]
    fn a_typed_year_is_kept_only_from_1300_to_1401(year in 1200i32..1500, in_persian: bool) {
        let typed = if in_persian { persian(&year.to_string()) } else { year.to_string() };
        let parsed = Registration::parse(&registration(typed, "70".into(), "170".into())).map(|r| r.year);
        if (1300..=1401).contains(&year) {
            prop_assert_eq!(parsed, Ok(year));
        } else {
            prop_assert_eq!(parsed, Err(RegistrationError::Year));
        }
    }

    #[test]
    fn the_registration_takes_exactly_the_good_looking_ranges(weight in 1000i64..30000, height in 5000i64..30000) {
        let as_text = |hundredths: i64| format!("{}.{:02}", hundredths / 100, hundredths % 100);
        let parsed = Registration::parse(&registration("1370".into(), as_text(weight), as_text(height)));
        let weight_ok = WEIGHT_KG.contains(&(weight as f64 / 100.0));
        let height_ok = HEIGHT_CM.contains(&(height as f64 / 100.0));
        prop_assert_eq!(weight_ok, (1500..25000).contains(&weight));
        prop_assert_eq!(height_ok, (9000..25000).contains(&height));
        match (weight_ok, height_ok) {
            (false, _) => prop_assert_eq!(parsed.err(), Some(RegistrationError::Weight)),
            (true, false) => prop_assert_eq!(parsed.err(), Some(RegistrationError::Height)),
            (true, true) => prop_assert!(parsed.is_ok()),
        }
    }

    #[test]
    fn the_perfect_body_result_agrees_with_its_bmi(weight in 15.0f64..250.0, height in 90.0f64..250.0, male: bool) {
        let gender = if male { Gender::Male } else { Gender::Female };
        let result = PerfectBodyResult::of(gender, weight, height);
        let bmi = weight / (height / 100.0).powi(2);
        prop_assert_eq!(result.bmi_class, bmi_class(bmi));
        prop_assert_eq!(result.body_shape, body_shape(gender, bmi));
        if bmi >= 25.0 {
            prop_assert!(result.over_weight >= 0.0);
        } else if bmi < 18.5 {
            prop_assert!(result.over_weight <= 0.0);
        } else {
            prop_assert_eq!(result.over_weight, 0.0);
        }
        // 10 days per kilogram, 30-day months rounded up; at least one diet period.
        let days = (result.over_weight.abs() * 10.0).round() as i64;
        prop_assert_eq!(result.time_to_month, (days + 29) / 30);
        prop_assert_eq!(result.number_of_period, result.time_to_month.max(1));
    }

    #[test]
    fn every_range_rule_accepts_exactly_its_range(hundredths in 0i64..30000, spelling in 0u8..3) {
        let answers = Answers::new();
        for form in forms::definitions() {
            for question in form.questions.iter().filter(|q| q.show_if.is_none()) {
                let Some(range) = question.rules.iter().find(|rule| rule.kind == RuleKind::Range) else { continue };
                let (min, max) = (range.min.expect("min"), range.max.expect("max"));
                let inside = ((min * 100.0).round() as i64..=(max * 100.0).round() as i64).contains(&hundredths);
                let problem = question.problem(&spelled(hundredths, spelling), &answers);
                prop_assert_eq!(problem.is_none(), inside, "{}/{} at {}", form.form_type, question.id, hundredths);
            }
        }
    }
}
