#!/usr/bin/env python3
"""Break a rule, and its own scenarios must fail: mutation testing of the BFF's rule code against the Gherkin
scenarios tagged with the rule each mutant breaks.

cargo-mutants makes the mutants (it lists each one with its diff and the function it changes); this script maps
every mutant to the rule ids its function cites (`[PR-40]` in the function or in the doc comment above it, or
`rules.toml` where the code names none), applies it in a copy of the tree, builds, and runs only the scenarios that
carry those tags (`CUCUMBER_TAGS`). A mutant is *killed* when one of them fails. cargo-mutants' own runner cannot do
this: it runs one test command for every mutant, while here each mutant has its own scenarios. `hand.toml` adds the
mutants cargo-mutants does not make (a boundary moved by one, a constant changed, a literal code), each with its
rules: the ones a review once found surviving stay there, so they are tried again on every run.

    ./mutants.sh [--file GLOB]... [--rule ID]... [--api-only] [--limit N] [--list]

Writes target/mutation/report.md and target/mutation/outcomes.json. Nothing is skipped silently: a mutant whose
function cites no rule is listed as *unmapped*, one whose rule no scenario carries as *no scenario*, one that does
not compile as *unviable*, and one listed in equivalent.toml as *equivalent* with its reason.
"""

from __future__ import annotations

import argparse
import collections
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
# MUTATION_OUT moves the report, the copy of the tree and its build elsewhere (a run of a snapshot of the tree can
# reuse another checkout's warm build there).
OUT = Path(os.environ.get("MUTATION_OUT", ROOT / "target" / "mutation"))
WORK = OUT / "work"

# The modules that implement rules: the domain, the use cases, the error mappings and the sign-in limits.
DEFAULT_FILES = [
    "bff/src/domain/*.rs",
    "bff/src/shop/*.rs",
    "bff/src/api/*/error.rs",
    "bff/src/auth/otp.rs",
]
RULE_ID = re.compile(r"\b([A-Z]{2}-\d{2})\b")
# The cucumber runner reads its own command line, so `cargo test -q` (which passes --quiet on) is not used.
BDD = ["cargo", "test", "-p", "limoo-tests", "--test", "bdd"]
# A mutant that loops for ever must not stall the run: its scenarios get this long before it counts as a timeout.
SCENARIO_TIMEOUT_S = 600


@dataclass
class Mutant:
    name: str
    file: str
    line: int
    function: str | None
    diff: str
    # 0-based first and last line of the mutated function, when cargo-mutants names one.
    function_span: tuple[int, int] | None = None
    # A hand-written mutant replaces this text (found exactly once in the file) instead of applying a diff.
    find: str | None = None
    replace: str | None = None
    rules: list[str] = field(default_factory=list)
    outcome: str = ""
    detail: str = ""
    seconds: float = 0.0


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int | None = None):
    return subprocess.run(cmd, cwd=cwd, env=env, timeout=timeout, capture_output=True, text=True)


def list_mutants(files: list[str]) -> list[Mutant]:
    args = ["cargo", "mutants", "--list", "--json", "--package", "limoo-bff"]
    for pattern in files:
        args += ["--file", pattern]
    listed = run(args, ROOT)
    if listed.returncode != 0:
        sys.exit(f"cargo mutants --list failed (is cargo-mutants installed? ./mutants.sh installs it):\n{listed.stderr}")
    mutants = []
    for item in json.loads(listed.stdout):
        function = item.get("function") or {}
        span = function.get("span")
        mutants.append(
            Mutant(
                name=item["name"],
                file=item["file"],
                line=item["span"]["start"]["line"],
                function=function.get("function_name"),
                diff=item["diff"],
                function_span=(span["start"]["line"] - 1, span["end"]["line"] - 1) if span else None,
            )
        )
    return mutants


