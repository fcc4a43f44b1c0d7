use clap::{Parser, Subcommand};
use limoo_bff::{
    api,
    cli::{diets::DietsCommand, finance::FinanceCommand, franchise::FranchiseCommand, points::PointsCommand},
    config::{Settings, production, reference},
    startup::Application,
    store::Db,
    telemetry,
};
use limoo_readiness::ReadinessFiles;

/// See bff/Cargo.toml: an allocator that gives freed memory back, so a replica's footprint comes back down after a
/// busy spell instead of keeping its high-water mark.
#[cfg(all(unix, not(target_env = "musl")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Limoo backend-for-frontend.
#[derive(Parser)]
#[command(name = "bff", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the HTTP service (API, docs and the built web app).
    Serve {
        #[command(flatten)]
        settings: Box<Settings>,
        #[command(flatten)]
        readiness: ReadinessFiles,
    },
    /// Apply the migrations the database lacks, once per deployment before its replicas start
    /// (with `MIGRATE_ON_START=false` they then only check the schema).
    Migrate {
        #[command(flatten)]
        settings: Box<Settings>,
    },
    /// Copy a SQLite database to `to` while the service keeps writing (a consistent online copy); PostgreSQL is
    /// backed up with its own tools (docs/operations.md).
    Backup {
        #[command(flatten)]
        settings: Box<Settings>,
        /// The copy's path; it must not exist yet.
        to: std::path::PathBuf,
    },
    /// Print the OpenAPI document to standard output.
    Openapi,
    /// The configuration: `config check` prints the effective settings (secrets masked) and what a production start
    /// (`LIMOO_ENV=production`) would refuse; it exits 1 when that start would be refused under LIMOO_ENV=production.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Review manual transfers: `finance list | approve <id> --by <name> | reject <id> --by <name> [--reason …]`.
    Finance {
        #[command(flatten)]
        settings: Box<Settings>,
        #[command(subcommand)]
        command: FinanceCommand,
    },
    /// Mark franchise members: `franchise grant <mobile> --by <name> | revoke <mobile> --by <name>`.
    Franchise {
        #[command(flatten)]
        settings: Box<Settings>,
        #[command(subcommand)]
        command: FranchiseCommand,
    },
    /// Give a customer points: `points grant <mobile> --points <n> --reason <why> --by <name>`.
    Points {
        #[command(flatten)]
        settings: Box<Settings>,
        #[command(subcommand)]
        command: PointsCommand,
    },
    /// The medical team's diet tools: `diets list [--mobile …] | issue <orderId> --number … --days … --by … |
    /// ready <dietId> --by … | start <dietId> --date … --by … | expire <dietId> --by … | changes <dietId>`.
    Diets {
        #[command(flatten)]
        settings: Box<Settings>,
        #[command(subcommand)]
        command: DietsCommand,
    },
}

#[derive(Subcommand)]
enum ConfigCommand {
    Check {
        #[command(flatten)]
        settings: Box<Settings>,
    },
    /// Print docs/configuration.md: every setting with its variable, default and help text.
    Reference,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Openapi => {
            println!("{}", api::spec_json());
            Ok(())
        }
        Command::Config { command: ConfigCommand::Check { settings } } => {
            let (report, accepted) = production::report(&settings);
            print!("{report}");
            if !accepted && settings.environment == production::Environment::Production {
                std::process::exit(1);
            }
            Ok(())
        }
        Command::Config { command: ConfigCommand::Reference } => {
            print!("{}", reference::markdown());
            Ok(())
        }
        Command::Migrate { settings } => {
            telemetry::init("warn", settings.log_format);
            let db = Db::connect(&settings.database_url).await?;
            let missing = db.missing_migrations().await?.len();
            db.migrate().await?;
            println!("applied {missing} migrations; the database holds all of this build's");
            Ok(())
        }
        Command::Backup { settings, to } => {
            telemetry::init("warn", settings.log_format);
            let db = Db::connect(&settings.database_url).await?;
            let bytes = db.back_up_to(&to).await?;
            println!("backed up to {} ({bytes} bytes)", to.display());
            Ok(())
        }
        Command::Finance { settings, command } => {
            telemetry::init("warn", settings.log_format);
            print!("{}", limoo_bff::cli::finance::run(&settings, command).await?);
            Ok(())
        }
        Command::Franchise { settings, command } => {
            telemetry::init("warn", settings.log_format);
            print!("{}", limoo_bff::cli::franchise::run(&settings, command).await?);
            Ok(())
        }
        Command::Points { settings, command } => {
            telemetry::init("warn", settings.log_format);
            print!("{}", limoo_bff::cli::points::run(&settings, command).await?);
            Ok(())
        }
        Command::Diets { settings, command } => {
            telemetry::init("warn", settings.log_format);
            print!("{}", limoo_bff::cli::diets::run(&settings, command).await?);
            Ok(())
        }
        Command::Serve { settings, readiness } => {
            let _logs = telemetry::init_serving("info", settings.log_format);
            readiness.clear()?;
            let app = Application::build(*settings).await?;
            tracing::info!("Limoo BFF listening on http://{}", app.address());
            readiness.announce(app.port())?;
            app.run_until_stopped().await?;
            Ok(())
        }
    }
}
