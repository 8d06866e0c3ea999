//! Probe: wrap one length with a given range, or (first argument "probe") compare the
//! wrapper's Fiat-Shamir challenges with the native verifier's.
use plonky2::field::types::PrimeField64;
use zkplay_starky::prover::{generate_traces, prove_traces_for, ProveReport};
use zkplay_starky::verifier::{native_challenges, verify_for};
use zkplay_starky::wrap::{build, build_probe, WrapRange};
use zkplay_starky::{stark_config, Tables};
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let probe = args[0] == "probe";
    if probe {
        args.remove(0);
    }
    let a: Vec<usize> = args.iter().map(|x| x.parse().unwrap()).collect();
    let (len, range) = (a[0], WrapRange { sponge: (a[1], a[2]), keccak: (a[3], a[4]) });
    let config = stark_config();
    let tables = Tables::default();
    let t = web_time::Instant::now();
    let w = if probe { build_probe(&tables, &config, range) } else { build(&tables, &config, range, false) };
    println!("build {:.1} s, 2^{} rows", t.elapsed().as_secs_f64(), w.data.common.degree_bits());
    let m: Vec<u8> = (0..len).map(|i| i as u8).collect();
    let (tr, digest) = generate_traces(&m);
    let proof = prove_traces_for(&tables, &tr, &config, Some(range.max_bits()), &mut ProveReport::default()).unwrap();
    verify_for(&tables, &proof, &digest, len as u64, &config, Some(range.max_bits())).unwrap();
    let t = web_time::Instant::now();
    match w.wrap(&proof, &config) {
        Ok(p) => {
            println!("wrap {:.1} s, {} bytes", t.elapsed().as_secs_f64(), p.to_bytes().len());
            if probe {
                let native = native_challenges(&tables, &proof, &config, Some(range.max_bits()));
                let circ: Vec<u64> = p.public_inputs.iter().map(|x| x.to_canonical_u64()).collect();
                println!("native {} values, circuit {}", native.len(), circ.len());
                for (i, (a, b)) in native.iter().zip(&circ).enumerate() {
                    if a != b {
                        println!("first difference at {i}: native {a} circuit {b}");
                        return;
                    }
                }
                println!("all equal");
                return;
            }
            w.verify(&p, &digest, len as u64).unwrap();
            println!("verified");
        }
        Err(e) => println!("wrap failed: {e}"),
    }
}
