//! Writes the wrapper key file of each zk setting the page offers, and sample proofs made
//! through the prover contract with them, for the build (backends/starky/build.mjs); prints one
//! JSON line per key.
//!
//! `cargo run --release -p zkplay-starky --example keys -- <out dir>`
use std::path::PathBuf;

use web_time::Instant;
use zkplay_starky::contract::{key_info, StarkyProver, PROVER_DATA};
use zkplay_starky::{keys, production_config, prover_data, wrap, Tables, RANGE};
use zkplay_wasm_runtime::samples::{prove_sample, write_samples, Sample};
use zkplay_wasm_runtime::serde_json::json;
use zkplay_wasm_runtime::Artifacts;

/// Sample proofs: (name, message), with zk off (the page's default).
const SAMPLES: [(&str, &str); 2] = [
    ("hello", "hello, zkplay"),
    ("fox-200", "Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively at build time. Proofs travel: this 200-byte message was proven natively"),
];

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).expect("usage: keys <out dir>"));
    std::fs::create_dir_all(&out).expect("create out dir");
    let mut entries = Vec::new();
    for zk in [false, true] {
        let t = Instant::now();
        let w = wrap::build(&Tables::default(), &production_config(), RANGE, zk);
        // The memory estimate assumes these rows (src/memory.rs).
        assert_eq!(w.data.common.degree_bits(), zkplay_starky::memory::wrapper_degree_bits(zk), "zk {zk}");
        let file = keys::encode(&w, key_info(zk)).expect("key file");
        let name = keys::file_name(zk);
        std::fs::write(out.join(&name), &file).expect("write key");
        // The page proves with zk off only (zk on's wrapper does not fit wasm32): its prover data.
        let prover = (!zk).then(|| {
            let name = prover_data::file_name(zk);
            std::fs::write(out.join(&name), prover_data::encode(&w.data, zk).expect("prover data")).expect("write");
            name
        });
        let entry = json!({
            "config": { "zk": if zk { "on" } else { "off" } },
            "file": name,
            "bytes": file.len(),
            "capacityBytes": zkplay_starky::MAX_MESSAGE_BYTES,
            "buildMs": (t.elapsed().as_secs_f64() * 1e3).round(),
            "wrapperRows": 1usize << w.data.common.degree_bits(),
            "prover": prover,
        });
        println!("{entry}");
        entries.push(entry);
    }
    let text = zkplay_wasm_runtime::serde_json::to_string_pretty(&entries).expect("JSON") + "\n";
    std::fs::write(out.join("manifest.json"), text).expect("write manifest");
    check_pins(&out);

    let key_file = keys::file_name(false);
    let vk = std::fs::read(out.join(&key_file)).expect("read key");
    let pd = std::fs::read(out.join(prover_data::file_name(false))).expect("read prover data");
    // The samples are proven as the page proves: with the shipped prover data.
    let artifacts = Artifacts::new().with("vk", vk).with(PROVER_DATA, pd);
    let samples: Vec<Sample> = SAMPLES
        .iter()
        .map(|&(name, message)| {
            prove_sample::<StarkyProver>(name, json!({ "zk": "off" }), &artifacts, key_file.clone(), message)
        })
        .collect();
    write_samples(&out, &samples);
}

/// The key files made here must be the ones wrapper-keys.json pins (verifiers refuse any other):
/// with ZKPLAY_WRITE_GENERATED=1 the pins are rewritten, else a stale pin fails the build.
fn check_pins(out: &std::path::Path) {
    let hash = |name: String| keys::sha256_hex(&std::fs::read(out.join(name)).expect("read key"));
    let (off, on, prover_off) =
        (hash(keys::file_name(false)), hash(keys::file_name(true)), hash(prover_data::file_name(false)));
    if keys::pinned(false).as_deref() == Some(off.as_str())
        && keys::pinned(true).as_deref() == Some(on.as_str())
        && keys::pinned_prover_data(false).as_deref() == Some(prover_off.as_str())
    {
        return;
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/wrapper-keys.json");
    if std::env::var(zkplay_wasm_runtime::generated::WRITE).is_ok_and(|v| v == "1") {
        let mut v: zkplay_wasm_runtime::serde_json::Value =
            zkplay_wasm_runtime::serde_json::from_str(keys::PINS_JSON).expect("pins JSON");
        v["off"] = off.into();
        v["on"] = on.into();
        v["proverOff"] = prover_off.into();
        std::fs::write(path, zkplay_wasm_runtime::serde_json::to_string_pretty(&v).unwrap() + "\n")
            .expect("write pins");
        eprintln!("wrote {path}: rebuild so that the verifiers and the prover pin the new files");
        return;
    }
    panic!(
        "the wrapper key or prover data files are not the ones {path} pins (off {off}, on {on}, prover off {prover_off}): the wrapper changed. Run `ZKPLAY_WRITE_GENERATED=1 cargo run --release -p zkplay-starky --example keys -- /tmp/keys` in crates/ and commit wrapper-keys.json"
    );
}
