//! One entry point for JavaScript (src/wasm.rs) and the tests: an op named as in the specs, its
//! arguments as the consensus-spec vectors' `input` (JSON), its answer as their `output`, or
//! `{"error": {"code", "message"}}` for refused input. gnark/ethkzg's Call is the same in Go.

use serde_json::{json, Value};

use crate::{measure, thesis, versioned_hash, CellsAndProofs, Code, Kzg, KzgError};

fn arg<'a>(args: &'a Value, key: &str) -> Result<&'a str, KzgError> {
    args[key].as_str().ok_or_else(|| KzgError::new(Code::BadHex, format!("{key}: expected a hex string")))
}
fn list(args: &Value, key: &str) -> Result<Vec<String>, KzgError> {
    let bad = || KzgError::new(Code::BadHex, format!("{key}: expected a list of hex strings"));
    args[key].as_array().ok_or_else(bad)?.iter().map(|v| v.as_str().map(String::from).ok_or_else(bad)).collect()
}
fn indices(args: &Value, key: &str) -> Result<Vec<u64>, KzgError> {
    let bad = || {
        KzgError::new(Code::CellIndexOutOfRange, format!("{key}: expected a list of cell indices (whole numbers ≥ 0)"))
    };
    args[key].as_array().ok_or_else(bad)?.iter().map(|v| v.as_u64().ok_or_else(bad)).collect()
}
fn cells(c: CellsAndProofs) -> Value {
    json!([c.cells, c.proofs])
}

pub fn call_value(k: &Kzg, op: &str, a: &Value) -> Result<Value, KzgError> {
    Ok(match op {
        "blob_to_kzg_commitment" => json!(k.blob_to_kzg_commitment(arg(a, "blob")?)?),
        "compute_kzg_proof" => json!(k.compute_kzg_proof(arg(a, "blob")?, arg(a, "z")?)?),
        "compute_blob_kzg_proof" => json!(k.compute_blob_kzg_proof(arg(a, "blob")?, arg(a, "commitment")?)?),
        "verify_kzg_proof" => {
            json!(k.verify_kzg_proof(arg(a, "commitment")?, arg(a, "z")?, arg(a, "y")?, arg(a, "proof")?)?)
        }
        "verify_blob_kzg_proof" => {
            json!(k.verify_blob_kzg_proof(arg(a, "blob")?, arg(a, "commitment")?, arg(a, "proof")?)?)
        }
        "verify_blob_kzg_proof_batch" => {
            json!(k.verify_blob_kzg_proof_batch(&list(a, "blobs")?, &list(a, "commitments")?, &list(a, "proofs")?)?)
        }
        "compute_cells_and_kzg_proofs" => cells(k.compute_cells_and_kzg_proofs(arg(a, "blob")?)?),
        "verify_cell_kzg_proof_batch" => json!(k.verify_cell_kzg_proof_batch(
            &list(a, "commitments")?,
            &indices(a, "cell_indices")?,
            &list(a, "cells")?,
            &list(a, "proofs")?
        )?),
        "recover_cells_and_kzg_proofs" => {
            cells(k.recover_cells_and_kzg_proofs(&indices(a, "cell_indices")?, &list(a, "cells")?)?)
        }
        "versioned_hash" => json!(versioned_hash(arg(a, "commitment")?)?),
        "bench_blob" => json!(measure::bench_blob()),
        // The thesis's operations (src/thesis/): {op, log, runs} → the timing's JSON.
        "thesis_measure" => {
            let log =
                a["log"].as_u64().ok_or_else(|| KzgError::new(Code::SizeOutOfRange, "log: expected a whole number"))?;
            let runs = a["runs"].as_u64().unwrap_or(3) as usize;
            let m = thesis::measure::measure(arg(a, "op")?, log, runs)?;
            serde_json::from_str(&m.to_json()).expect("our own JSON")
        }
        _ => return Err(KzgError::new(Code::Library, format!("unknown op {op}"))),
    })
}

/// `args_json` → the answer as JSON, or `{"error": {"code", "message"}}`.
pub fn call(k: &Kzg, op: &str, args_json: &str) -> String {
    let out = serde_json::from_str::<Value>(args_json)
        .map_err(|e| KzgError::new(Code::BadHex, format!("arguments: not JSON ({e})")))
        .and_then(|a| call_value(k, op, &a));
    match out {
        Ok(v) => v.to_string(),
        Err(e) => json!({ "error": { "code": e.code.as_str(), "message": e.message } }).to_string(),
    }
}
