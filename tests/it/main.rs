//! The integration tests, one crate: each file is a module, so that `cargo test`
//! builds and links one test binary instead of one per file. (`no_trace_alloc.rs`
//! and `run_memory.rs` stay crates of their own: each counts the allocations of
//! its whole process with a global allocator, which other tests running beside
//! it would disturb.)

mod common;

mod actions;
mod address;
mod break_on;
mod broad_exact;
mod broken_scenes;
#[cfg(feature = "browser")]
mod browser;
mod cli;
mod conditions;
mod docs;
mod e2e_pty;
mod editing;
mod elastic_impacts;
mod event_algs4;
mod event_driven;
mod figure;
mod funnel;
mod guard;
mod handout;
mod handout_links;
mod hostile_input;
mod hostile_names;
mod imports;
mod ledger;
mod lessons;
mod levels;
mod mutants;
mod narrow_oracle;
mod patterns;
mod phases;
mod player;
mod properties;
mod quiz;
mod quiz_leaks;
mod relaxation;
mod reposition;
mod resting_contact;
mod save;
mod save_safety;
mod scale;
mod scene_format;
mod snooker;
mod templates;
mod trace_format;
mod tui;
mod tui_breaks;
mod tui_canvas;
mod tui_ledger;
mod tui_recording;
mod tui_status;
mod tui_variants;
mod tui_zh;
mod variants;
mod warm_start;
mod wide_step;
mod worked_example;
mod world_editor;
