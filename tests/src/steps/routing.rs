//! `@ui` steps about where the hash router sends the customer.
use cucumber::then;

use super::LimooWorld;

#[then(expr = "مشتری به مسیر {string} می‌رسد")]
async fn lands_on(world: &mut LimooWorld, expected: String) {
    let browser = world.browser().await;
    let route = browser.wait_for_route(|r| r.split('?').next() == Some(expected.as_str())).await;
    assert!(route.is_ok(), "never reached {expected}: {route:?}");
}
