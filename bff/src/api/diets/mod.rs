//! The diet panel's reads: the active package the `/user-panel` guard and the can-buy-diet check decide
//! by (spec 1 §2, spec 3 §4), and the customer's physical info. Answers use the panel's `{ok, msg}`
//! envelope (spec 3 §7).
pub mod error;
pub mod history;
pub mod reserves;

use poem::web::Data;
use poem_openapi::{
    Enum, Object, OpenApi,
    payload::{Form, Json},
};

use self::error::StartDateFailure;
use self::history::{
    AllDietsMsg, AllDietsReply, DietItem, HamiMsg, HamiReply, HamiSummary, LastIssuedMsg, LastIssuedReply,
    StartDateForm, StartDateMsg, StartDateReply,
};
use super::{
    ApiTags,
    error::{AreaFailure, CustomerCallFailure},
    security::CustomerToken,
};
use crate::{
    domain::{
        catalogue::ProductType,
        diet_package::{self, CardPayment, PackageStatus, QuestionProgress},
        diet_start::StartDate,
        perfect_body::{BmiClass, WeightGoal},
    },
    state::AppState,
    store::{diet_requests, diet_team, diets, form_answers, now_ms, orders},
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
    fn of(package: diets::ActivePackage, payment: Option<diets::OrderPayment>) -> ActiveDiet {
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
    fn of_profile(profile: &serde_json::Value, own_goal_kg: Option<f64>) -> Option<PhysicalInfo> {
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

pub struct DietsApi;

#[OpenApi(tag = "ApiTags::Diets")]
impl DietsApi {
    /// The signed-in customer's active diet package: the paid diet order if any, else the latest one; a
    /// customer without a diet order gets `TRANSACTION_WATING`.
    #[oai(path = "/app/diets/active", method = "get", operation_id = "activeDiet")]
    async fn active(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<ActiveDietReply>, CustomerCallFailure> {
        let (package, payment) = diets::active_package_with_payment(&state.db, token.customer_id(), now_ms())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(ActiveDietReply { ok: true, msg: ActiveDietMsg { active_diet: ActiveDiet::of(package, payment) } }))
    }

    /// Every diet issued to the signed-in customer, the most recent referral (`referTimes`) first [DS-24].
    #[oai(path = "/app/diets/all", method = "get", operation_id = "allDiets")]
    async fn all(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<AllDietsReply>, CustomerCallFailure> {
        let diets = diets::customer_diets(&state.db, token.customer_id(), now_ms())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(AllDietsReply {
            ok: true,
            msg: AllDietsMsg { all_diets: diets.into_iter().map(Into::into).collect() },
        }))
    }

    /// The diet issued to the signed-in customer most recently; an empty `msg` when none was.
    #[oai(path = "/app/diet/user/last-issued", method = "get", operation_id = "lastIssuedDiet")]
    async fn last_issued(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<LastIssuedReply>, CustomerCallFailure> {
        let diets = diets::customer_diets(&state.db, token.customer_id(), now_ms())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        let diet = diets.into_iter().next().map(Into::into);
        Ok(Json(LastIssuedReply { ok: true, msg: LastIssuedMsg { diet } }))
    }

    /// Whether the signed-in customer's active package came with the mentor (hami) add-on.
    #[oai(path = "/app/hami/summary", method = "get", operation_id = "hamiSummary")]
    async fn hami(&self, state: Data<&AppState>, token: CustomerToken) -> Result<Json<HamiReply>, CustomerCallFailure> {
        let package = active_package(&state, &token).await?;
        let mentor = match package.order_id {
            None => None,
            Some(order_id) => {
                let read = async {
                    let mut tx = state.db.read().await?;
                    orders::find_for_customer(&mut tx, order_id, token.customer_id()).await
                };
                let order = read.await.map_err(|error| CustomerCallFailure::unexpected(&error))?;
                order.and_then(|o| {
                    o.items.into_iter().find(|item| ProductType::parse(&item.product_type) == Some(ProductType::Mentor))
                })
            }
        };
        let hami = HamiSummary {
            has_hami: mentor.is_some(),
            order_id: mentor.as_ref().and(package.order_id),
            title: mentor.map(|item| item.title),
        };
        Ok(Json(HamiReply { ok: true, msg: HamiMsg { hami } }))
    }

    /// Sets or moves the start of one of the signed-in customer's diets (form `id`, `startDate`) [DS-27]. Another
    /// customer's diet is a 404; a date before today or more than 60 days ahead a 400; a diet the team closed, one
    /// that has run more than 7 days, or a fourth move by the customer a 409 (the medical team can still move it).
    #[oai(path = "/app/diets/startdate", method = "post", operation_id = "setDietStartDate")]
    async fn start_date(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        form: Form<StartDateForm>,
    ) -> Result<Json<StartDateReply>, StartDateFailure> {
        let now = now_ms();
        let starts_at = StartDate::for_customer(&form.start_date, now)?.epoch_ms();
        let customer_id = token.customer_id();
        diet_team::customer_move_start(&state.db, form.id, customer_id, starts_at, now).await?;
        let diets = diets::customer_diets(&state.db, customer_id, now).await?;
        let diet = diets.into_iter().find(|d| d.id == form.id).ok_or_else(|| anyhow::anyhow!("the diet just moved"))?;
        Ok(Json(StartDateReply { ok: true, msg: StartDateMsg { diet: diet.into() } }))
    }

    /// The signed-in customer's physical info from their latest medical profile; an empty `msg` when they
    /// never sent one.
    #[oai(path = "/app/physicalinfo/general", method = "get", operation_id = "physicalInfo")]
    async fn physical_info(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<PhysicalInfoReply>, CustomerCallFailure> {
        let read = async {
            let Some(profile) = diet_requests::latest_profile(&state.db, token.customer_id()).await? else {
                return Ok(None);
            };
            let own_goal = form_answers::latest_goal_weight(&state.db, token.customer_id()).await?;
            anyhow::Ok(PhysicalInfo::of_profile(&profile, own_goal))
        };
        let physical_info = read.await.map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(PhysicalInfoReply { ok: true, msg: PhysicalInfoMsg { physical_info } }))
    }
}

/// The customer's package as of now; a store failure is the generic 500.
pub async fn active_package(
    state: &AppState,
    token: &CustomerToken,
) -> Result<diets::ActivePackage, CustomerCallFailure> {
    diets::active_package(&state.db, token.customer_id(), now_ms())
        .await
        .map_err(|error| CustomerCallFailure::unexpected(&error))
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
