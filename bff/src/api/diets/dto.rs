//! The diet panel's answers: the active package, the customer's diets, the mentor add-on, the physical info, each
//! in the panel's `{ok, msg}` envelope; and the start-date editor's form.
use anyhow::Context;
use poem_openapi::{Enum, Object};

use crate::{
    domain::{
        catalogue::ProductType,
        diet_package::{self, CardPayment, PackageStatus, QuestionProgress},
        perfect_body::{BmiClass, WeightGoal},
    },
    store::{
        diets::{ActivePackage, CustomerDiet, OrderPayment},
        orders::BasketItemRow,
    },
};

/// The customer's current diet package and its status (spec 3 §3 "Diet (customer)"); times are epoch
/// milliseconds. Unknown fields are left out, as the schema says (not null).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ActiveDiet {
    /// The package's status [DS-01…DS-11].
    pub status: PackageStatus,
    /// The package's order; none when the customer never ordered a diet.
    pub order_id: Option<i64>,
    /// The package's current diet, as the all-diets list names it.
    pub id: Option<i64>,
    pub diet_number: Option<String>,
    /// The current diet's days.
    pub period: Option<i64>,
    /// The package's diet product title.
    pub diet_title: Option<String>,
    /// Which of the customer's diets the current one is, from 1 for the first.
    pub refer_times: Option<i64>,
    pub is_ready: bool,
    /// The current diet has days left (or no start yet).
    pub is_active: Option<bool>,
    pub issue_date: Option<i64>,
    pub start_date: Option<i64>,
    /// When the customer's diet request sent the answers to the medical team.
    pub send_to_dr_date: Option<i64>,
    /// When the customer last saved that request's medical profile.
    pub submit_date: Option<i64>,
    /// When the customer's diet before the current one ended; none for the first diet or while that one has no
    /// start.
    pub before: Option<i64>,
    /// The current diet's end: its start plus its days, or when the medical team closed it.
    pub expire_diet_date: Option<i64>,
    /// The package's end: the end of its last diet, known once that diet has a start.
    pub expire_package_at: Option<i64>,
    /// Unknown until the diet has a start date.
    pub remain_days: Option<i64>,
    pub package_count: Option<i64>,
    pub current_diet_count: Option<i64>,
    /// The package holds diets still to be issued, so the customer continues it rather than buying a new one;
    /// none before a diet is issued [DS-22].
    pub can_extend: Option<bool>,
    /// How far the diet-request questions were answered since the order; none without an order.
    pub answer_diet_question: Option<QuestionProgress>,
    /// The order is paid; none without an order.
    pub has_payment: Option<bool>,
    /// The customer started an online payment or reported a transfer for the order.
    pub has_requested_payment_before: Option<bool>,
    /// The gateway that paid the order (VANDAR, PAYPING, SNAPP_PAY, DIGIPAY, TARA, SAMAN, GUMROAD, C2C,
    /// PAYPAL_ROSHANDEL); none when unpaid or paid by points or a gift card alone.
    pub payment_type: Option<String>,
    /// CARD when the customer's latest payment request is a card-to-card transfer.
    pub user_selected_payment_type: Option<SelectedPaymentType>,
    /// The card transfer of an unpaid order: PENDING while finance reviews it, UNVERIFIED once rejected.
    #[oai(rename = "C2CPaymentStatus")]
    pub c2c_payment_status: Option<CardPaymentStatus>,
    /// When the customer last started a payment or reported a transfer.
    pub last_payment_request_time: Option<i64>,
    /// When the order became paid.
    pub payment_verified_time: Option<i64>,
    /// No earlier diet [DS-14].
    pub very_first_time_user: bool,
}

/// The payment method the customer chose, when it is one the panel shows (spec 3 §3).
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectedPaymentType {
    #[oai(rename = "CARD")]
    Card,
}

/// Finance's side of a card-to-card transfer still in question (spec 3 §3 `C2CPaymentStatus`).
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CardPaymentStatus {
    Pending,
    Unverified,
}

