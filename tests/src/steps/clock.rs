//! Time passing without waiting: the shop's test clock, moved through the staff API, and the gateways' clock, moved
//! through the simulators' control API, as a tester moves them on any deployment.
use cucumber::{given, when};

use super::{LimooWorld, OrFail};
use crate::{browser::Storage, params::Mobile};

impl LimooWorld {
    /// Moves the shop's clock forward by `seconds`. The tokens a moved clock may have expired are renewed, as the
    /// customer's app renews its token with the refresh cookie: the paying customer's, and the browser's (the steps
    /// sign the browser in with a token alone, no cookie).
    pub(super) async fn advance_clock(&mut self, seconds: i64) {
        self.app().advance_clock(seconds).await;
        self.renew_payer_token().await;
        let Some(browser) = &self.browser else { return };
        let stored = browser.stored(Storage::Local, "token").await.or_fail("the browser's token");
        // Read on real time (outside the shop's requests), where the token has not expired: it names the customer.
        let Some(claims) = stored.and_then(|token| self.app().tokens().verify(&token).ok()) else { return };
        let renewed = self.app().token_of_customer(claims.customer_id().unwrap_or_default());
        browser.execute(&format!("localStorage.setItem('token', '{renewed}');")).await.or_fail("token renewed");
    }
}

#[given(expr = "ساعت فروشگاه {int} دقیقه جلو می‌رود")]
#[when(expr = "ساعت فروشگاه {int} دقیقه جلو می‌رود")]
async fn shop_clock_moves(world: &mut LimooWorld, minutes: i64) {
    world.advance_clock(minutes * 60).await;
}

/// The shop's clock moves to the 10th second of a minute, so that what follows within 50 s stays in that minute and
/// what follows 50 to 110 s later falls in the next one.
#[given("ساعت فروشگاه به ثانیه ۱۰ یک دقیقه رسیده است")]
async fn shop_clock_at_second_ten(world: &mut LimooWorld) {
    let (status, clock) = world.app().staff_api().staff_read_clock().await;
    assert_eq!(status, 200, "the shop's clock: {clock}");
    let second = clock["now"].as_i64().expect("the clock's now") / 1000 % 60;
    let to_ten = (70 - second - 1) % 60 + 1;
    world.advance_clock(to_ten).await;
}

/// One customer's own clock moves: their signed-in calls read the moved time, nobody else's do. The steps' next
/// token for them is stamped with it, as their app's renewed token would be.
#[given(expr = "ساعت مشتری {mobile} {int} دقیقه جلو می‌رود")]
#[when(expr = "ساعت مشتری {mobile} {int} دقیقه جلو می‌رود")]
async fn customer_clock_moves(world: &mut LimooWorld, mobile: Mobile, minutes: i64) {
    let token = world.token_of(&mobile).await;
    let customer = world.app().customer_of(&token);
    world.app().advance_customer_clock(customer, minutes * 60).await;
}

#[given(expr = "ساعت درگاه‌ها {int} دقیقه جلو می‌رود")]
#[when(expr = "ساعت درگاه‌ها {int} دقیقه جلو می‌رود")]
async fn gateway_clock_moves(world: &mut LimooWorld, minutes: i64) {
    world.app().advance_gateway_clock(minutes * 60).await;
}
