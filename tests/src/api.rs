//! The BFF's API as the steps call it: one method per operation of `openapi/openapi.json`, named after its
//! operationId, so steps say what they do and no step spells a path. Each answers the status and the JSON body
//! (null when empty or not JSON).
use reqwest::{Method, RequestBuilder};
use serde_json::{Value, json};

use crate::{TestApp, app::status_and_json, multipart};

/// The API as one caller calls it: the holder of a bearer token (a customer's, the finance unit's, the medical
/// team's), or a visitor without one.
pub struct Api<'a> {
    app: &'a TestApp,
    token: Option<&'a str>,
}

impl TestApp {
    /// The API as the holder of `token` calls it.
    pub fn api<'a>(&'a self, token: &'a str) -> Api<'a> {
        Api { app: self, token: Some(token) }
    }

    /// The API as the medical team calls it, with the staff token this BFF accepts.
    pub fn staff_api(&self) -> Api<'_> {
        self.api(self.staff_token())
    }

    /// The API as a finance reviewer calls it.
    pub fn finance_api(&self) -> Api<'_> {
        self.api(self.finance_token())
    }

    /// The API as a visitor without a token calls it.
    pub fn visitor(&self) -> Api<'_> {
        Api { app: self, token: None }
    }
}

type Answer = (u16, Value);

