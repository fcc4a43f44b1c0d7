//! `@ui` steps for the package pages, driving the real web app in Chromium.
use std::time::Duration;

use crate::browser::poll_for;
use crate::params::{Product, Products, Toman};
use cucumber::{then, when};
use serde_json::json;

use super::{LimooWorld, NEVER, OrFail};

const CARD: &str = "[data-testid=product-card]";

fn card(id: Product) -> String {
    format!("{CARD}[data-product-id=\"{id}\"]")
}

#[when(expr = "مشتری صفحه {string} را باز می‌کند")]
async fn open_page(world: &mut LimooWorld, route: String) {
    world.open_route(&route).await;
}

/// A new page load of the route (typing the address, a bookmark): the app starts up again.
#[when(expr = "مشتری صفحه {string} را از نو باز می‌کند")]
async fn open_page_fresh(world: &mut LimooWorld, route: String) {
    world.open_route_fresh(&route).await;
}

#[when(expr = "مشتری صفحه {string} را در حالی باز می‌کند که پاسخ سرور هنوز نرسیده است")]
async fn open_page_with_pending_server(world: &mut LimooWorld, route: String) {
    // Load the app on another route first, then hold the products call forever and navigate in-app.
    world.open_route("/diets").await;
    let browser = world.browser().await;
    browser.intercept_fetch("/lemonade/api/products", NEVER).await.or_fail("fetch stubbed");
    browser.execute(&format!("window.location.hash = '#{route}';")).await.or_fail("navigated");
}

#[when(expr = "مشتری محصول {product} را انتخاب می‌کند")]
async fn choose(world: &mut LimooWorld, id: Product) {
    world.browser().await.click(&card(id)).await.or_fail("card clickable");
}

#[then(expr = "متن {string} دیده می‌شود")]
async fn text_visible(world: &mut LimooWorld, text: String) {
    world.browser().await.wait_for_text(&text).await.or_fail("text shown");
}

/// Checked after the page settled on what it shows (an earlier step waited for it).
#[then(expr = "متن {string} دیده نمی‌شود")]
async fn text_absent(world: &mut LimooWorld, text: String) {
    let shown = world.browser().await.execute("return document.body.innerText;").await.or_fail("page text");
    let shown = shown.as_str().unwrap_or_default();
    assert!(!shown.contains(&text), "the page shows {text:?}: {shown}");
}

#[then(expr = "کارت‌های محصول به این ترتیب‌اند: {products}")]
async fn cards_in_order(world: &mut LimooWorld, expected: Products) {
    let browser = world.browser().await;
    browser.texts(CARD).await.or_fail("cards shown");
    let ids = browser
        .execute(&format!(
            "return [...document.querySelectorAll('{CARD}')].map(e => Number(e.getAttribute('data-product-id')));"
        ))
        .await
        .expect("ids read");
    assert_eq!(ids, json!(expected));
}

#[then(expr = "کارت محصول {product} از نوع {word} است")]
async fn card_kind(world: &mut LimooWorld, id: Product, kind: String) {
    let found = world.browser().await.attribute(&card(id), "data-card-kind").await.or_fail("card shown");
    assert_eq!(found.as_deref(), Some(kind.as_str()), "card {id}");
}

#[then(expr = "کارت محصول {product} نشان {string} دارد")]
async fn card_has_badge(world: &mut LimooWorld, id: Product, badge: String) {
    let texts = world.browser().await.texts(&card(id)).await.or_fail("card shown");
    assert!(texts.iter().any(|t| t.contains(&badge)), "card {id} lacks {badge:?}: {texts:?}");
}

#[then(expr = "کارت محصول {product} نشان {string} ندارد")]
async fn card_lacks_badge(world: &mut LimooWorld, id: Product, badge: String) {
    let texts = world.browser().await.texts(&card(id)).await.or_fail("card shown");
    assert!(texts.iter().all(|t| !t.contains(&badge)), "card {id} shows {badge:?}");
}

#[then(expr = "کارت محصول {product} انتخاب شده است")]
async fn card_selected(world: &mut LimooWorld, id: Product) {
    let browser = world.browser().await;
    let css = card(id);
    let selected = poll_for(Duration::from_secs(15), || async {
        let pressed = browser.attribute(&css, "aria-pressed").await?;
        let checked = browser.attribute(&css, "aria-checked").await?;
        Ok((pressed.as_deref() == Some("true") || checked.as_deref() == Some("true")).then_some(()))
    });
    assert!(selected.await.is_ok(), "card {id} is not selected");
}

#[then(expr = "جمع پایین صفحه {toman} است")]
async fn footer_total(world: &mut LimooWorld, expected: Toman) {
    world
        .browser()
        .await
        .wait_for_text_in("[data-testid=footer-total]", &expected.to_string())
        .await
        .or_fail("footer total");
}

#[then(expr = "دکمه پایین صفحه {string} است")]
async fn footer_button(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in("[data-testid=footer-button]", &label).await.or_fail("footer button");
}

#[then("پایین صفحه دکمه‌ای ندارد")]
async fn no_footer_button(world: &mut LimooWorld) {
    world.browser().await.wait_for_absence("[data-testid=footer-button]").await.or_fail("no footer button");
}

#[when("مشتری دکمه پایین صفحه را می‌زند")]
async fn press_footer_button(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=footer-button]").await.or_fail("footer button clickable");
}

#[then("بنر بالای صفحه دیده می‌شود")]
async fn top_banner_shown(world: &mut LimooWorld) {
    world.browser().await.texts("[data-testid=top-banner]").await.or_fail("top banner shown");
}

#[then("بنر بالای صفحه دیده نمی‌شود")]
async fn top_banner_hidden(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts(CARD).await.or_fail("page loaded");
    browser.wait_for_absence("[data-testid=top-banner]").await.or_fail("no top banner");
}
