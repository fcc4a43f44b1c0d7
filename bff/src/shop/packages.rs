//! The older diet-package flow (spec 3 §3 "Packages info", §4, §7): the offers a customer may buy now and the
//! order a selection makes. The order goes through the same store, points and invoice code as the shop's, so a
//! package order is paid, held and discounted like any other.
use serde_json::json;

use super::{
    invoice::Invoice,
    orders::{self as shop_orders, OrderError},
    points::{self as shop_points, HoldMode, PointsError, point_value},
};
use crate::{
    config::PointSettings,
    domain::{
        Toman,
        catalogue::{DEFAULT_TAG, Product},
        diet_package::{self, PackageStatus},
        package_offers::{self, Offer},
    },
    store::{Db, diets, now_ms, orders, package_selections, products},
};

/// How many times a selection is retried when a concurrent identical one recorded its order first.
const SELECT_ATTEMPTS: usize = 3;

#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// The customer's diet is running: the extend variant answers instead [DS-31].
    #[error("EXTEND_DIET_FOUND")]
    ExtendDietFound,
    #[error("no running diet to extend")]
    NoDietToExtend,
    /// A paid package still waits for its diet: nothing to pay [ER-56].
    #[error("NO_NEED_TO_PAYMENT")]
    NoNeedToPayment,
    #[error("no offer of {0} months with the asked hami")]
    NoSuchOffer(i64),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<OrderError> for PackageError {
    fn from(error: OrderError) -> Self {
        match error {
            OrderError::Unexpected(e) => PackageError::Unexpected(e),
            other => PackageError::Unexpected(anyhow::anyhow!(other)),
        }
    }
}

/// A new package, or the next one for a customer whose diet runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    New,
    Extend,
}

impl Flow {
    fn as_str(self) -> &'static str {
        match self {
            Flow::New => "NEW",
            Flow::Extend => "EXTEND",
        }
    }
}

pub struct PackageInfo {
    /// The flow the offers are for.
    pub flow: Flow,
    pub offers: Vec<Offer>,
    pub is_new_user: bool,
    /// The running diet's number in the extend flow.
    pub diet_id: Option<String>,
    pub need_payment: bool,
    pub free_points: i64,
    pub point_value: Toman,
}

/// An issued, started diet that has not run out for good: the customer extends it.
fn is_running(status: PackageStatus) -> bool {
    matches!(status, PackageStatus::Active | PackageStatus::CloseToExpire | PackageStatus::MidTermExpired)
}

/// Paid, or paid by a card transfer finance has still to check, and waiting for its diet.
fn awaits_diet(status: PackageStatus) -> bool {
    matches!(
        status,
        PackageStatus::Issuing
            | PackageStatus::AnsweringQuestions
            | PackageStatus::SibDietError
            | PackageStatus::TransactionVerificationWaiting
    )
}

/// The customer's packages info for a package type (`NORMAL` or `PREMIUM`) in the flow; with no flow asked, in the
/// one the customer is in (extend while a diet runs), so a page need not be refused to learn which.
pub async fn info(
    db: &Db,
    service_name: &str,
    point_settings: &PointSettings,
    customer_id: i64,
    flow: Option<Flow>,
    package_type: &str,
) -> Result<PackageInfo, PackageError> {
    Ok(info_with_catalogue(db, service_name, point_settings, customer_id, flow, package_type).await?.0)
}

/// [`info`] and the catalogue its offers come from.
async fn info_with_catalogue(
    db: &Db,
    service_name: &str,
    point_settings: &PointSettings,
    customer_id: i64,
    flow: Option<Flow>,
    package_type: &str,
) -> Result<(PackageInfo, Vec<Product>), PackageError> {
    let now = now_ms();
    let package = diets::active_package(db, customer_id, now).await?;
    let status = diet_package::status(&package.facts);
    let flow = flow.unwrap_or(if is_running(status) { Flow::Extend } else { Flow::New });
    match flow {
        Flow::New if is_running(status) => return Err(PackageError::ExtendDietFound),
        Flow::Extend if !is_running(status) => return Err(PackageError::NoDietToExtend),
        _ => {}
    }
    let catalogue = products::list_by_service(db, service_name).await?;
    let balance = shop_points::balance(db, customer_id).await?;
    let info = PackageInfo {
        flow,
        offers: package_offers::offers(&catalogue, package_type, DEFAULT_TAG),
        is_new_user: package.very_first_time_user,
        diet_id: package.diet.map(|d| d.diet_number).filter(|_| flow == Flow::Extend),
        need_payment: flow == Flow::Extend || !awaits_diet(status),
        free_points: balance.free,
        point_value: point_value(point_settings),
    };
    Ok((info, catalogue))
}

/// What the customer picked on the package page.
pub struct Selection<'a> {
    pub diet_count: i64,
    pub has_hami: bool,
    pub has_points: bool,
    pub package_type: &'a str,
}

