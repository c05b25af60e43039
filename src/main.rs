use std::process::ExitCode;

fn main() -> ExitCode {
    impulse::cli::main()
}
