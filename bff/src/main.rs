use clap::{Parser, Subcommand};
use limoo_bff::{api, config::Settings, startup::Application, telemetry};

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
    Serve(Box<Settings>),
    /// Print the OpenAPI document to standard output.
    Openapi,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Openapi => {
            println!("{}", api::spec_json());
            Ok(())
        }
        Command::Serve(settings) => {
            telemetry::init("info");
            let app = Application::build(*settings).await?;
            tracing::info!("Limoo BFF listening on http://{}", app.address());
            app.run_until_stopped().await?;
            Ok(())
        }
    }
}
