//! test-vectors/kzg/bad-input.json: each bad input refused with its code (the same codes as
//! gnark/ethkzg's), and proofs that do not hold answered false, not true and not an error.

use crate::kzg;
use serde_json::Value;
use zkplay_kzg::{versioned_hash, KzgError};

/// The file's shorthands (its description says what each means).
fn hex_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(o) => {
            let n = o["zeros"].as_u64().unwrap() as usize;
            let head = o.get("head").and_then(Value::as_str).unwrap_or("");
            let tail = o.get("tail").and_then(Value::as_str).unwrap_or("");
            format!("0x{head}{}{tail}", "00".repeat(n - head.len() / 2 - tail.len() / 2))
        }
        _ => panic!("not a hex value: {v}"),
    }
}
fn list_of(v: &Value) -> Vec<String> {
    match v {
        Value::Array(a) => a.iter().map(hex_of).collect(),
        Value::Object(o) => vec![hex_of(&o["of"]); o["times"].as_u64().unwrap() as usize],
        _ => panic!("not a list: {v}"),
    }
}
fn indices_of(v: &Value) -> Vec<u64> {
    match v {
        Value::Array(a) => a.iter().map(|x| x.as_u64().unwrap()).collect(),
        Value::Object(o) => {
            let r = o["range"].as_array().unwrap();
            let mut out: Vec<u64> = (r[0].as_u64().unwrap()..r[1].as_u64().unwrap()).collect();
            out.extend(o.get("then").map(indices_of).unwrap_or_default());
            out
        }
        _ => panic!("not indices: {v}"),
    }
}

fn run(op: &str, a: &Value) -> Result<(), KzgError> {
    let k = kzg();
    let h = |key: &str| hex_of(&a[key]);
    match op {
        "blob_to_kzg_commitment" => k.blob_to_kzg_commitment(&h("blob")).map(drop),
        "compute_kzg_proof" => k.compute_kzg_proof(&h("blob"), &h("z")).map(drop),
        "compute_blob_kzg_proof" => k.compute_blob_kzg_proof(&h("blob"), &h("commitment")).map(drop),
        "verify_kzg_proof" => k.verify_kzg_proof(&h("commitment"), &h("z"), &h("y"), &h("proof")).map(drop),
        "verify_blob_kzg_proof" => k.verify_blob_kzg_proof(&h("blob"), &h("commitment"), &h("proof")).map(drop),
        "verify_blob_kzg_proof_batch" => k
            .verify_blob_kzg_proof_batch(&list_of(&a["blobs"]), &list_of(&a["commitments"]), &list_of(&a["proofs"]))
            .map(drop),
        "compute_cells_and_kzg_proofs" => k.compute_cells_and_kzg_proofs(&h("blob")).map(drop),
        "verify_cell_kzg_proof_batch" => k
            .verify_cell_kzg_proof_batch(
                &list_of(&a["commitments"]),
                &indices_of(&a["cell_indices"]),
                &list_of(&a["cells"]),
                &list_of(&a["proofs"]),
            )
            .map(drop),
        "recover_cells_and_kzg_proofs" => {
            k.recover_cells_and_kzg_proofs(&indices_of(&a["cell_indices"]), &list_of(&a["cells"])).map(drop)
        }
        "versioned_hash" => versioned_hash(&h("commitment")).map(drop),
        _ => panic!("unknown op {op}"),
    }
}

#[test]
fn every_bad_input_is_refused_with_its_code() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-vectors/kzg/bad-input.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert!(cases.len() >= 20, "bad-input.json has {} cases", cases.len());
    for c in cases {
        let name = c["name"].as_str().unwrap();
        match run(c["op"].as_str().unwrap(), &c["args"]) {
            Ok(()) => panic!("{name}: accepted"),
            Err(e) => {
                assert_eq!(e.code.as_str(), c["code"].as_str().unwrap(), "{name}: {e}");
                assert!(!e.message.is_empty());
            }
        }
    }
}

/// A blob whose first field element is `x` (the rest zero).
fn blob(x: u8) -> String {
    format!("0x{:064x}{}", x, "00".repeat(131_072 - 32))
}

/// The malicious prover: a true proof offered for another blob, another value or another cell.
#[test]
fn proofs_for_something_else_do_not_verify() {
    let k = kzg();
    let (a, b) = (blob(1), blob(2));
    let ca = k.blob_to_kzg_commitment(&a).unwrap();
    let pa = k.compute_blob_kzg_proof(&a, &ca).unwrap();
    assert!(k.verify_blob_kzg_proof(&a, &ca, &pa).unwrap());
    assert!(!k.verify_blob_kzg_proof(&b, &ca, &pa).unwrap(), "a proof for blob a verified blob b");
    let cb = k.blob_to_kzg_commitment(&b).unwrap();
    assert!(!k.verify_blob_kzg_proof(&b, &cb, &pa).unwrap(), "blob a's proof verified blob b's commitment");
    assert!(!k
        .verify_blob_kzg_proof_batch(&[a.clone(), b.clone()], &[ca.clone(), cb.clone()], &[pa.clone(), pa.clone()])
        .unwrap());

    let z = format!("0x{:064x}", 7);
    let (p, y) = k.compute_kzg_proof(&a, &z).unwrap();
    assert!(k.verify_kzg_proof(&ca, &z, &y, &p).unwrap());
    let y_other = format!("0x{:064x}", 3);
    assert_ne!(y, y_other);
    assert!(!k.verify_kzg_proof(&ca, &z, &y_other, &p).unwrap(), "an opening verified a value it does not open to");

    let cp = k.compute_cells_and_kzg_proofs(&a).unwrap();
    assert!(k
        .verify_cell_kzg_proof_batch(std::slice::from_ref(&ca), &[3], &[cp.cells[3].clone()], &[cp.proofs[3].clone()])
        .unwrap());
    assert!(!k
        .verify_cell_kzg_proof_batch(std::slice::from_ref(&ca), &[4], &[cp.cells[3].clone()], &[cp.proofs[3].clone()])
        .unwrap());
    assert!(!k.verify_cell_kzg_proof_batch(&[cb], &[3], &[cp.cells[3].clone()], &[cp.proofs[3].clone()]).unwrap());
}

/// Recovery from exactly half of the cells gives back every cell and proof, and the versioned
/// hash is 0x01 ‖ SHA-256(commitment)[1..].
#[test]
fn half_the_cells_recover_the_rest() {
    let k = kzg();
    let cp = k.compute_cells_and_kzg_proofs(&blob(9)).unwrap();
    let idx: Vec<u64> = (0..128).step_by(2).collect();
    let cells: Vec<String> = idx.iter().map(|&i| cp.cells[i as usize].clone()).collect();
    assert_eq!(k.recover_cells_and_kzg_proofs(&idx, &cells).unwrap(), cp);
    let c = k.blob_to_kzg_commitment(&blob(9)).unwrap();
    let h = versioned_hash(&c).unwrap();
    assert!(h.starts_with("0x01") && h.len() == 66);
}
