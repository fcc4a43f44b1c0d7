//! The BFF's API as the steps call it: one method per operation of `openapi/openapi.json`, named after its
//! operationId, so steps say what they do and no step spells a path. Each answers the status and the JSON body.
use reqwest::Method;
use serde_json::{Value, json};

use crate::TestApp;

/// The API as one bearer (a customer's token, or the finance unit's) calls it.
pub struct Api<'a> {
    app: &'a TestApp,
    token: &'a str,
}

impl TestApp {
    /// The API as the holder of `token` calls it.
    pub fn api<'a>(&'a self, token: &'a str) -> Api<'a> {
        Api { app: self, token }
    }
}

type Answer = (u16, Value);

impl Api<'_> {
    async fn get(&self, path: &str) -> Answer {
        self.app.call_as(Method::GET, self.token, path, None).await
    }

    async fn post(&self, path: &str, body: &Value) -> Answer {
        self.app.call_as(Method::POST, self.token, path, Some(body)).await
    }

    /// The body of the points and finalize operations: the order they act on.
    async fn on_order(&self, path: &str, order: i64) -> Answer {
        self.post(path, &json!({ "orderId": order })).await
    }

    // Session.
    pub async fn current_user(&self) -> Answer {
        self.get("/app/auth/currentUser").await
    }

    pub async fn logout(&self) -> Answer {
        self.post("/app/auth/logout", &json!({})).await
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
        self.app.call_as(Method::PATCH, self.token, &path, Some(body)).await
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
        let path = format!("/lemonade/api/userPoints/cancel/?orderId={order}");
        self.app.call_as(Method::POST, self.token, &path, None).await
    }

    // Payments.
    pub async fn create_payment(&self, body: &Value) -> Answer {
        self.post("/lemonade/api/payments", body).await
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
        let path = format!("/lemonade/api/{integration}/enable-reserve-diet/{diet}");
        self.app.call_as(Method::POST, self.token, &path, None).await
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
}
