use limoo_bff::{
    config::Settings,
    startup::Application,
    store::{Db, demo},
};
use limoo_simulators::{SimConfig, SimHandle};
use tokio::task::JoinHandle;

use crate::{db::TestDb, workspace_root};

#[derive(Debug, Clone)]
pub struct AppOptions {
    pub demo_catalogue: bool,
    /// Folder served as the web app; the built `web/dist` by default.
    pub web_dir: Option<std::path::PathBuf>,
}

impl Default for AppOptions {
    fn default() -> Self {
        AppOptions { demo_catalogue: true, web_dir: None }
    }
}

/// A running BFF with its own simulators and database.
#[derive(Debug)]
pub struct TestApp {
    /// e.g. `http://127.0.0.1:41234`
    pub address: String,
    pub client: reqwest::Client,
    pub sims: SimHandle,
    pub db: Db,
    pub service_name: String,
    server: JoinHandle<std::io::Result<()>>,
    _database: TestDb,
}

/// BFF + simulators with the demo catalogue.
pub async fn spawn_app() -> TestApp {
    TestApp::spawn(AppOptions::default()).await.expect("test app failed to start")
}

impl TestApp {
    pub async fn spawn(options: AppOptions) -> anyhow::Result<TestApp> {
        if std::env::var("TEST_LOG").is_ok() {
            limoo_bff::telemetry::init("debug");
        }
        let sims = limoo_simulators::spawn(SimConfig::default()).await?;
        let database = TestDb::for_app().await?;
        let mut settings = Settings::for_database(&database.url);
        settings.web_dir = options.web_dir.clone().unwrap_or_else(|| workspace_root().join("web/dist"));
        let db = Db::connect(&database.url).await?;
        db.migrate().await?;
        if options.demo_catalogue {
            demo::load_if_empty(&db, &settings.service_name()).await?;
        }
        let service_name = settings.service_name();
        let app = Application::with_db(settings, db.clone()).await?;
        let address = format!("http://{}", app.address());
        let server = tokio::spawn(app.run_until_stopped());
        Ok(TestApp { address, client: reqwest::Client::new(), sims, db, service_name, server, _database: database })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// `GET /lemonade/api/products` with the given query pairs.
    pub async fn list_products(&self, query: &[(&str, &str)]) -> reqwest::Response {
        self.client.get(self.url("/lemonade/api/products")).query(query).send().await.expect("products request failed")
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
        self.sims.shutdown();
    }
}
