//! Shared by the snapshot tests: every snapshot lives in the top-level `snapshots/`.

pub fn snapshot_settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}
