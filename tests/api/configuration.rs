use limoo_bff::config::reference;
use limoo_tests::workspace_root;

#[test]
fn committed_configuration_reference_matches_the_settings() {
    let path = workspace_root().join("docs/configuration.md");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == reference::markdown(),
        "docs/configuration.md is out of date with the settings in bff/src/config.rs; regenerate it with:\n  {}",
        reference::REGENERATE
    );
}
