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

type callArgs map[string]json.RawMessage

func (a callArgs) str(key string) (string, error) {
	var s string
	if err := json.Unmarshal(a[key], &s); err != nil {
		return "", fail(BadHex, "%s: expected a hex string", key)
	}
	return s, nil
}

func (a callArgs) list(key string) ([]string, error) {
	var s []string
	if err := json.Unmarshal(a[key], &s); err != nil {
		return nil, fail(BadHex, "%s: expected a list of hex strings", key)
	}
	return s, nil
}

func (a callArgs) indices(key string) ([]uint64, error) {
	var s []uint64
	if err := json.Unmarshal(a[key], &s); err != nil {
		return nil, fail(CellIndexOutOfRange, "%s: expected a list of cell indices (whole numbers ≥ 0)", key)
	}
	return s, nil
}

func pair(c CellsAndProofs, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return []any{c.Cells, c.Proofs}, nil
}

// strs reads the named string arguments, stopping at the first that is not one.
func (a callArgs) strs(keys ...string) ([]string, error) {
	out := make([]string, len(keys))
	for i, key := range keys {
		s, err := a.str(key)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

func (k *KZG) call(op, argsJSON string) (any, error) {
	var a callArgs
	if err := json.Unmarshal([]byte(argsJSON), &a); err != nil {
		return nil, fail(BadHex, "arguments: not JSON (%v)", err)
	}
	switch op {
	case "blob_to_kzg_commitment":
		s, err := a.strs("blob")
		if err != nil {
			return nil, err
		}
		return k.BlobToKZGCommitment(s[0])
	case "compute_kzg_proof":
		s, err := a.strs("blob", "z")
		if err != nil {
			return nil, err
		}
		p, y, err := k.ComputeKZGProof(s[0], s[1])
		if err != nil {
			return nil, err
		}
		return []string{p, y}, nil
	case "compute_blob_kzg_proof":
		s, err := a.strs("blob", "commitment")
		if err != nil {
			return nil, err
		}
		return k.ComputeBlobKZGProof(s[0], s[1])
	case "verify_kzg_proof":
		s, err := a.strs("commitment", "z", "y", "proof")
		if err != nil {
			return nil, err
		}
		return k.VerifyKZGProof(s[0], s[1], s[2], s[3])
	case "verify_blob_kzg_proof":
		s, err := a.strs("blob", "commitment", "proof")
		if err != nil {
			return nil, err
		}
		return k.VerifyBlobKZGProof(s[0], s[1], s[2])
	case "verify_blob_kzg_proof_batch":
		b, err := a.list("blobs")
		if err != nil {
			return nil, err
		}
		c, err := a.list("commitments")
		if err != nil {
			return nil, err
		}
		p, err := a.list("proofs")
		if err != nil {
			return nil, err
		}
		return k.VerifyBlobKZGProofBatch(b, c, p)
	case "compute_cells_and_kzg_proofs":
		s, err := a.strs("blob")
		if err != nil {
			return nil, err
		}
		return pair(k.ComputeCellsAndKZGProofs(s[0]))
	case "verify_cell_kzg_proof_batch":
		c, err := a.list("commitments")
		if err != nil {
			return nil, err
		}
		ix, err := a.indices("cell_indices")
		if err != nil {
			return nil, err
		}
		cl, err := a.list("cells")
		if err != nil {
			return nil, err
		}
		p, err := a.list("proofs")
		if err != nil {
			return nil, err
		}
		return k.VerifyCellKZGProofBatch(c, ix, cl, p)
	case "recover_cells_and_kzg_proofs":
		ix, err := a.indices("cell_indices")
		if err != nil {
			return nil, err
		}
		cl, err := a.list("cells")
		if err != nil {
			return nil, err
		}
		return pair(k.RecoverCellsAndKZGProofs(ix, cl))
	case "versioned_hash":
		s, err := a.strs("commitment")
		if err != nil {
			return nil, err
		}
		return VersionedHash(s[0])
	case "bench_blob":
		return BenchBlob(), nil
	case "thesis_measure":
		// The thesis's operations (thesis*.go): {op, log, runs} → the timing.
		var log int
		if err := json.Unmarshal(a["log"], &log); err != nil {
			return nil, fail(SizeOutOfRange, "log: expected a whole number")
		}
		runs := 3
		if a["runs"] != nil {
			if err := json.Unmarshal(a["runs"], &runs); err != nil {
				return nil, fail(Library, "runs: expected a whole number")
			}
		}
		s, err := a.strs("op")
		if err != nil {
			return nil, err
		}
		return MeasureThesis(s[0], log, runs, k.Threads)
	}
	return nil, fmt.Errorf("unknown op %s", op)
}
