//! Sign-in steps: customers registered through the real API, codes read from the simulators, and
//! the sign-in popup driven in Chromium.
use std::time::Duration;

use crate::params::Mobile;
use cucumber::{given, then, when};
use fantoccini::{Locator, key::Key};
use limoo_bff::{
    domain::mobile_number::IRAN,
    store::{Db, customers},
};

use crate::browser::poll_for;

use super::{LimooWorld, NEVER, OrFail};

const POPUP: &str = "[data-testid=auth-popup]";
const TURKEY: i64 = 220;
/// The BFF's and the page's resend window (`OTP_RESEND_SECONDS`, the code step's countdown).
const RESEND_WINDOW: Duration = Duration::from_secs(60);
/// How long a code signs in (`OTP_TTL_SECONDS`, whose default the test apps keep).
const CODE_LIFETIME_SECONDS: i64 = 120;

impl LimooWorld {
    pub(super) async fn type_into(&mut self, css: &str, text: &str) {
        let browser = self.browser().await;
        browser.click(css).await.or_fail("field reachable");
        let field = browser.client.find(Locator::Css(css)).await.expect("field present");
        field.send_keys(text).await.expect("typed");
    }

    pub(super) async fn clear_field(&mut self, css: &str) {
        let browser = self.browser().await;
        let field = browser.client.find(Locator::Css(css)).await.expect("field present");
        let length = field.prop("value").await.ok().flatten().map_or(0, |v| v.chars().count());
        let backspaces: String = std::iter::repeat_n(char::from(Key::Backspace), length.max(1)).collect();
        field.send_keys(&backspaces).await.expect("cleared");
    }
}

/// A customer who signed in through the popup: the browser holds the token and the HttpOnly refresh cookie.
#[given(expr = "مشتری با شماره {mobile} از پنجره ورود وارد شده است")]
async fn signed_in_through_popup(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    world.open_route("/enter").await;
    type_mobile(world, mobile.to_string()).await;
    submit(world).await;
    type_sms_code(world, mobile).await;
    submit(world).await;
    world.stored_token().await;
    world.browser().await.wait_for_route(|r| !r.starts_with("/enter")).await.or_fail("left the sign-in screen");
}

/// Registered earlier by e-mail through the real API; the codes of that registration are long gone.
#[given(expr = "مشتری ترکیه با شماره {string} و ایمیل {string} با ایمیل ثبت‌نام کرده است")]
async fn registered_by_email(world: &mut LimooWorld, mobile: String, email: String) {
    world.start_app(true).await;
    world.app().register_email_customer(&mobile, TURKEY, &email).await;
    world.app().forget_codes(&mobile, TURKEY).await;
}

/// A script asks for a registration code for someone else's number, to an address of its own.
#[when(expr = "اسکریپتی برای شماره {string} کشور {int} کد ثبت‌نام به ایمیل {string} می‌خواهد")]
async fn script_asks_email_code(world: &mut LimooWorld, mobile: String, country_id: i64, email: String) {
    world.start_app(true).await;
    let answer = world.app().visitor().send_email_code(&mobile, country_id, &email).await;
    world.keep(answer);
}

#[then(expr = "هیچ ایمیلی به {string} فرستاده نشده است")]
async fn no_email_to(world: &mut LimooWorld, email: String) {
    assert_eq!(world.app().last_email_code(&email), None, "a code was e-mailed to {email}");
}

#[when(expr = "حساب مشتری ترکیه با شماره {string} حذف می‌شود")]
async fn customer_deleted(world: &mut LimooWorld, mobile: String) {
    world.app().delete_customer(&mobile, TURKEY).await;
}

#[given(expr = "مشتری با شماره {mobile} ثبت‌نام کرده است")]
async fn registered(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    world.app().existing_customer(&mobile).await;
}

#[given(expr = "مشتری با شماره {mobile} وارد شده است")]
async fn signed_in(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    world.sign_in_browser_with(&token).await;
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

#[when(expr = "مشتری کد پیامک‌شده به {mobile} را وارد می‌کند")]
async fn type_sms_code(world: &mut LimooWorld, mobile: Mobile) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    world.type_into("[data-testid=code-input]", &code).await;
}

