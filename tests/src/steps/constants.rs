//! Steps for the business constants of the rules table (CT): the country table as the API serves it, and
//! the colours the browser paints.
use std::time::Duration;

use cucumber::then;
use limoo_tests::browser::poll_for;
use serde_json::Value;

use super::{LimooWorld, OrFail};

/// How long a freshly opened page may take to paint the element asked about.
const PAINT_PATIENCE: Duration = Duration::from_secs(10);

fn countries(world: &LimooWorld) -> &[Value] {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "countries call failed: {}", reply.body);
    reply.body.as_array().expect("a list of countries")
}

#[then(expr = "فهرست کشورها بین {int} و {int} ردیف دارد و طول شماره هر ردیف بین ۱ و ۲۰ است")]
async fn country_table_size(world: &mut LimooWorld, least: usize, most: usize) {
    let table = countries(world);
    assert!((least..=most).contains(&table.len()), "{} countries", table.len());
    for country in table {
        let (min, max) = (country["min"].as_i64().expect("min"), country["max"].as_i64().expect("max"));
        assert!(1 <= min && min <= max && max <= 20, "lengths of {country}");
    }
}

#[then(expr = "کشور {int} با نام {string} پیش‌شماره {string}، کمینه {int} و بیشینه {int} دارد")]
async fn country_row(world: &mut LimooWorld, id: i64, name: String, code: String, min: i64, max: i64) {
    let country = countries(world).iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("no country {id}"));
    assert_eq!(
        (&country["name"], &country["code"], &country["min"], &country["max"]),
        (&Value::from(name), &Value::from(code), &Value::from(min), &Value::from(max)),
        "{country}"
    );
}

#[then(expr = "پس‌زمینه نوار بالا {string} است")]
async fn top_bar_background(world: &mut LimooWorld, colour: String) {
    let browser = world.browser().await;
    let script = "const bar = document.querySelector('[data-testid=top-bar]'); \
                  return bar ? getComputedStyle(bar).backgroundColor : null;";
    let wanted = Value::from(colour);
    poll_for(PAINT_PATIENCE, || async { Ok((browser.execute(script).await? == wanted).then_some(())) })
        .await
        .or_fail("the top bar's background");
}
