//! Cucumber World and steps, one module per domain concept.
mod auth;
mod bot_check;
mod cart;
mod catalogue;
mod clock;
mod constants;
mod diet_requests;
mod diet_status;
mod franchise;
mod giftcard;
mod guard_failures;
mod language;
mod legacy_calls;
mod order_changes;
mod orders;
mod packages;
mod packages_screen;
mod payment_screens;
mod payments;
mod quiz;
mod quiz_rules;
mod results;
mod routing;
mod select_package;
mod shop_checkout;
mod shop_orders;
mod shop_purchase;
mod shop_rules;
mod shop_wizard;
mod sign_in_limits;
mod tokens;
mod visits;

use std::time::Duration;

use crate::{
    AppOptions, TestApp,
    browser::{Browser, Storage, poll_for},
};

/// A fetch answer (see `Browser::intercept_fetch`) that never arrives: the call stays in flight.
pub const NEVER: &str = "new Promise(() => {})";

/// Fails the step with the error's whole cause chain but without a backtrace dump.
pub trait OrFail<T> {
    fn or_fail(self, what: &str) -> T;
}

impl<T> OrFail<T> for anyhow::Result<T> {
    fn or_fail(self, what: &str) -> T {
        self.unwrap_or_else(|e| panic!("{what}: {e:#}"))
    }
}

impl<T, E: std::fmt::Debug> OrFailAny<T> for Result<T, E> {
    fn or_fail_any(self, what: &str) -> T {
        self.unwrap_or_else(|e| panic!("{what}: {e:?}"))
    }
}

/// `or_fail` for errors that are not anyhow's.
pub trait OrFailAny<T> {
    fn or_fail_any(self, what: &str) -> T;
}

/// The HTTP answer of the last API step.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: serde_json::Value,
}

#[derive(Debug, Default, cucumber::World)]
pub struct LimooWorld {
    app: Option<TestApp>,
    reply: Option<Reply>,
    browser: Option<Browser>,
    /// The token a step put in local storage and whose customer, to tell whether the app replaced it.
    replaced_token: Option<(String, i64)>,
    /// The order a payments scenario pays.
    paying: Option<payments::Paying>,
    /// The token the browser held when the customer signed out.
    signed_out_token: Option<String>,
    /// The answer record the scenario's visitor created.
    answer_record: Option<quiz::AnswerRecord>,
    /// The web app's cart a scenario works on, and what its last operation did.
    web_cart: Option<serde_json::Value>,
    web_cart_outcome: Option<crate::web_module::Outcome>,
}

impl LimooWorld {
    /// Starts the BFF and simulators once per scenario, or connects to the deployed ones (`LIMOO_TARGET`), which
    /// hold the demo catalogue.
    pub async fn start_app(&mut self, demo_catalogue: bool) -> &TestApp {
        if self.app.is_none() {
            let app = match crate::target::Target::from_env() {
                Some(target) => TestApp::connect(target).await.or_fail("the deployed BFF is not ready"),
                None => TestApp::spawn(AppOptions { demo_catalogue, ..AppOptions::default() })
                    .await
                    .or_fail("test app failed to start"),
            };
            self.app = Some(app);
        }
        self.app()
    }

    /// Starts a BFF with settings of the scenario's own (in-process only: a deployed BFF's settings are its own).
    pub async fn start_app_with(&mut self, options: AppOptions) -> &TestApp {
        assert!(
            crate::target::Target::from_env().is_none(),
            "this scenario starts a BFF with settings of its own: tag it @{}",
            crate::target::IN_PROCESS_TAG
        );
        self.app = Some(TestApp::spawn(options).await.or_fail("test app failed to start"));
        self.app()
    }

    pub fn app(&self) -> &TestApp {
        self.app.as_ref().expect("no running shop: start one with a Given step")
    }

    /// Keeps an API answer as the last reply.
    pub fn keep(&mut self, (status, body): (u16, serde_json::Value)) -> &Reply {
        self.reply = Some(Reply { status, body });
        self.reply()
    }