impl ActiveDiet {
    pub fn of(package: ActivePackage, payment: Option<OrderPayment>) -> ActiveDiet {
        let facts = package.facts;
        let paid = facts.paid;
        let card_payment_status = match facts.card_payment {
            Some(CardPayment::Pending) if !paid => Some(CardPaymentStatus::Pending),
            Some(CardPayment::Unverified) if !paid => Some(CardPaymentStatus::Unverified),
            _ => None,
        };
        let payment = payment.as_ref();
        let ordered = package.order_id.is_some();
        let diet = package.diet.map(DietItem::from);
        let diet = diet.as_ref();
        let last_slot = diet.is_some_and(|d| d.package_diet_count.is_none_or(|count| d.current_diet_count >= count));
        ActiveDiet {
            status: diet_package::status(&facts),
            order_id: package.order_id,
            id: diet.map(|d| d.id),
            diet_number: diet.map(|d| d.diet_number.clone()),
            period: diet.map(|d| d.period),
            diet_title: diet.map(|d| d.diet_title.clone()).filter(|title| !title.is_empty()),
            refer_times: diet.map(|d| d.refer_times),
            is_ready: diet.is_some_and(|d| d.is_ready),
            is_active: diet.map(|d| d.is_active),
            issue_date: diet.map(|d| d.issue_date),
            start_date: diet.and_then(|d| d.start_date),
            send_to_dr_date: diet.and_then(|d| d.send_to_dr_date),
            submit_date: diet.and_then(|d| d.submit_date),
            before: diet.and_then(|d| d.before),
            expire_diet_date: diet.and_then(|d| d.expire_diet_date),
            expire_package_at: diet.and_then(|d| d.expire_diet_date).filter(|_| last_slot),
            remain_days: diet.and_then(|d| d.remain_days),
            package_count: diet.and_then(|d| d.package_diet_count),
            current_diet_count: diet.map(|d| d.current_diet_count),
            can_extend: diet.map(|d| d.package_diet_count.is_some_and(|count| count > d.current_diet_count)),
            answer_diet_question: ordered.then_some(package.questions),
            has_payment: ordered.then_some(paid),
            has_requested_payment_before: payment.map(|p| p.last_request_at.is_some()),
            payment_type: payment.and_then(|p| p.paid_with.clone()).filter(|_| paid),
            user_selected_payment_type: payment.filter(|p| p.card_chosen).map(|_| SelectedPaymentType::Card),
            c2c_payment_status: card_payment_status,
            last_payment_request_time: payment.and_then(|p| p.last_request_at),
            payment_verified_time: payment.and_then(|p| p.verified_at).filter(|_| paid),
            very_first_time_user: package.very_first_time_user,
        }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ActiveDietMsg {
    pub active_diet: ActiveDiet,
}

#[derive(Object, Debug)]
pub struct ActiveDietReply {
    pub ok: bool,
    pub msg: ActiveDietMsg,
}

/// The body figures of the customer's latest medical profile (spec 3 §3 "Physical info", §7
/// "physicalinfo/general"); the goal figures need both weight and stature.
#[derive(Object, Debug, PartialEq, Default)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PhysicalInfo {
    /// FEMALE or MALE.
    pub gender: Option<String>,
    /// Whole years.
    pub age: Option<i64>,
    /// Kilograms.
    pub weight: Option<f64>,
    /// Centimetres.
    pub stature: Option<f64>,
    /// Kilograms to aim for: the top of the NORMAL band (BMI 25), or the customer's own goal weight when it lies
    /// inside that band; one decimal.
    pub ideal_weight: Option<f64>,
    /// The WHO adult class of the weight and stature.
    pub bmi_category: Option<BmiClass>,
    /// Months to the ideal weight at 10 days a kilogram, rounded up; 0 at or under it.
    pub time_to_ideal_weight: Option<i64>,
}

/// Empty when the customer never sent a medical profile: the panel reads that as NO_DATA [DS-30].
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PhysicalInfoMsg {
    pub physical_info: Option<PhysicalInfo>,
}

#[derive(Object, Debug)]
pub struct PhysicalInfoReply {
    pub ok: bool,
    pub msg: PhysicalInfoMsg,
}

impl PhysicalInfo {
    /// From a stored profile's `general` and `body` groups and the customer's own goal weight; None when the
    /// profile holds none of the figures.
    pub fn of_profile(profile: &serde_json::Value, own_goal_kg: Option<f64>) -> Option<PhysicalInfo> {
        let weight = profile["body"]["weight"].as_f64();
        let stature = profile["body"]["stature"].as_f64();
        let goal = weight.zip(stature).and_then(|(weight, stature)| WeightGoal::of(weight, stature, own_goal_kg));
        let info = PhysicalInfo {
            gender: profile["general"]["gender"].as_str().map(str::to_owned),
            age: profile["general"]["age"].as_i64(),
            weight,
            stature,
            ideal_weight: goal.map(|g| g.ideal_weight),
            bmi_category: goal.map(|g| g.bmi_class),
            time_to_ideal_weight: goal.map(|g| g.months_to_ideal),
        };
        (info != PhysicalInfo::default()).then_some(info)
    }
}

/// One of the customer's diets (spec 3 §3 "Diet (customer)"); times are epoch milliseconds.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DietItem {
    pub id: i64,
    pub diet_number: String,
    /// The diet's days.
    pub period: i64,
    /// The package's diet product title.
    pub diet_title: String,
    /// Which of the customer's diets it is, from 1 for the first; the list comes highest first [DS-24].
    pub refer_times: i64,
    pub is_ready: bool,
    /// The active package's current diet, not over.
    pub is_active: bool,
    pub issue_date: i64,
    /// Unknown until the diet has a start.
    pub start_date: Option<i64>,
    /// Its start plus its days, or when the medical team closed it.
    pub expire_diet_date: Option<i64>,
    pub remain_days: Option<i64>,
    /// Diets the package holds; none for a single diet.
    pub package_diet_count: Option<i64>,
    pub current_diet_count: i64,
    /// When the customer's diet request sent the answers to the medical team; only the diet it issued has one.
    pub send_to_dr_date: Option<i64>,
    /// When the customer last saved that request's medical profile.
    pub submit_date: Option<i64>,
    /// When the customer's diet before this one ended (that diet's `expireDietDate`); none for the first diet or
    /// while the one before has no start.
    pub before: Option<i64>,
    /// How many times the customer moved its start (the start-date editor's counter) [DS-27].
    pub start_date_moves: i64,
    /// Whether `POST /app/diets/startdate` would accept a move now: not closed, not underway more than 7 days,
    /// fewer than 3 moves; the panel offers the editor only then.
    pub can_move_start_date: bool,
}

