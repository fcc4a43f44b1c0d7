use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// Installs a global subscriber once; `RUST_LOG` overrides `default_filter`.
pub fn init(default_filter: &str, format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    // Colours only on a terminal: a log file or a collector would get the escape codes as text.
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(std::io::stdout().is_terminal());
    // A second call (several apps in one test process) keeps the first subscriber.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        // Every enclosing span, so a line carries the request id as well as the route it is about.
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(false).with_span_list(true).try_init(),
    };
}
