//! Rules versions: which implementation of a game's rules a match was
//! started under ([`Game::RULES_VERSION`], declared by each game in its own
//! folder). A match's log replays to the same states only under the rules
//! that wrote it, so a server replays a stored match only when it runs the
//! same version, and in a cluster each server lists the versions it runs
//! ([`running_list`]) so that rooms go only to servers that can replay them.
//!
//! [`Game::RULES_VERSION`]: crate::Game::RULES_VERSION

use std::fmt;

use parlor_protocol::GameKind;

use crate::AnyGame;

/// One game's rules at one version; written `slug@version`
/// (`zoomies@2`), as a cluster node's list holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The game.
    pub kind: GameKind,
    /// The version of its rules.
    pub version: u32,
}

impl Rules {
    /// `kind`'s rules as this build runs them.
    pub fn running(kind: GameKind) -> Rules {
        Rules {
            kind,
            version: AnyGame::rules_version(kind),
        }
    }

    /// Does this build run these rules?
    pub fn is_running(self) -> bool {
        self == Rules::running(self.kind)
    }

    /// Reads `slug@version`; `None` for anything else (an unknown game
    /// included).
    pub fn parse(text: &str) -> Option<Rules> {
        let (slug, version) = text.trim().split_once('@')?;
        let kind = GameKind::from_slug(slug)?;
        // Digits only: `+1` or ` 1` is not how a list is written.
        if version.is_empty() || !version.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(Rules {
            kind,
            version: version.parse().ok()?,
        })
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.kind.slug(), self.version)
    }
}

/// Every game's rules as this build runs them, comma-separated in the
/// order of the games (`doozy-dice@1,mix-the-mutts@1,…`): what a cluster
/// node records in its membership row. A list is matched by whole entries
/// (`,slug@version,` inside `,list,`), in the store's SQL as in
/// [`list_runs`].
pub fn running_list() -> String {
    GameKind::ALL
        .into_iter()
        .map(|kind| Rules::running(kind).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Does a node's `list` (see [`running_list`]) hold `rules`?
pub fn list_runs(list: &str, rules: Rules) -> bool {
    list.split(',')
        .any(|entry| Rules::parse(entry) == Some(rules))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn every_game_declares_a_version_from_one() {
        for kind in GameKind::ALL {
            let rules = Rules::running(kind);
            assert!(rules.version >= 1, "{kind:?}");
            assert!(rules.is_running());
            assert!(!Rules {
                version: rules.version + 1,
                ..rules
            }
            .is_running());
        }
    }

    #[test]
    fn a_version_reads_back_as_written() {
        for kind in GameKind::ALL {
            let rules = Rules { kind, version: 7 };
            assert_eq!(Rules::parse(&rules.to_string()), Some(rules));
        }
        assert_eq!(
            Rules::parse("zoomies@12"),
            Some(Rules {
                kind: GameKind::Zoomies,
                version: 12
            })
        );
        for bad in [
            "",
            "zoomies",
            "zoomies@",
            "@1",
            "zoomies@x",
            "zoomies@+1",
            "zoomies@-1",
            "chess@1",
            "zoomies@1@2",
        ] {
            assert_eq!(Rules::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_running_list_names_every_game_once() {
        let list = running_list();
        let entries: Vec<&str> = list.split(',').collect();
        assert_eq!(entries.len(), GameKind::ALL.len());
        for kind in GameKind::ALL {
            assert!(list_runs(&list, Rules::running(kind)), "{list}");
            assert_eq!(
                entries
                    .iter()
                    .filter(|e| e.starts_with(&format!("{}@", kind.slug())))
                    .count(),
                1
            );
        }
    }

    #[test]
    fn a_list_holds_whole_entries_only() {
        let zoomies = |version| Rules {
            kind: GameKind::Zoomies,
            version,
        };
        let list = "doozy-dice@1,zoomies@12";
        assert!(list_runs(list, zoomies(12)));
        // Neither a prefix nor a suffix of an entry matches.
        assert!(!list_runs(list, zoomies(1)));
        assert!(!list_runs(list, zoomies(2)));
        assert!(!list_runs("zoomies@2", zoomies(12)));
        // A list from before rules versions were recorded runs nothing.
        assert!(!list_runs("", zoomies(1)));
    }
}
