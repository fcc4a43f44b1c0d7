//! The good-looking perfect-body landing (spec 3 §3, §4, §7): a registration (gender, Jalali birth date, weight,
//! height) and its result (BMI class, body shape, kilograms outside the normal band, months and diet periods to
//! reach it), with the thresholds of DECISIONS [RS-22…RS-29].
use poem_openapi::Enum;

use super::forms::number_like;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Gender {
    Female,
    Male,
}

impl Gender {
    pub fn parse(raw: &str) -> Option<Gender> {
        match raw.trim() {
            "FEMALE" => Some(Gender::Female),
            "MALE" => Some(Gender::Male),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Female => "FEMALE",
            Gender::Male => "MALE",
        }
    }
}

/// WHO adult bands (DECISIONS) [RS-23].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BmiClass {
    Underweight,
    Normal,
    Overweight,
    Obese,
    #[oai(rename = "EXTREMELYOBESE")]
    ExtremelyObese,
}

/// Female RECTANGLE, HOURGLASS, PEAT, ROUND; male ECTOMORPH, MESOMORPH, ENDOMORPH [RS-22].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BodyShape {
    Rectangle,
    Hourglass,
    Peat,
    Round,
    Ectomorph,
    Mesomorph,
    Endomorph,
}

/// The normal band's bounds.
const NORMAL_FROM: f64 = 18.5;
const OVERWEIGHT_FROM: f64 = 25.0;

pub fn bmi(weight_kg: f64, height_cm: f64) -> f64 {
    let metres = height_cm / 100.0;
    weight_kg / (metres * metres)
}

/// < 18.5 UNDERWEIGHT, < 25 NORMAL, < 30 OVERWEIGHT, < 40 OBESE, else EXTREMELYOBESE.
pub fn bmi_class(bmi: f64) -> BmiClass {
    match bmi {
        b if b < NORMAL_FROM => BmiClass::Underweight,
        b if b < OVERWEIGHT_FROM => BmiClass::Normal,
        b if b < 30.0 => BmiClass::Overweight,
        b if b < 40.0 => BmiClass::Obese,
        _ => BmiClass::ExtremelyObese,
    }
}

/// Female < 18.5 RECTANGLE, < 25 HOURGLASS, < 30 PEAT, else ROUND; male < 20 ECTOMORPH, < 27 MESOMORPH, else
/// ENDOMORPH.
pub fn body_shape(gender: Gender, bmi: f64) -> BodyShape {
    match gender {
        Gender::Female if bmi < 18.5 => BodyShape::Rectangle,
        Gender::Female if bmi < 25.0 => BodyShape::Hourglass,
        Gender::Female if bmi < 30.0 => BodyShape::Peat,
        Gender::Female => BodyShape::Round,
        Gender::Male if bmi < 20.0 => BodyShape::Ectomorph,
        Gender::Male if bmi < 27.0 => BodyShape::Mesomorph,
        Gender::Male => BodyShape::Endomorph,
    }
}

/// The good-looking age ranges, each paired with an age by order (DECISIONS) [RS-25…RS-28].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeRange {
    Twenties,
    Thirties,
    Forties,
    Fifties,
}

/// The Jalali year the ages are subtracted from.
pub const BASE_YEAR: i32 = 1401;

impl AgeRange {
    pub const ALL: [AgeRange; 4] = [AgeRange::Twenties, AgeRange::Thirties, AgeRange::Forties, AgeRange::Fifties];

    pub fn as_str(self) -> &'static str {
        match self {
            AgeRange::Twenties => "20Year",
            AgeRange::Thirties => "30Year",
            AgeRange::Forties => "40Year",
            AgeRange::Fifties => "50Year",
        }
    }

    pub fn parse(raw: &str) -> Option<AgeRange> {
        AgeRange::ALL.into_iter().find(|range| range.as_str() == raw.trim())
    }

    pub fn age(self) -> i32 {
        match self {
            AgeRange::Twenties => 22,
            AgeRange::Thirties => 35,
            AgeRange::Forties => 45,
            AgeRange::Fifties => 55,
        }
    }

    /// 1401 − age: 1379, 1366, 1356, 1346.
    pub fn year(self) -> i32 {
        BASE_YEAR - self.age()
    }
}

/// Accepted Jalali birth years.
pub const YEARS: std::ops::RangeInclusive<i32> = 1300..=BASE_YEAR;
/// Weight 15 to 249.99 kg, height 90 to 249.99 cm, as the good-looking questions [QN-27, QN-28].
pub const WEIGHT_KG: std::ops::Range<f64> = 15.0..250.0;
pub const HEIGHT_CM: std::ops::Range<f64> = 90.0..250.0;

