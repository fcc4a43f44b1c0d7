//! The rules page a QA lead opens after a run (`rules.html` beside the JUnit reports): every rule id, the
//! scenarios tagged with it and how each ended in this run, the rules no scenario checks first, then those with a
//! failure. The ids and their texts come from the shared rules list (`RULES_MD`, by default `../shared/rules.md`
//! beside the repository) and the project's own (`features/project-rules.md`); without the shared list the page
//! shows the ids the scenarios carry.
use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::Mutex,
};

/// How a scenario ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ended {
    Failed,
    Skipped,
    Passed,
}

impl Ended {
    fn word(self) -> &'static str {
        match self {
            Ended::Failed => "failed",
            Ended::Skipped => "skipped",
            Ended::Passed => "passed",
        }
    }
}

#[derive(Debug, Clone)]
struct Outcome {
    rules: Vec<String>,
    /// `file:line name`.
    scenario: String,
    pass: &'static str,
    ended: Ended,
}

static OUTCOMES: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());

/// Whether a tag is a rule id: two or three capitals, a dash and digits (`PM-12`, `LM-01`).
fn is_rule_id(tag: &str) -> bool {
    let Some((family, number)) = tag.split_once('-') else { return false };
    (2..=3).contains(&family.len())
        && family.bytes().all(|b| b.is_ascii_uppercase())
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
}

/// Notes how a scenario of `pass` ended, under the rule ids among its (and its feature's) tags.
pub fn record<'a>(tags: impl Iterator<Item = &'a String>, scenario: String, pass: &'static str, ended: Ended) {
    let rules = tags.filter(|tag| is_rule_id(tag)).cloned().collect();
    OUTCOMES.lock().unwrap_or_else(|p| p.into_inner()).push(Outcome { rules, scenario, pass, ended });
}

/// `| ID | text | … |` rows of a rules table, in order.
fn rules_in(markdown: &str) -> Vec<(String, String)> {
    markdown
        .lines()
        .filter_map(|line| {
            let mut cells = line.strip_prefix('|')?.split('|').map(str::trim);
            let id = cells.next()?;
            is_rule_id(id).then(|| (id.to_owned(), cells.next().unwrap_or_default().to_owned()))
        })
        .collect()
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Writes `dir/rules.html` from what this process recorded; its path.
pub fn write(dir: &Path, workspace: &Path) -> std::io::Result<PathBuf> {
    let shared_list =
        std::env::var_os("RULES_MD").map(PathBuf::from).unwrap_or_else(|| workspace.join("../shared/rules.md"));
    let shared = std::fs::read_to_string(&shared_list).ok();
    let project = std::fs::read_to_string(workspace.join("features/project-rules.md")).unwrap_or_default();
    let mut rules: Vec<(String, String)> = shared.as_deref().map(rules_in).unwrap_or_default();
    rules.extend(rules_in(&project));
    let outcomes = OUTCOMES.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let mut by_rule: BTreeMap<&str, Vec<&Outcome>> = BTreeMap::new();
    for outcome in &outcomes {
        for rule in &outcome.rules {
            by_rule.entry(rule.as_str()).or_default().push(outcome);
        }
    }
    // Tagged ids the lists do not hold (none when the shared list was found) still get their row.
    let known: Vec<String> = rules.iter().map(|(id, _)| id.clone()).collect();
    for id in by_rule.keys().filter(|id| !known.iter().any(|k| k == *id)) {
        rules.push(((*id).to_owned(), String::new()));
    }
    // Unchecked first, then those with a failure, then the rest, each in the lists' order.
    let standing = |id: &str| match by_rule.get(id) {
        None => 0,
        Some(found) if found.iter().any(|o| o.ended != Ended::Passed) => 1,
        Some(_) => 2,
    };
    rules.sort_by_key(|(id, _)| standing(id));
    let unchecked = rules.iter().filter(|(id, _)| standing(id) == 0).count();
    let failing = rules.iter().filter(|(id, _)| standing(id) == 1).count();
    let mut rows = String::new();
    for (id, text) in &rules {
        let scenarios: String = by_rule
            .get(id.as_str())
            .map(|found| {
                found
                    .iter()
                    .map(|o| {
                        // The place reads left to right; the name (Persian, mostly) in its own direction.
                        let (place, name) = o.scenario.split_once(' ').unwrap_or((&o.scenario, ""));
                        format!(
                            r#"<li class="{}"><code>{}</code> <bdi>{}</bdi> <small>({}, {})</small></li>"#,
                            o.ended.word(),
                            escape(place),
                            escape(name),
                            o.pass,
                            o.ended.word()
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let class = ["unchecked", "failing", "checked"][standing(id)];
        rows.push_str(&format!(
            r#"<tr class="{class}"><th id="{id}">{id}</th><td dir="auto">{}</td><td><ul>{scenarios}</ul></td></tr>"#,
            escape(text)
        ));
    }
    let source = match &shared {
        Some(_) => format!("{} and features/project-rules.md", escape(&shared_list.display().to_string())),
        None => format!(
            "features/project-rules.md and the tags ({} not found: set RULES_MD)",
            escape(&shared_list.display().to_string())
        ),
    };
    let page = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Limoo rules: what this run checked</title><style>
body{{font:14px/1.5 system-ui,sans-serif;margin:0 auto;padding:8px;max-width:1200px}}table{{border-collapse:collapse;width:100%}}
th,td{{border:1px solid #ccc;padding:4px 6px;text-align:start;vertical-align:top}}ul{{margin:0;padding-inline-start:16px}}
tr.unchecked th{{background:#fde2e1}}tr.failing th{{background:#ffe8b3}}tr.checked th{{background:#e3f4e1}}
li.failed{{color:#a40000;font-weight:bold}}li.skipped{{color:#8a6d00}}small{{color:#555}}
</style></head><body><h1>Rules: what this run checked</h1>
<p>{} rules from {source}: <strong>{unchecked}</strong> checked by no scenario of this run (first), <strong>{failing}</strong>
with a scenario that did not pass, {} checked and passing. {} scenarios ran.</p>
<table><thead><tr><th>rule</th><th>what it says</th><th>scenarios tagged with it, and how they ended</th></tr></thead>
<tbody>{rows}</tbody></table></body></html>"#,
        rules.len(),
        rules.len() - unchecked - failing,
        outcomes.len(),
    );
    std::fs::create_dir_all(dir)?;
    let path = dir.join("rules.html");
    std::fs::write(&path, page)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_told_from_other_tags() {
        for id in ["PM-12", "LM-01", "RG-07", "ABC-1"] {
            assert!(is_rule_id(id), "{id}");
        }
        for tag in ["ui", "slow", "pm-12", "PM-", "P-1", "PM-1a", "ABCD-1"] {
            assert!(!is_rule_id(tag), "{tag}");
        }
    }

    #[test]
    fn a_rules_table_gives_its_ids_and_texts_in_order() {
        let markdown = "# Rules\n\n| id | rule |\n|---|---|\n| RG-01 | Unknown routes redirect. | 1 §2 |\n\
                        | RG-02 | Flags redirect. | 1 §2 |\ntext | not a row\n";
        assert_eq!(
            rules_in(markdown),
            vec![("RG-01".into(), "Unknown routes redirect.".into()), ("RG-02".into(), "Flags redirect.".into())]
        );
    }
}