impl Api<'_> {
    fn request(&self, method: Method, path: &str) -> RequestBuilder {
        let request = self.app.client.request(method, self.app.url(path));
        match self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn get(&self, path: &str) -> Answer {
        status_and_json(self.request(Method::GET, path)).await
    }

    async fn post(&self, path: &str, body: &Value) -> Answer {
        status_and_json(self.request(Method::POST, path).json(body)).await
    }

    /// A POST without a body: the operation takes everything from its path.
    async fn post_empty(&self, path: &str) -> Answer {
        status_and_json(self.request(Method::POST, path)).await
    }

    /// The older app's calls post `application/x-www-form-urlencoded` fields.
    async fn post_form(&self, path: &str, form: &[(&str, &str)]) -> Answer {
        status_and_json(self.request(Method::POST, path).form(form)).await
    }

    /// The body of the points and finalize operations: the order they act on.
    async fn on_order(&self, path: &str, order: i64) -> Answer {
        self.post(path, &json!({ "orderId": order })).await
    }

    // Session.
    pub async fn current_user(&self) -> Answer {
        self.get("/app/auth/currentUser").await
    }

    /// `sendEmailCode`: a registration code e-mailed to `email` for a new number.
    pub async fn send_email_code(&self, mobile: &str, country_id: i64, email: &str) -> Answer {
        self.post("/auth/register/email", &json!({ "mobileNumber": mobile, "countryId": country_id, "email": email }))
            .await
    }

    /// `sendCode`: a sign-in code by SMS to an Iranian number.
    pub async fn send_code(&self, mobile: &str) -> Answer {
        self.post("/auth/otp", &json!({ "mobileNumber": mobile, "countryId": 1 })).await
    }

    /// `login`: a registered customer's code.
    pub async fn login(&self, mobile: &str, code: &str) -> Answer {
        self.post("/auth/login", &json!({ "mobileNumber": mobile, "countryId": 1, "otp": code })).await
    }

    /// `gumroadPrice`: what Gumroad will charge for the order.
    pub async fn gumroad_price(&self, order: i64) -> Answer {
        self.on_order("/lemonade/api/payments/gumroad/price", order).await
    }

    /// `legacySendOtp`: the older app's form post.
    pub async fn legacy_send_otp(&self, form: &[(&str, &str)]) -> Answer {
        self.post_form("/app/auth/sendotp", form).await
    }

    /// `legacyLoginOrRegister`: the older app's form post.
    pub async fn legacy_login_or_register(&self, form: &[(&str, &str)]) -> Answer {
        self.post_form("/app/auth/loginorregister", form).await
    }

    // Orders.
    pub async fn create_order(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/orders", body).await
    }

    pub async fn list_orders(&self) -> Answer {
        self.get("/lemonade/api/orders").await
    }

    /// `listOrders` of the paid orders only.
    pub async fn list_paid_orders(&self) -> Answer {
        self.get("/lemonade/api/orders?status=PAYMENT_SUCCESS").await
    }

    pub async fn order_invoice(&self, order: i64) -> Answer {
        self.get(&format!("/lemonade/api/orders/{order}/invoice")).await
    }

    pub async fn finalize_order(&self, order: i64) -> Answer {
        self.on_order("/lemonade/api/orders/finalize-order", order).await
    }

    // Promotion codes.
    pub async fn apply_promotion_code(&self, code: &str, order: i64) -> Answer {
        self.post("/lemonade/api/usedDiscounts", &json!({ "code": code, "orderId": order })).await
    }

    pub async fn cancel_promotion_code(&self, id: i64, body: &Value) -> Answer {
        let path = format!("/lemonade/api/usedDiscounts/{id}");
        status_and_json(self.request(Method::PATCH, &path).json(body)).await
    }

    // Points.
    pub async fn total_points(&self) -> Answer {
        self.get("/lemonade/api/userPoints/totalPoints").await
    }

    pub async fn set_user_points(&self, order: i64) -> Answer {
        self.on_order("/lemonade/api/userPoints/set", order).await
    }

    pub async fn unset_user_points(&self, order: i64) -> Answer {
        self.on_order("/lemonade/api/userPoints/unset", order).await
    }

    pub async fn reserve_user_points(&self, order: i64) -> Answer {
        self.on_order("/lemonade/api/userPoints/reserve", order).await
    }

    /// The older app's cancel takes the order in the query and no body.
    pub async fn cancel_user_points(&self, order: i64) -> Answer {
        self.post_empty(&format!("/lemonade/api/userPoints/cancel/?orderId={order}")).await
    }

    // Payments.
    pub async fn create_payment(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/payments", body).await
    }

    /// `createPayment` as one checkout tab sends it, under its own `Idempotency-Key`.
    pub async fn create_payment_with_key(&self, body: &Value, idempotency_key: &str) -> Answer {
        let request = self.request(Method::POST, "/lemonade/api/payments").header("Idempotency-Key", idempotency_key);
        status_and_json(request.json(body)).await
    }

    // Limoo cards.
    pub async fn redeem_limoo_card(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/limoo-cards", body).await
    }

    // Questionnaires.
    pub async fn create_form_answers(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/formAnswers", body).await
    }

    /// `perfectBodyRegistration`: the landing's multipart form.
    pub async fn perfect_body_registration(&self, fields: &[(&str, &str)]) -> Answer {
        multipart::send(self.app, self.token, "/landing/perfectbody/registrationt2", fields).await
    }

    pub async fn perfect_body_result(&self, referral: &str) -> Answer {
        multipart::send(self.app, self.token, "/landing/perfectbody/resultt2", &[("referral", referral)]).await
    }

    pub async fn create_medical_profile(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/medical-profiles", body).await
    }

    pub async fn request_diet(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/make-profile-and-request-diet", body).await
    }

    // Diet packages, the older flow.
    pub async fn package_infos(&self) -> Answer {
        self.get("/diet/package-infos").await
    }

    pub async fn extend_package_infos(&self) -> Answer {
        self.get("/diets/extend/package-infos").await
    }

    pub async fn select_package(&self, body: &Value) -> Answer {
        self.post("/diet/select-package", body).await
    }

    pub async fn extend_select_package(&self, body: &Value) -> Answer {
        self.post("/diets/extend/select-package", body).await
    }

    pub async fn mentor_link_by_mobile(&self) -> Answer {
        self.get("/mentors/link-by-mobile").await
    }

    // Diets.
    pub async fn active_diet(&self) -> Answer {
        self.get("/app/diets/active").await
    }

    pub async fn all_diets(&self) -> Answer {
        self.get("/app/diets/all").await
    }

    pub async fn physical_info(&self) -> Answer {
        self.get("/app/physicalinfo/general").await
    }

    pub async fn list_diet_packages(&self, diet_status: &str) -> Answer {
        self.get(&format!("/lemonade/api/diet-packages/?dietStatus={diet_status}")).await
    }

    /// `enableReserveDiet` as the named integration calls it for the customer.
    pub async fn enable_reserve_diet(&self, integration: &str, diet: i64) -> Answer {
        self.post_empty(&format!("/lemonade/api/{integration}/enable-reserve-diet/{diet}")).await
    }

    // Franchise.
    pub async fn franchise_summary(&self) -> Answer {
        self.get("/franchise/summary").await
    }

    pub async fn franchise_invitations(&self) -> Answer {
        self.get("/franchise/invite-lists").await
    }

    // The medical team's diets and franchise memberships (with the staff token).
    pub async fn staff_list_diets(&self, mobile: &str) -> Answer {
        self.get(&format!("/lemonade/api/staff/diets?mobile={mobile}")).await
    }

    pub async fn staff_issue_diet(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/staff/diets/issue", body).await
    }

    pub async fn staff_diet_ready(&self, diet: i64, body: &Value) -> Answer {
        self.post(&format!("/lemonade/api/staff/diets/{diet}/ready"), body).await
    }

    pub async fn staff_diet_start(&self, diet: i64, body: &Value) -> Answer {
        self.post(&format!("/lemonade/api/staff/diets/{diet}/start"), body).await
    }

    pub async fn staff_grant_franchise(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/staff/franchise/grant", body).await
    }

    pub async fn staff_grant_points(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/staff/points/grant", body).await
    }

    pub async fn staff_revoke_franchise(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/staff/franchise/revoke", body).await
    }

    pub async fn staff_franchise_member(&self, mobile: &str) -> Answer {
        self.get(&format!("/lemonade/api/staff/franchise/member?mobileNumber={mobile}")).await
    }

    // The test clock (with the staff token).
    pub async fn staff_read_clock(&self) -> Answer {
        self.get("/lemonade/api/staff/clock").await
    }

    pub async fn staff_advance_clock(&self, seconds: i64) -> Answer {
        self.post("/lemonade/api/staff/clock/advance", &json!({ "seconds": seconds })).await
    }

    pub async fn staff_read_customer_clock(&self, customer_id: i64) -> Answer {
        self.get(&format!("/lemonade/api/staff/clock/customers/{customer_id}")).await
    }

    pub async fn staff_advance_customer_clock(&self, customer_id: i64, seconds: i64) -> Answer {
        self.post(&format!("/lemonade/api/staff/clock/customers/{customer_id}/advance"), &json!({ "seconds": seconds }))
            .await
    }

    // Finance.
    pub async fn list_transfers(&self) -> Answer {
        self.get("/lemonade/api/finance/transfers").await
    }

    /// `approveTransfer` or `rejectTransfer`, as `verdict` (`approve`, `reject`) says.
    pub async fn judge_transfer(&self, payment: i64, verdict: &str, body: &Value) -> Answer {
        self.post(&format!("/lemonade/api/finance/transfers/{payment}/{verdict}"), body).await
    }

    pub async fn list_refunds(&self, status: &str) -> Answer {
        self.get(&format!("/lemonade/api/finance/refunds?status={status}")).await
    }

    pub async fn settle_refund(&self, payment: i64, body: &Value) -> Answer {
        self.post(&format!("/lemonade/api/finance/refunds/{payment}/settle"), body).await
    }

    pub async fn list_unanswered_payments(&self) -> Answer {
        self.get("/lemonade/api/finance/unanswered").await
    }

    pub async fn check_unanswered_payment(&self, payment: i64, body: &Value) -> Answer {
        self.post(&format!("/lemonade/api/finance/unanswered/{payment}/check"), body).await
    }
}
