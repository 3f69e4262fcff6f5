//! The core's modules form a one-way path (scenario -> validation -> network -> engine ->
//! trace -> metrics/results -> checks/replay): no cycle among the top-level modules, and no
//! module reaches back into the crate root. Read from the sources: every `crate::MODULE`
//! outside comments and test modules is an edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for e in entries {
            rust_files(&e, out);
        }
    } else if p.extension().is_some_and(|x| x == "rs") {
        out.push(p.to_path_buf());
    }
}

/// The code of a file without comments and without its `#[cfg(test)]` modules.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// `crate::NAME` occurrences, including `crate::{a, b::c}`.
fn crate_refs(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            group[..end].split(',').map(|s| s.trim()).collect()
        } else {
            vec![rest]
        };
        for n in names {
            let ident: String = n.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !ident.is_empty() {
                out.insert(ident);
            }
        }
    }
    out
}

#[test]
fn modules_form_a_one_way_path() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if name != "lib" {
            modules.insert(name, BTreeSet::new());
        }
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    let mut root_users = Vec::new();
    for name in &names {
        let mut files = Vec::new();
        let dir = src.join(name);
        rust_files(if dir.is_dir() { &dir } else { &src }, &mut files);
        if !dir.is_dir() {
            files.retain(|f| f.file_stem().is_some_and(|s| s.to_string_lossy() == *name) && f.parent() == Some(&src));
        }
        for f in files {
            for r in crate_refs(&code(&std::fs::read_to_string(&f).unwrap())) {
                if names.contains(&r) {
                    if r != *name {
                        modules.get_mut(name).unwrap().insert(r);
                    }
                } else {
                    root_users.push(format!("{} uses crate::{r} (the crate root)", f.display()));
                }
            }
        }
    }
    assert!(root_users.is_empty(), "modules reach back into the crate root:\n{}", root_users.join("\n"));
    // Depth-first search for a cycle; on success, print the layers (each module after what it uses).
    fn visit(
        m: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
        order: &mut Vec<String>,
    ) -> Result<(), Vec<String>> {
        match state.get(m) {
            Some(2) => return Ok(()),
            Some(1) => {
                let from = stack.iter().position(|s| s == m).unwrap();
                let mut cycle = stack[from..].to_vec();
                cycle.push(m.to_string());
                return Err(cycle);
            }
            _ => {}
        }
        state.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for d in &g[m] {
            visit(d, g, state, stack, order)?;
        }
        stack.pop();
        state.insert(m.to_string(), 2);
        order.push(m.to_string());
        Ok(())
    }
    let (mut state, mut order) = (BTreeMap::new(), Vec::new());
    for m in modules.keys() {
        if let Err(cycle) = visit(m, &modules, &mut state, &mut Vec::new(), &mut order) {
            panic!("module cycle: {}", cycle.join(" -> "));
        }
    }
    println!("layers, each after what it uses: {}", order.join(" < "));
    assert!(modules["scenario"].iter().all(|d| ["time", "units"].contains(&d.as_str())), "{:?}", modules["scenario"]);
}

#[test]
fn the_reader_sees_edges() {
    assert_eq!(
        crate_refs("use crate::{packet::Packet, time::Time};\nlet x = crate::units::parse(s);"),
        ["packet", "time", "units"].into_iter().map(String::from).collect()
    );
    assert!(code("use a; // crate::b\n#[cfg(test)]\nuse crate::c;").find("crate::").is_none());
}
