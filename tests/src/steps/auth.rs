//! Sign-in steps: customers registered through the real API, codes read from the simulators, and
//! the sign-in popup driven in Chromium.
use cucumber::{given, then, when};
use fantoccini::{Locator, key::Key};
use limoo_bff::{
    domain::mobile_number::IRAN,
    store::{analytics, customers},
};

use super::{LimooWorld, OrFail};

const POPUP: &str = "[data-testid=auth-popup]";

impl LimooWorld {
    async fn type_into(&mut self, css: &str, text: &str) {
        let browser = self.browser().await;
        browser.click(css).await.or_fail("field reachable");
        let field = browser.client.find(Locator::Css(css)).await.expect("field present");
        field.send_keys(text).await.expect("typed");
    }

    async fn clear_field(&mut self, css: &str) {
        let browser = self.browser().await;
        let field = browser.client.find(Locator::Css(css)).await.expect("field present");
        let length = field.prop("value").await.ok().flatten().map_or(0, |v| v.chars().count());
        let backspaces: String = std::iter::repeat_n(char::from(Key::Backspace), length.max(1)).collect();
        field.send_keys(&backspaces).await.expect("cleared");
    }
}

#[given(expr = "مشتری با شماره {string} ثبت‌نام کرده است")]
async fn registered(world: &mut LimooWorld, mobile: String) {
    world.start_app(true).await;
    world.app().existing_customer(&mobile).await;
}

#[given(expr = "مشتری با شماره {string} وارد شده است")]
async fn signed_in(world: &mut LimooWorld, mobile: String) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    // The app reads its token from local storage: put it there as a completed sign-in would.
    world.open_route("/logout").await;
    let script = format!("localStorage.setItem('token', '{token}');");
    world.browser().await.execute(&script).await.or_fail("token stored");
}

#[when(expr = "مشتری شماره {string} را وارد می‌کند")]
async fn type_mobile(world: &mut LimooWorld, mobile: String) {
    world.type_into("[data-testid=mobile-input]", &mobile).await;
}

#[when("مشتری شماره را پاک می‌کند")]
async fn clear_mobile(world: &mut LimooWorld) {
    world.clear_field("[data-testid=mobile-input]").await;
}

#[when(expr = "مشتری ایمیل {string} را وارد می‌کند")]
async fn type_email(world: &mut LimooWorld, email: String) {
    world.type_into("[data-testid=email-input]", &email).await;
}

#[when(expr = "مشتری کد {string} را وارد می‌کند")]
async fn type_code(world: &mut LimooWorld, code: String) {
    world.type_into("[data-testid=code-input]", &code).await;
}

#[when(expr = "مشتری کد پیامک‌شده به {string} را وارد می‌کند")]
async fn type_sms_code(world: &mut LimooWorld, mobile: String) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    world.type_into("[data-testid=code-input]", &code).await;
}

#[when(expr = "مشتری کد ایمیل‌شده به {string} را وارد می‌کند")]
async fn type_email_code(world: &mut LimooWorld, address: String) {
    let code = world.app().wait_for_email_code(&address).await.expect("the e-mail simulator delivered a code");
    world.type_into("[data-testid=code-input]", &code).await;
}

#[when("مشتری دکمه ادامه را می‌زند")]
async fn submit(world: &mut LimooWorld) {
    world.browser().await.click(&format!("{POPUP} [data-testid=submit-button]")).await.or_fail("submit clickable");
}

#[when("مشتری روی شماره نمایش داده شده می‌زند")]
async fn tap_shown_mobile(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=shown-mobile]").await.or_fail("shown mobile clickable");
}

#[when(expr = "مشتری کشور را به {string} تغییر می‌دهد")]
async fn choose_country(world: &mut LimooWorld, search: String) {
    world.browser().await.click("[data-testid=country-picker-button]").await.or_fail("country picker");
    world.type_into("[data-testid=country-search]", &search).await;
    let browser = world.browser().await;
    browser.click("[data-testid=country-option]").await.or_fail("a matching country");
    browser.click("[data-testid=country-confirm]").await.or_fail("confirm");
}

#[when(expr = "مشتری در فهرست کشورها {string} را جستجو می‌کند")]
async fn search_country(world: &mut LimooWorld, search: String) {
    world.browser().await.click("[data-testid=country-picker-button]").await.or_fail("country picker");
    world.type_into("[data-testid=country-search]", &search).await;
}

#[then(expr = "پنجره ورود در مرحله {word} است")]
async fn popup_step(world: &mut LimooWorld, expected: String) {
    let css = format!("{POPUP}[data-step=\"{expected}\"]");
    world.browser().await.texts(&css).await.or_fail(&format!("popup at step {expected}"));
}

#[then(expr = "دکمه انتخاب کشور {string} است")]
async fn country_button(world: &mut LimooWorld, label: String) {
    let found =
        world.browser().await.attribute("[data-testid=country-picker-button]", "aria-label").await.or_fail("button");
    assert_eq!(found.as_deref(), Some(label.as_str()));
}

#[then(expr = "خطای ورود {string} دیده می‌شود")]
async fn auth_error(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=auth-error]", &message).await.or_fail("sign-in error");
}

#[then(expr = "خطای فیلد {string} دیده می‌شود")]
async fn field_error(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=field-error]", &message).await.or_fail("field error");
}

