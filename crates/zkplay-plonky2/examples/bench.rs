//! Prints circuit sizes and native timings.
//!
//! `cargo run --release -p zkplay-plonky2 --example bench -- [blocks...] [--poseidon] [--zk]`
//! (set RAYON_NUM_THREADS to pin the thread count).
use web_time::Instant;
use zkplay_plonky2::{build, CircuitConfig, MerkleHash};

fn main() {
    if std::env::var_os("RUST_LOG").is_some() {
        env_logger::init();
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hash = if args.iter().any(|a| a == "--poseidon") { MerkleHash::Poseidon } else { MerkleHash::Keccak };
    let zk = args.iter().any(|a| a == "--zk");
    let mut blocks: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    if blocks.is_empty() {
        blocks = vec![1, 2, 8];
    }
    for b in blocks {
        let mut cfg = CircuitConfig::new(b, hash);
        cfg.zero_knowledge = zk;
        let t = Instant::now();
        let p = build(&cfg).expect("build");
        let build_ms = t.elapsed().as_secs_f64() * 1e3;
        let s = p.stats();
        let msg: Vec<u8> = (0..p.capacity_bytes()).map(|i| (i * 7 + 3) as u8).collect();
        // Best of 3 (the machine may be shared; the proof-of-work search also varies).
        let mut out = p.prove(&msg).expect("prove");
        for _ in 0..2 {
            let o = p.prove(&msg).expect("prove");
            if o.prove_ms + o.witness_ms < out.prove_ms + out.witness_ms {
                out = o;
            }
        }
        let t = Instant::now();
        p.verify(&out.proof, &out.digest, msg.len() as u64).expect("verify");
        let verify_ms = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "blocks={b} hash={hash:?} zk={zk} gates={} rows={} degree_bits={} build_ms={build_ms:.0} witness_ms={:.0} prove_ms={:.0} verify_ms={verify_ms:.1} proof_bytes={} verifier_only_bytes={} msg_len={}",
            s.gates, s.rows, s.degree_bits, out.witness_ms, out.prove_ms, out.proof.len(), s.verifier_only_bytes, msg.len()
        );
        println!("  gate types: {:?}", s.gate_types);
    }
}
