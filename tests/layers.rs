//! The modules of the BFF and of the simulators import each other in one direction only. Two sibling modules that
//! reach each other (directly or around a circle) cannot be read, tested or moved one without the other, and the
//! next maintainer cannot tell which is the lower layer. This test reads every `use` and every `crate::`,
//! `super::` and `self::` path of `bff/src` and `simulators/src` (test modules left out), reduces each reference
//! to the two sibling modules it joins, and fails on any circle not in [`KNOWN`] — and on any entry of [`KNOWN`]
//! that no longer holds, so the list only shrinks.
use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

use syn::visit::Visit;

/// The circles still to untangle, each as its modules' paths joined by `::`, sorted; `crate` for the root's.
const KNOWN: &[(&str, &[&str])] = &[
    ("bff", &["auth", "franchise"]),
    ("bff", &["store::diets", "store::orders"]),
    ("simulators", &["email", "exchange", "gumroad", "kavenegar", "payment", "state"]),
];

type Module = Vec<String>;

#[test]
fn no_module_circle_beyond_the_known_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_owned();
    let mut found = BTreeSet::new();
    let mut report = String::new();
    for name in ["bff", "simulators"] {
        let edges = sibling_edges(&root.join(name).join("src"));
        for circle in circles(&edges) {
            let key: Vec<String> = circle.iter().map(shown).collect();
            if !KNOWN.iter().any(|(c, known)| *c == name && known.iter().copied().eq(key.iter().map(String::as_str))) {
                report += &format!("\n{name}: a new circle {key:?}:\n");
                for from in &circle {
                    let to: Vec<String> = edges[from].iter().filter(|t| circle.contains(*t)).map(shown).collect();
                    report += &format!("    {} -> {to:?}\n", shown(from));
                }
            }
            found.insert((name.to_owned(), key));
        }
    }
    for (name, known) in KNOWN {
        let key: Vec<String> = known.iter().map(|m| (*m).to_owned()).collect();
        if !found.contains(&((*name).to_owned(), key)) {
            report +=
                &format!("\n{name}: {known:?} is no longer a circle: remove it from KNOWN (or list what is left)\n");
        }
    }
    assert!(report.is_empty(), "import circles between sibling modules:{report}");
}

fn shown(module: &Module) -> String {
    if module.is_empty() { "crate".to_owned() } else { module.join("::") }
}

/// For every reference from one module to another, the pair of sibling modules it joins: `a::b::c` using
/// `a::d::e` joins `a::b` and `a::d`. A module using its own parent or child joins nothing (`mod.rs` declares
/// its children, and they use its items).
fn sibling_edges(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for file in &files {
        let from = module_of(src, file);
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut paths = Paths::default();
        paths.visit_file(&parsed);
        for path in paths.found {
            let Some(target) = resolve(&from, &path) else { continue };
            // The module the path names: the longest prefix that is a file of the crate.
            let Some(to) = (0..=target.len()).rev().map(|n| target[..n].to_vec()).find(|m| modules.contains(m)) else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                edges.entry(from[..=common].to_vec()).or_default().insert(to[..=common].to_vec());
            }
        }
    }
    edges
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).expect("under src").with_extension("");
    let mut parts: Module = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// A path relative to the crate's root, for those that start at `crate`, `super` or `self`.
fn resolve(from: &Module, path: &[String]) -> Option<Module> {
    let (first, rest) = path.split_first()?;
    let mut base = match first.as_str() {
        "crate" => return Some(rest.to_vec()),
        "self" => from.clone(),
        "super" => from[..from.len().checked_sub(1)?].to_vec(),
        _ => return None,
    };
    let mut rest = rest;
    while let Some(("super", tail)) = rest.split_first().map(|(h, t)| (h.as_str(), t)) {
        base.pop();
        rest = tail;
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Every `use` tree expanded to its paths, and every path in code, outside `#[cfg(test)]` items.
#[derive(Default)]
struct Paths {
    found: Vec<Vec<String>>,
}

impl Paths {
    fn expand(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.expand(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.found.push([prefix.as_slice(), &[n.ident.to_string()]].concat()),
            syn::UseTree::Rename(r) => self.found.push([prefix.as_slice(), &[r.ident.to_string()]].concat()),
            syn::UseTree::Glob(_) => self.found.push(prefix.clone()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|item| self.expand(prefix, item)),
        }
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Impl(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.expand(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.found.push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }
}

/// The sets of two or more modules that all reach each other, each sorted, found by reachability (the graphs
/// are a few dozen modules).
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeSet<Vec<Module>> {
    let reach = |start: &Module| {
        let mut seen = BTreeSet::new();
        let mut next = vec![start.clone()];
        while let Some(m) = next.pop() {
            for to in edges.get(&m).into_iter().flatten() {
                if seen.insert(to.clone()) {
                    next.push(to.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&Module, BTreeSet<Module>> = edges.keys().map(|m| (m, reach(m))).collect();
    let mut found = BTreeSet::new();
    for (module, from_it) in &reached {
        let circle: Vec<Module> = from_it
            .iter()
            .filter(|other| reached.get(other).is_some_and(|back| back.contains(*module)))
            .cloned()
            .collect();
        if circle.len() > 1 {
            found.insert(circle);
        }
    }
    found
}
