//! The consensus-spec KZG vectors (EIP-4844 and EIP-7594) from go-eth-kzg's module zip, located
//! as test-vectors/kzg/source.json says: every case of every kind, refused input included
//! (output null: the layer must answer an error, never a value).

use std::{collections::BTreeMap, fs, path::PathBuf, process::Command};

use crate::kzg;
use serde_yaml::Value;
use zkplay_kzg::{CellsAndProofs, KzgError};

#[derive(serde::Deserialize)]
struct Source {
    module: String,
    version: String,
    dir: String,
    cases: BTreeMap<String, usize>,
}

fn source() -> Source {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test-vectors/kzg/source.json");
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// `go mod download` (from the Go module proxy, checked against gnark/go.sum) prints where it is.
fn vectors_dir(src: &Source) -> PathBuf {
    let gnark = concat!(env!("CARGO_MANIFEST_DIR"), "/../../gnark");
    let out = Command::new("go")
        .args(["mod", "download", "-json", &format!("{}@{}", src.module, src.version)])
        .current_dir(gnark)
        .output()
        .expect("the Go toolchain locates the KZG vectors (test-vectors/kzg/source.json)");
    assert!(out.status.success(), "go mod download failed: {}", String::from_utf8_lossy(&out.stderr));
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    PathBuf::from(info["Dir"].as_str().expect("go mod download -json gives Dir")).join(&src.dir)
}

fn s(v: &Value) -> Option<&str> {
    v.as_str()
}
fn strings(v: &Value) -> Option<Vec<String>> {
    v.as_sequence()?.iter().map(|x| x.as_str().map(String::from)).collect()
}
fn indices(v: &Value) -> Option<Vec<u64>> {
    v.as_sequence()?.iter().map(|x| x.as_u64()).collect()
}
fn cells_value(c: CellsAndProofs) -> Value {
    Value::Sequence(vec![
        Value::Sequence(c.cells.into_iter().map(Value::String).collect()),
        Value::Sequence(c.proofs.into_iter().map(Value::String).collect()),
    ])
}

/// Runs one case's input; `Err` for refused input (as `KzgError` or as a shape the vectors
/// use for invalid input that no typed API could take, like a cell index that is not a u64).
fn run(kind: &str, i: &Value) -> Result<Value, String> {
    let k = kzg();
    let shape = || "input of a shape the API cannot take".to_string();
    // The input's field `key` as the API takes it: one hex string, a list of them, cell indices.
    let one = |key: &str| s(&i[key]).ok_or_else(shape);
    let list = |key: &str| strings(&i[key]).ok_or_else(shape);
    let cell_indices = || indices(&i["cell_indices"]).ok_or_else(shape);
    let answer: Result<Value, KzgError> = match kind {
        "blob_to_kzg_commitment" => k.blob_to_kzg_commitment(one("blob")?).map(Value::String),
        "compute_kzg_proof" => k
            .compute_kzg_proof(one("blob")?, one("z")?)
            .map(|(p, y)| Value::Sequence(vec![Value::String(p), Value::String(y)])),
        "compute_blob_kzg_proof" => k.compute_blob_kzg_proof(one("blob")?, one("commitment")?).map(Value::String),
        "verify_kzg_proof" => {
            k.verify_kzg_proof(one("commitment")?, one("z")?, one("y")?, one("proof")?).map(Value::Bool)
        }
        "verify_blob_kzg_proof" => {
            k.verify_blob_kzg_proof(one("blob")?, one("commitment")?, one("proof")?).map(Value::Bool)
        }
        "verify_blob_kzg_proof_batch" => {
            k.verify_blob_kzg_proof_batch(&list("blobs")?, &list("commitments")?, &list("proofs")?).map(Value::Bool)
        }
        "compute_cells_and_kzg_proofs" => k.compute_cells_and_kzg_proofs(one("blob")?).map(cells_value),
        "verify_cell_kzg_proof_batch" => k
            .verify_cell_kzg_proof_batch(&list("commitments")?, &cell_indices()?, &list("cells")?, &list("proofs")?)
            .map(Value::Bool),
        "recover_cells_and_kzg_proofs" => {
            k.recover_cells_and_kzg_proofs(&cell_indices()?, &list("cells")?).map(cells_value)
        }
        _ => panic!("unknown kind {kind}"),
    };
    answer.map_err(|e| e.to_string())
}

fn case_file(dir: &std::path::Path) -> PathBuf {
    ["data.yaml", "data.yml"]
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("no data in {dir:?}"))
}

fn check_kind(kind: &str) {
    let src = source();
    let expected_cases = src.cases[kind];
    let root = vectors_dir(&src).join(kind).join("kzg-mainnet");
    let mut dirs: Vec<_> = fs::read_dir(&root).unwrap().map(|d| d.unwrap().path()).collect();
    dirs.sort();
    assert_eq!(dirs.len(), expected_cases, "{kind}: cases found in {root:?}");
    let (mut refused, mut answered) = (0, 0);
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let doc: Value = serde_yaml::from_str(&fs::read_to_string(case_file(&dir)).unwrap()).unwrap();
        let got = run(kind, &doc["input"]);
        match (&doc["output"], got) {
            (Value::Null, Err(_)) => refused += 1,
            (Value::Null, Ok(v)) => panic!("{name}: must be refused, answered {v:?}"),
            (want, Ok(v)) => {
                assert_eq!(&v, want, "{name}");
                answered += 1
            }
            (want, Err(err)) => panic!("{name}: expected {want:?}, refused: {err}"),
        }
    }
    eprintln!("{kind}: {answered} answered as the specs say, {refused} refused as they say");
}

macro_rules! kinds {
    ($($k:ident),*) => { $( #[test] fn $k() { check_kind(stringify!($k)); } )* };
}
kinds!(
    blob_to_kzg_commitment,
    compute_kzg_proof,
    compute_blob_kzg_proof,
    verify_kzg_proof,
    verify_blob_kzg_proof,
    verify_blob_kzg_proof_batch,
    compute_cells_and_kzg_proofs,
    verify_cell_kzg_proof_batch,
    recover_cells_and_kzg_proofs
);
