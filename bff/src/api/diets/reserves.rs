//! The reserve list: diet packages paid while another diet ran, and starting one once no diet runs
//! (spec 2 §2, §4, §7) [PM-70, PM-72, PM-73].
use poem::web::Data;
use poem_openapi::{Object, OpenApi, param::Path, param::Query, payload::Json};

use crate::{
    api::{ApiTags, diets::error::ReserveFailure, error::AreaFailure, security::CustomerToken},
    domain::diet_package::ReserveStatus,
    messages,
    state::AppState,
    store::{
        diets::{self, Activation, ReservedPackage},
        now_ms,
    },
};

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DietPackageMeta {
    pub title: String,
    pub with_mentor: bool,
}

/// One diet of a package and its reserve state.
#[derive(Object, Debug)]
pub struct PackageDiet {
    pub id: i64,
    pub status: ReserveStatus,
}

/// A paid diet package (its order) with its reserved diet.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DietPackage {
    /// The package's order id.
    pub id: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub meta: DietPackageMeta,
    pub diet_count: i64,
    pub diets: Vec<PackageDiet>,
}

impl From<ReservedPackage> for DietPackage {
    fn from(package: ReservedPackage) -> Self {
        DietPackage {
            id: package.order_id,
            created_at: package.created_at,
            meta: DietPackageMeta { title: package.title, with_mentor: package.with_mentor },
            diet_count: package.diet_count,
            diets: vec![PackageDiet { id: package.diet_id, status: package.status }],
        }
    }
}

/// `sentStatus` is present only when the reserve started.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct EnableReserveReply {
    /// True: the reserved diet is now the active package. Absent: another diet is still running and
    /// nothing changed [PM-72].
    #[oai(skip_serializing_if_is_none)]
    pub sent_status: Option<bool>,
}

pub struct ReservesApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Diets")]
impl ReservesApi {
    /// The signed-in customer's diet packages whose diet is in `dietStatus` (default `RESERVED`), newest first.
    #[oai(path = "/diet-packages/", method = "get", operation_id = "listDietPackages")]
    async fn list(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// `RESERVED` (the reserve list) or `ENABLED`.
        #[oai(name = "dietStatus")]
        diet_status: Query<Option<String>>,
    ) -> Result<Json<Vec<DietPackage>>, ReserveFailure> {
        let status = match diet_status.0.as_deref() {
            None => ReserveStatus::Reserved,
            Some(text) => ReserveStatus::parse(text)
                .ok_or_else(|| ReserveFailure::bad_request(messages::RESERVE_STATUS_INVALID, text))?,
        };
        let packages = diets::reserved_packages(&state.db, token.customer_id(), status).await?;
        Ok(Json(packages.into_iter().map(DietPackage::from).collect()))
    }

    /// Start a reserved diet. When another diet is still running the answer has no `sentStatus` and the
    /// reserve stays; otherwise the reserve becomes the active package (`sentStatus: true`). Repeating it
    /// for a started reserve answers `sentStatus: true` again.
    #[oai(path = "/:integration/enable-reserve-diet/:dietId", method = "post", operation_id = "enableReserveDiet")]
    async fn enable(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// `{product}-integrations`, e.g. `limoo-integrations`.
        integration: Path<String>,
        /// The reserved diet's id from the reserve list.
        #[oai(name = "dietId")]
        diet_id: Path<i64>,
    ) -> Result<Json<EnableReserveReply>, ReserveFailure> {
        let ours = format!("{}-integrations", state.product_code.to_lowercase());
        if integration.0 != ours {
            return Err(ReserveFailure::status(404, messages::NOT_FOUND, integration.0));
        }
        match diets::activate_reserve(&state.db, token.customer_id(), diet_id.0, now_ms()).await? {
            Activation::NotFound => Err(ReserveFailure::status(404, messages::RESERVED_DIET_NOT_FOUND, diet_id.0)),
            Activation::DietRunning => Ok(Json(EnableReserveReply { sent_status: None })),
            Activation::Activated => Ok(Json(EnableReserveReply { sent_status: Some(true) })),
        }
    }
}