impl From<CustomerDiet> for DietItem {
    fn from(d: CustomerDiet) -> Self {
        DietItem {
            id: d.id,
            diet_number: d.diet_number,
            period: d.period,
            diet_title: d.title,
            refer_times: d.refer_times,
            is_ready: d.is_ready,
            is_active: d.is_active,
            issue_date: d.issued_at,
            start_date: d.starts_at,
            expire_diet_date: d.ends_at,
            remain_days: d.remain_days,
            package_diet_count: d.package_count,
            current_diet_count: d.current_diet_count,
            send_to_dr_date: d.sent_at,
            submit_date: d.submitted_at,
            before: d.before,
            start_date_moves: d.start_moves,
            can_move_start_date: d.start_movable,
        }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AllDietsMsg {
    pub all_diets: Vec<DietItem>,
}

#[derive(Object, Debug)]
pub struct AllDietsReply {
    pub ok: bool,
    pub msg: AllDietsMsg,
}

/// The start-date editor's form (`application/x-www-form-urlencoded`) [DS-27].
#[derive(Object, Debug, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct StartDateForm {
    /// The diet's id.
    pub id: i64,
    /// `YYYY-MM-DD` (midnight in Tehran) or epoch milliseconds; from today up to 60 days ahead.
    pub start_date: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StartDateMsg {
    pub diet: DietItem,
}

#[derive(Object, Debug)]
pub struct StartDateReply {
    pub ok: bool,
    pub msg: StartDateMsg,
}

#[derive(Object, Debug)]
#[oai(skip_serializing_if_is_none)]
pub struct LastIssuedMsg {
    /// None when no diet was ever issued to the customer.
    pub diet: Option<DietItem>,
}

#[derive(Object, Debug)]
pub struct LastIssuedReply {
    pub ok: bool,
    pub msg: LastIssuedMsg,
}

/// The mentor (hami) add-on of the customer's active package.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct HamiSummary {
    /// The active package was bought with the mentor add-on.
    pub has_hami: bool,
    /// The package's order.
    pub order_id: Option<i64>,
    /// The add-on's product title.
    pub title: Option<String>,
}

impl HamiSummary {
    /// The mentor item among the items of the package's order (`order_id`). An item whose stored product type is
    /// none the catalogue knows is an error: the store writes only known ones, and "no mentor" would hide the fault.
    pub fn of(order_id: Option<i64>, items: Vec<BasketItemRow>) -> anyhow::Result<HamiSummary> {
        let mut mentor = None;
        for item in items {
            let kind = ProductType::parse(&item.product_type).with_context(|| {
                format!("basket item {} has product type {:?}", item.basket_item_id, item.product_type)
            })?;
            if kind == ProductType::Mentor && mentor.is_none() {
                mentor = Some(item);
            }
        }
        Ok(HamiSummary {
            has_hami: mentor.is_some(),
            order_id: mentor.as_ref().and(order_id),
            title: mentor.map(|item| item.title),
        })
    }
}

#[derive(Object, Debug)]
pub struct HamiMsg {
    pub hami: HamiSummary,
}

#[derive(Object, Debug)]
pub struct HamiReply {
    pub ok: bool,
    pub msg: HamiMsg,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{ActiveDiet, CardPaymentStatus, PhysicalInfo, SelectedPaymentType};
    use crate::{
        domain::{
            diet_package::{CardPayment, PackageFacts, PackageStatus, QuestionProgress},
            perfect_body::BmiClass,
        },
        store::diets::{ActivePackage, CustomerDiet, OrderPayment},
    };

