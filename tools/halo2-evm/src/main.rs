//! Spike: prove zkplay's halo2 Keccak circuit with an EVM (Keccak-256) transcript, generate a
//! snark-verifier EVM verifier (Yul in a Solidity wrapper) and write what `evm-verify.mjs`
//! needs: `out/Halo2Verifier.sol`, `out/calldata.hex` (instances ‖ proof as the contract reads
//! it) and `out/summary.json`.
//!
//! Usage: `halo2-evm [k] [rows_per_round] [message]` (the zkEVM circuit; defaults 10, 12,
//! "hello, evm") or `halo2-evm narrow [k] [message]` (the narrow circuit; default k 11).

// The circuit is compiled from zkplay-halo2's own source file (not a copy): its witness
// constructor and `keccak_rows` are `pub(crate)`, and its only crate-level import is `halo2`.
pub(crate) use halo2_base::halo2_proofs as halo2;
#[path = "../../../crates/zkplay-halo2/src/circuit.rs"]
#[allow(dead_code)]
mod circuit;

use circuit::{keccak_rows, PreimageCircuit, WrapperParams};
use halo2::{
    halo2curves::bn256::{Bn256, Fq, Fr, G1Affine},
    plonk::{keygen_pk, keygen_vk, verify_proof, Circuit, VerifyingKey},
    poly::{
        commitment::ParamsProver,
        kzg::{commitment::ParamsKZG, multiopen::VerifierSHPLONK, strategy::SingleStrategy},
    },
    transcript::TranscriptReadBuffer,
};
use rand::rngs::OsRng;
use snark_verifier::{
    loader::{
        evm::{encode_calldata, EvmLoader},
        native::NativeLoader,
    },
    pcs::kzg::{Bdfg21, KzgAs, KzgDecidingKey},
    system::halo2::{compile, transcript::evm::EvmTranscript, Config},
    verifier::{plonk::PlonkVerifier, SnarkVerifier},
};
use std::{rc::Rc, time::Instant};
use zkevm_hashes::keccak::vanilla::KeccakConfigParams;

/// SHPLONK is BDFG21 in snark-verifier's naming; same multi-open the zkplay prover uses.
type Verifier = PlonkVerifier<KzgAs<Bn256, Bdfg21>>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("narrow") {
        return narrow_main(&args[2..]);
    }
    let k: u32 = args.get(1).map_or(10, |s| s.parse().expect("k"));
    let rpr: usize = args.get(2).map_or(12, |s| s.parse().expect("rows_per_round"));
    let msg = args.get(3).cloned().unwrap_or_else(|| "hello, evm".into()).into_bytes();

    let capacity = zkplay_halo2::capacity_blocks(k, rpr);
    assert!(capacity >= zkplay_halo2::blocks_for_len(msg.len()), "message does not fit k={k}, rpr={rpr}");
    let shape = WrapperParams {
        keccak: KeccakConfigParams { k, rows_per_round: rpr },
        capacity,
        mid_round_guard: true,
        final_guard: true,
    };

    let keygen = PreimageCircuit::new(shape, None);
    let circuit = PreimageCircuit::new(shape, Some(keccak_rows(&msg, &shape)));
    let about = serde_json::json!({ "circuit": "zkevm", "k": k, "rowsPerRound": rpr, "capacityBlocks": capacity });
    spike(k, &keygen, circuit, &msg, about);
}

/// The same for the narrow circuit (`crates/zkplay-halo2/src/narrow`, the page's default).
fn narrow_main(args: &[String]) {
    use zkplay_halo2::narrow::{narrow_capacity, witness::witness, NarrowCircuit, NarrowParams};
    let k: u32 = args.first().map_or(11, |s| s.parse().expect("k"));
    let msg = args.get(1).cloned().unwrap_or_else(|| "hello, evm".into()).into_bytes();
    let mut shape = NarrowParams::default();
    shape.k = k;
    shape.capacity = narrow_capacity(k);
    let keygen = NarrowCircuit { params: shape, witness: None };
    let circuit = NarrowCircuit { params: shape, witness: Some(witness(&msg, shape.capacity)) };
    let about = serde_json::json!({ "circuit": "narrow", "k": k, "capacityBlocks": shape.capacity });
    spike(k, &keygen, circuit, &msg, about);
}

