//! The run's HTML report, one page that opens from the file system with nothing else running: every scenario of
//! both Gherkin passes with its steps and how each ended (read from the passes' cucumber JSON), and beside it the
//! scenario's evidence (`evidence`): the failed ones show their calls, their simulators' journal and their
//! screenshot on the page; a passed one links its evidence file.
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::{evidence, rules_page::escape};

/// The cucumber JSON file of a pass (`api`, `ui`) in the reports folder.
pub fn cucumber_json(reports: &Path, pass: &str) -> PathBuf {
    reports.join(format!("{pass}.cucumber.json"))
}

struct Scenario {
    pass: &'static str,
    /// `file:line name`, as the evidence is filed.
    key: String,
    feature: String,
    tags: Vec<String>,
    steps: Vec<Step>,
}

struct Step {
    keyword: String,
    name: String,
    /// passed, failed, skipped
    status: String,
    error: Option<String>,
}

impl Scenario {
    fn failed(&self) -> bool {
        self.steps.iter().any(|step| step.status == "failed")
    }
}

/// The scenarios of one pass's cucumber JSON; none when it is missing or unreadable.
fn scenarios_of(path: &Path, pass: &'static str) -> Vec<Scenario> {
    let Some(features) = std::fs::read(path).ok().and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok()) else {
        return Vec::new();
    };
    let text = |value: &Value, field: &str| value[field].as_str().unwrap_or_default().to_owned();
    let mut found = Vec::new();
    for feature in features.as_array().into_iter().flatten() {
        let uri = text(feature, "uri");
        let file = Path::new(&uri).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        // Cucumber JSON gives a scenario's background as an element of its own just before it.
        let mut background = Vec::new();
        for element in feature["elements"].as_array().into_iter().flatten() {
            let steps = element["steps"].as_array().into_iter().flatten().map(|step| Step {
                keyword: text(step, "keyword"),
                name: text(step, "name"),
                status: text(&step["result"], "status"),
                error: step["result"]["error_message"].as_str().map(str::to_owned),
            });
            if element["type"] == "background" {
                background = steps.collect();
                continue;
            }
            let steps = std::mem::take(&mut background).into_iter().chain(steps).collect();
            found.push(Scenario {
                pass,
                key: format!("{file}:{} {}", element["line"], text(element, "name")),
                feature: text(feature, "name"),
                tags: element["tags"].as_array().into_iter().flatten().map(|tag| text(tag, "name")).collect(),
                steps,
            });
        }
    }
    found
}

