//! Times the primitives natively and prints one JSON result per line
//! (schema/primitive-result.schema.json), in the order of `default_cases`.
//!
//!     RAYON_NUM_THREADS=N cargo run --release -p zkplay-primitives --example primitives -- \
//!         [--runs 5] [--warmup 1] [--max-fft 15] [--max-g1 10] [--max-msm 16]
//!
//! Threads: rayon's global pool, sized by RAYON_NUM_THREADS (default: the cores).

use std::process::ExitCode;

fn main() -> ExitCode {
    let (mut runs, mut warmup, mut max_fft, mut max_g1, mut max_msm) = (5u32, 1u32, 15u32, 10u32, 16u32);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let flag = flag.trim_start_matches('-').to_owned();
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
            None => (flag, None),
        };
        let target = match name.as_str() {
            "runs" => &mut runs,
            "warmup" => &mut warmup,
            "max-fft" => &mut max_fft,
            "max-g1" => &mut max_g1,
            "max-msm" => &mut max_msm,
            "h" | "help" => {
                eprintln!("usage: primitives [--runs 5] [--warmup 1] [--max-fft 15] [--max-g1 10] [--max-msm 16]");
                return ExitCode::SUCCESS;
            }
            _ => {
                eprintln!("unknown flag --{name}");
                return ExitCode::from(2);
            }
        };
        match inline.or_else(|| args.next()).and_then(|v| v.parse().ok()) {
            Some(v) => *target = v,
            None => {
                eprintln!("--{name} needs a non-negative integer");
                return ExitCode::from(2);
            }
        }
    }
    for case in zkplay_primitives::default_cases(max_fft, max_g1, max_msm) {
        match zkplay_primitives::measure(&case, runs, warmup) {
            Ok(r) => println!("{}", r.to_json()),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
