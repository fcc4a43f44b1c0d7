//! `@ui` steps about where the hash router sends the customer and the session flags routes set.
use std::time::Duration;

use crate::browser::{Storage, poll_for};
use cucumber::{given, then};

use super::{LimooWorld, OrFail};

#[then(expr = "مشتری به مسیر {string} می‌رسد")]
async fn lands_on(world: &mut LimooWorld, expected: String) {
    let browser = world.browser().await;
    let route = browser.wait_for_route(|r| r.split('?').next() == Some(expected.as_str())).await;
    assert!(route.is_ok(), "never reached {expected}: {route:?}");
}

/// The whole address, query included, e.g. `/payment-success?orderId=5`.
#[then(expr = "مشتری به آدرس {string} می‌رسد")]
async fn lands_on_address(world: &mut LimooWorld, expected: String) {
    let browser = world.browser().await;
    let route = browser.wait_for_route(|r| r == expected).await;
    let now = browser.wait_for_route(|_| true).await;
    assert!(route.is_ok(), "never reached {expected}; the address is {now:?}");
}

/// The route (path and query) reached carries every listed query parameter, e.g. `errorCode, errorMessage`.
#[then(expr = "مشتری به مسیر {string} با پارامترهای {string} می‌رسد")]
async fn lands_on_with_params(world: &mut LimooWorld, expected: String, params: String) {
    let browser = world.browser().await;
    let names: Vec<&str> = params.split(',').map(str::trim).collect();
    let has_all = |route: &str| {
        let Some((path, query)) = route.split_once('?') else { return false };
        let keys: Vec<&str> = query.split('&').filter_map(|pair| pair.split('=').next()).collect();
        path == expected && names.iter().all(|name| keys.contains(name))
    };
    let route = browser.wait_for_route(has_all).await;
    let now = browser.wait_for_route(|_| true).await;
    assert!(route.is_ok(), "never reached {expected} with {names:?}; the address is {now:?}");
}

#[given(expr = "در حافظه جلسه {string} برابر {string} است")]
async fn session_value_set(world: &mut LimooWorld, key: String, value: String) {
    world.ensure_app_loaded().await;
    world.browser().await.store(Storage::Session, &key, &value).await.or_fail("session storage written");
}

#[then(expr = "در حافظه جلسه {string} برابر {string} است")]
async fn session_value_is(world: &mut LimooWorld, key: String, value: String) {
    let browser = world.browser().await;
    let found = poll_for(Duration::from_secs(10), || async {
        Ok(browser.stored(Storage::Session, &key).await?.filter(|v| *v == value))
    })
    .await;
    let now = browser.stored(Storage::Session, &key).await.or_fail("session storage read");
    assert!(found.is_ok(), "session storage {key} is {now:?}, not {value:?}");
}

#[then(expr = "در حافظه جلسه {string} نیست")]
async fn session_value_absent(world: &mut LimooWorld, key: String) {
    let found = world.browser().await.stored(Storage::Session, &key).await.or_fail("session storage read");
    assert_eq!(found, None, "session storage still holds {key}");
}

#[then(expr = "پنل کاربر در مرحله {word} باز است")]
async fn user_panel_step(world: &mut LimooWorld, expected: String) {
    let browser = world.browser().await;
    let css = format!("[data-testid=user-panel][data-step=\"{expected}\"]");
    let shown = browser.texts(&css).await;
    let now = browser.attribute("[data-testid=user-panel]", "data-step").await;
    assert!(shown.is_ok(), "the user panel is not at step {expected}: {now:?}");
}