/// The code's lifetime passes on the shop's clock (the code is stored before the SMS goes).
#[when(expr = "کد پیامک‌شده به {mobile} منقضی می‌شود")]
async fn sms_code_expires(world: &mut LimooWorld, mobile: Mobile) {
    world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    world.advance_clock(CODE_LIFETIME_SECONDS + 1).await;
}

#[when(expr = "مشتری کد ایمیل‌شده به {string} را وارد می‌کند")]
async fn type_email_code(world: &mut LimooWorld, address: String) {
    let code = world.app().wait_for_email_code(&address).await.expect("the e-mail simulator delivered a code");
    world.type_into("[data-testid=code-input]", &code).await;
}

#[when(expr = "مشتری کد پیامک‌شده به {mobile} را با فاصله وارد می‌کند")]
async fn type_sms_code_spaced(world: &mut LimooWorld, mobile: Mobile) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    let (first, second) = code.split_at(3);
    world.type_into("[data-testid=code-input]", &format!("{first} {second}")).await;
}

#[when("مشتری کد را پاک می‌کند")]
async fn clear_code(world: &mut LimooWorld) {
    world.clear_field("[data-testid=code-input]").await;
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

/// Presses the page outside the popup, as a pointer would: on a phone the popup fills the screen, so on a desktop's
/// window, in a corner of the viewport, on whatever covers it there; then the phone's window again.
#[when("مشتری بیرون پنجره ورود کلیک می‌کند")]
async fn click_outside_popup(world: &mut LimooWorld) {
    let script = "const popup = document.querySelector('[data-testid=auth-popup]');\
                  const [x, y] = [2, window.innerHeight - 2];\
                  const target = document.elementFromPoint(x, y);\
                  if (!popup || !target || popup.contains(target)) return false;\
                  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {\
                    target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y }));\
                  }\
                  return true;";
    let browser = world.browser().await;
    browser.desktop(true).await.or_fail("desktop window");
    let pressed = poll_for(Duration::from_secs(5), || async {
        Ok((browser.execute(script).await? == serde_json::Value::Bool(true)).then_some(()))
    })
    .await;
    browser.desktop(false).await.or_fail("phone window");
    assert!(pressed.is_ok(), "no page outside the popup to press");
}

#[then("پنجره ورود دیده نمی‌شود")]
async fn no_popup(world: &mut LimooWorld) {
    let browser = world.browser().await;
    // Any page content: the screen behind the route has rendered, so a popup would be there by now.
    browser.texts(".app-shell__main > *").await.or_fail("page shown");
    browser.wait_for_absence(POPUP).await.or_fail("no sign-in popup");
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

/// The line under the sign-in error that says why the code was refused.
#[then(expr = "دلیل خطای ورود {string} است")]
async fn auth_error_reason(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=auth-error-reason]", &message).await.or_fail("why refused");
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

async fn assert_field_value(world: &mut LimooWorld, css: &str, expected: &str) {
    let value = world.browser().await.property(css, "value").await.or_fail("field shown");
    assert_eq!(value.as_deref(), Some(expected), "value of {css}");
}

#[then(expr = "فیلد شماره مقدار {string} دارد")]
async fn mobile_value(world: &mut LimooWorld, expected: String) {
    assert_field_value(world, "[data-testid=mobile-input]", &expected).await;
}

#[then(expr = "فیلد کد مقدار {string} دارد")]
async fn code_value(world: &mut LimooWorld, expected: String) {
    assert_field_value(world, "[data-testid=code-input]", &expected).await;
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
    world.wait_for_flag("[data-testid=resend-button]", "disabled", true).await;
}

/// The resend window's minute passes for both ends instead of the suite waiting for it: the shop's clock moves a
/// window forward, and the page's one-second ticks run 60 times faster until its countdown ends, then at their own
/// pace again.
#[then("دکمه ارسال دوباره پس از پایان شمارش معکوس فعال می‌شود")]
async fn resend_unlocks(world: &mut LimooWorld) {
    world.advance_clock(RESEND_WINDOW.as_secs().cast_signed()).await;
    let browser = world.browser().await;
    let fast = "window.__limooSetTimeout = window.setTimeout; \
        window.setTimeout = (run, ms, ...rest) => window.__limooSetTimeout(run, ms === 1000 ? 1000 / 60 : ms, ...rest);";
    browser.execute(fast).await.or_fail("the page's ticks sped up");
    let unlocked = poll_for(RESEND_WINDOW / 4, || async {
        let disabled = browser.attribute("[data-testid=resend-button]", "disabled").await?;
        Ok(disabled.is_none().then_some(()))
    })
    .await;
    browser.execute("window.setTimeout = window.__limooSetTimeout;").await.or_fail("the page's ticks restored");
    assert!(unlocked.is_ok(), "resend stayed disabled: {unlocked:?}");
    browser.wait_for_absence("[data-testid=resend-timer]").await.or_fail("the countdown is gone at 0");
}

#[when("مشتری دکمه ارسال دوباره را می‌زند")]
async fn press_resend(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=resend-button]").await.or_fail("resend clickable");
}

#[then(expr = "شمارش معکوس دوباره از {int} ثانیه شروع شده است")]
async fn countdown_restarted(world: &mut LimooWorld, from: u32) {
    let browser = world.browser().await;
    let seconds = browser.attribute("[data-testid=resend-timer]", "data-seconds").await.or_fail("countdown shown");
    let seconds: u32 = seconds.and_then(|s| s.parse().ok()).expect("data-seconds is a number");
    assert!(seconds <= from && seconds + 3 >= from, "the countdown shows {seconds}, not about {from}");
    let disabled = browser.attribute("[data-testid=resend-button]", "disabled").await.or_fail("resend button");
    assert!(disabled.is_some(), "resend is enabled while the timer runs");
}

#[then(expr = "{int} پیامک به {mobile} فرستاده شده است")]
async fn sms_count(world: &mut LimooWorld, expected: usize, mobile: Mobile) {
    let app = world.app();
    let reached = poll_for(Duration::from_secs(10), || async {
        Ok((app.sims().sms_outbox(&mobile).len() >= expected).then_some(()))
    })
    .await;
    let sent = app.sims().sms_outbox(&mobile);
    assert!(reached.is_ok() && sent.len() == expected, "{} SMS to {mobile}, not {expected}", sent.len());
    let codes: std::collections::HashSet<_> = sent.iter().filter_map(|s| s.token.clone()).collect();
    assert_eq!(codes.len(), expected, "each SMS carries a new code");
}

#[when(expr = "پاسخ سرور به {string} نمی‌رسد")]
async fn server_silent(world: &mut LimooWorld, path: String) {
    world.browser().await.intercept_fetch(&path, NEVER).await.or_fail("fetch held");
}

#[when(expr = "درخواست {string} بدون پاسخ از سرور شکست می‌خورد")]
async fn network_failure(world: &mut LimooWorld, path: String) {
    let failure = "Promise.reject(new TypeError('Failed to fetch'))";
    world.browser().await.intercept_fetch(&path, failure).await.or_fail("fetch failing");
}

#[when(expr = "سرور به {string} با خطای {int} پاسخ می‌دهد")]
async fn server_error_status(world: &mut LimooWorld, path: String, status: u16) {
    let body = serde_json::json!({ "err": { "code": status.to_string(), "message": "Not Found",
                                             "details": { "messages": [] } } });
    let answer = format!(
        "Promise.resolve(new Response({:?}, {{ status: {status}, headers: {{ 'Content-Type': 'application/json' }} }}))",
        body.to_string()
    );
    world.browser().await.intercept_fetch(&path, &answer).await.or_fail("fetch answered");
}

#[then(expr = "وضعیت سرور پنجره ورود {word} است")]
async fn server_state(world: &mut LimooWorld, expected: String) {
    let css = format!("{POPUP}[data-server-state=\"{expected}\"]");
    world.browser().await.texts(&css).await.or_fail(&format!("server state {expected}"));
}

#[then("دکمه ورود در حال بارگذاری است")]
async fn submit_loading(world: &mut LimooWorld) {
    let css = format!("{POPUP} [data-testid=submit-button]");
    world.wait_for_attribute(&css, "aria-busy", "true").await;
}

#[then("لوگوی اپراتور در نوار بالا دیده می‌شود")]
async fn operator_logo(world: &mut LimooWorld) {
    world.browser().await.texts("[data-testid=top-bar] [data-testid=operator-logo]").await.or_fail("operator logo");
}

#[then("لوگوی اپراتور دیده نمی‌شود")]
async fn no_operator_logo(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=top-bar]").await.or_fail("page loaded");
    browser.wait_for_absence("[data-testid=operator-logo]").await.or_fail("no operator logo");
}

