//! Calls a function of one of the web app's domain modules from a test, for client-side rules that no screen can
//! reach (a guard the pages never trip). Node runs the module's own TypeScript, turned into JavaScript by the web's
//! `typescript` package, so the test exercises the code the app ships. Only self-contained modules work: imports that
//! are not type-only would have nothing to resolve against.
use anyhow::{Context, bail};
use serde::Deserialize;
use serde_json::Value;
use tokio::process::Command;

const RUNNER: &str = "\
import ts from 'typescript'
import { readFileSync } from 'node:fs'
const [file, name, args] = process.argv.slice(1)
const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
})
const module = await import('data:text/javascript;base64,' + Buffer.from(outputText).toString('base64'))
try {
  console.log(JSON.stringify({ value: module[name](...JSON.parse(args)) ?? null }))
} catch (error) {
  console.log(JSON.stringify({ error: { name: error.name, message: error.message } }))
}";

/// What the function did: returned a value or threw.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Value(Value),
    Error { name: String, message: String },
}

/// Calls `function(...args)` of `module`, a path under `web/src` such as `features/shop/domain/cart.ts`.
pub async fn call(module: &str, function: &str, args: &[Value]) -> anyhow::Result<Outcome> {
    let web = crate::workspace_root().join("web");
    let output = Command::new("node")
        .current_dir(&web)
        .args(["--input-type=module", "-e", RUNNER, &format!("src/{module}"), function])
        .arg(serde_json::to_string(args)?)
        .output()
        .await
        .context("running node (the web's dependencies must be installed)")?;
    if !output.status.success() {
        bail!("node failed on {module}: {}", String::from_utf8_lossy(&output.stderr));
    }
    serde_json::from_slice(&output.stdout)
        .with_context(|| format!("{module}: {}", String::from_utf8_lossy(&output.stdout)))
}
