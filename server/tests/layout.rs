//! The module layout: no import circles between sibling modules.
//!
//! Every `.rs` file under a crate's `src` is read, comments and literals
//! dropped, and every path naming the crate's own modules is collected:
//! `use` trees (groups, `self`, renames) and paths in code that start with
//! `crate::`, `super::` or `self::`. Each reference becomes an edge between
//! the two siblings it crosses: `room/lobby.rs` naming `crate::db::Store`
//! is `room → db` among the crate's top-level modules; naming
//! `super::actor::Room` is `lobby → actor` among `room`'s children. A
//! child using its parent (or any ancestor), or a parent its child, is no
//! edge: only siblings must not form a circle. Re-exports are followed, so
//! `super::Room` counts as a use of the module that defines `Room`, not of
//! the parent that re-exports it.
//!
//! [`cycles`] takes any crate's `src` directory, so the same check serves
//! the other crates of the workspace.
#![allow(missing_docs)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// A module's path from its crate root (`[]` is the root).
type ModPath = Vec<String>;

/// One token of Rust source, with its line.
#[derive(Debug, Clone)]
struct Token {
    text: String,
    line: usize,
}

/// Splits source into identifiers, `::` and single punctuation, dropping
/// whitespace, comments, string, byte and char literals (a path inside a
/// comment or a string is no dependency).
fn tokens(src: &str) -> Vec<Token> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let ident_start = |ch: char| ch.is_alphabetic() || ch == '_';
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&c, i) {
            line += c[i..end].iter().filter(|&&x| x == '\n').count();
            i = end;
        } else if ch == '"' || (ch == 'b' && next == Some('"')) {
            i += if ch == 'b' { 2 } else { 1 };
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                if c.get(i) == Some(&'\n') {
                    line += 1;
                }
                i += 1;
            }
            i += 1;
        } else if ch == '\'' || (ch == 'b' && next == Some('\'')) {
            // A char literal ('a', '\n', '\u{..}'), else a lifetime.
            let start = if ch == 'b' { i + 1 } else { i };
            if c.get(start + 1) == Some(&'\\') {
                // Past the backslash and the escaped character.
                i = start + 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(start + 2) == Some(&'\'') {
                i = start + 3;
            } else {
                i = start + 1;
            }
        } else if ch == 'r' && next == Some('#') && c.get(i + 2).is_some_and(|&x| ident_start(x)) {
            // A raw identifier: `r#type` is `type`.
            i += 2;
            let s = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            out.push(Token {
                text: c[s..i].iter().collect(),
                line,
            });
        } else if ident_char(ch) {
            let s = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            out.push(Token {
                text: c[s..i].iter().collect(),
                line,
            });
        } else if ch == ':' && next == Some(':') {
            out.push(Token {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                text: ch.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// Where a raw string starting at `i` (`r"…"`, `r#"…"#`, `br"…"`) ends.
fn raw_string_end(c: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if c.get(j) == Some(&'b') {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    // Not the tail of an identifier such as `for`.
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if c.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < c.len() {
        if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(c.len())
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// One path a `use` tree names, and the name it binds (none for a glob).
#[derive(Debug, Clone)]
struct UsePath {
    segments: Vec<String>,
    binding: Option<String>,
}

/// Parses a use tree (or a plain path) at `toks[*i]`, appending every
/// path it names to `out`. Stops after the tree.
fn use_tree(toks: &[Token], i: &mut usize, prefix: Vec<String>, out: &mut Vec<UsePath>) {
    let mut segs = prefix;
    loop {
        let Some(t) = toks.get(*i) else { return };
        match t.text.as_str() {
            "{" => {
                *i += 1;
                while toks.get(*i).is_some_and(|t| t.text != "}") {
                    let before = *i;
                    use_tree(toks, i, segs.clone(), out);
                    if *i == before {
                        *i += 1;
                    }
                    if toks.get(*i).is_some_and(|t| t.text == ",") {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                *i += 1;
                out.push(UsePath {
                    segments: segs,
                    binding: None,
                });
                return;
            }
            "::" => {
                // A leading `::`: an external crate.
                *i += 1;
                if segs.is_empty() {
                    segs.push("::".into());
                }
            }
            "$" => *i += 1,
            name if is_ident(name) => {
                *i += 1;
                if name == "self" && !segs.is_empty() {
                    // `foo::{self, …}` binds `foo` itself.
                } else {
                    segs.push(name.to_owned());
                }
                if toks.get(*i).is_some_and(|t| t.text == "::") {
                    *i += 1;
                    continue;
                }
                let mut binding = segs.last().cloned();
                if toks.get(*i).is_some_and(|t| t.text == "as") {
                    binding = toks.get(*i + 1).map(|t| t.text.clone());
                    *i += 2;
                }
                out.push(UsePath {
                    segments: segs,
                    binding,
                });
                return;
            }
            _ => {
                if !segs.is_empty() {
                    let binding = segs.last().cloned();
                    out.push(UsePath {
                        segments: segs,
                        binding,
                    });
                }
                return;
            }
        }
    }
}

/// A reference to the crate's own modules, as written.
#[derive(Debug, Clone)]
struct Reference {
    /// The module it is written in (inline modules included).
    from: ModPath,
    /// The path, made absolute (before following re-exports).
    to: ModPath,
    file: PathBuf,
    line: usize,
    text: String,
}

/// One source file of the crate.
struct SourceFile {
    path: PathBuf,
    module: ModPath,
    toks: Vec<Token>,
}

/// What the crate's sources say about its modules.
#[derive(Default)]
struct Crate {
    modules: BTreeSet<ModPath>,
    /// Names each module binds with `use` (re-exports included): where
    /// they point, `None` outside the crate.
    bindings: BTreeMap<ModPath, BTreeMap<String, Option<ModPath>>>,
    references: Vec<Reference>,
}

/// The module a file holds: `lib.rs`/`main.rs` the root, `a/mod.rs` and
/// `a.rs` are `a`, `a/b.rs` is `a::b`. Binaries under `src/bin` are other
/// crates: `None`.
fn module_of(src: &Path, file: &Path) -> Option<ModPath> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if parts.is_empty() && (stem == "lib" || stem == "main") {
        return Some(Vec::new());
    }
    if stem != "mod" {
        parts.push(stem.to_owned());
    }
    Some(parts)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module at each token: the file's, plus any inline `mod x { … }`.
fn module_at(file: &SourceFile) -> Vec<ModPath> {
    let toks = &file.toks;
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut at = Vec::with_capacity(toks.len());
    for (i, t) in toks.iter().enumerate() {
        match t.text.as_str() {
            "{" => {
                depth += 1;
                let opens_mod = i >= 2 && toks[i - 2].text == "mod" && is_ident(&toks[i - 1].text);
                if opens_mod {
                    stack.push((toks[i - 1].text.clone(), depth));
                }
            }
            "}" => {
                if stack.last().is_some_and(|(_, d)| *d == depth) {
                    stack.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        let mut m = file.module.clone();
        m.extend(stack.iter().map(|(n, _)| n.clone()));
        at.push(m);
    }
    at
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut paths = Vec::new();
        rust_files(src, &mut paths);
        let files: Vec<SourceFile> = paths
            .into_iter()
            .filter_map(|path| {
                let module = module_of(src, &path)?;
                let text = std::fs::read_to_string(&path).ok()?;
                Some(SourceFile {
                    toks: tokens(&text),
                    path,
                    module,
                })
            })
            .collect();
        let mut krate = Crate::default();
        let scopes: Vec<Vec<ModPath>> = files.iter().map(module_at).collect();
        for (file, at) in files.iter().zip(&scopes) {
            krate.modules.insert(file.module.clone());
            for m in at {
                krate.modules.insert(m.clone());
            }
        }
        for (file, at) in files.iter().zip(&scopes) {
            krate.scan(file, at);
        }
        krate
    }

    /// Collects the references and `use` bindings of one file.
    fn scan(&mut self, file: &SourceFile, at: &[ModPath]) {
        let toks = &file.toks;
        let mut i = 0;
        while i < toks.len() {
            let t = &toks[i].text;
            let prev = |k: usize| i.checked_sub(k).map(|j| toks[j].text.as_str());
            let here = at[i].clone();
            if t == "use" && prev(1) != Some("::") {
                let line = toks[i].line;
                i += 1;
                let mut found = Vec::new();
                use_tree(toks, &mut i, Vec::new(), &mut found);
                for u in found {
                    let target = self.absolute(&here, &u.segments);
                    if let (Some(name), true) = (&u.binding, !u.segments.is_empty()) {
                        self.bindings
                            .entry(here.clone())
                            .or_default()
                            .insert(name.clone(), target.clone());
                    }
                    if let Some(to) = target {
                        self.push(file, &here, to, line, &u);
                    }
                }
                continue;
            }
            let starts_path = matches!(t.as_str(), "crate" | "super" | "self")
                && toks.get(i + 1).is_some_and(|n| n.text == "::")
                && prev(1) != Some("::")
                // `pub(in crate::x)` names a scope, not a dependency.
                && !(prev(1) == Some("in") && prev(2) == Some("("));
            if starts_path {
                let line = toks[i].line;
                let mut found = Vec::new();
                use_tree(toks, &mut i, Vec::new(), &mut found);
                for u in found {
                    if let Some(to) = self.absolute(&here, &u.segments) {
                        self.push(file, &here, to, line, &u);
                    }
                }
                continue;
            }
            i += 1;
        }
    }

    fn push(&mut self, file: &SourceFile, from: &ModPath, to: ModPath, line: usize, u: &UsePath) {
        self.references.push(Reference {
            from: from.clone(),
            to,
            file: file.path.clone(),
            line,
            text: u.segments.join("::"),
        });
    }

    /// `segments` written in module `here`, made absolute; `None` for
    /// another crate (or a path this check cannot place).
    fn absolute(&self, here: &ModPath, segments: &[String]) -> Option<ModPath> {
        let first = segments.first()?;
        let mut base: ModPath;
        let mut rest = segments;
        match first.as_str() {
            "crate" => {
                base = Vec::new();
                rest = &segments[1..];
            }
            "self" => {
                base = here.clone();
                rest = &segments[1..];
            }
            "super" => {
                base = here.clone();
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            name => {
                // A child module named relative to here (`use actor::Room`).
                let mut child = here.clone();
                child.push(name.to_owned());
                if !self.modules.contains(&child) {
                    return None;
                }
                base = here.clone();
            }
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module that defines what `path` names, following `use`
    /// bindings (re-exports) while they stay in the crate.
    fn defining_module(&self, path: &ModPath) -> Option<ModPath> {
        let mut path = path.clone();
        for _ in 0..16 {
            let k = (0..=path.len())
                .rev()
                .find(|&k| self.modules.contains(&path[..k]))
                .unwrap_or(0);
            let module = path[..k].to_vec();
            let Some(item) = path.get(k) else {
                return Some(module);
            };
            match self.bindings.get(&module).and_then(|b| b.get(item)) {
                Some(Some(target)) if *target != path[..=k] => {
                    let mut next = target.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    path = next;
                }
                // Re-exported from another crate: it is still this
                // module's name that is used.
                Some(None) => return Some(module),
                _ => return Some(module),
            }
        }
        None
    }
}

/// An edge between two siblings, with the first reference that makes it.
#[derive(Debug, Clone)]
struct Edge {
    file: PathBuf,
    line: usize,
    text: String,
}

/// A circle of sibling modules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// Their parent (`crate` for the top level).
    pub parent: String,
    /// The circle, its first module repeated at the end.
    pub modules: Vec<String>,
    /// For each step, the reference that makes it.
    pub evidence: Vec<String>,
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "among the children of {}: {}",
            self.parent,
            self.modules.join(" → ")
        )?;
        for e in &self.evidence {
            writeln!(f, "    {e}")?;
        }
        Ok(())
    }
}

/// Sibling edges of each parent module, each with the first reference
/// that makes it.
type Graphs = BTreeMap<ModPath, BTreeMap<(String, String), Edge>>;

/// The edges between sibling modules of the crate whose sources are in
/// `src`, by parent.
fn sibling_edges(src: &Path) -> Graphs {
    let krate = Crate::read(src);
    let mut graphs = Graphs::new();
    for r in &krate.references {
        let Some(to) = krate.defining_module(&r.to) else {
            continue;
        };
        let common = r.from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common == to.len() || common == r.from.len() {
            // An ancestor (or itself), or a descendant: no sibling edge.
            continue;
        }
        graphs
            .entry(r.from[..common].to_vec())
            .or_default()
            .entry((r.from[common].clone(), to[common].clone()))
            .or_insert_with(|| Edge {
                file: r.file.clone(),
                line: r.line,
                text: r.text.clone(),
            });
    }
    graphs
}

/// Every circle among sibling modules of the crate whose sources are in
/// `src` (one per group of modules that reach each other).
pub fn cycles(src: &Path) -> Vec<Cycle> {
    let graphs = sibling_edges(src);
    let mut found = Vec::new();
    for (parent, edges) in &graphs {
        let parent_name = if parent.is_empty() {
            "crate".to_owned()
        } else {
            format!("crate::{}", parent.join("::"))
        };
        for circle in circles(edges) {
            let evidence = circle
                .windows(2)
                .map(|w| {
                    let e = &edges[&(w[0].clone(), w[1].clone())];
                    let file = e.file.strip_prefix(src).unwrap_or(&e.file);
                    format!(
                        "{} → {}: {}:{} names {}",
                        w[0],
                        w[1],
                        file.display(),
                        e.line,
                        e.text
                    )
                })
                .collect();
            found.push(Cycle {
                parent: parent_name.clone(),
                modules: circle,
                evidence,
            });
        }
    }
    found
}

/// One circle through each strongly connected group of more than one
/// module (Tarjan's algorithm, then a path back to the start).
fn circles(edges: &BTreeMap<(String, String), Edge>) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default();
    }
    struct Tarjan<'a> {
        next: &'a BTreeMap<&'a str, Vec<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        groups: Vec<Vec<&'a str>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for &w in &self.next[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    self.groups.push(group);
                }
            }
        }
    }
    let mut t = Tarjan {
        next: &next,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for &v in next.keys() {
        if !t.index.contains_key(v) {
            t.visit(v);
        }
    }
    t.groups
        .into_iter()
        .map(|group| {
            let members: BTreeSet<&str> = group.iter().copied().collect();
            let start = members.iter().next().copied().unwrap_or_default();
            // Breadth-first from the start back to it, inside the group.
            let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
            let mut queue = std::collections::VecDeque::from([start]);
            let mut last = start;
            'search: while let Some(v) = queue.pop_front() {
                for &w in &next[v] {
                    if !members.contains(w) {
                        continue;
                    }
                    if w == start {
                        last = v;
                        break 'search;
                    }
                    if !came_from.contains_key(w) {
                        came_from.insert(w, v);
                        queue.push_back(w);
                    }
                }
            }
            let mut path = vec![start.to_owned(), last.to_owned()];
            let mut v = last;
            while v != start {
                v = came_from[v];
                path.push(v.to_owned());
            }
            path.reverse();
            path
        })
        .collect()
}

/// Fails with every circle found in the crate at `src`.
fn assert_no_cycles(src: &Path) {
    assert!(src.is_dir(), "{} is not a directory", src.display());
    let found = cycles(src);
    let report: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert!(
        found.is_empty(),
        "modules of {} import each other in a circle:\n{}",
        src.display(),
        report.join("\n")
    );
}

fn crate_src(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
    dir.canonicalize().unwrap_or(dir).join("src")
}

/// Prints who uses whom among siblings, for each crate: run with
/// `cargo test -p parlor-server --test layout -- --ignored --nocapture`.
#[test]
#[ignore = "prints the module graphs; nothing to check"]
fn print_module_graphs() {
    for name in ["server", "protocol", "games"] {
        println!("{name}:");
        for (parent, edges) in sibling_edges(&crate_src(name)) {
            let parent = if parent.is_empty() {
                "crate".to_owned()
            } else {
                parent.join("::")
            };
            println!("  {parent}:");
            for ((from, to), e) in edges {
                println!("    {from} → {to}   ({}:{})", e.file.display(), e.line);
            }
        }
    }
}

#[test]
fn server_modules_import_no_circle() {
    assert_no_cycles(&crate_src("server"));
}

#[test]
fn protocol_modules_import_no_circle() {
    assert_no_cycles(&crate_src("protocol"));
}

#[test]
fn games_modules_import_no_circle() {
    assert_no_cycles(&crate_src("games"));
}

/// A throwaway crate under the system's temporary directory.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "parlor-layout-{name}-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        for (path, text) in files {
            let path = dir.join(path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
            }
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        }
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_planted_circle_is_found_and_named() {
    let krate = Scratch::new(
        "circle",
        &[
            ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
            ("a.rs", "use crate::b::Thing;\npub struct Other;\n"),
            // Through a group, and a path in code.
            (
                "b.rs",
                "use crate::{c::{self, Third}};\npub struct Thing;\nfn f() { let _ = c::g(); }\n",
            ),
            (
                "c/mod.rs",
                "mod x;\nmod y;\npub use x::T;\npub fn g() -> super::a::Other { super::a::Other }\n",
            ),
            // Through the parent's re-export: `super::T` is `x`'s.
            ("c/y.rs", "use super::T;\npub struct U;\n"),
            ("c/x.rs", "pub struct T;\nfn f() -> super::y::U { super::y::U }\n"),
        ],
    );
    let found = cycles(&krate.0);
    let text: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(found.len(), 2, "{text:#?}");
    assert_eq!(found[0].parent, "crate");
    assert_eq!(found[0].modules, ["a", "b", "c", "a"], "{text:#?}");
    assert!(
        text[0].contains("a.rs:1 names crate::b::Thing"),
        "{text:#?}"
    );
    assert_eq!(found[1].parent, "crate::c");
    assert_eq!(found[1].modules, ["x", "y", "x"], "{text:#?}");
    assert!(
        text[1].contains("y → x: c/y.rs:1 names super::T"),
        "{text:#?}"
    );
}

#[test]
fn parents_children_comments_and_strings_are_no_circle() {
    let krate = Scratch::new(
        "clean",
        &[
            (
                "lib.rs",
                "pub mod a;\npub mod b;\nuse a::A;\n// crate::b::B is mentioned here only\n",
            ),
            (
                "a/mod.rs",
                "pub mod inner;\npub struct A;\nconst S: &str = \"crate::b::B\";\n\
                 /* use crate::b::B; */\n#[cfg(test)]\nmod tests { use super::*; use crate::a::inner::I; }\n",
            ),
            ("a/inner.rs", "use super::A;\nuse crate::A as Root;\npub struct I;\n"),
            (
                "b.rs",
                "use crate::a::{self, inner::I};\npub(in crate::b) struct B<'x>(&'x str);\n\
                 const C: char = '\\'';\n",
            ),
        ],
    );
    let found = cycles(&krate.0);
    assert!(found.is_empty(), "{found:#?}");
}
