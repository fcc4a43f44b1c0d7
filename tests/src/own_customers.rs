//! Each scenario's own customers on a shared deployment. The features name fixed numbers (`09121234567`): a BFF
//! the harness starts per scenario has never seen them, a deployed one has, from every scenario and run before.
//! So against a deployment every mobile a scenario names, in any spelling (`09…`, `9…`, `989…`, `+989…`,
//! `+90…`, masked `0912*****67`), becomes a number of that scenario alone, the same one wherever the scenario
//! repeats it, and so do the `@example.com` addresses and the diet requests' conversations (UUIDs). The last four
//! digits stay: the credit gateways' test values read them. Numbers that are the SMS simulator's own test values (a
//! failing provider) stay as written.
//!
//! The demo customers' step is given the demo list (`bff/demo/customers.json`) to rename with the rest.
//!
//! A background's steps are copied into each scenario (it runs before each anyway) and an outline is split into
//! one outline per example row, so that every run of a scenario has numbers of its own.
use cucumber::gherkin::{Feature, Scenario, Step, Table};
use regex::{Captures, Regex};
use std::{collections::HashMap, sync::LazyLock};

/// The step that loads the demo customers: on a deployment it signs them up, with the scenario's own numbers, from
/// the list it is given here.
pub const DEMO_CUSTOMERS_STEP: &str = "مشتریان نمایشی فروشگاه ثبت شده‌اند";
const DEMO_CUSTOMERS: &str = include_str!("../../bff/demo/customers.json");

/// Numbers of one run: a scenario's n-th number is the `base + n`-th of the 100,000 a run cycles through.
#[derive(Debug)]
pub struct Numbering {
    next: u32,
}

/// How many distinct numbers the middle five digits give before a run's numbers meet an earlier run's.
const SLOTS: u32 = 100_000;

impl Numbering {
    /// Starts at `LIMOO_RUN_SALT` if set, else at one of 100 starts 1,000 numbers apart (a whole suite's worth),
    /// picked at random: two runs on one deployment meet with a chance of 1 in 100.
    pub fn for_this_run() -> Numbering {
        let salt = std::env::var("LIMOO_RUN_SALT").ok().and_then(|salt| salt.parse().ok());
        let salt = salt.unwrap_or_else(|| uuid::Uuid::new_v4().as_fields().0 % 100 * 1_000);
        Numbering { next: salt % SLOTS }
    }

    fn take(&mut self) -> u32 {
        let slot = self.next;
        self.next = (self.next + 1) % SLOTS;
        slot
    }

    /// Gives every scenario of `feature` numbers and addresses of its own (see the module's documentation).
    pub fn give_own_customers(&mut self, feature: &mut Feature) {
        let background = feature.background.take().map(|background| background.steps).unwrap_or_default();
        let scenarios = std::mem::take(&mut feature.scenarios);
        feature.scenarios = self.own(scenarios, &background);
        for rule in &mut feature.rules {
            let mut steps = background.clone();
            steps.extend(rule.background.take().map(|background| background.steps).unwrap_or_default());
            let scenarios = std::mem::take(&mut rule.scenarios);
            rule.scenarios = self.own(scenarios, &steps);
        }
    }

    fn own(&mut self, scenarios: Vec<Scenario>, background: &[Step]) -> Vec<Scenario> {
        scenarios
            .into_iter()
            .flat_map(one_per_example_row)
            .map(|mut scenario| {
                scenario.steps.splice(0..0, background.iter().cloned());
                for step in scenario.steps.iter_mut().filter(|step| step.value == DEMO_CUSTOMERS_STEP) {
                    step.docstring = Some(DEMO_CUSTOMERS.to_owned());
                }
                let mut names = HashMap::new();
                let mut rename = |text: &mut String| *text = self.rewrite(text, &mut names);
                for step in &mut scenario.steps {
                    let table = step.table.iter_mut().flat_map(rows);
                    std::iter::once(&mut step.value).chain(step.docstring.as_mut()).chain(table).for_each(&mut rename);
                }
                scenario
                    .examples
                    .iter_mut()
                    .flat_map(|examples| examples.table.iter_mut().flat_map(rows))
                    .for_each(rename);
                scenario
            })
            .collect()
    }