    fn package(paid: bool, card_payment: Option<CardPayment>, diet: Option<CustomerDiet>) -> ActivePackage {
        ActivePackage {
            order_id: Some(7),
            diet,
            facts: PackageFacts { paid, card_payment, ..PackageFacts::default() },
            questions: QuestionProgress::Partial,
            very_first_time_user: true,
        }
    }

    fn card_request(verified_at: Option<i64>) -> OrderPayment {
        OrderPayment {
            paid_with: verified_at.map(|_| "C2C".to_owned()),
            card_chosen: true,
            last_request_at: Some(100),
            verified_at,
        }
    }

    fn diet(package_count: Option<i64>, current_diet_count: i64) -> CustomerDiet {
        CustomerDiet {
            id: 1,
            order_id: 7,
            diet_number: "D-7".into(),
            title: String::new(),
            period: 30,
            refer_times: 1,
            is_ready: true,
            is_active: true,
            issued_at: 10,
            starts_at: Some(20),
            ends_at: Some(30),
            remain_days: Some(5),
            package_count,
            current_diet_count,
            sent_at: None,
            submitted_at: None,
            before: None,
            start_moves: 0,
            start_movable: true,
        }
    }

    #[test]
    fn a_card_transfer_under_review_is_pending_and_card_chosen() {
        let active = ActiveDiet::of(package(false, Some(CardPayment::Pending), None), Some(card_request(None)));
        assert_eq!(active.status, PackageStatus::TransactionVerificationWaiting);
        assert_eq!(active.c2c_payment_status, Some(CardPaymentStatus::Pending));
        assert_eq!(active.user_selected_payment_type, Some(SelectedPaymentType::Card));
        assert_eq!((active.has_payment, active.has_requested_payment_before), (Some(false), Some(true)));
        assert_eq!((active.last_payment_request_time, active.payment_type), (Some(100), None));
        assert_eq!(active.answer_diet_question, Some(QuestionProgress::Partial));
    }

    #[test]
    fn a_paid_order_has_no_card_status_left() {
        let active = ActiveDiet::of(package(true, Some(CardPayment::Unverified), None), Some(card_request(Some(200))));
        assert_eq!(active.c2c_payment_status, None);
        assert_eq!((active.payment_type.as_deref(), active.payment_verified_time), (Some("C2C"), Some(200)));
    }

    #[test]
    fn the_package_ends_with_its_last_diet() {
        let single = ActiveDiet::of(package(true, None, Some(diet(None, 1))), None);
        assert_eq!((single.expire_diet_date, single.expire_package_at), (Some(30), Some(30)));
        assert_eq!(single.diet_title, None, "no title is left out, not empty");
        let first_of_three = ActiveDiet::of(package(true, None, Some(diet(Some(3), 1))), None);
        assert_eq!((first_of_three.expire_package_at, first_of_three.can_extend), (None, Some(true)));
        let last_of_three = ActiveDiet::of(package(true, None, Some(diet(Some(3), 3))), None);
        assert_eq!(last_of_three.expire_package_at, Some(30));
    }

    #[test]
    fn no_order_leaves_the_order_fields_out() {
        let none = ActiveDiet::of(ActivePackage { order_id: None, ..package(false, None, None) }, None);
        assert_eq!((none.has_payment, none.answer_diet_question, none.id), (None, None, None));
    }

    #[test]
    fn physical_info_takes_the_profiles_general_and_body_figures() {
        let profile = json!({"general": {"gender": "FEMALE", "age": 34, "marital": "SINGLE"},
                             "body": {"weight": 72.5, "stature": 165}});
        let expected = PhysicalInfo {
            gender: Some("FEMALE".into()),
            age: Some(34),
            weight: Some(72.5),
            stature: Some(165.0),
            ideal_weight: Some(68.0),
            bmi_category: Some(BmiClass::Overweight),
            time_to_ideal_weight: Some(2),
        };
        assert_eq!(PhysicalInfo::of_profile(&profile, None), Some(expected));
    }

    #[test]
    fn a_healthy_own_goal_is_the_ideal_weight() {
        let profile = json!({"body": {"weight": 80, "stature": 165}});
        let info = PhysicalInfo::of_profile(&profile, Some(62.0)).expect("figures");
        assert_eq!((info.ideal_weight, info.time_to_ideal_weight), (Some(62.0), Some(6)));
    }

    #[test]
    fn a_profile_without_any_figure_is_no_physical_info() {
        assert_eq!(PhysicalInfo::of_profile(&json!({"general": {"marital": "SINGLE"}, "special": {}}), None), None);
    }
}
