//! The lines bench.sh gathers into its final table: `FIGURE<TAB>figure<TAB>measured<TAB>goal<TAB>met?`.

pub fn figure(name: &str, measured: &str, goal: &str, met: bool) {
    println!("FIGURE\t{name}\t{measured}\t{goal}\t{}", if met { "yes" } else { "no" });
}

/// A figure that could not be measured, and why.
pub fn skipped(name: &str, why: &str, goal: &str) {
    println!("FIGURE\t{name}\tnot measured: {why}\t{goal}\t-");
}
