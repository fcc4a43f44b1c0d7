//! The gift-card calls' bodies and replies.
use poem_openapi::Object;

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RedeemRequest {
    /// The web's session id, kept with the order the card pays for: at most 1 KiB.
    pub session_id: Option<String>,
    /// The card's code; compared lower-cased.
    pub gift_code: String,
    /// The chosen product, for a card with several options.
    pub selected_product_id: Option<i64>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RedeemReply {
    /// The card's product ids. More than one and no `orderId`: the customer chooses one and asks again with
    /// `selectedProductId`.
    pub product_options: Vec<i64>,
    /// The paid, free order the card made; absent while a choice is awaited.
    #[oai(skip_serializing_if_is_none)]
    pub order_id: Option<i64>,
}

/// A gift the signed-in customer activated with a card.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RedeemedGiftDto {
    /// The free, paid order the card made.
    pub order_id: i64,
    pub product_id: i64,
    /// The product's title as ordered.
    pub title: String,
    /// Epoch milliseconds.
    pub redeemed_at: i64,
}