def hand_mutants() -> list[Mutant]:
    mutants = []
    for item in tomllib.loads((HERE / "hand.toml").read_text(encoding="utf-8")).get("mutant", []):
        source = (ROOT / item["file"]).read_text(encoding="utf-8")
        if source.count(item["find"]) != 1:
            sys.exit(f"hand.toml: {item['name']}: {item['find']!r} is not found exactly once in {item['file']}")
        line = source[: source.index(item["find"])].count("\n") + 1
        diff = f"--- {item['file']}\n+++ {item['file']}\n-{item['find']}\n+{item['replace']}"
        mutants.append(
            Mutant(
                name=f"{item['file']}:{line}: {item['name']} (hand)",
                file=item["file"],
                line=line,
                function=None,
                diff=diff,
                rules=item["rules"],
                find=item["find"],
                replace=item["replace"],
            )
        )
    return mutants


def cited_rules(mutant: Mutant, sources: dict[str, list[str]], table: dict[str, list[str]]) -> list[str]:
    """The rule ids of the code the mutant changes: its function's own comments and the doc comment above it."""
    key = f"{mutant.file}::{mutant.function}"
    if key in table:
        return table[key]
    lines = sources.setdefault(mutant.file, (ROOT / mutant.file).read_text(encoding="utf-8").splitlines())
    start, end = function_lines(mutant, lines)
    ids: list[str] = []
    for text in lines[start:end]:
        ids += RULE_ID.findall(text)
    return sorted(set(ids))


def function_lines(mutant: Mutant, lines: list[str]) -> tuple[int, int]:
    """0-based [start, end) of the mutated function with its doc comment and attributes."""
    start, end = mutant.function_span or (mutant.line - 1, mutant.line - 1)
    while start > 0 and lines[start - 1].lstrip().startswith(("///", "#[", "//")):
        start -= 1
    return start, end + 1


def scenario_tags() -> tuple[set[str], set[str]]:
    """Every tag some scenario carries, and those some non-@ui scenario carries (feature, scenario and examples
    tags all count, as the cucumber runner's filter sees them)."""
    any_tags: set[str] = set()
    api_tags: set[str] = set()
    for path in (ROOT / "features").rglob("*.feature"):
        feature_tags: set[str] = set()
        scenario: set[str] = set()
        pending: set[str] = set()
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if line.startswith("@"):
                pending |= {tag.lstrip("@") for tag in line.split() if tag.startswith("@")}
            elif line.startswith("Feature:"):
                feature_tags, pending = pending, set()
            elif line.startswith(("Scenario:", "Scenario Outline:", "Example:")):
                scenario, pending = feature_tags | pending, set()
                record(scenario, any_tags, api_tags)
            elif line.startswith("Examples:"):
                record(scenario | pending, any_tags, api_tags)
                pending = set()
    return any_tags, api_tags


def record(tags: set[str], any_tags: set[str], api_tags: set[str]) -> None:
    any_tags |= tags
    if "ui" not in tags:
        api_tags |= tags


def prepare_work_tree() -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["rsync", "-a", "--delete", "--exclude=/target", "--exclude=node_modules", "--exclude=/.git", f"{ROOT}/", f"{WORK}/"],
        check=True,
    )
    dist = ROOT / "web" / "dist"
    if dist.exists():
        # The @ui scenarios serve the built app; the copy shares the original's build.
        target = WORK / "web" / "dist"
        if target.is_symlink() or target.exists():
            shutil.rmtree(target) if target.is_dir() and not target.is_symlink() else target.unlink()
        target.symlink_to(dist)
    node_modules = ROOT / "web" / "node_modules"
    if node_modules.exists() and not (WORK / "web" / "node_modules").exists():
        (WORK / "web" / "node_modules").symlink_to(node_modules)