/// A registration as typed into the multipart form (any digit set).
#[derive(Debug, Clone, Default)]
pub struct RawRegistration {
    pub gender: String,
    pub day: String,
    pub month: String,
    pub year: String,
    pub weight: String,
    pub height: String,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Registration {
    pub gender: Gender,
    pub day: i32,
    pub month: i32,
    pub year: i32,
    pub weight_kg: f64,
    pub height_cm: f64,
}

/// The field a registration is refused for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RegistrationError {
    #[error("gender must be FEMALE or MALE")]
    Gender,
    #[error("day must be 1 to 31 (1 to 30 from month 7)")]
    Day,
    #[error("month must be 1 to 12")]
    Month,
    #[error("year must be a Jalali year from 1300 to 1401, or an age range (20Year, 30Year, 40Year, 50Year)")]
    Year,
    #[error("weight must be from 15 to 249.99 kg")]
    Weight,
    #[error("height must be from 90 to 249.99 cm")]
    Height,
}

fn whole(raw: &str) -> Option<i32> {
    number_like(&serde_json::Value::String(raw.to_owned())).filter(|n| n.fract() == 0.0).map(|n| n as i32)
}

fn in_range(raw: &str, range: std::ops::Range<f64>) -> Option<f64> {
    number_like(&serde_json::Value::String(raw.to_owned())).filter(|n| range.contains(n))
}

impl Registration {
    /// Reads the typed fields; `year` is a Jalali year or an age range, which becomes 1401 − its age.
    pub fn parse(raw: &RawRegistration) -> Result<Registration, RegistrationError> {
        let gender = Gender::parse(&raw.gender).ok_or(RegistrationError::Gender)?;
        let month = whole(&raw.month).filter(|m| (1..=12).contains(m)).ok_or(RegistrationError::Month)?;
        // Jalali months 1–6 have 31 days, 7–12 have 30 (Esfand's 29 in common years is not checked).
        let last_day = if month <= 6 { 31 } else { 30 };
        let day = whole(&raw.day).filter(|d| (1..=last_day).contains(d)).ok_or(RegistrationError::Day)?;
        let year = AgeRange::parse(&raw.year)
            .map(AgeRange::year)
            .or_else(|| whole(&raw.year).filter(|y| YEARS.contains(y)))
            .ok_or(RegistrationError::Year)?;
        let weight_kg = in_range(&raw.weight, WEIGHT_KG).ok_or(RegistrationError::Weight)?;
        let height_cm = in_range(&raw.height, HEIGHT_CM).ok_or(RegistrationError::Height)?;
        Ok(Registration { gender, day, month, year, weight_kg, height_cm })
    }
}

/// What the result page reads [RS-29].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PerfectBodyResult {
    /// One decimal.
    pub bmi: f64,
    pub bmi_class: BmiClass,
    pub body_shape: BodyShape,
    /// Kilograms above the normal band (negative: below it; 0 inside), one decimal.
    pub over_weight: f64,
    /// Months to reach the band at 10 days per kilogram, 30-day months, rounded up (spec 3 §4).
    pub time_to_month: i64,
    /// Monthly diet periods: the months, and at least one (keeping a normal weight takes a period too).
    pub number_of_period: i64,
}

impl PerfectBodyResult {
    pub fn of(gender: Gender, weight_kg: f64, height_cm: f64) -> PerfectBodyResult {
        let index = bmi(weight_kg, height_cm);
        let square_metres = (height_cm / 100.0).powi(2);
        let outside = if index >= OVERWEIGHT_FROM {
            weight_kg - OVERWEIGHT_FROM * square_metres
        } else if index < NORMAL_FROM {
            weight_kg - NORMAL_FROM * square_metres
        } else {
            0.0
        };
        let tenths = tenths_of(outside);
        let time_to_month = months_for_tenths(tenths);
        PerfectBodyResult {
            bmi: (index * 10.0).round() / 10.0,
            bmi_class: bmi_class(index),
            body_shape: body_shape(gender, index),
            over_weight: tenths as f64 / 10.0,
            time_to_month,
            number_of_period: time_to_month.max(1),
        }
    }
}

/// Kilograms in whole tenths (the cast saturates on absurd figures).
fn tenths_of(kg: f64) -> i64 {
    (kg * 10.0).round() as i64
}

/// Months to gain or lose `tenths` tenths of a kilogram at 10 days per kilogram (one day per tenth), 30-day
/// months rounded up (spec 3 §4 "Goal-weight estimate").
fn months_for_tenths(tenths: i64) -> i64 {
    tenths.saturating_abs().saturating_add(29) / 30
}

/// The panel's physical-info goal (spec 3 §3 "Physical info"): the BMI class of the customer's figures, the weight
/// to aim for and the months to reach it at the pace of [`PerfectBodyResult::time_to_month`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WeightGoal {
    pub bmi_class: BmiClass,
    /// Kilograms, one decimal; always inside the NORMAL band.
    pub ideal_weight: f64,
    /// 0 at or under the ideal weight.
    pub months_to_ideal: i64,
}

