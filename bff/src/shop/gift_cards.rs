//! Redeeming a Limoo gift card (spec 2 §2, §7): a card with one product option, or a chosen option, becomes
//! a paid order of that product at no charge, once; a card with several options first answers them so the
//! customer can choose [PM-76, PM-78, PM-79, PM-82].
use crate::{
    domain::{
        catalogue::{Product, ProductType},
        diet_package,
        gift_card::{Choice, GiftCode, RedeemError, choose},
    },
    store::{Db, diets, gift_cards, now_ms, orders, products},
};

#[derive(Debug, thiserror::Error)]
pub enum GiftCardError {
    #[error(transparent)]
    Refused(#[from] RedeemError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// What a redemption request came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redemption {
    /// Several options and none chosen: nothing was redeemed.
    Choose { options: Vec<i64> },
    /// The card paid for the product: `order_id` is the free, paid order.
    Paid { options: Vec<i64>, order_id: i64 },
}

/// The products a valid, unused card offers, in its order; options no longer for sale are left out.
pub async fn options(db: &Db, service_name: &str, code: &GiftCode) -> Result<Vec<Product>, GiftCardError> {
    let card = gift_cards::find(db, code).await?.ok_or(RedeemError::InvalidCode)?;
    if card.used {
        return Err(RedeemError::UsedCode.into());
    }
    let catalogue = products::list_by_service(db, service_name).await?;
    Ok(card.product_ids.iter().filter_map(|id| for_sale(&catalogue, *id).cloned()).collect())
}

/// A used card: the same answer for the customer who redeemed it, `USED_CODE` for anyone else.
fn redeemed_before(card: &gift_cards::GiftCard, customer_id: i64) -> Result<Redemption, GiftCardError> {
    match card.redeemed {
        Some((by, order_id)) if by == customer_id => {
            Ok(Redemption::Paid { options: card.product_ids.clone(), order_id })
        }
        _ => Err(RedeemError::UsedCode.into()),
    }
}

fn for_sale(catalogue: &[Product], id: i64) -> Option<&Product> {
    catalogue.iter().find(|p| p.id == id && p.is_enabled && p.product_type != ProductType::Tag)
}

/// Redeems `code` for the customer. The card is claimed by a conditional UPDATE in the transaction that makes
/// the order, so concurrent requests with one code make one order at most; other customers get `USED_CODE`,
/// and the customer who redeemed it (a double tap, a retry after a lost answer) gets the same order back.
#[tracing::instrument(skip_all, fields(customer_id))]
pub async fn redeem(
    db: &Db,
    service_name: &str,
    customer_id: i64,
    code: &GiftCode,
    selected: Option<i64>,
    session_id: Option<&str>,
) -> Result<Redemption, GiftCardError> {
    let card = gift_cards::find(db, code).await?.ok_or(RedeemError::InvalidCode)?;
    if card.used {
        return redeemed_before(&card, customer_id);
    }
    let product_id = match choose(&card.product_ids, selected)? {
        Choice::Ask => return Ok(Redemption::Choose { options: card.product_ids }),
        Choice::Redeem(id) => id,
    };
    let catalogue = products::list_by_service(db, service_name).await?;
    let product = for_sale(&catalogue, product_id).ok_or(RedeemError::InvalidSelectedProductId)?;
    let package = diets::active_package(db, customer_id, now_ms()).await?;
    if diet_package::status(&package.facts).has_running_diet() {
        // The running diet may be this very card's, redeemed by a concurrent tap of the same customer.
        let card = gift_cards::find(db, code).await?.ok_or(RedeemError::InvalidCode)?;
        return if card.used {
            redeemed_before(&card, customer_id)
        } else {
            Err(RedeemError::UserHasActiveDiet.into())
        };
    }
    let meta = serde_json::json!({ "giftCode": code.as_str() }).to_string();
    let mut tx = db.begin().await?;
    let order_id = orders::create_in(
        &mut tx,
        orders::NewOrder {
            customer_id,
            service: service_name.to_owned(),
            session_id: session_id.map(str::to_owned),
            utm_campaign: None,
            meta,
            products: vec![product.clone()],
        },
    )
    .await?;
    if !gift_cards::claim(&mut tx, card.id, customer_id, order_id).await? {
        drop(tx);
        let card = gift_cards::find(db, code).await?.ok_or(RedeemError::InvalidCode)?;
        return redeemed_before(&card, customer_id);
    }
    orders::make_free(&mut tx, order_id).await?;
    orders::mark_paid(&mut tx, order_id).await?;
    tx.commit().await?;
    Ok(Redemption::Paid { options: card.product_ids, order_id })
}
