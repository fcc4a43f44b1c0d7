use tracing_subscriber::EnvFilter;

/// Installs a global subscriber once; `RUST_LOG` overrides `default_filter`.
pub fn init(default_filter: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    // A second call (several apps in one test process) keeps the first subscriber.
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}