#[then(expr = "مشتری {mobile} با نام و نام خانوادگی unknown ثبت شده است")]
async fn stored_as_unknown(world: &mut LimooWorld, mobile: Mobile) {
    let number = limoo_bff::auth::parse_mobile(&mobile, IRAN).expect("valid number");
    let customer = customers::find_by_mobile(world.app().db(), &number).await.expect("query").expect("registered");
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
    let browser = world.browser().await;
    let token = browser.execute("return localStorage.getItem('token');").await.or_fail("storage read");
    browser.click("[data-testid=logout-link]").await.or_fail("logout link");
    world.signed_out_token = token.as_str().map(str::to_owned);
}

#[then("سرور توکن پیشین مشتری را دیگر نمی‌پذیرد")]
async fn signed_out_token_refused(world: &mut LimooWorld) {
    let token = world.signed_out_token.clone().expect("the customer held a token when signing out");
    let app = world.app();
    // The /logout page calls the server after the route changed: wait for it.
    poll_for(Duration::from_secs(5), || async { Ok((app.api(&token).current_user().await.0 == 401).then_some(())) })
        .await
        .or_fail("the signed-out token is refused");
}

#[when(expr = "برنامه قدیمی برای شماره {string} با فراخوان sendotp کد می‌خواهد")]
async fn legacy_send_otp(world: &mut LimooWorld, mobile: String) {
    let form = [("mobileNumber", mobile.as_str()), ("country", "1")];
    let answer = world.app().visitor().legacy_send_otp(&form).await;
    world.keep(answer);
}