    pub fn reply(&self) -> &Reply {
        self.reply.as_ref().expect("no API call made yet")
    }

    pub async fn browser(&mut self) -> &Browser {
        if self.browser.is_none() {
            self.browser = Some(Browser::take().await.or_fail("Chromium failed to start"));
        }
        self.browser.as_ref().expect("browser just launched")
    }

    /// Opens a hash route of the web app served by the BFF, e.g. `/select-package-c`.
    pub async fn open_route(&mut self, route: &str) {
        let url = format!("{}/#{route}", self.app().address);
        self.browser().await.open(&url).await.or_fail("page failed to open");
    }

    /// Opens a hash route as a new page load, so the app's start-up runs again.
    pub async fn open_route_fresh(&mut self, route: &str) {
        let url = format!("{}/#{route}", self.app().address);
        self.browser().await.open_fresh(&url).await.or_fail("page failed to open");
    }

    /// Makes sure the web app is loaded (storage belongs to its origin); a visitor's neutral page otherwise.
    pub async fn ensure_app_loaded(&mut self) {
        let address = self.app().address.clone();
        let current = self.browser().await.client.current_url().await.or_fail_any("current address");
        if !current.as_str().starts_with(&address) {
            self.open_route("/diets").await;
        }
    }

    /// Signs the browser in with `token` as a completed sign-in would: the app reads it from local storage, which
    /// belongs to the app's origin (opened on `/logout`, so nothing of an earlier sign-in is kept).
    pub async fn sign_in_browser_with(&mut self, token: &str) {
        self.open_route("/logout").await;
        let script = format!("localStorage.setItem('token', '{token}');");
        self.browser().await.execute(&script).await.or_fail("token stored");
    }

    /// The visit session id the app keeps in session storage, once it has one.
    pub async fn session_id(&mut self) -> String {
        let browser = self.browser().await;
        poll_for(Duration::from_secs(10), || async { browser.stored(Storage::Session, "sessId").await })
            .await
            .or_fail("no sessId in session storage")
    }

    /// The token in local storage, waiting for one.
    pub async fn stored_token(&mut self) -> String {
        let browser = self.browser().await;
        poll_for(Duration::from_secs(10), || async { browser.stored(Storage::Local, "token").await })
            .await
            .or_fail("no token in local storage")
    }

    /// Files the scenario's evidence in `reports`' evidence folder for the report: the calls its steps made, its
    /// simulators' journal and, when it failed in a browser, what the page showed.
    pub async fn save_evidence(&mut self, reports: &std::path::Path, key: &str, failed: bool) {
        let Some(app) = &self.app else { return };
        let folder = crate::evidence::folder(reports);
        let stem = crate::evidence::file_stem(key);
        let mut evidence =
            crate::evidence::Evidence::new(key.to_owned(), crate::evidence::take(&app.address), app.journal());
        if std::fs::create_dir_all(&folder).is_err() {
            return;
        }
        if let Some(browser) = self.browser.as_ref().filter(|_| failed) {
            if let Ok(png) = browser.client.screenshot().await
                && std::fs::write(folder.join(format!("{stem}.png")), png).is_ok()
            {
                evidence.screenshot = Some(format!("{stem}.png"));
            }
            let requests = browser.execute(crate::evidence::PAGE_REQUESTS_SCRIPT).await;
            evidence.page_requests =
                requests.ok().and_then(|list| serde_json::from_value(list).ok()).unwrap_or_default();
        }
        if let Ok(json) = serde_json::to_vec(&evidence) {
            let _ = std::fs::write(folder.join(format!("{stem}.json")), json);
        }
    }

    /// Ends the scenario: a browser that saw it pass goes back to the pool; after a failure it is closed, so
    /// nothing it was left in can reach another scenario.
    pub async fn tear_down(&mut self, passed: bool) {
        if let Some(browser) = self.browser.take() {
            match &self.app {
                Some(app) if passed => browser.release(&[&app.address, app.sims_url()]).await,
                _ => browser.close().await,
            }
        }
        self.app = None;
    }
}
