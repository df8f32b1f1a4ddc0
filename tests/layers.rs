//! The layers of the code point down. Each table below lists modules bottom up; a module
//! may use only what is below it (or inside itself), never a module beside or above it,
//! so there is no circle. In `src/play/` a handler calling a `Play` method defined in
//! another module counts as a use too: that is how `Play`'s families lean on each other.
//! A new module goes into its table where it belongs; a use that runs up fails here with
//! the file and the name that crossed.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// `src/play/`'s modules, bottom up: the pieces every family shares, the core, the
/// mechanics over it, the families of commands, then the table of every command and the
/// front (`mod.rs`: `handle`, the scheduler's sweep, what front ends ask).
const PLAY: &[&[&str]] = &[
    &["names", "timing", "pool"],
    &["command"],
    &["reply"],
    &["args"],
    &["definition"],
    &["text"],
    &["core"],
    &["clocks"],
    &["proposal"],
    &["delivery"],
    &["analysis"],
    &["moves"],
    &["correspondence"],
    &["settings"],
    &["challenges"],
    &["tournaments"],
    &["ratings"],
    &["player_page"],
    &["privacy"],
    &["history"],
    &["spec"],
    &["parse"],
    &["later"],
    &["mod"],
];

/// The crate's folders and top files, bottom up: rules and pure pieces, the store, the
/// words and pictures, the play layer, then the front ends and what wires them (`cli`, the
/// binary's own, and `main`).
const CRATE: &[&[&str]] = &[
    &["words", "calendar", "metrics"],
    &["games"],
    &["ratings", "tournament"],
    &["ai"],
    &["i18n"],
    &["store"],
    &["render"],
    &["play"],
    &["ops"],
    &["console", "web", "discord"],
    &["config"],
    &["lib"],
    &["cli"],
    &["main"],
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's code without its tests and comments: what it really uses.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("a source file");
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module of `path` under `root`: its first path segment (`moves` for
/// `moves/computer.rs`, `mod` for the folder's own `mod.rs`).
fn module_of(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).expect("under the root");
    let first = rel.components().next().expect("a component");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_owned()
}

/// Every identifier that follows `prefix` in `text` (`crate::play::` → `moves`).
fn after<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.match_indices(prefix)
        .map(|(i, _)| {
            let rest = &text[i + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

/// The layer of each module in `table`, refusing a module the table lacks.
fn layers(table: &[&[&str]]) -> BTreeMap<String, usize> {
    table
        .iter()
        .enumerate()
        .flat_map(|(layer, names)| names.iter().map(move |n| ((*n).to_owned(), layer)))
        .collect()
}

/// The names of `Play`'s methods each module defines.
fn play_methods(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let mut owners: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in files {
        for block in text.split("impl<S: Store> Play<S> {").skip(1) {
            // The block ends at the first line that closes it at the left margin.
            let block = block.split("\n}").next().unwrap_or_default();
            for line in block.lines() {
                let line = line.trim_start();
                let line = line
                    .strip_prefix("pub(in crate::play) ")
                    .or_else(|| line.strip_prefix("pub(super) "))
                    .or_else(|| line.strip_prefix("pub "))
                    .unwrap_or(line);
                if let Some(rest) = line.strip_prefix("fn ") {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    owners.entry(name).or_default().insert(module.clone());
                }
            }
        }
    }
    owners
}

/// Each use that runs up or sideways: `(file, used module, what)`.
fn upward(
    root: &Path,
    table: &[&[&str]],
    prefix: &str,
    top: &str,
    methods: bool,
) -> (Vec<String>, BTreeSet<String>) {
    let layer = layers(table);
    let mut paths = Vec::new();
    rust_files(root, &mut paths);
    paths.sort();
    let files: Vec<(String, String, PathBuf)> = paths
        .iter()
        .map(|p| (module_of(root, p), code(p), p.clone()))
        .collect();
    let unknown: BTreeSet<String> = files
        .iter()
        .map(|(m, _, _)| m.clone())
        .filter(|m| !layer.contains_key(m))
        .collect();
    let owners = if methods {
        play_methods(
            &files
                .iter()
                .map(|(m, t, _)| (m.clone(), t.clone()))
                .collect::<Vec<_>>(),
        )
    } else {
        BTreeMap::new()
    };
    let mut wrong = Vec::new();
    for (module, text, path) in &files {
        let Some(&mine) = layer.get(module) else {
            continue;
        };
        let mut used: Vec<(String, String)> = after(text, prefix)
            .into_iter()
            .map(|m| (m.to_owned(), format!("{prefix}{m}")))
            .collect();
        // In a module's own file, `super::` is the folder above: `super::x` is module `x`,
        // or an item of the folder's top file.
        let rel = path.strip_prefix(root).expect("under the root");
        let depth = rel.components().count();
        let own_file = depth == 1 || (depth == 2 && rel.ends_with("mod.rs"));
        if own_file {
            for name in after(text, "super::") {
                let other = if layer.contains_key(name) { name } else { top };
                used.push((other.to_owned(), format!("super::{name}")));
            }
        }
        for name in after(text, "self.")
            .into_iter()
            .filter(|name| text.contains(&format!("self.{name}(")))
        {
            let defined_here =
                text.contains(&format!("fn {name}(")) || text.contains(&format!("fn {name}<"));
            if let Some(owner) = owners.get(name).filter(|o| o.len() == 1 && !defined_here) {
                let owner = owner.iter().next().expect("one").clone();
                used.push((owner, format!("self.{name}()")));
            }
        }
        for (other, what) in used {
            if other == *module {
                continue;
            }
            if let Some(&theirs) = layer.get(&other) {
                if theirs >= mine {
                    wrong.push(format!(
                        "{}: {module} uses {other} ({what})",
                        path.display()
                    ));
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    (wrong, unknown)
}

#[test]
fn the_play_layer_points_down_with_no_circle() {
    let (wrong, unknown) = upward(Path::new("src/play"), PLAY, "crate::play::", "mod", true);
    assert!(
        unknown.is_empty(),
        "put these in PLAY's layers: {unknown:?}"
    );
    assert!(wrong.is_empty(), "uses that run up:\n{}", wrong.join("\n"));
}

#[test]
fn the_crate_points_down_with_no_circle() {
    let (wrong, unknown) = upward(Path::new("src"), CRATE, "crate::", "lib", false);
    assert!(
        unknown.is_empty(),
        "put these in CRATE's layers: {unknown:?}"
    );
    assert!(wrong.is_empty(), "uses that run up:\n{}", wrong.join("\n"));
}

#[test]
fn an_upward_use_is_found() {
    // The check must be able to fail: a core file calling up into a family is caught.
    let dir = std::env::temp_dir().join(format!("leapfrog-layers-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("moves")).expect("a folder");
    fs::write(
        dir.join("core.rs"),
        "impl<S: Store> Play<S> {\n    fn load(&self) { self.play_move(); }\n}\n",
    )
    .expect("written");
    fs::write(
        dir.join("moves/mod.rs"),
        "use crate::play::core::Play;\nimpl<S: Store> Play<S> {\n    fn play_move(&self) { self.load(); }\n}\n",
    )
    .expect("written");
    let (wrong, unknown) = upward(
        &dir,
        &[&["core"], &["moves"], &["mod"]],
        "crate::play::",
        "mod",
        true,
    );
    fs::remove_dir_all(&dir).expect("removed");
    assert!(unknown.is_empty());
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(
        wrong[0].contains("core uses moves (self.play_move())"),
        "{wrong:?}"
    );
}