/// The older login-or-register call with `code`.
async fn legacy_register(world: &mut LimooWorld, mobile: &str, code: String) {
    let form = [("mobileNumber", mobile), ("country", "1"), ("otp", code.as_str())];
    let answer = world.app().visitor().legacy_login_or_register(&form).await;
    world.keep(answer);
}

#[when(expr = "برنامه قدیمی برای شماره {mobile} با فراخوان loginorregister و کد پیامک‌شده ثبت‌نام می‌کند")]
async fn legacy_register_with_sent_code(world: &mut LimooWorld, mobile: Mobile) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    legacy_register(world, &mobile, code).await;
}

/// A code that differs from the one sent in every digit, so it can never be right by chance.
#[when(expr = "برنامه قدیمی برای شماره {mobile} با فراخوان loginorregister و کدی جز کد پیامک‌شده ثبت‌نام می‌کند")]
async fn legacy_register_with_wrong_code(world: &mut LimooWorld, mobile: Mobile) {
    let sent = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    let wrong: String =
        sent.chars().map(|c| c.to_digit(10).and_then(|d| char::from_digit((d + 1) % 10, 10)).unwrap_or(c)).collect();
    legacy_register(world, &mobile, wrong).await;
}

/// The customer table refuses new rows (a full disk, a broken replica): registration cannot add the customer.
#[given("فروشگاه مشتری تازه را نمی‌تواند ذخیره کند")]
async fn customer_insert_refused(world: &mut LimooWorld) {
    let app = world.app();
    match app.db() {
        Db::Sqlite(_) => {
            app.execute_sql(
                "CREATE TRIGGER customer_insert_refused BEFORE INSERT ON customer \
                 BEGIN SELECT RAISE(ABORT, 'customer store unavailable'); END",
            )
            .await;
        }
        Db::Postgres(_) => {
            app.execute_sql(
                "CREATE FUNCTION refuse_customer_insert() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION 'customer store unavailable'; END $$",
            )
            .await;
            app.execute_sql(
                "CREATE TRIGGER customer_insert_refused BEFORE INSERT ON customer \
                 FOR EACH ROW EXECUTE FUNCTION refuse_customer_insert()",
            )
            .await;
        }
    }
}

