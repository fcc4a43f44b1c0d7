//! Steps for the cart of select-package-c as the web app keeps it (`web/src/features/shop/domain/cart.ts`): rules of
//! the client's state that no screen reaches, run through the module itself.
use crate::params::Product;
use crate::web_module::{self, Outcome};
use cucumber::{given, then, when};
use serde_json::{Value, json};

use super::{LimooWorld, OrFail};

const CART_MODULE: &str = "features/shop/domain/cart.ts";

fn product(id: i64) -> Value {
    json!({ "id": id, "productType": "DIET" })
}

fn cart_with(ids: &[i64]) -> Value {
    json!({ "items": ids.iter().map(|&id| product(id)).collect::<Vec<_>>(), "selectedId": ids.last(), "additional": null })
}

#[given(expr = "سبد خرید وب محصول {product} را دارد")]
async fn web_cart_holds(world: &mut LimooWorld, id: Product) {
    world.web_cart = Some(cart_with(&[*id]));
}

#[when(expr = "محصول {product} از سبد خرید وب برداشته می‌شود")]
async fn remove_from_web_cart(world: &mut LimooWorld, id: Product) {
    let cart = world.web_cart.clone().expect("no web cart: give it one with a Given step");
    let outcome = web_module::call(CART_MODULE, "removeFromCart", &[cart, Value::from(*id)]).await;
    let outcome = outcome.or_fail("removeFromCart");
    if let Outcome::Value(cart) = &outcome {
        world.web_cart = Some(cart.clone());
    }
    world.web_cart_outcome = Some(outcome);
}

#[then(expr = "برداشتن با خطای {string} و پیام {string} رد می‌شود و سبد محصول {product} را نگه می‌دارد")]
async fn removal_refused(world: &mut LimooWorld, name: String, message: String, kept: Product) {
    match world.web_cart_outcome.take() {
        Some(Outcome::Error { name: thrown, message: said }) => assert_eq!((thrown, said), (name, message)),
        other => panic!("the removal was not refused: {other:?}"),
    }
    assert_eq!(world.web_cart, Some(cart_with(&[*kept])), "the cart changed");
}

#[then("سبد خرید وب خالی است")]
async fn web_cart_empty(world: &mut LimooWorld) {
    match world.web_cart_outcome.take() {
        Some(Outcome::Value(cart)) => assert_eq!(cart, json!({ "items": [], "selectedId": null, "additional": null })),
        other => panic!("the removal did not give a cart: {other:?}"),
    }
}
