//! The close-code table in `docs/architecture.md` lists exactly the codes
//! `parlor_protocol::close` defines (it once gave 4004 the wrong meaning
//! and left two out).

use std::collections::BTreeSet;

#[test]
fn the_architecture_doc_lists_every_close_code_and_no_other() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md"),
    )
    .expect("docs/architecture.md");
    // Table rows that start with a close code: `| 4004 | no such room |`.
    let documented: BTreeSet<u16> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" |").next()?.trim().parse().ok())
        .filter(|code| (1000..5000).contains(code))
        .collect();
    let defined: BTreeSet<u16> = parlor_protocol::close::ALL
        .iter()
        .map(|(_, code)| *code)
        .collect();
    assert_eq!(documented, defined, "docs/architecture.md's close codes");
}
