//! Native timings of the thesis's operations (src/thesis/), one JSON line per op and size:
//! `cargo run --release -p zkplay-kzg --example thesis [--features multithreaded] -- [runs]
//! [op,op…]` (threads: RAYON_NUM_THREADS; for one thread also `taskset -c 0`, as blst's MSM
//! sizes its own pool by the CPUs it may use). KZG10/FK20 at 2^4..2^12, FFTs at 2^4..2^15.
use zkplay_kzg::thesis::{measure, FFT_LOG, KZG_LOG};

fn main() {
    let mut args = std::env::args().skip(1);
    let runs = args.next().map(|r| r.parse().expect("runs: a number")).unwrap_or(5);
    let only: Option<Vec<String>> = args.next().map(|o| o.split(',').map(String::from).collect());
    let threads = if cfg!(feature = "multithreaded") {
        std::env::var("RAYON_NUM_THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(0)
    } else {
        1
    };
    for op in measure::OPS {
        if only.as_ref().is_some_and(|o| !o.iter().any(|x| x == op)) {
            continue;
        }
        let fft = op.starts_with("fft") || op == "das_fft_extension";
        let (lo, hi) = if fft { FFT_LOG } else { KZG_LOG };
        let lo = if op.ends_with("16") { lo + 1 } else { lo };
        for log in lo..=hi {
            let m = measure::measure(op, log as u64, runs).unwrap_or_else(|e| panic!("{op} 2^{log}: {e}"));
            println!("{{\"lang\":\"rust\",\"threads\":{threads},\"m\":{}}}", m.to_json());
        }
    }
}