/// Writes `report.html` in `reports` from the passes' cucumber JSON and the evidence folder; its path.
pub fn write(reports: &Path) -> std::io::Result<PathBuf> {
    let mut scenarios: Vec<Scenario> =
        ["api", "ui"].into_iter().flat_map(|pass| scenarios_of(&cucumber_json(reports, pass), pass)).collect();
    scenarios.sort_by_key(|scenario| !scenario.failed());
    let failed = scenarios.iter().filter(|scenario| scenario.failed()).count();
    let folder = evidence::folder(reports);
    let mut body = String::new();
    for scenario in &scenarios {
        body.push_str(&scenario_html(scenario, &folder));
    }
    // The journeys run after the Gherkin passes, so their report is linked where `./test.sh` puts it.
    let playwright = r#" · <a href="../playwright/index.html">Playwright journeys (traces of failures)</a>"#;
    let page = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Limoo: Gherkin report</title><style>
body{{font:14px/1.5 system-ui,sans-serif;margin:0 auto;padding:8px;max-width:1200px}}
details{{border:1px solid #ccc;border-radius:4px;margin:4px 0;padding:2px 8px}}summary{{cursor:pointer;overflow-wrap:anywhere}}
.failed>summary{{background:#fde2e1}}.passed>summary{{background:#e3f4e1}}ol{{margin:4px 0}}
li.failed{{color:#a40000;font-weight:bold}}li.skipped{{color:#8a6d00}}pre{{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:4px;margin:2px 0}}
table{{border-collapse:collapse;width:100%}}th,td{{border:1px solid #ddd;padding:2px 4px;text-align:start;vertical-align:top}}
td.wide{{max-width:40ch;overflow-wrap:anywhere}}img{{max-width:100%;border:1px solid #ccc}}small{{color:#555}}
</style></head><body><h1>Gherkin report</h1>
<p>{} scenarios, <strong>{failed}</strong> failed (first), {} passed. <a href="rules.html">Rules and the scenarios that check them</a>{playwright}</p>
{body}</body></html>"#,
        scenarios.len(),
        scenarios.len() - failed,
    );
    let path = reports.join("report.html");
    std::fs::write(&path, page)?;
    Ok(path)
}

fn scenario_html(scenario: &Scenario, evidence_folder: &Path) -> String {
    let failed = scenario.failed();
    let steps: String = scenario
        .steps
        .iter()
        .map(|step| {
            let error = step.error.as_deref().map(|e| format!("<pre>{}</pre>", escape(e))).unwrap_or_default();
            format!(
                r#"<li class="{}"><bdi>{}{}</bdi> <small>{}</small>{error}</li>"#,
                escape(&step.status),
                escape(&step.keyword),
                escape(&step.name),
                escape(&step.status)
            )
        })
        .collect();
    let stem = evidence::file_stem(&scenario.key);
    let evidence_file = evidence_folder.join(format!("{stem}.json"));
    let evidence = match (failed, evidence_file.exists()) {
        (true, true) => evidence_html(&evidence_file),
        (false, true) => format!(r#"<p><a href="evidence/{stem}.json">its calls and journal (JSON)</a></p>"#),
        (_, false) => String::new(),
    };
    let (place, name) = scenario.key.split_once(' ').unwrap_or((&scenario.key, ""));
    format!(
        r#"<details class="{class}"{open}><summary><code>{}</code> <bdi>{}</bdi> <small>{} pass · {} · {}</small></summary>
<p><small>Feature: <bdi>{}</bdi></small></p><ol>{steps}</ol>{evidence}</details>
"#,
        escape(place),
        escape(name),
        scenario.pass,
        if failed { "failed" } else { "passed" },
        escape(&scenario.tags.join(" ")),
        escape(&scenario.feature),
        class = if failed { "failed" } else { "passed" },
        open = if failed { " open" } else { "" },
    )
}

/// A failed scenario's calls, journal, its page's own requests and screenshot, on the page.
fn evidence_html(file: &Path) -> String {
    let Some(evidence) = std::fs::read(file).ok().and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok()) else {
        return String::new();
    };
    let cell = |value: &Value| escape(&value.as_str().map(str::to_owned).unwrap_or_else(|| value.to_string()));
    let calls: String = evidence["exchanges"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|call| {
            format!(
                r#"<tr><td>{}</td><td class="wide">{}</td><td>{}</td><td class="wide"><pre>{}</pre></td><td class="wide"><pre>{}</pre></td></tr>"#,
                cell(&call["method"]),
                cell(&call["path"]),
                call["status"],
                cell(&call["request"]),
                cell(&call["response"])
            )
        })
        .collect();
    let journal: String = evidence["journal"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|entry| {
            let direction = if entry["outgoing"] == Value::Bool(true) { "sent" } else { "received" };
            format!(
                r#"<tr><td>{}</td><td>{direction}</td><td>{}</td><td class="wide">{}{}</td><td>{}</td><td>{}</td><td class="wide"><pre>{}</pre></td></tr>"#,
                cell(&entry["gateway"]),
                cell(&entry["method"]),
                cell(&entry["path"]),
                entry["query"].as_str().filter(|q| !q.is_empty()).map(|q| format!("?{}", escape(q))).unwrap_or_default(),
                entry["status"],
                cell(&entry["scenario"]),
                cell(&entry["body"])
            )
        })
        .collect();
    let page_requests: String = evidence["page_requests"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|request| {
            format!(
                r#"<tr><td>{}</td><td class="wide">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
                cell(&request["initiator"]),
                cell(&request["url"]),
                request["status"],
                request["startMs"],
                request["durationMs"]
            )
        })
        .collect();
    let page_requests = if page_requests.is_empty() {
        String::new()
    } else {
        format!(
            r#"<h4>Requests the page made</h4><table><tr><th>by</th><th>address</th><th>status</th><th>at (ms)</th><th>took (ms)</th></tr>{page_requests}</table>"#
        )
    };
    let screenshot = evidence["screenshot"]
        .as_str()
        .map(|png| format!(r#"<h4>The page when it failed</h4><img src="evidence/{}" alt="screenshot">"#, escape(png)))
        .unwrap_or_default();
    format!(
        r#"<h4>Calls the steps made to the BFF</h4><table><tr><th>method</th><th>path</th><th>status</th><th>sent</th><th>answered</th></tr>{calls}</table>
<h4>The simulators' journal</h4><table><tr><th>gateway</th><th></th><th>method</th><th>path</th><th>status</th><th>forced</th><th>body</th></tr>{journal}</table>{page_requests}{screenshot}"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_scenario_comes_first_with_its_step_error_and_its_calls_on_the_page() {
        let reports = std::env::temp_dir().join(format!("limoo-report-{}", std::process::id()));
        std::fs::create_dir_all(evidence::folder(&reports)).unwrap();
        let json = serde_json::json!([{
            "uri": "features/shop/points.feature", "name": "امتیاز",
            "elements": [
                {"type": "background", "name": "", "line": 2,
                 "steps": [{"keyword": "Given ", "name": "a shop", "result": {"status": "passed"}}]},
                {"type": "scenario", "name": "passes", "line": 3, "tags": [{"name": "@PM-01"}],
                 "steps": [{"keyword": "Given ", "name": "a thing", "result": {"status": "passed"}}]},
                {"name": "breaks <b>", "line": 9, "tags": [{"name": "@PM-02"}],
                 "steps": [{"keyword": "Then ", "name": "it holds", "result": {"status": "failed", "error_message": "expected 200, got 409"}}]}
            ]
        }]);
        std::fs::write(cucumber_json(&reports, "api"), json.to_string()).unwrap();
        let key = "points.feature:9 breaks <b>";
        let call = evidence::Exchange {
            method: "POST".into(),
            path: "/lemonade/api/orders".into(),
            status: 409,
            request: r#"{"productIds":[101]}"#.into(),
            response: r#"{"err":{"code":"409"}}"#.into(),
        };
        let mut filed = evidence::Evidence::new(key.into(), vec![call], Vec::new());
        filed.page_requests = vec![evidence::PageRequest {
            url: "http://127.0.0.1:9/lemonade/api/invoice?orderId=7".into(),
            initiator: "fetch".into(),
            status: 409,
            start_ms: 1200.0,
            duration_ms: 35.0,
        }];
        let file = evidence::folder(&reports).join(format!("{}.json", evidence::file_stem(key)));
        std::fs::write(file, serde_json::to_vec(&filed).unwrap()).unwrap();

        let page = std::fs::read_to_string(write(&reports).unwrap()).unwrap();
        let failed_at = page.find("breaks &lt;b&gt;").expect("the name, escaped");
        assert!(failed_at < page.find(">passes<").expect("the passed one"), "failed first");
        assert!(page.contains("expected 200, got 409") && page.contains("/lemonade/api/orders"));
        assert!(page.contains("<p>2 scenarios, <strong>1</strong> failed"), "the background is no scenario");
        assert!(page.contains("a shop"), "its steps come with the scenario after it");
        assert!(page.contains("Requests the page made") && page.contains("invoice?orderId=7"), "the browser's calls");
        std::fs::remove_dir_all(reports).unwrap();
    }
}
