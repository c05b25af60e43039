//! Embeds every lessons/*.toml in the binary, so `impulse` works from any folder
//! and a new lesson file needs no code.

use std::{env, fs, path::Path};

fn main() {
    println!("cargo::rerun-if-changed=lessons");
    let mut files: Vec<_> = fs::read_dir("lessons")
        .expect("lessons/ folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str)] = &[\n");
    for f in &files {
        let abs = fs::canonicalize(f).expect("lesson path");
        let name = f.file_name().unwrap().to_string_lossy();
        code += &format!("    (\"lessons/{name}\", include_str!({:?})),\n", abs.display().to_string());
    }
    code += "];\n";
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("lessons.rs"), code).unwrap();
}