    /// `text` with each number and address renamed as `names` (original → own) says, new ones added to it.
    fn rewrite(&mut self, text: &str, names: &mut HashMap<String, String>) -> String {
        let text = MOBILE.replace_all(text, |found: &Captures| {
            let (before, prefix, national) = (&found[1], found.get(2).map_or("", |p| p.as_str()), &found[3]);
            if is_sms_test_value(&format!("{prefix}{national}")) {
                return found[0].to_owned();
            }
            let own = names.entry(national.to_owned()).or_insert_with(|| {
                let (lead, last_four) = (&national[..1], &national[national.len() - 4..]);
                format!("{lead}{:05}{last_four}", self.take())
            });
            format!("{before}{prefix}{own}")
        });
        // A number shown masked (`0912*****67`) is the mask of the number it stands for.
        let text = MASKED.replace_all(&text, |found: &Captures| {
            let (head, tail) = (&found[1], &found[3]);
            let own = names.iter().find(|(original, own)| {
                original.len() == 10 && own.len() == 10 && original.starts_with(&head[1..]) && original.ends_with(tail)
            });
            match own {
                Some((_, own)) => format!("0{}{}{}", &own[..3], &found[2], &own[own.len() - 2..]),
                None => found[0].to_owned(),
            }
        });
        // A diet request's conversation is one customer's: each scenario's conversations are its own too.
        let text = CONVERSATION.replace_all(&text, |found: &Captures| {
            names.entry(found[0].to_owned()).or_insert_with(|| uuid::Uuid::new_v4().to_string()).clone()
        });
        EMAIL
            .replace_all(&text, |found: &Captures| {
                let own =
                    names.entry(found[0].to_owned()).or_insert_with(|| format!("{}.run{:05}", &found[1], self.take()));
                format!("{own}@example.com")
            })
            .into_owned()
    }
}

/// A mobile in any spelling the features use: what comes before it (kept), the prefix (`0`, `98`, `+98`, `+90` or
/// none) and the ten national digits; not inside a longer run of digits (a card or an order number).
static MOBILE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(^|[^0-9+])(\+98|\+90|98|0)?([95][0-9]{9})(?-u:\b)").expect("the mobile pattern"));

/// An Iranian number masked as the shop shows it: its first four digits, stars, its last two.
static MASKED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(09[0-9]{2})(\*+)([0-9]{2})").expect("the mask pattern"));

static CONVERSATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}").expect("the conversation pattern")
});

static EMAIL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"([A-Za-z0-9._-]+)@example\.com").expect("the address pattern"));

fn rows(table: &mut Table) -> impl Iterator<Item = &mut String> {
    table.rows.iter_mut().flatten()
}

/// An outline with its examples' rows split one per outline (each keeps its table's header), a scenario as it is.
fn one_per_example_row(scenario: Scenario) -> Vec<Scenario> {
    let rows: usize =
        scenario.examples.iter().filter_map(|e| e.table.as_ref()).map(|t| t.rows.len().saturating_sub(1)).sum();
    if rows <= 1 {
        return vec![scenario];
    }
    let mut split = Vec::with_capacity(rows);
    for examples in &scenario.examples {
        let Some(table) = &examples.table else { continue };
        for row in table.rows.iter().skip(1) {
            let mut one = scenario.clone();
            let mut kept = examples.clone();
            kept.table = Some(Table { rows: vec![table.rows[0].clone(), row.clone()], ..table.clone() });
            one.examples = vec![kept];
            split.push(one);
        }
    }
    split
}

/// The SMS simulator's test values decide a provider failure by the whole number: those stay as written.
fn is_sms_test_value(mobile: &str) -> bool {
    limoo_simulators::test_values::scenario_for_receptor(mobile) != limoo_simulators::SmsScenario::Normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_names_its_own_numbers_addresses_and_conversations_the_same_way_each_time() {
        let mut numbering = Numbering { next: 42 };
        let mut names = HashMap::new();
        let mut rewrite = |text: &str| numbering.rewrite(text, &mut names);
        assert_eq!(rewrite(r#""09121234567", "+989121234567""#), r#""09000424567", "+989000424567""#);
        assert_eq!(rewrite(r#"شماره "9121234567" و "09127654321""#), r#"شماره "9000424567" و "09000434321""#);
        assert_eq!(rewrite("0912*****67 | 0912*****21"), "0900*****67 | 0900*****21");
        assert_eq!(
            rewrite("ayse@example.com، ayse@example.com"),
            "ayse.run00044@example.com، ayse.run00044@example.com"
        );
        // The SMS simulator's test values, a card number and other addresses stay as written.
        assert_eq!(rewrite("09120000418 6037997599990001 help@limoo.ir"), "09120000418 6037997599990001 help@limoo.ir");
        let conversation = rewrite("5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c");
        assert_ne!(conversation, "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c");
        assert_eq!(rewrite("5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c"), conversation);
    }

    #[test]
    fn an_outline_runs_one_row_at_a_time_each_with_its_own_numbers() {
        let feature = "Feature: f\n  Background:\n    Given مشتری \"09121234567\" است\n\n  Scenario Outline: o\n    When <n>\n\n    Examples:\n      | n |\n      | 09127654321 |\n      | 09127654321 |\n";
        let mut feature =
            cucumber::gherkin::Feature::parse(feature, cucumber::gherkin::GherkinEnv::default()).expect("a feature");
        Numbering { next: 0 }.give_own_customers(&mut feature);
        assert!(feature.background.is_none());
        let rows: Vec<_> = feature
            .scenarios
            .iter()
            .map(|s| (s.steps[0].value.clone(), s.examples[0].table.as_ref().map(|t| t.rows[1][0].clone())))
            .collect();
        assert_eq!(
            rows,
            [
                ("مشتری \"09000004567\" است".to_owned(), Some("09000014321".to_owned())),
                ("مشتری \"09000024567\" است".to_owned(), Some("09000034321".to_owned())),
            ]
        );
    }
}