impl WeightGoal {
    /// None unless weight and height are within the questions' ranges [QN-27, QN-28]. The ideal weight is the
    /// top of the NORMAL band (BMI 25 × height²), or the customer's own goal when it lies inside the band below
    /// that top: a goal outside the band is not a healthy one to steer to.
    pub fn of(weight_kg: f64, height_cm: f64, own_goal_kg: Option<f64>) -> Option<WeightGoal> {
        if !WEIGHT_KG.contains(&weight_kg) || !HEIGHT_CM.contains(&height_cm) {
            return None;
        }
        let (lowest, highest) = normal_band(height_cm);
        let own = own_goal_kg.map(|kg| (kg * 10.0).round() / 10.0).filter(|kg| (lowest..=highest).contains(kg));
        let ideal_weight = own.unwrap_or(highest);
        let excess = tenths_of(weight_kg - ideal_weight).max(0);
        Some(WeightGoal {
            bmi_class: bmi_class(bmi(weight_kg, height_cm)),
            ideal_weight,
            months_to_ideal: months_for_tenths(excess),
        })
    }
}

/// The NORMAL band's weights at `height_cm`, to the tenth inside it: (18.5 × height², 25 × height²).
fn normal_band(height_cm: f64) -> (f64, f64) {
    let square_metres = (height_cm / 100.0).powi(2);
    ((NORMAL_FROM * square_metres * 10.0).ceil() / 10.0, (OVERWEIGHT_FROM * square_metres * 10.0).floor() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(year: &str) -> RawRegistration {
        RawRegistration {
            gender: "FEMALE".into(),
            day: "1".into(),
            month: "1".into(),
            year: year.into(),
            weight: "80".into(),
            height: "165".into(),
        }
    }

    #[test]
    fn age_ranges_become_years_by_order() {
        let years: Vec<i32> = AgeRange::ALL.iter().map(|r| r.year()).collect();
        assert_eq!(years, vec![1379, 1366, 1356, 1346]);
        assert_eq!(Registration::parse(&raw("30Year")).map(|r| r.year), Ok(1366));
        assert_eq!(Registration::parse(&raw("۱۳۷۰")).map(|r| r.year), Ok(1370));
        assert_eq!(Registration::parse(&raw("1402")).map(|r| r.year), Err(RegistrationError::Year));
    }

    #[test]
    fn the_date_follows_the_jalali_month_lengths() {
        let mut late = raw("1370");
        late.month = "7".into();
        late.day = "31".into();
        assert_eq!(Registration::parse(&late), Err(RegistrationError::Day));
        late.month = "6".into();
        assert!(Registration::parse(&late).is_ok());
    }

    #[test]
    fn eighty_kilograms_at_165_centimetres() {
        let result = PerfectBodyResult::of(Gender::Female, 80.0, 165.0);
        assert_eq!(result.bmi, 29.4);
        assert_eq!(result.bmi_class, BmiClass::Overweight);
        assert_eq!(result.body_shape, BodyShape::Peat);
        assert_eq!(result.over_weight, 11.9, "80 − 25 × 1.65²");
        assert_eq!(result.time_to_month, 4, "119 days");
        assert_eq!(result.number_of_period, 4);
    }

    #[test]
    fn a_normal_weight_needs_no_months_but_one_period() {
        let result = PerfectBodyResult::of(Gender::Male, 70.0, 180.0);
        assert_eq!((result.bmi_class, result.body_shape), (BmiClass::Normal, BodyShape::Mesomorph));
        assert_eq!((result.over_weight, result.time_to_month, result.number_of_period), (0.0, 0, 1));
    }

    #[test]
    fn below_the_band_is_negative() {
        let result = PerfectBodyResult::of(Gender::Female, 45.0, 170.0);
        assert_eq!(result.bmi_class, BmiClass::Underweight);
        assert_eq!(result.over_weight, -8.5, "45 − 18.5 × 1.7²");
        assert_eq!(result.time_to_month, 3, "85 days");
    }

    #[test]
    fn the_ideal_weight_is_the_top_of_the_normal_band() {
        let goal = WeightGoal::of(80.0, 165.0, None).expect("figures in range");
        assert_eq!(goal.bmi_class, BmiClass::Overweight);
        assert_eq!(goal.ideal_weight, 68.0, "25 × 1.65² = 68.06, to the tenth inside the band");
        assert_eq!(goal.months_to_ideal, 4, "12 kg at 10 days a kilogram");
    }

    #[test]
    fn a_healthy_own_goal_wins_and_an_unhealthy_one_does_not() {
        assert_eq!(WeightGoal::of(80.0, 165.0, Some(60.04)).map(|g| g.ideal_weight), Some(60.0));
        assert_eq!(WeightGoal::of(80.0, 165.0, Some(45.0)).map(|g| g.ideal_weight), Some(68.0), "underweight");
        assert_eq!(WeightGoal::of(80.0, 165.0, Some(75.0)).map(|g| g.ideal_weight), Some(68.0), "overweight");
    }

    #[test]
    fn under_the_ideal_weight_takes_no_time_and_odd_figures_no_goal() {
        assert_eq!(
            WeightGoal::of(50.0, 170.0, None).map(|g| (g.bmi_class, g.months_to_ideal)),
            Some((BmiClass::Underweight, 0))
        );
        assert_eq!(WeightGoal::of(80.0, 0.0, None), None);
        assert_eq!(WeightGoal::of(f64::NAN, 170.0, None), None);
    }
}
