//! `docs/configuration.md`, rendered from the settings' own clap definitions: every flag with its environment
//! variable, default and help text. The document is generated rather than written so that it cannot drift from
//! what `bff serve` reads; a test in the tests crate compares the committed file with [`markdown`].
use clap::{Arg, ArgAction, Args, Command};
use limoo_readiness::ReadinessFiles;

use super::{
    AuthSettings, ConnectionSettings, FinanceSettings, GatewaySettings, PaymentSettings, PointSettings, Settings,
    SupportSettings,
};

/// The command that writes the document; the drift test names it.
pub const REGENERATE: &str = "cargo run -q -p limoo-bff -- config reference > docs/configuration.md";

/// One section of the reference: a heading, a line saying what its settings are for, and the settings.
struct Section {
    heading: &'static str,
    about: &'static str,
    args: fn(Command) -> Command,
}

/// The settings grouped as `config.rs` groups them. What `Settings` holds outside these groups is the first
/// section, so a setting added anywhere appears in the document.
const GROUPS: &[Section] = &[
    Section {
        heading: "Connections",
        about: "How long a client may take and how many are served at once. The proxy in front should give up on \
                the BFF later than these, and keep idle upstream connections for less than `IDLE_TIMEOUT_SECONDS`.",
        args: ConnectionSettings::augment_args,
    },
    Section {
        heading: "Sign-in",
        about: "Token lifetimes, the one-time code's rules, and who gets codes by e-mail.",
        args: AuthSettings::augment_args,
    },
    Section {
        heading: "SMS and e-mail",
        about: "The providers that deliver sign-in codes and notices; the defaults are the simulators'.",
        args: GatewaySettings::augment_args,
    },
    Section {
        heading: "Points",
        about: "What a point is worth and how long an order holds them.",
        args: PointSettings::augment_args,
    },
    Section {
        heading: "Payments",
        about: "Which gateways pay, where they are (the defaults are the simulators'), and how the sweeper settles \
                payments nobody came back from.",
        args: PaymentSettings::augment_args,
    },
    Section {
        heading: "Finance and manual transfers",
        about: "The finance review API and where customers send a card-to-card or PayPal transfer.",
        args: FinanceSettings::augment_args,
    },
    Section {
        heading: "Support",
        about: "Where customers reach support, as the web app learns it at start-up (`GET /lemonade/api/app-config`), \
                so one build of the app serves every deployment.",
        args: SupportSettings::augment_args,
    },
];

const INTRO: &str = "\
# Configuration reference

<!-- Generated from the flag definitions in bff/src/config.rs: edit their doc comments, then run
     cargo run -q -p limoo-bff -- config reference > docs/configuration.md
     A test (tests/api/configuration.rs) fails while this file differs from what that prints. -->

For operators and developers: every setting the BFF reads. Each is a flag of `bff serve` or its environment
variable (the flag wins); `bff migrate`, `backup`, `finance`, `franchise` and `diets` read the same ones. The
defaults are made for development (`./run.sh`: SQLite, the simulators on `127.0.0.1:8090`, keys the simulators
accept). `LIMOO_ENV=production` refuses a start that keeps a default a deployment must change, naming each, and
`bff config check` prints the effective values with secrets masked: see [operations.md](operations.md). A secret's
value never appears in `--help`. `RUST_LOG` (a `tracing` filter, `info` by default) chooses which log lines are
written; it is not a flag.
";

