//! Display names: what a name may hold, and when two names are too alike
//! to tell apart at a table (the same but for case, or the same
//! "skeleton" under Unicode's confusables, UTS #39: a Cyrillic `Ноst`
//! beside `Host`).

use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

/// Why a name is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Empty once trimmed, or too long.
    #[error("a name is 1 to 24 characters")]
    Length,
    /// Control or text-direction characters.
    #[error("a name may not contain control or text-direction characters")]
    Control,
    /// Nothing visible.
    #[error("a name needs at least one visible character")]
    Invisible,
}

/// Checks a display name: 1–24 characters once trimmed; no control
/// characters; no text-direction controls (which could make a name, and
/// the text around it, display reversed); and at least one visible
/// character (not only spaces, zero-width or format characters, or
/// combining marks).
pub fn clean_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 || len > 24 {
        return Err(NameError::Length);
    }
    if name.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Err(NameError::Control);
    }
    if name.chars().all(is_invisible) {
        return Err(NameError::Invisible);
    }
    Ok(name.to_owned())
}

/// Explicit text-direction marks, embeddings, overrides and isolates.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Characters that show nothing on their own.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'                      // soft hyphen
            | '\u{034F}'                    // combining grapheme joiner
            | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
            | '\u{17B4}' | '\u{17B5}'       // Khmer inherent vowels
            | '\u{180E}'                    // Mongolian vowel separator
            | '\u{200B}'..='\u{200F}'       // zero-width space, (non-)joiner, marks
            | '\u{2060}'..='\u{2064}'       // word joiner, invisible operators
            | '\u{2800}'                    // braille blank
            | '\u{FE00}'..='\u{FE0F}'       // variation selectors
            | '\u{FEFF}'                    // zero-width no-break space
            | '\u{E0000}'..='\u{E0FFF}' // tags, variation selectors supplement
        )
        || c.general_category_group() == GeneralCategoryGroup::Mark
        || c.general_category() == GeneralCategory::Format
}

/// Whether `a` and `b` would be mistaken for each other at a table: equal
/// ignoring case, or with the same confusable skeleton (UTS #39), ignoring
/// case too.
pub fn look_alike(a: &str, b: &str) -> bool {
    let key = |s: &str| -> String { unicode_security::skeleton(&s.to_lowercase()).collect() };
    let raw = |s: &str| -> String { unicode_security::skeleton(s).collect() };
    a.to_lowercase() == b.to_lowercase() || key(a) == key(b) || raw(a) == raw(b)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn ok(name: &str) -> String {
        clean_name(name).unwrap_or_else(|e| panic!("{name:?} refused: {e}"))
    }

    fn refused(name: &str) {
        assert!(clean_name(name).is_err(), "{name:?} accepted");
    }

    #[test]
    fn names_people_use_are_accepted() {
        assert_eq!(ok("  Ada  "), "Ada");
        for name in [
            "Zoë",
            "José María",
            "Ångström",
            "王小明",
            "さくら",
            "김민준",
            "Алёна",
            "محمد",
            "דנה",
            "😀",
            "🏳️‍🌈 Sam",                 // ZWJ sequence with variation selector
            "👩🏽‍💻",                     // skin tone + ZWJ
            "1️⃣ Player",              // keycap: combining enclosing mark after a digit
            "Nguyễn",                 // precomposed
            "Nguye\u{0302}\u{0303}n", // combining marks on a base letter
            "a\u{200D}b",
            "x",
            &"x".repeat(24),
        ] {
            ok(name);
        }
    }

    #[test]
    fn direction_overrides_and_isolates_are_refused() {
        for name in [
            "\u{202E}evil.exe",
            "exe.\u{202E}live",
            "a\u{202A}b",
            "a\u{202B}b",
            "a\u{202C}b",
            "a\u{202D}b",
            "a\u{2066}b\u{2069}",
            "a\u{2067}b",
            "a\u{2068}b",
            "a\u{200E}",
            "\u{200F}a",
            "a\u{061C}b",
        ] {
            refused(name);
        }
    }

    #[test]
    fn invisible_only_names_are_refused() {
        for name in [
            "",
            "   ",
            "\u{200B}\u{200B}",
            "\u{200C}",
            "\u{200D}",
            "\u{2060}",
            "\u{2061}\u{2062}\u{2063}\u{2064}",
            "\u{FEFF}",
            "\u{00AD}\u{00AD}",
            "\u{0301}",
            "\u{0301}\u{0302}\u{0303}",
            "\u{20E3}",
            "\u{3000}\u{3000}", // ideographic spaces
            "\u{3164}",         // Hangul filler
            "\u{2800}",         // braille blank
            "\u{FE0F}",
            " \u{200B} \u{FEFF} ",
        ] {
            refused(name);
        }
    }

    #[test]
    fn control_characters_and_long_names_are_refused() {
        for name in ["a\u{7}b", "a\nb", "a\u{0}", "a\u{85}b", &"x".repeat(25)] {
            refused(name);
        }
    }

    #[test]
    fn look_alike_names_are_caught() {
        for (a, b) in [
            ("Host", "host"),
            ("Host", "\u{041D}\u{043E}st"), // Cyrillic En and o
            ("Ada", "\u{0410}da"),          // Cyrillic A
            ("paypal", "p\u{0430}yp\u{0430}l"),
            ("Bob", "B\u{03BF}b"), // Greek omicron
            ("l1", "I1"),
            ("rn", "m"),
        ] {
            assert!(look_alike(a, b), "{a:?} and {b:?}");
            assert!(look_alike(b, a), "{b:?} and {a:?}");
        }
        for (a, b) in [
            ("Ada", "Adam"),
            ("Host", "Ghost"),
            ("Ana", "Ann"),
            ("王", "玉"),
        ] {
            assert!(!look_alike(a, b), "{a:?} and {b:?}");
        }
    }
}
