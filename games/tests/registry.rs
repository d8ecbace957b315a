//! Every registered game has every part `docs/adding-a-game.md` names.
//!
//! The Rust parts are also refused by the compiler (the registration line
//! generates `mod` declarations and trait bounds that need them); this test
//! names the missing file instead, and checks the parts no compiler sees:
//! the game's doc, its conformance tests, its web folder and registry
//! line, and its browser test.

use std::path::Path;

/// The parts of a game of module `module` and slug `slug`, as paths from
/// the repository's root.
fn parts(module: &str, slug: &str) -> Vec<String> {
    let mut parts = vec![
        format!("protocol/src/{module}.rs"),
        format!("games/src/{module}/mod.rs"),
        format!("games/src/{module}/bot.rs"),
        format!("games/src/{module}/conformance.rs"),
        format!("tests/src/players/{module}.rs"),
        format!("tests/tests/suite/games/{module}.rs"),
        format!("docs/games/{slug}.md"),
        format!("web-client/e2e/{slug}.test.mjs"),
    ];
    for file in [
        "index.ts",
        "Table.svelte",
        "Options.svelte",
        "FinalScorecard.svelte",
        "Icon.svelte",
        "rules.ts",
        "log.ts",
        "moves.ts",
    ] {
        parts.push(format!("web-client/src/games/{slug}/{file}"));
    }
    parts
}

/// The registry's line for `slug`: `'slug': name,` importing `./slug`.
fn registered_on_the_web(registry: &str, slug: &str) -> bool {
    let quoted = format!("'{slug}': ");
    let bare = format!("{slug}: ");
    let import = format!("from './{slug}';");
    let line = registry
        .lines()
        .any(|l| l.trim_start().starts_with(&quoted) || l.trim_start().starts_with(&bare));
    line && registry.contains(&import)
}

macro_rules! registered {
    ($($kind:ident $module:ident { slug: $slug:literal, $($info:tt)* }),* $(,)?) => {
        /// (module, slug) of every registered game.
        const REGISTERED: &[(&str, &str)] = &[$((stringify!($module), $slug)),*];
    };
}

parlor_protocol::playable_games!(registered);

#[test]
fn every_registered_game_has_every_part() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let registry = std::fs::read_to_string(root.join("web-client/src/games/registry.ts"))
        .expect("the web registry");
    let guide = std::fs::read_to_string(root.join("docs/adding-a-game.md")).expect("the guide");
    let mut missing = Vec::new();
    for (module, slug) in REGISTERED {
        for part in parts(module, slug) {
            if !root.join(&part).is_file() {
                missing.push(part);
            }
        }
        if !registered_on_the_web(&registry, slug) {
            missing.push(format!(
                "web-client/src/games/registry.ts: the line for {slug}"
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "registered games lack parts (see docs/adding-a-game.md): {missing:#?}"
    );
    // The guide names every part this test checks, so the two stay one list.
    for part in parts("<module>", "<slug>") {
        assert!(
            guide.contains(&part),
            "docs/adding-a-game.md does not name {part}"
        );
    }
}

#[test]
fn a_missing_part_is_named() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let absent: Vec<_> = parts("no_such_game", "no-such-game")
        .into_iter()
        .filter(|p| !root.join(p).is_file())
        .collect();
    assert_eq!(absent.len(), parts("x", "x").len(), "{absent:?}");
    assert!(!registered_on_the_web(
        "zoo: zoo,\nimport zoo from './zoo';",
        "no-such-game"
    ));
}
