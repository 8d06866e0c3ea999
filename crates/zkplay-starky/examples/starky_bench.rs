//! Native prove/verify of one message length, with phase times, sizes and peak memory.
//!
//! `cargo run -p zkplay-starky --release --example starky_bench -- 136000`
//! (one length per process, so that the peak RSS is this length's.)

use web_time::Instant;
use zkplay_starky::{prove, stark_config, verify, Tables};

fn peak_rss_mib() -> f64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse::<f64>().ok())
        .map_or(f64::NAN, |kib| kib / 1024.0)
}

fn main() {
    let len: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(135);
    let msg: Vec<u8> = (0..len).map(|i| (i * 131 + 7) as u8).collect();
    let config = stark_config();
    let t = Instant::now();
    let (proof, digest, r) = prove(&msg, &config).expect("prove");
    let prove_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    verify(&Tables::default(), &proof, &digest, len as u64, &config).expect("verify");
    let verify_ms = t.elapsed().as_secs_f64() * 1e3;
    let (s1, s2) = proof.sizes();
    println!(
        "len {len} blocks {} | rows sponge {} keccak {} | trace {:.0} ms, commit {:.0}+{:.0} ms, ctl {:.0} ms, prove {:.0}+{:.0} ms, total {:.2} s | verify {:.1} ms | proof {} + {} = {} bytes | peak RSS {:.0} MiB",
        len / 136 + 1,
        r.rows[0],
        r.rows[1],
        r.trace_ms,
        r.commit_ms[0],
        r.commit_ms[1],
        r.ctl_ms,
        r.prove_ms[0],
        r.prove_ms[1],
        prove_s,
        verify_ms,
        s1,
        s2,
        s1 + s2,
        peak_rss_mib()
    );
}
