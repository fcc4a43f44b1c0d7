//! Shop area: the catalogue now; orders, invoices, promotions and points join it.
use poem::web::Data;
use poem_openapi::{Object, OpenApi, param::Query, payload::Json};

pub mod dto;
pub mod error;
pub mod orders;

use self::{
    dto::ProductDto,
    error::{CustomerCallFailure, ProductsResponse, ShopError},
};
use super::{ApiTags, security::CustomerToken};
use crate::{
    domain::catalogue::{self, ProductFilter},
    startup::AppState,
    store::products,
};

pub struct ShopApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Shop")]
impl ShopApi {
    /// List catalogue products.
    ///
    /// `where` is a JSON object; every key is optional: `service` (default `{PRODUCT_CODE}_SHOP`,
    /// case-insensitive), `productType` (`"DIET"` or `{"inq": ["DIET","BUNDLE"]}`), `isEnabled` (default true),
    /// `id` (a number or `{"inq": [...]}`), `meta.tags` (default `"DIET"`; `null` for any tag) and
    /// `meta.type` (`{"like": "PARTNER_DISCOUNT"}`, substring match). Products restricted to utm
    /// campaigns show only for a matching `utmCampaign`. The result is sorted ascending by
    /// `meta.showOrder` (default 1000000), then diets by count + 0.1 (normal) or + 0.2 (premium).
    #[oai(path = "/products", method = "get", operation_id = "listProducts")]
    async fn products(
        &self,
        state: Data<&AppState>,
        /// JSON filter, see above.
        #[oai(name = "where")]
        filter: Query<Option<String>>,
        /// The visitor's utm campaign.
        #[oai(name = "utmCampaign")]
        utm_campaign: Query<Option<String>>,
        /// Feature flag `filterNormalDiet`: keep only premium diets.
        #[oai(name = "filterNormalDiet")]
        filter_normal_diet: Query<Option<bool>>,
        /// Accepted for compatibility with older clients; preview rules are not applied server-side.
        #[oai(name = "disablePreviewCheckRules")]
        _disable_preview_check_rules: Query<Option<bool>>,
    ) -> ProductsResponse {
        let listing = list_products(
            &state,
            filter.0.as_deref(),
            utm_campaign.0.as_deref(),
            filter_normal_diet.0.unwrap_or(false),
        );
        match listing.await {
            Ok(products) => ProductsResponse::Ok(Json(products)),
            Err(error) => error.into(),
        }
    }

    /// Whether the signed-in customer can buy a diet (the select-package-c guard).
    ///
    /// Every customer can until diets exist (the diet panel issue); a customer with a running diet
    /// will then be sent to the panel.
    #[oai(path = "/can-buy-diet", method = "get", operation_id = "canBuyDiet")]
    async fn can_buy_diet(&self, _token: CustomerToken) -> Result<Json<CanBuyDiet>, CustomerCallFailure> {
        Ok(Json(CanBuyDiet { can_buy_diet: true }))
    }

    /// The signed-in customer's successful profile orders (the package-page guards redirect on them).
    ///
    /// Empty until orders exist (the shop issue).
    #[oai(path = "/orders/profile-orders", method = "get", operation_id = "profileOrders")]
    async fn profile_orders(&self, _token: CustomerToken) -> Result<Json<Vec<ProfileOrder>>, CustomerCallFailure> {
        Ok(Json(Vec::new()))
    }
}

/// Whether the customer may buy a diet now.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CanBuyDiet {
    pub can_buy_diet: bool,
}

/// A successful order of a profile (diet) product, as the package-page guards read it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ProfileOrder {
    pub order_id: i64,
    /// `PROF` or `AFTER_PROF`.
    pub diet_type: String,
}

async fn list_products(
    state: &AppState,
    filter: Option<&str>,
    utm_campaign: Option<&str>,
    premium_only: bool,
) -> Result<Vec<ProductDto>, ShopError> {
    let filter = ProductFilter::parse(filter, &state.service_name)?;
    let mut found: Vec<_> = products::list_by_service(&state.db, filter.service())
        .await?
        .into_iter()
        .filter(|p| filter.matches(p, utm_campaign))
        .collect();
    if premium_only {
        catalogue::keep_premium_diets(&mut found);
    }
    catalogue::sort(&mut found);
    Ok(found.into_iter().map(ProductDto::from).collect())
}