/// Creates the order for the selection, or answers the unpaid one an identical earlier selection made while its
/// basket is still what the offer holds, then switches its points on or off. A double tap or a racing request never
/// makes a second order.
#[tracing::instrument(skip_all, fields(customer_id))]
pub async fn select(
    db: &Db,
    service_name: &str,
    point_settings: &PointSettings,
    customer_id: i64,
    flow: Flow,
    selection: Selection<'_>,
) -> Result<Invoice, PackageError> {
    let (info, catalogue) =
        info_with_catalogue(db, service_name, point_settings, customer_id, Some(flow), selection.package_type).await?;
    if !info.need_payment {
        return Err(PackageError::NoNeedToPayment);
    }
    let offer = info
        .offers
        .iter()
        .find(|o| o.product_count == selection.diet_count)
        .filter(|o| !selection.has_hami || o.hami_product_id.is_some())
        .ok_or(PackageError::NoSuchOffer(selection.diet_count))?;
    let key = format!(
        "{}:{}:{}:{}",
        flow.as_str(),
        selection.package_type.to_uppercase(),
        offer.product_count,
        if selection.has_hami { "HAMI" } else { "PLAIN" }
    );
    let chosen: Vec<Product> = offer
        .product_ids(selection.has_hami)
        .into_iter()
        .filter_map(|id| catalogue.iter().find(|p| p.id == id).cloned())
        .collect();
    let meta = json!({"source": "select-package", "flow": flow.as_str(), "packageType": selection.package_type,
                      "dietId": info.diet_id})
    .to_string();
    let (order_id, replaced) = order_for(db, service_name, customer_id, &key, &chosen, &meta).await?;
    if let Some(replaced) = replaced {
        // Points the outdated order held are the new one's to take; held for a payment, they stay until it ends.
        let _ = shop_points::release(db, customer_id, replaced).await;
    }
    let points = if selection.has_points {
        shop_points::hold(db, point_settings, customer_id, order_id, HoldMode::AddToOrder).await.map(|_| ())
    } else {
        shop_points::release(db, customer_id, order_id).await.map(|_| ())
    };
    match points {
        // Nothing to hold, held on another order, reserved for a payment or a payment under way: the order keeps its
        // points as they are.
        Ok(())
        | Err(PointsError::NothingUsable | PointsError::HeldElsewhere | PointsError::Reserved)
        | Err(PointsError::NoPointsOnOrder | PointsError::UnderWay(_)) => {}
        Err(PointsError::Unexpected(e)) => return Err(e.into()),
        Err(other) => return Err(anyhow::anyhow!(other).into()),
    }
    Ok(shop_orders::invoice(db, customer_id, order_id).await?)
}

/// The selection's order, and the earlier unpaid order it replaces (its basket no longer the offer's), if any.
async fn order_for(
    db: &Db,
    service_name: &str,
    customer_id: i64,
    key: &str,
    products: &[Product],
    meta: &str,
) -> Result<(i64, Option<i64>), PackageError> {
    for _ in 0..SELECT_ATTEMPTS {
        let mut tx = db.begin().await?;
        let previous = package_selections::find(&mut tx, customer_id, key).await?;
        let mut replaced = None;
        if let Some(order_id) = previous
            && let Some(order) = orders::find_for_customer(&mut tx, order_id, customer_id).await?
            && !order.is_paid()
        {
            if same_basket(&order, products) {
                return Ok((order_id, None));
            }
            replaced = Some(order_id);
        }
        let new = orders::NewOrder {
            customer_id,
            service: service_name.to_owned(),
            session_id: None,
            utm_campaign: None,
            meta: meta.to_owned(),
            products: products.to_vec(),
        };
        let order_id = orders::create_in(&mut tx, new).await?;
        if package_selections::claim(&mut tx, customer_id, key, previous, order_id).await? {
            tx.commit().await?;
            return Ok((order_id, replaced));
        }
    }
    Err(anyhow::anyhow!("the package selection kept colliding with concurrent requests").into())
}

/// Whether the order holds the products at the prices the offer shows now (a promotion code's discount aside): after
/// a price change, a sale or a product taken off, the earlier order would charge what the customer was not offered.
fn same_basket(order: &orders::Order, products: &[Product]) -> bool {
    let mut held: Vec<(i64, i64, i64)> =
        order.items.iter().map(|i| (i.product_id, i.original_price, i.final_price + i.promotion_discount)).collect();
    let mut offered: Vec<(i64, i64, i64)> =
        products.iter().map(|p| (p.id, p.price.get(), p.final_price.get())).collect();
    held.sort_unstable();
    offered.sort_unstable();
    held == offered
}

/// The customer's paid orders holding any of the products.
pub async fn paid_orders_with(db: &Db, customer_id: i64, product_ids: &[i64]) -> anyhow::Result<Vec<i64>> {
    package_selections::paid_orders_with(db, customer_id, product_ids).await
}
