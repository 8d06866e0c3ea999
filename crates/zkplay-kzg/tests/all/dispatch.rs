//! call answers as the vectors' output, or {"error": {code, message}}, never panics.

use serde_json::Value;
use zkplay_kzg::{dispatch::call, measure::bench_blob};

#[test]
fn call_answers_or_names_the_error() {
    let k = crate::kzg();
    let out: Value = serde_json::from_str(&call(
        k,
        "blob_to_kzg_commitment",
        &serde_json::json!({ "blob": bench_blob() }).to_string(),
    ))
    .unwrap();
    assert_eq!(out.as_str().map(str::len), Some(98));
    for (op, args, code) in [
        ("blob_to_kzg_commitment", r#"{"blob":"0x00"}"#, "bad_length"),
        ("blob_to_kzg_commitment", r#"{"blob":7}"#, "bad_hex"),
        ("blob_to_kzg_commitment", "not json", "bad_hex"),
        ("recover_cells_and_kzg_proofs", r#"{"cell_indices":[-1],"cells":["0x00"]}"#, "cell_index_out_of_range"),
        ("no_such_op", "{}", "library"),
    ] {
        let out: Value = serde_json::from_str(&call(k, op, args)).unwrap();
        assert_eq!(out["error"]["code"], code, "{op} {args}: {out}");
        assert!(out["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}

#[test]
fn thesis_measure_answers_a_timing_or_a_size_code() {
    let k = crate::kzg();
    let out: Value = serde_json::from_str(&call(k, "thesis_measure", r#"{"op":"fft_g1","log":4,"runs":1}"#)).unwrap();
    assert_eq!(out["op"], "fft_g1");
    assert_eq!(out["log"], 4);
    for (args, code) in [
        (r#"{"op":"fft_g1","log":16,"runs":1}"#, "size_out_of_range"),
        (r#"{"op":"kzg10_commit","log":-1}"#, "size_out_of_range"),
        (r#"{"op":"kzg10_commit","log":2.5}"#, "size_out_of_range"),
        (r#"{"op":"kzg11","log":4}"#, "library"),
    ] {
        let out: Value = serde_json::from_str(&call(k, "thesis_measure", args)).unwrap();
        assert_eq!(out["error"]["code"], code, "{args}: {out}");
    }
}
