use std::io::IsTerminal;

use tracing_subscriber::{EnvFilter, fmt::MakeWriter};

#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// Installs a global subscriber once, writing to stdout as lines come (the commands, the tests); `RUST_LOG`
/// overrides `default_filter`.
pub fn init(default_filter: &str, format: LogFormat) {
    install(default_filter, format, std::io::stdout);
}

/// For `serve`: lines are queued and written to stdout by a thread of their own, so a request never waits on a
/// slow pipe or terminal (two lines a request, written in the request's own task, had been the access log's cost).
/// Past 128,000 queued lines new ones are dropped rather than a request stalled. Keep the guard until the process
/// ends: dropping it writes what is queued.
pub fn init_serving(default_filter: &str, format: LogFormat) -> tracing_appender::non_blocking::WorkerGuard {
    let (writer, guard) = tracing_appender::non_blocking(std::io::stdout());
    install(default_filter, format, writer);
    guard
}

fn install<W>(default_filter: &str, format: LogFormat, writer: W)
where
    W: for<'writer> MakeWriter<'writer> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    // Colours only on a terminal: a log file or a collector would get the escape codes as text.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stdout().is_terminal())
        .with_writer(writer);
    // A second call (several apps in one test process) keeps the first subscriber.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        // Every enclosing span, so a line carries the request id as well as the route it is about.
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(false).with_span_list(true).try_init(),
    };
}

/// The longest cause chain a log entry repeats, in characters.
const MAX_CHAIN_CHARS: usize = 2048;
/// Backtrace frames a log entry keeps: the service's own, else the first ones.
const MAX_FRAMES: usize = 12;

/// An unexpected error as one log entry holds it: the cause chain (clipped) and, when a backtrace was captured
/// (`RUST_BACKTRACE=1`), at most [`MAX_FRAMES`] of its frames, the service's own first. anyhow's `Debug` wrote the
/// whole backtrace, about 10 KB for each 500, so a stream of bad requests could fill the log.
pub struct Bounded<'a>(pub &'a anyhow::Error);

impl std::fmt::Display for Bounded<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let chain = format!("{:#}", self.0);
        f.write_str(&crate::limits::clip(&chain, MAX_CHAIN_CHARS))?;
        let backtrace = self.0.backtrace();
        if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
            f.write_str("\nbacktrace, first frames:\n")?;
            f.write_str(&first_frames(&backtrace.to_string(), MAX_FRAMES))?;
        }
        Ok(())
    }
}

/// At most `max` frames of a printed backtrace (a frame is its `N: symbol` line and the `at file` lines after it):
/// the frames of the service's own code (`limoo_`) when there are any, otherwise the first ones.
fn first_frames(printed: &str, max: usize) -> String {
    let mut frames: Vec<String> = Vec::new();
    for line in printed.lines() {
        let starts_frame =
            line.trim_start().split_once(':').is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()));
        match frames.last_mut() {
            Some(frame) if !starts_frame => {
                frame.push('\n');
                frame.push_str(line);
            }
            _ => frames.push(line.to_owned()),
        }
    }
    let own: Vec<&String> = frames.iter().filter(|frame| frame.contains("limoo_")).collect();
    let kept: Vec<&String> =
        if own.is_empty() { frames.iter().take(max).collect() } else { own.into_iter().take(max).collect() };
    kept.iter().map(|frame| crate::limits::clip(frame, 512)).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_cause_chain_is_clipped() {
        let error = anyhow::anyhow!("x".repeat(100_000)).context("cannot store session");
        let logged = Bounded(&error).to_string();
        assert!(logged.starts_with("cannot store session: xxx"), "{}", &logged[..40]);
        // The chain, and at most the kept frames of a backtrace when the environment asked for one.
        assert!(logged.chars().count() <= MAX_CHAIN_CHARS + 1 + 40 + MAX_FRAMES * 513, "{} chars", logged.len());
    }

    #[test]
    fn the_services_own_frames_are_kept() {
        let printed = (0..200)
            .map(|n| {
                let symbol =
                    if n % 50 == 7 { format!("limoo_bff::store::f{n}") } else { format!("tokio::runtime::f{n}") };
                format!("  {n}: {symbol}\n             at ./src/file{n}.rs:1:1")
            })
            .collect::<Vec<_>>()
            .join("\n");
        let kept = first_frames(&printed, MAX_FRAMES);
        assert_eq!(kept.lines().filter(|line| line.contains(": limoo_bff::store::")).count(), 4);
        assert!(!kept.contains("tokio"));
        let none_own = printed.replace("limoo_bff", "other");
        assert_eq!(first_frames(&none_own, 3).lines().count(), 6, "three frames of two lines");
    }
}
