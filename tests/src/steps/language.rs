//! `@ui` steps about the page's language: `<html lang dir>` as the browser has it.
use std::time::Duration;

use crate::browser::poll_for;
use cucumber::then;

use super::{LimooWorld, OrFail};

/// How long a language switch may take to reach the document.
const SWITCH_PATIENCE: Duration = Duration::from_secs(5);

#[then(expr = "صفحه به زبان {word} و با جهت {word} است")]
async fn page_language(world: &mut LimooWorld, language: String, direction: String) {
    let browser = world.browser().await;
    let script = "return [document.documentElement.lang, document.documentElement.dir];";
    let wanted = serde_json::json!([language, direction]);
    poll_for(SWITCH_PATIENCE, || async {
        let seen = browser.execute(script).await?;
        Ok((seen == wanted).then_some(()))
    })
    .await
    .or_fail("the document's language and direction");
}
