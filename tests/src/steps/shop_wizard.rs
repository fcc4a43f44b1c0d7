//! `@ui` steps for the package wizard (select-package-f): its options, footer and page navigation.
use std::time::Duration;

use crate::browser::poll_for;
use crate::params::{Product, Products, Toman};
use cucumber::{then, when};

use super::{LimooWorld, OrFail};

const OPTION: &str = "[data-testid=wizard-option]";
const FOOTER_LINE: &str = "[data-testid=wizard-footer-line]";

fn option(id: Product) -> String {
    format!("{OPTION}[data-product-id=\"{id}\"]")
}

impl LimooWorld {
    /// Waits until the `data-product-id`s of the elements matching `css`, in page order, are `expected`.
    pub(super) async fn wait_for_product_ids(&mut self, css: &str, wanted: &Products) {
        let script = format!(
            "return [...document.querySelectorAll('{css}')].map(e => Number(e.getAttribute('data-product-id')));"
        );
        let browser = self.browser().await;
        let read = || async {
            let ids: Vec<i64> = serde_json::from_value(browser.execute(&script).await?)?;
            Ok(ids)
        };
        let found = poll_for(Duration::from_secs(15), || async { Ok(read().await?.eq(&wanted.0).then_some(())) }).await;
        let shown = read().await.or_fail("page read");
        assert!(found.is_ok(), "`{css}` shows products {shown:?}, not {wanted}");
    }
}

#[when(expr = "مشتری گزینه {product} را انتخاب می‌کند")]
async fn choose_option(world: &mut LimooWorld, id: Product) {
    world.browser().await.click(&option(id)).await.or_fail("option clickable");
}

/// The first choice of an optional (add-on) page: going on without it.
const DECLINE: &str = "[data-testid=wizard-decline]";

#[when("مشتری ادامه بدون افزودنی را انتخاب می‌کند")]
async fn choose_decline(world: &mut LimooWorld) {
    world.browser().await.click(DECLINE).await.or_fail("going on without the add-on is offered");
}

#[then("ادامه بدون افزودنی انتخاب شده است")]
async fn decline_selected(world: &mut LimooWorld) {
    let css = format!("{DECLINE}[data-selected=\"true\"]");
    world.browser().await.texts(&css).await.or_fail("going on without the add-on is the choice");
}

#[then(expr = "گزینه‌های این مرحله به این ترتیب‌اند: {products}")]
async fn options_in_order(world: &mut LimooWorld, expected: Products) {
    world.wait_for_product_ids(OPTION, &expected).await;
}

#[then(expr = "گزینه {product} انتخاب شده است")]
async fn option_selected(world: &mut LimooWorld, id: Product) {
    let css = format!("{}[data-selected=\"true\"]", option(id));
    world.browser().await.texts(&css).await.or_fail(&format!("option {id} selected"));
}

#[then(expr = "پایین مرحله این محصولات را نشان می‌دهد: {products}")]
async fn footer_lines(world: &mut LimooWorld, expected: Products) {
    world.wait_for_product_ids(FOOTER_LINE, &expected).await;
}

#[then(expr = "قیمت محصول {product} در پایین مرحله {toman} است")]
async fn footer_line_price(world: &mut LimooWorld, id: Product, price: Toman) {
    let css = format!("{FOOTER_LINE}[data-product-id=\"{id}\"]");
    world.browser().await.wait_for_text_in(&css, &price.to_string()).await.or_fail("footer line price");
}

#[then("پایین مرحله جمع ندارد")]
async fn footer_without_total(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts(FOOTER_LINE).await.or_fail("footer shown");
    browser.wait_for_absence("[data-testid=wizard-footer-total]").await.or_fail("no total line");
}

#[then(expr = "جمع پایین مرحله {toman} است")]
async fn footer_total(world: &mut LimooWorld, total: Toman) {
    world
        .browser()
        .await
        .wait_for_text_in("[data-testid=wizard-footer-total]", &total.to_string())
        .await
        .or_fail("footer total");
}

#[then("اعلان خرید دیگران در این مرحله هست و نوار بالای مرحله نیست")]
async fn first_page_header(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=select-package-f] [data-testid=social-proof]").await.or_fail("social proof");
    browser.wait_for_absence("[data-testid=wizard-top-nav]").await.or_fail("no top nav");
}

#[then("نوار بالای مرحله دکمه بازگشت دارد و اعلان خرید دیگران نیست")]
async fn later_page_header(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=wizard-top-nav] [data-testid=wizard-back]").await.or_fail("back button");
    browser.wait_for_absence("[data-testid=select-package-f] [data-testid=social-proof]").await.or_fail("no toast");
}

#[then(expr = "دکمه مرحله {string} است")]
async fn next_button(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in("[data-testid=wizard-next]", &label).await.or_fail("wizard button");
}

#[when("مشتری دکمه مرحله را می‌زند")]
async fn press_next(world: &mut LimooWorld) {
    let browser = world.browser().await;
    // The page shows its options first, so the press acts on a loaded page.
    browser.texts(OPTION).await.or_fail("options shown");
    browser.click("[data-testid=wizard-next]").await.or_fail("wizard button clickable");
}

#[when("مشتری دکمه بازگشت مرحله را می‌زند")]
async fn press_back(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=wizard-back]").await.or_fail("back button clickable");
}
