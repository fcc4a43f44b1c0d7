//! Shop area: the catalogue, the wizard configs and the can-buy-diet check; orders live in `orders`.
use poem::web::Data;
use poem_openapi::{
    Object, OpenApi,
    param::{Header, Path, Query},
    payload::Json,
};

pub mod dto;
pub mod error;
pub mod invoice;
pub mod orders;

use self::{
    dto::{ProductDto, WizardConfigDto},
    error::{ProductsResponse, ShopError, WizardConfigFailure, WizardConfigResponse},
};
use super::{ApiTags, error::CustomerCallFailure, prepared_json::PreparedJson, security::CustomerToken};
use crate::{
    domain::{
        Language,
        catalogue::{self, ProductFilter},
        diet_package,
    },
    shop::catalogue_cache::Prepared,
    state::AppState,
    store::{products, wizard_configs},
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
        /// The `ETag` of a listing the client holds.
        #[oai(name = "If-None-Match")]
        if_none_match: Header<Option<String>>,
    ) -> ProductsResponse {
        let filter_normal_diet = filter_normal_diet.0.unwrap_or(false);
        let key = serde_json::json!(["products", filter.0, utm_campaign.0, filter_normal_diet]).to_string();
        let listing = state.catalogue.reply(&state.db, key, || async {
            let products =
                list_products(&state, filter.0.as_deref(), utm_campaign.0.as_deref(), filter_normal_diet).await?;
            Ok::<_, ShopError>(PreparedJson::of(&products).body().clone())
        });
        match listing.await {
            Ok(listing) => {
                revalidated(&listing, if_none_match.0.as_deref(), ProductsResponse::Ok, ProductsResponse::NotModified)
            }
            Err(error) => error.into(),
        }
    }

    /// Whether the signed-in customer can buy a diet (the select-package-c guard): not while a paid diet
    /// is running (being answered, issued, active or between a package's diets) [RG-22]; close to
    /// expiry, expired or unpaid, buying is the next step.
    #[oai(path = "/can-buy-diet", method = "get", operation_id = "canBuyDiet")]
    async fn can_buy_diet(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<CanBuyDiet>, CustomerCallFailure> {
        let package = super::diets::active_package(&state, &token).await?;
        let running = diet_package::status(&package.facts).has_running_diet();
        Ok(Json(CanBuyDiet { can_buy_diet: !running }))
    }

    /// A select-package-f wizard: its pages, options and the catalogue products they offer.
    ///
    /// `integration` is `{product}-integrations` with the lower-case product code (`limoo-integrations`);
    /// another product's, or an unknown config id, is a 404. Public.
    #[oai(path = "/:integration/config/:configId", method = "get", operation_id = "wizardConfig")]
    async fn wizard_config(
        &self,
        state: Data<&AppState>,
        /// `{product}-integrations`, e.g. `limoo-integrations`.
        integration: Path<String>,
        /// e.g. `SELECT_PACKAGE_F_PRODUCTS`.
        #[oai(name = "configId")]
        config_id: Path<String>,
        /// The `ETag` of a config the client holds.
        #[oai(name = "If-None-Match")]
        if_none_match: Header<Option<String>>,
        /// The language of the page (`tr`, `fa`): a config translated into it is served in it.
        #[oai(name = "Accept-Language")]
        accept_language: Header<Option<String>>,
    ) -> Result<WizardConfigResponse, WizardConfigFailure> {
        let language = Language::from_accept_language(accept_language.0.as_deref());
        let ours = format!("{}-integrations", state.product_code.to_lowercase());
        if integration.0 != ours {
            return Err(ShopError::ConfigNotFound.into());
        }
        // An unknown id is an error and never kept, so varying it cannot fill the cache.
        let key = serde_json::json!(["wizard", config_id.0, language.tag()]).to_string();
        let config = state
            .catalogue
            .reply(&state.db, key, || async {
                Ok::<_, ShopError>(
                    PreparedJson::of(&wizard_config(&state, &config_id.0, language).await?).body().clone(),
                )
            })
            .await?;
        Ok(revalidated(
            &config,
            if_none_match.0.as_deref(),
            WizardConfigResponse::Ok,
            WizardConfigResponse::NotModified,
        ))
    }
}

/// A cached catalogue reply: 304 when `If-None-Match` names it, else its JSON with the validator and `no-cache`, so
/// a phone revalidates it on every visit and downloads it only after a change.
fn revalidated<T, R>(
    prepared: &Prepared,
    if_none_match: Option<&str>,
    ok: impl FnOnce(PreparedJson<T>, String, String) -> R,
    not_modified: impl FnOnce(String) -> R,
) -> R {
    if prepared.matches(if_none_match) {
        not_modified(prepared.etag.clone())
    } else {
        ok(PreparedJson::from_body(prepared.body.clone()), prepared.etag.clone(), "no-cache".into())
    }
}

/// Whether the customer may buy a diet now.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CanBuyDiet {
    pub can_buy_diet: bool,
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

/// The stored wizard, its pages in `language`, with every enabled catalogue product its options offer.
async fn wizard_config(state: &AppState, id: &str, language: Language) -> Result<WizardConfigDto, ShopError> {
    let config = wizard_configs::find(&state.db, &state.service_name, id).await?.ok_or(ShopError::ConfigNotFound)?;
    let offered = config.product_ids();
    let products = products::list_by_service(&state.db, &state.service_name)
        .await?
        .into_iter()
        .filter(|p| p.is_enabled && offered.contains(&p.id))
        .map(|p| (p.id.to_string(), ProductDto::from(p)))
        .collect();
    let pages = config.pages_in(language).to_vec();
    Ok(WizardConfigDto { id: config.id, products_tag: config.products_tag, products, pages, config: config.config })
}