#[then(expr = "مشتری با شماره {mobile} ثبت نشده است")]
async fn not_stored(world: &mut LimooWorld, mobile: Mobile) {
    let number = limoo_bff::auth::parse_mobile(&mobile, IRAN).expect("valid number");
    let customer = customers::find_by_mobile(world.app().db(), &number).await.expect("query");
    assert!(customer.is_none(), "{mobile} was stored: {customer:?}");
}

/// WebOTP as a phone's browser offers it: `OTPCredential` exists and `navigator.credentials.get({otp})` resolves
/// once the text message arrives (delivered by the next step). The request the app made is kept to check its shape.
#[when("مرورگر می‌تواند کد پیامک را خودش بخواند")]
async fn browser_reads_sms_codes(world: &mut LimooWorld) {
    let script = "if (!('OTPCredential' in window)) { window.OTPCredential = class OTPCredential {}; }\
        window.__webOtp = { requests: [] };\
        const get = (options) => new Promise((resolve, reject) => {\
          window.__webOtp.requests.push({ transport: options && options.otp ? options.otp.transport : null });\
          window.__webOtp.deliver = (code) => resolve({ type: 'otp', code });\
          if (options && options.signal) options.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));\
        });\
        Object.defineProperty(navigator.credentials, 'get', { value: get, configurable: true });";
    world.browser().await.execute(script).await.or_fail("WebOTP offered");
}

#[when(expr = "پیامک کد به {mobile} به مرورگر می‌رسد")]
async fn sms_reaches_browser(world: &mut LimooWorld, mobile: Mobile) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    let browser = world.browser().await;
    // The code screen asks on mount; wait for its request before the message "arrives".
    poll_for(Duration::from_secs(10), || async {
        Ok(browser
            .execute("return window.__webOtp && typeof window.__webOtp.deliver === 'function';")
            .await?
            .as_bool()
            .filter(|asked| *asked))
    })
    .await
    .or_fail("the code screen never asked the browser for the SMS code");
    let requests = browser.execute("return window.__webOtp.requests;").await.or_fail("WebOTP requests");
    assert_eq!(requests[0]["transport"], serde_json::json!(["sms"]), "the app asked for an SMS code: {requests}");
    browser.execute(&format!("window.__webOtp.deliver({code:?});")).await.or_fail("code delivered");
}

#[then(expr = "پاسخ قدیمی خطای {int} با کد {string} است")]
async fn legacy_error(world: &mut LimooWorld, status: u16, code: String) {
    let reply = world.reply();
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(reply.body["status"], "error");
    assert_eq!(reply.body["code"], code.as_str(), "{}", reply.body);
    assert!(reply.body["msg"].as_str().is_some_and(|m| !m.is_empty()), "a message for the customer: {}", reply.body);
}

#[then(expr = "نوشته پذیرش به قوانین {string} و حریم خصوصی {string} پیوند دارد")]
async fn terms_links(world: &mut LimooWorld, terms: String, privacy: String) {
    let browser = world.browser().await;
    let links = format!("{POPUP} [data-testid=terms-notice] a");
    let texts = browser.texts(&links).await.or_fail("terms notice links");
    assert_eq!(texts, ["قوانین و مقررات", "حریم خصوصی"], "the notice links its two documents");
    for (nth, expected) in [(1, terms), (2, privacy)] {
        let css = format!("{links}:nth-of-type({nth})");
        let href = browser.attribute(&css, "href").await.or_fail("terms notice link");
        assert_eq!(href.as_deref(), Some(expected.as_str()), "{css}");
    }
}

/// A first visit has nothing of the app behind it, so the first step offers no back button that would do nothing:
/// it is kept in place disabled and unseen.
#[then("پنجره ورود دکمه بازگشت ندارد")]
async fn no_back_button(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts(&format!("{POPUP} [data-testid=mobile-input]")).await.or_fail("first step shown");
    let back = format!("{POPUP} [data-testid=auth-back]");
    let script = format!(
        "const b = document.querySelector({back:?}); return b.disabled && getComputedStyle(b).visibility === 'hidden';"
    );
    assert_eq!(browser.execute(&script).await.or_fail("back button read"), serde_json::json!(true), "no back button");
}
