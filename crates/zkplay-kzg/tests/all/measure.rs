//! The timed blob gives the answers test-vectors/kzg/bench-blob.json records (the same as Go's),
//! and every op measures with its check passing.

use zkplay_kzg::{measure, versioned_hash};

#[test]
fn the_bench_blob_gives_the_recorded_answers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-vectors/kzg/bench-blob.json");
    let want: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let k = crate::kzg();
    let blob = measure::bench_blob();
    let c = k.blob_to_kzg_commitment(&blob).unwrap();
    assert_eq!(c, want["commitment"]);
    assert_eq!(k.compute_blob_kzg_proof(&blob, &c).unwrap(), want["proof"]);
    assert_eq!(versioned_hash(&c).unwrap(), want["versionedHash"]);
    let cp = k.compute_cells_and_kzg_proofs(&blob).unwrap();
    assert_eq!(cp.proofs[0], want["cellProof0"]);
    assert_eq!(cp.proofs[127], want["cellProof127"]);
    for op in measure::OPS {
        let m = measure::measure(k, op, 1).unwrap();
        assert_eq!(m.samples_ms.len(), 1);
        assert!(m.to_json().contains(op));
    }
    assert!(measure::measure(k, "no-such-op", 1).is_err());
}