async fn submit_enabled(world: &mut LimooWorld) -> bool {
    let css = format!("{POPUP} [data-testid=submit-button]");
    let disabled = world.browser().await.attribute(&css, "disabled").await.or_fail("submit button");
    disabled.is_none()
}

#[then("دکمه ادامه غیرفعال است")]
async fn submit_disabled(world: &mut LimooWorld) {
    assert!(!submit_enabled(world).await, "the submit button is enabled");
}

#[then("دکمه ادامه فعال است")]
async fn submit_is_enabled(world: &mut LimooWorld) {
    let browser_wait = std::time::Instant::now();
    while !submit_enabled(world).await {
        assert!(browser_wait.elapsed().as_secs() < 10, "the submit button stays disabled");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[then(expr = "فیلد شماره مقدار {string} دارد")]
async fn mobile_value(world: &mut LimooWorld, expected: String) {
    let value = world.browser().await.property("[data-testid=mobile-input]", "value").await.or_fail("mobile field");
    assert_eq!(value.as_deref(), Some(expected.as_str()));
}

#[then(expr = "فیلد شماره راهنمای {string} و حداکثر {int} نویسه دارد")]
async fn mobile_field_shape(world: &mut LimooWorld, placeholder: String, max: u32) {
    let browser = world.browser().await;
    let found = browser.attribute("[data-testid=mobile-input]", "placeholder").await.or_fail("mobile field");
    assert_eq!(found.as_deref(), Some(placeholder.as_str()));
    // The limit is enforced while typing (a pasted 09… must keep its digits until the 0 is dropped).
    let max_length = browser.attribute("[data-testid=mobile-input]", "data-max-length").await.or_fail("mobile field");
    assert_eq!(max_length, Some(max.to_string()));
}

#[then("دکمه ارسال دوباره غیرفعال است و شمارش معکوس دیده می‌شود")]
async fn resend_locked(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=resend-timer]").await.or_fail("resend timer shown");
    let disabled = browser.attribute("[data-testid=resend-button]", "disabled").await.or_fail("resend button");
    assert!(disabled.is_some(), "resend is enabled while the timer runs");
}

#[then(expr = "مشتری {string} با نام و نام خانوادگی unknown ثبت شده است")]
async fn stored_as_unknown(world: &mut LimooWorld, mobile: String) {
    let number = limoo_bff::auth::parse_mobile(&mobile, IRAN).expect("valid number");
    let customer = customers::find_by_mobile(&world.app().db, &number).await.expect("query").expect("registered");
    assert_eq!((customer.first_name.as_str(), customer.last_name.as_str()), ("unknown", "unknown"));
}

#[then("مشتری وارد شده است")]
async fn token_stored(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let started = std::time::Instant::now();
    loop {
        let token = browser.execute("return localStorage.getItem('token');").await.or_fail("storage read");
        if token.as_str().is_some_and(|t| t.split('.').count() == 3) {
            return;
        }
        assert!(started.elapsed().as_secs() < 10, "no token in local storage");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[then("حافظه مرورگر خالی است")]
async fn storage_cleared(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let left = browser.execute("return localStorage.getItem('token');").await.or_fail("storage read");
    assert!(left.is_null(), "token still stored: {left}");
}

#[then("جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است")]
async fn visit_session_created(world: &mut LimooWorld) {
    let id = session_id(world).await;
    let row = limoo_bff::store::sessions::find(&world.app().db, &id).await.expect("query");
    assert!(row.is_some(), "no visit session {id} in the database");
}

async fn session_id(world: &mut LimooWorld) -> String {
    let browser = world.browser().await;
    let started = std::time::Instant::now();
    loop {
        let id = browser.execute("return sessionStorage.getItem('sessId');").await.or_fail("session storage");
        if let Some(id) = id.as_str() {
            return id.to_owned();
        }
        assert!(started.elapsed().as_secs() < 10, "no sessId in session storage");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[then(expr = "رویداد {string} برای این جلسه ثبت شده است")]
async fn event_recorded(world: &mut LimooWorld, action: String) {
    let id = session_id(world).await;
    let started = std::time::Instant::now();
    loop {
        let actions = analytics::actions_for_session(&world.app().db, &id).await.expect("query");
        if actions.contains(&action) {
            return;
        }
        assert!(started.elapsed().as_secs() < 10, "{action} not among {actions:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[then(expr = "آدرس صفحه {string} را در پارامتر next دارد")]
async fn next_param(world: &mut LimooWorld, target: String) {
    let route = world.browser().await.wait_for_route(|r| r.starts_with("/enter")).await.or_fail("on /enter");
    let query = route.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let next = url::form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "next").map(|(_, v)| v.into_owned());
    let next = next.unwrap_or_default();
    assert!(next.contains(&target), "next={next} does not lead to {target}");
}

#[when("مشتری منوی کناری را باز می‌کند")]
async fn open_side_menu(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=side-menu-button]").await.or_fail("menu button");
}

#[then(expr = "منوی کناری پیوند {string} دارد")]
async fn side_menu_has(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in("[data-testid=side-menu]", &label).await.or_fail("menu item");
}

#[then("دکمه منوی کناری دیده نمی‌شود")]
async fn no_side_menu(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=top-bar]").await.or_fail("page loaded");
    browser.wait_for_absence("[data-testid=side-menu-button]").await.or_fail("no menu for visitors");
}

#[when("مشتری از منوی کناری خارج می‌شود")]
async fn logout(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=logout-link]").await.or_fail("logout link");
}