/// A TEST SETUP at `k` for `keygen`, a proof of `circuit` (`msg`'s witness) with the EVM
/// transcript, checked natively, then the verifier's source and what `evm-verify.mjs` reads, in
/// out/; `about` starts the summary.
fn spike<C: Circuit<Fr>>(k: u32, keygen: &C, circuit: C, msg: &[u8], mut about: serde_json::Value) {
    // TEST SETUP (random secret), as in zkplay_halo2::setup.
    let t = Instant::now();
    let params = ParamsKZG::<Bn256>::setup(k, OsRng);
    let vk = keygen_vk(&params, keygen).expect("keygen_vk");
    let pk = keygen_pk(&params, vk, keygen).expect("keygen_pk");
    eprintln!("setup: {:.0} ms", t.elapsed().as_secs_f64() * 1e3);

    let digest = zkplay_halo2::keccak256(msg);
    let instance = zkplay_halo2::public_inputs(&digest, msg.len() as u64);
    let t = Instant::now();
    // zkplay's prover (SHPLONK, the OS's randomness) with the EVM transcript the verifier replays.
    let proof = zkplay_halo2::prove_shplonk_with::<_, EvmTranscript<_, NativeLoader, _, _>, _>(
        &params, &pk, circuit, &instance,
    )
    .expect("create_proof");
    let prove_ms = t.elapsed().as_secs_f64() * 1e3;
    eprintln!("prove (EVM transcript): {prove_ms:.0} ms, {} bytes", proof.len());
    assert!(verify_native(&params, pk.get_vk(), &proof, &instance), "native verify of the EVM-transcript proof failed");

    let t = Instant::now();
    let sol = evm_verifier_source(&params, pk.get_vk(), instance.len());
    eprintln!("verifier generation: {:.0} ms, {} chars of source", t.elapsed().as_secs_f64() * 1e3, sol.len());

    std::fs::create_dir_all("out").unwrap();
    std::fs::write("out/Halo2Verifier.sol", &sol).unwrap();
    std::fs::write("out/calldata.hex", hex::encode(encode_calldata(&[instance.clone()], &proof))).unwrap();
    let more = serde_json::json!({
        "message": String::from_utf8_lossy(msg), "digest": hex::encode(digest),
        "instances": instance.len(), "proofBytes": proof.len(), "proveMs": prove_ms,
        "advice": pk.get_vk().cs().num_advice_columns(), "fixed": pk.get_vk().cs().num_fixed_columns(),
    });
    about.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
    std::fs::write("out/summary.json", serde_json::to_string_pretty(&about).unwrap()).unwrap();
    println!("{about}");
}

fn verify_native(params: &ParamsKZG<Bn256>, vk: &VerifyingKey<G1Affine>, proof: &[u8], instance: &[Fr]) -> bool {
    let mut transcript = TranscriptReadBuffer::<_, G1Affine, _>::init(proof);
    verify_proof::<_, VerifierSHPLONK<'_, Bn256>, _, EvmTranscript<_, _, _, _>, _>(
        params.verifier_params(),
        vk,
        SingleStrategy::new(params),
        &[&[instance]],
        &mut transcript,
    )
    .is_ok()
}

/// Runs snark-verifier's PLONK verifier over the EVM loader: the "execution" emits Yul.
fn evm_verifier_source(params: &ParamsKZG<Bn256>, vk: &VerifyingKey<G1Affine>, num_instance: usize) -> String {
    let protocol = compile(params, vk, Config::kzg().with_num_instance(vec![num_instance]));
    let dk: KzgDecidingKey<Bn256> = (params.get_g()[0], params.g2(), params.s_g2()).into();
    let loader = EvmLoader::new::<Fq, Fr>();
    let protocol = protocol.loaded(&loader);
    let mut transcript = EvmTranscript::<_, Rc<EvmLoader>, _, _>::new(&loader);
    let instances = transcript.load_instances(vec![num_instance]);
    let proof = Verifier::read_proof(&dk, &protocol, &instances, &mut transcript).expect("read_proof");
    Verifier::verify(&dk, &protocol, &instances, &proof).expect("verify");
    loader.solidity_code()
}
