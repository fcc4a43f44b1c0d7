//! Cucumber World and steps, one module per domain concept.
mod auth;
mod catalogue;
mod routing;
mod select_package;

use limoo_tests::{AppOptions, TestApp, browser::Browser};

/// Fails the step with the error's whole cause chain but without a backtrace dump.
pub trait OrFail<T> {
    fn or_fail(self, what: &str) -> T;
}

impl<T> OrFail<T> for anyhow::Result<T> {
    fn or_fail(self, what: &str) -> T {
        self.unwrap_or_else(|e| panic!("{what}: {e:#}"))
    }
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
}

impl LimooWorld {
    /// Starts the BFF and simulators once per scenario.
    pub async fn start_app(&mut self, demo_catalogue: bool) -> &TestApp {
        if self.app.is_none() {
            let app = TestApp::spawn(AppOptions { demo_catalogue, ..AppOptions::default() })
                .await
                .expect("test app failed to start");
            self.app = Some(app);
        }
        self.app()
    }

    pub fn app(&self) -> &TestApp {
        self.app.as_ref().expect("no running shop: start one with a Given step")
    }

    pub fn reply(&self) -> &Reply {
        self.reply.as_ref().expect("no API call made yet")
    }

    pub async fn browser(&mut self) -> &Browser {
        if self.browser.is_none() {
            self.browser = Some(Browser::launch().await.or_fail("Chromium failed to start"));
        }
        self.browser.as_ref().expect("browser just launched")
    }

    /// Opens a hash route of the web app served by the BFF, e.g. `/select-package-c`.
    pub async fn open_route(&mut self, route: &str) {
        let url = format!("{}/#{route}", self.app().address);
        self.browser().await.open(&url).await.or_fail("page failed to open");
    }

    /// Keeps what the browser showed when a scenario failed: target/cucumber-screenshots/<name>.png.
    pub async fn save_screenshot(&mut self, scenario: &str) {
        let Some(browser) = &self.browser else { return };
        let Ok(png) = browser.client.screenshot().await else { return };
        let folder = limoo_tests::workspace_root().join("target/cucumber-screenshots");
        let name: String = scenario.chars().map(|c| if c.is_alphanumeric() { c } else { '_' }).collect();
        if std::fs::create_dir_all(&folder).is_ok() {
            let path = folder.join(format!("{name}.png"));
            if std::fs::write(&path, png).is_ok() {
                eprintln!("screenshot of the failed scenario: {}", path.display());
            }
        }
    }

    pub async fn tear_down(&mut self) {
        if let Some(browser) = self.browser.take() {
            browser.close().await;
        }
        self.app = None;
    }
}
