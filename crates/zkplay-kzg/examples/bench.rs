//! Native timings of zkplay-kzg, one JSON line per op: `cargo run --release -p zkplay-kzg
//! --example bench [--features multithreaded] -- [runs]` (threads: RAYON_NUM_THREADS).
use zkplay_kzg::{measure, Kzg};

fn main() {
    let runs = std::env::args().nth(1).map(|r| r.parse().expect("runs: a number")).unwrap_or(5);
    let t = std::time::Instant::now();
    let k = Kzg::new();
    eprintln!(
        "setup: {:.0} ms (fixed-base tables: {:.0} MiB)",
        t.elapsed().as_secs_f64() * 1e3,
        k.table_bytes() as f64 / 1048576.0
    );
    let threads = if cfg!(feature = "multithreaded") {
        std::env::var("RAYON_NUM_THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(0)
    } else {
        1
    };
    for op in measure::OPS {
        let m = measure::measure(&k, op, runs).unwrap_or_else(|e| panic!("{op}: {e}"));
        println!("{{\"lang\":\"rust\",\"threads\":{threads},\"m\":{}}}", m.to_json());
    }
}
