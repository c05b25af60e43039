use std::process::ExitCode;

fn main() -> ExitCode {
    impulse::cli::main()
}

/// A traced frame is thousands of small records; with glibc's allocator a sixth
/// of a traced step went to malloc and free (docs/adr/0025-mimalloc.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
