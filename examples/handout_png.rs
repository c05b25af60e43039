//! Draws handout pictures (SVG) as PNG, to look at them:
//! `cargo run --example handout_png -- rough-balls-handout/step-03.svg …`
//! writes `step-03.png` beside each. Uses resvg (a dev-dependency) and the
//! system's fonts; the `impulse` binary does not carry it.

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: handout_png FILE.svg…");
        std::process::exit(2);
    }
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    for file in files {
        let svg = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let tree = resvg::usvg::Tree::from_data(&svg, &options).unwrap_or_else(|e| panic!("{file}: {e}"));
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a picture of some size");
        resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
        let png = std::path::Path::new(&file).with_extension("png");
        pixmap.save_png(&png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
        println!("{}", png.display());
    }
}