/// The whole document.
pub fn markdown() -> String {
    let all = Settings::augment_args(Command::new("bff"));
    let grouped: Vec<(&Section, Command)> = GROUPS.iter().map(|s| (s, (s.args)(Command::new("bff")))).collect();
    let in_a_group = |arg: &Arg| grouped.iter().any(|(_, c)| c.get_arguments().any(|a| a.get_id() == arg.get_id()));

    let mut out = String::from(INTRO);
    out += "\n## Service\n\nThe process, its database, its web app and what it trusts.\n\n";
    table(&mut out, all.get_arguments().filter(|a| !in_a_group(a)));
    for (section, command) in &grouped {
        out += &format!("\n## {}\n\n{}\n\n", section.heading, wrap(section.about));
        table(&mut out, command.get_arguments());
    }
    out += "\n## Readiness files (`bff serve` only)\n\nFor scripts: wait for a file instead of reading the log or \
            polling the port. Each file appears whole, and a previous run's is removed at start.\n\n";
    table(&mut out, ReadinessFiles::augment_args(Command::new("bff")).get_arguments());
    out
}

fn table<'a>(out: &mut String, args: impl Iterator<Item = &'a Arg>) {
    out.push_str("| variable | flag | default | what it does |\n|---|---|---|---|\n");
    for arg in args {
        let env = arg.get_env().map(|e| format!("`{}`", e.to_string_lossy())).unwrap_or_else(|| "–".to_owned());
        let flag = arg.get_long().map(|l| format!("`--{l}`")).unwrap_or_default();
        let mut what = help_of(arg);
        if arg.is_hide_env_values_set() {
            what += " A secret.";
        }
        out.push_str(&format!("| {env} | {flag} | {} | {} |\n", default_of(arg), cell(&what)));
    }
}

/// The default as an operator would write it; a setting with none is unset until given.
fn default_of(arg: &Arg) -> String {
    let values: Vec<String> = arg.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
    let shown = match values.as_slice() {
        [] if matches!(arg.get_action(), ArgAction::SetTrue) => "`false`".to_owned(),
        [] => "unset".to_owned(),
        [only] if only.is_empty() => "none".to_owned(),
        many => format!("`{}`", many.join(",")),
    };
    let choices: Vec<String> = if matches!(arg.get_action(), ArgAction::Set | ArgAction::Append) {
        arg.get_possible_values().iter().map(|p| format!("`{}`", p.get_name())).collect()
    } else {
        Vec::new()
    };
    // A boolean's two values go without saying.
    if choices.is_empty() || choices == ["`true`", "`false`"] {
        shown
    } else {
        format!("{shown} (or {})", choices.into_iter().filter(|c| *c != shown).collect::<Vec<_>>().join(", "))
    }
}

/// The doc comment as clap keeps it, every paragraph, ending in a full stop.
fn help_of(arg: &Arg) -> String {
    let help = arg.get_long_help().or(arg.get_help()).map(|h| h.to_string()).unwrap_or_default();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    if help.is_empty() || help.ends_with('.') { help } else { format!("{help}.") }
}

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// A paragraph as one line: the intro strings are wrapped in the source only.
fn wrap(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_has_a_variable_and_a_help_text() {
        let all = Settings::augment_args(Command::new("bff"));
        let lacking: Vec<String> = all
            .get_arguments()
            .filter(|a| a.get_env().is_none() || help_of(a).is_empty())
            .map(|a| a.get_id().to_string())
            .collect();
        assert!(lacking.is_empty(), "settings without an environment variable or a doc comment: {lacking:?}");
    }

    #[test]
    fn every_setting_is_in_the_document_once() {
        let document = markdown();
        for arg in Settings::augment_args(Command::new("bff")).get_arguments() {
            let env = arg.get_env().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
            assert_eq!(document.matches(&format!("| `{env}` |")).count(), 1, "{env}");
        }
    }

    #[test]
    fn defaults_read_as_an_operator_writes_them() {
        let document = markdown();
        assert!(document.contains("| `PORT` | `--port` | `8080` |"), "{document}");
        assert!(document.contains("| `TRUSTED_PROXIES` | `--trusted-proxies` | none |"), "an empty list");
        assert!(document.contains("| `AUTH_SECRET` | `--auth-secret` | unset |"), "no default");
        assert!(document.contains("| `DEMO_DATA` | `--demo-data` | `false` |"), "a switch");
        assert!(document.contains("`development` (or `production`)"), "an enum's other values");
    }
}