def apply(mutant: Mutant) -> bool:
    if mutant.find is not None and mutant.replace is not None:
        path = WORK / mutant.file
        path.write_text(path.read_text(encoding="utf-8").replace(mutant.find, mutant.replace, 1), encoding="utf-8")
        return True
    # cargo-mutants names the mutation on the diff's `+++` line; the patch wants the file there.
    diff = re.sub(r"^\+\+\+ .*$", f"+++ {mutant.file}", mutant.diff, count=1, flags=re.M)
    patched = subprocess.run(["patch", "-p0", "--quiet", "--forward"], cwd=WORK, input=diff, text=True, capture_output=True)
    return patched.returncode == 0


def restore(mutant: Mutant) -> None:
    shutil.copy2(ROOT / mutant.file, WORK / mutant.file)


def test_env(rules: list[str], api_only: bool) -> dict[str, str]:
    env = dict(os.environ)
    env["CARGO_TARGET_DIR"] = str(OUT / "target")
    env["CUCUMBER_TAGS"] = ",".join(rules)
    if api_only:
        env["CUCUMBER_SKIP_UI"] = "1"
    return env


def try_mutant(mutant: Mutant, api_only: bool) -> None:
    started = time.monotonic()
    if not apply(mutant):
        mutant.outcome, mutant.detail = "unviable", "the diff did not apply"
        return
    try:
        env = test_env(mutant.rules, api_only)
        build = run(BDD + ["--no-run"], WORK, env)
        if build.returncode != 0:
            mutant.outcome, mutant.detail = "unviable", last_lines(build.stderr)
            return
        try:
            tested = run(BDD, WORK, env, SCENARIO_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            mutant.outcome, mutant.detail = "timeout", f"the scenarios ran over {SCENARIO_TIMEOUT_S} s"
            return
        mutant.outcome = "killed" if tested.returncode != 0 else "survived"
        mutant.detail = failed_scenarios(tested.stdout + tested.stderr) if tested.returncode else ""
    finally:
        restore(mutant)
        mutant.seconds = time.monotonic() - started


def last_lines(text: str, count: int = 6) -> str:
    return "\n".join(text.strip().splitlines()[-count:])


def failed_scenarios(output: str) -> str:
    names = [line.strip() for line in output.splitlines() if line.lstrip().startswith("✘")]
    return "\n".join(names[:5]) or last_lines(output)


def baseline(api_only: bool, rules: list[str]) -> None:
    """The unmutated tree must pass the scenarios first: a red baseline would count every mutant as killed."""
    env = test_env(rules, api_only)
    tested = run(BDD, WORK, env)
    if tested.returncode != 0:
        sys.exit(f"the unmutated scenarios for {','.join(rules)} fail; fix them first:\n{last_lines(tested.stdout, 30)}")


def write_report(mutants: list[Mutant], api_only: bool, elapsed: float) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "outcomes.json").write_text(
        json.dumps([m.__dict__ for m in mutants], ensure_ascii=False, indent=2), encoding="utf-8"
    )
    families: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for mutant in mutants:
        for family in sorted({rule.split("-")[0] for rule in mutant.rules} or {"(none)"}):
            families[family][mutant.outcome] += 1
    kinds = ["killed", "survived", "timeout", "unviable", "equivalent", "no scenario", "unmapped", "not run", ""]
    lines = [
        "# Mutation report",
        "",
        f"{len(mutants)} mutants, {elapsed / 60:.1f} min, {'API scenarios only' if api_only else 'API and @ui scenarios'}.",
        "",
        "| family | " + " | ".join(kind or "to run" for kind in kinds) + " | killed of tested |",
        "|---|" + "---|" * (len(kinds) + 1),
    ]
    for family, counts in sorted(families.items()):
        tested = counts["killed"] + counts["survived"] + counts["timeout"]
        share = f"{100 * counts['killed'] / tested:.0f} %" if tested else "-"
        lines.append(f"| {family} | " + " | ".join(str(counts[k]) for k in kinds) + f" | {share} |")
    total = collections.Counter(m.outcome for m in mutants)
    tested = total["killed"] + total["survived"] + total["timeout"]
    lines += ["", f"Killed: {total['killed']} of {tested} tested ({100 * total['killed'] / tested:.1f} %)." if tested else ""]
    for kind in ["survived", "timeout", "no scenario", "unviable", "equivalent"]:
        chosen = [m for m in mutants if m.outcome == kind]
        if not chosen:
            continue
        lines += ["", f"## {kind.capitalize()} ({len(chosen)})", ""]
        for mutant in chosen:
            lines += [f"### {mutant.name}", "", f"Rules: {', '.join(mutant.rules) or '-'}", ""]
            if mutant.detail:
                lines += ["```", mutant.detail, "```", ""]
            if kind == "survived":
                lines += ["```diff", mutant.diff.strip(), "```", ""]
    unmapped = [m for m in mutants if m.outcome == "unmapped"]
    if unmapped:
        lines += ["", f"## Unmapped ({len(unmapped)}): no rule id in the function or rules.toml; not run", ""]
        lines += [f"- {m.name}" for m in unmapped]
    report = OUT / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", action="append", help="source files to mutate (globs; default: the rule modules)")
    parser.add_argument("--rule", action="append", help="only mutants of these rule ids")
    parser.add_argument("--api-only", action="store_true", help="only the API scenarios (what the PostgreSQL stage runs)")
    parser.add_argument("--limit", type=int, help="at most this many mutants are run")
    parser.add_argument("--list", action="store_true", help="list the mutants with their rules and outcomes-to-be, run nothing")
    options = parser.parse_args()

    tables = tomllib.loads((HERE / "rules.toml").read_text(encoding="utf-8"))
    table: dict[str, list[str]] = tables.get("functions", {})
    equivalent: dict[str, str] = tomllib.loads((HERE / "equivalent.toml").read_text(encoding="utf-8")).get("mutants", {})

    mutants = list_mutants(options.file or DEFAULT_FILES)
    hand = [m for m in hand_mutants() if any(fnmatch.fnmatch(m.file, p) for p in options.file or DEFAULT_FILES + ["*"])]

    any_tags, api_tags = scenario_tags()
    carried = api_tags if options.api_only else any_tags
    sources: dict[str, list[str]] = {}
    for mutant in mutants:
        mutant.rules = cited_rules(mutant, sources, table)
    mutants = hand + mutants
    for mutant in mutants:
        if mutant.name in equivalent:
            mutant.outcome, mutant.detail = "equivalent", equivalent[mutant.name]
        elif not mutant.rules:
            mutant.outcome = "unmapped"
        elif not any(rule in carried for rule in mutant.rules):
            mutant.outcome = "no scenario"
            mutant.detail = f"no {'API ' if options.api_only else ''}scenario carries {', '.join(mutant.rules)}"
    if options.rule:
        wanted = set(options.rule)
        mutants = [m for m in mutants if wanted & set(m.rules)]
    to_run = [m for m in mutants if not m.outcome]
    if options.limit is not None:
        for mutant in to_run[options.limit:]:
            mutant.outcome, mutant.detail = "not run", f"beyond --limit {options.limit}"
        to_run = to_run[: options.limit]

    if options.list:
        for mutant in mutants:
            print(f"{mutant.outcome or 'to run':12} {','.join(mutant.rules) or '-':20} {mutant.name}")
        print(f"{len(to_run)} to run of {len(mutants)}")
        return

    started = time.monotonic()
    prepare_work_tree()
    if to_run:
        baseline(options.api_only, sorted({rule for m in to_run for rule in m.rules}))
    for index, mutant in enumerate(to_run, 1):
        try_mutant(mutant, options.api_only)
        print(f"[{index}/{len(to_run)}] {mutant.outcome:9} {mutant.seconds:5.0f} s  {','.join(mutant.rules):16} {mutant.name}",
              flush=True)
        # Written after every mutant, so a run stopped early still leaves its report (the rest "to run").
        write_report(mutants, options.api_only, time.monotonic() - started)
    report = write_report(mutants, options.api_only, time.monotonic() - started)
    print(f"report: {report}")


if __name__ == "__main__":
    main()
