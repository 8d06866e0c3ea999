package ethkzg

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Call is one entry point for JavaScript (cmd/kzg-wasm) and the tests: an op named as in the
// specs, its arguments as the consensus-spec vectors' input (JSON), its answer as their output,
// or {"error": {"code", "message"}} for refused input. crates/zkplay-kzg's call is the same in Rust.
func (k *KZG) Call(op, argsJSON string) string {
	out, err := k.call(op, argsJSON)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = fail(Library, "%v", err)
		}
		b, _ := json.Marshal(map[string]any{"error": map[string]string{"code": string(e.Code), "message": e.Message}})
		return string(b)
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// callArgs reads a call's arguments. The first refusal sticks (as bufio.Scanner's error does),
// so an op reads every argument it needs, then checks once; the refusal is the first bad
// argument in the order they were read.
type callArgs struct {
	raw map[string]json.RawMessage
	err error
}

// read decodes the named argument into v unless an earlier one was refused.
func (a *callArgs) read(key string, v any, refusal func() *Error) {
	if a.err == nil && json.Unmarshal(a.raw[key], v) != nil {
		a.err = refusal()
	}
}

func (a *callArgs) str(key string) string {
	var s string
	a.read(key, &s, func() *Error { return fail(BadHex, "%s: expected a hex string", key) })
	return s
}

func (a *callArgs) list(key string) []string {
	var s []string
	a.read(key, &s, func() *Error { return fail(BadHex, "%s: expected a list of hex strings", key) })
	return s
}

func (a *callArgs) indices(key string) []uint64 {
	var s []uint64
	a.read(key, &s, func() *Error {
		return fail(CellIndexOutOfRange, "%s: expected a list of cell indices (whole numbers ≥ 0)", key)
	})
	return s
}

func pair(c CellsAndProofs, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return []any{c.Cells, c.Proofs}, nil
}

func (k *KZG) call(op, argsJSON string) (any, error) {
	a := &callArgs{}
	if err := json.Unmarshal([]byte(argsJSON), &a.raw); err != nil {
		return nil, fail(BadHex, "arguments: not JSON (%v)", err)
	}
	// Each op reads its arguments, then says what to do with them once they all passed.
	var do func() (any, error)
	switch op {
	case "blob_to_kzg_commitment":
		blob := a.str("blob")
		do = func() (any, error) { return k.BlobToKZGCommitment(blob) }
	case "compute_kzg_proof":
		blob, z := a.str("blob"), a.str("z")
		do = func() (any, error) {
			p, y, err := k.ComputeKZGProof(blob, z)
			return []string{p, y}, err
		}
	case "compute_blob_kzg_proof":
		blob, commitment := a.str("blob"), a.str("commitment")
		do = func() (any, error) { return k.ComputeBlobKZGProof(blob, commitment) }
	case "verify_kzg_proof":
		commitment, z, y, proof := a.str("commitment"), a.str("z"), a.str("y"), a.str("proof")
		do = func() (any, error) { return k.VerifyKZGProof(commitment, z, y, proof) }
	case "verify_blob_kzg_proof":
		blob, commitment, proof := a.str("blob"), a.str("commitment"), a.str("proof")
		do = func() (any, error) { return k.VerifyBlobKZGProof(blob, commitment, proof) }
	case "verify_blob_kzg_proof_batch":
		blobs, commitments, proofs := a.list("blobs"), a.list("commitments"), a.list("proofs")
		do = func() (any, error) { return k.VerifyBlobKZGProofBatch(blobs, commitments, proofs) }
	case "compute_cells_and_kzg_proofs":
		blob := a.str("blob")
		do = func() (any, error) { return pair(k.ComputeCellsAndKZGProofs(blob)) }
	case "verify_cell_kzg_proof_batch":
		commitments, ix, cells, proofs := a.list("commitments"), a.indices("cell_indices"), a.list("cells"), a.list("proofs")
		do = func() (any, error) { return k.VerifyCellKZGProofBatch(commitments, ix, cells, proofs) }
	case "recover_cells_and_kzg_proofs":
		ix, cells := a.indices("cell_indices"), a.list("cells")
		do = func() (any, error) { return pair(k.RecoverCellsAndKZGProofs(ix, cells)) }
	case "versioned_hash":
		commitment := a.str("commitment")
		do = func() (any, error) { return VersionedHash(commitment) }
	case "bench_blob":
		do = func() (any, error) { return BenchBlob(), nil }
	case "thesis_measure":
		// The thesis's operations (thesis*.go): {op, log, runs} → the timing.
		var log int
		runs := 3
		a.read("log", &log, func() *Error { return fail(SizeOutOfRange, "log: expected a whole number") })
		if a.raw["runs"] != nil {
			a.read("runs", &runs, func() *Error { return fail(Library, "runs: expected a whole number") })
		}
		name := a.str("op")
		do = func() (any, error) { return MeasureThesis(name, log, runs, k.Threads) }
	default:
		return nil, fmt.Errorf("unknown op %s", op)
	}
	if a.err != nil {
		return nil, a.err
	}
	return do()
}
