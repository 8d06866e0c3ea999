//! The layer never panics (a panic aborts the wasm module, and the page with it): each op, fed
//! inputs mutated from valid ones (a byte flipped, lengths changed, points and scalars swapped,
//! lists cut or repeated), answers JSON — a value or {"error"} — every time.

use serde_json::{json, Value};
use zkplay_kzg::{dispatch::call, measure::bench_blob};

/// xorshift64: a fixed sequence, so a failure repeats.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn mutate(r: &mut Rng, hex: &str) -> String {
    let mut s: Vec<u8> = hex.bytes().collect();
    match r.below(6) {
        0 => {
            let i = 2 + r.below(s.len() - 2);
            s[i] = b"0123456789abcdefxz"[r.below(18)];
        }
        1 => s.truncate(2 + r.below(s.len() - 1)),
        2 => s.extend_from_slice(b"00"),
        3 => s[2..4].copy_from_slice(b"ff"),
        4 => s[2..4].copy_from_slice(b"c0"),
        _ => {}
    }
    String::from_utf8_lossy(&s).into_owned()
}

#[test]
fn mutated_inputs_get_an_answer_never_a_panic() {
    let k = crate::kzg();
    let blob = bench_blob();
    let c = call(k, "blob_to_kzg_commitment", &json!({ "blob": blob }).to_string());
    let c: String = serde_json::from_str(&c).unwrap();
    let p: String =
        serde_json::from_str(&call(k, "compute_blob_kzg_proof", &json!({ "blob": blob, "commitment": c }).to_string()))
            .unwrap();
    let cp: Value =
        serde_json::from_str(&call(k, "compute_cells_and_kzg_proofs", &json!({ "blob": blob }).to_string())).unwrap();
    let (cells, proofs) = (cp[0].as_array().unwrap().clone(), cp[1].as_array().unwrap().clone());
    let z = format!("0x{:064x}", 5);
    let mut r = Rng(0x9e3779b97f4a7c15);
    for round in 0..40 {
        let m = |r: &mut Rng, s: &str| mutate(r, s);
        let n = 1 + r.below(3);
        let idx: Vec<u64> = (0..n).map(|_| r.below(140) as u64).collect();
        let half: Vec<u64> = (0..64 + r.below(3)).map(|i| (i as u64 * 2 + r.below(2) as u64) % 130).collect();
        let cases = [
            ("blob_to_kzg_commitment", json!({ "blob": m(&mut r, &blob) })),
            ("compute_kzg_proof", json!({ "blob": m(&mut r, &blob), "z": m(&mut r, &z) })),
            ("compute_blob_kzg_proof", json!({ "blob": m(&mut r, &blob), "commitment": m(&mut r, &c) })),
            (
                "verify_kzg_proof",
                json!({ "commitment": m(&mut r, &c), "z": m(&mut r, &z), "y": m(&mut r, &z), "proof": m(&mut r, &p) }),
            ),
            (
                "verify_blob_kzg_proof",
                json!({ "blob": m(&mut r, &blob), "commitment": m(&mut r, &c), "proof": m(&mut r, &p) }),
            ),
            (
                "verify_blob_kzg_proof_batch",
                json!({ "blobs": vec![blob.clone(); n], "commitments": vec![m(&mut r, &c); 1 + r.below(3)], "proofs": vec![m(&mut r, &p); n] }),
            ),
            (
                "verify_cell_kzg_proof_batch",
                json!({
                    "commitments": vec![m(&mut r, &c); n],
                    "cell_indices": idx,
                    "cells": (0..n).map(|i| m(&mut r, cells[i].as_str().unwrap())).collect::<Vec<_>>(),
                    "proofs": (0..n + r.below(2)).map(|i| m(&mut r, proofs[i].as_str().unwrap())).collect::<Vec<_>>(),
                }),
            ),
            (
                "recover_cells_and_kzg_proofs",
                json!({
                    "cell_indices": half,
                    "cells": half.iter().map(|&i| m(&mut r, cells[(i % 128) as usize].as_str().unwrap())).collect::<Vec<_>>(),
                }),
            ),
            ("versioned_hash", json!({ "commitment": m(&mut r, &c) })),
        ];
        for (op, args) in cases {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call(k, op, &args.to_string())))
                .unwrap_or_else(|_| panic!("round {round}: {op} panicked"));
            let v: Value = serde_json::from_str(&out).unwrap_or_else(|_| panic!("{op}: not JSON: {out}"));
            if let Some(e) = v.get("error") {
                assert!(e["code"].is_string() && e["message"].is_string(), "{op}: {v}");
            }
        }
    }
}
