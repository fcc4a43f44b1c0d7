use std::path::PathBuf;

/// Service settings: command-line flags with environment fallbacks.
#[derive(clap::Args, Clone, Debug)]
pub struct Settings {
    /// Address to bind; use 0.0.0.0 behind a load balancer.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on; 0 picks a free one.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// `sqlite://path` (created on first start) or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/limoo.db")]
    pub database_url: String,
    /// Folder holding the built web app.
    #[arg(long, env = "WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Product code; the shop's service name is `{PRODUCT_CODE}_SHOP`.
    #[arg(long, env = "PRODUCT_CODE", default_value = "LIMOO")]
    pub product_code: String,
    /// Load the demo catalogue when the database has none.
    #[arg(long, env = "DEMO_DATA", default_value_t = false)]
    pub demo_data: bool,
}

impl Settings {
    /// Settings for tests and tools: port 0, the given database, no demo data.
    pub fn for_database(database_url: impl Into<String>) -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: 0,
            database_url: database_url.into(),
            web_dir: PathBuf::from("web/dist"),
            product_code: "LIMOO".into(),
            demo_data: false,
        }
    }

    /// The canonical service name, e.g. `LIMOO_SHOP` [CT-04].
    pub fn service_name(&self) -> String {
        format!("{}_SHOP", self.product_code.to_uppercase())
    }
}
