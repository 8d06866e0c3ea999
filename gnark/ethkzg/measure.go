package ethkzg

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"
)

// Timings of the operations a page cares about, on one fixed blob (the same blob as
// crates/zkplay-kzg's measure, so the two languages time the same work): medians of runs, each
// result checked before it is reported (a commitment against the first run's, a proof by
// verifying it, cells by verifying them all, a recovery against the cells).

var Ops = []string{
	"blob_to_kzg_commitment",
	"compute_blob_kzg_proof",
	"verify_blob_kzg_proof",
	"compute_cells_and_kzg_proofs",
	"verify_cell_kzg_proof_batch",
	"recover_cells_and_kzg_proofs",
}

type Measured struct {
	Op        string    `json:"op"`
	Runs      int       `json:"runs"`
	MedianMs  float64   `json:"medianMs"`
	SamplesMs []float64 `json:"samplesMs"`
}

// BenchBlob: field element i is SHA-256("zkplay-kzg" ‖ i as 4 bytes big-endian) with its top
// two bits cleared (< 2^254 < r, so canonical).
func BenchBlob() string {
	var b strings.Builder
	b.WriteString("0x")
	for i := uint32(0); i < 4096; i++ {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], i)
		h := sha256.Sum256(append([]byte("zkplay-kzg"), n[:]...))
		h[0] &= 0x3f
		b.WriteString(hex.EncodeToString(h[:]))
	}
	return b.String()
}

func (k *KZG) Measure(op string, runs int) (Measured, error) {
	if !slices.Contains(Ops, op) {
		return Measured{}, fail(Library, "unknown op %s: one of %v", op, Ops)
	}
	runs = min(max(runs, 1), 50)
	blob := BenchBlob()
	commitment, err := k.BlobToKZGCommitment(blob)
	if err != nil {
		return Measured{}, err
	}
	proof, err := k.ComputeBlobKZGProof(blob, commitment)
	if err != nil {
		return Measured{}, err
	}
	var cp CellsAndProofs
	if strings.Contains(op, "cell") {
		if cp, err = k.ComputeCellsAndKZGProofs(blob); err != nil {
			return Measured{}, err
		}
	}
	checkFailed := func(what string) error { return fail(Library, "%s: the check failed: %s", op, what) }
	samples := make([]float64, 0, runs)
	for range runs {
		t := time.Now()
		elapsed := func() { samples = append(samples, float64(time.Since(t).Nanoseconds())/1e6) }
		switch op {
		case "blob_to_kzg_commitment":
			c, err := k.BlobToKZGCommitment(blob)
			elapsed()
			if err != nil || c != commitment {
				return Measured{}, checkFailed(fmt.Sprint("another commitment than the first run's ", err))
			}
		case "compute_blob_kzg_proof":
			p, err := k.ComputeBlobKZGProof(blob, commitment)
			elapsed()
			if ok, err2 := k.VerifyBlobKZGProof(blob, commitment, p); err != nil || err2 != nil || !ok {
				return Measured{}, checkFailed("the proof does not verify")
			}
		case "verify_blob_kzg_proof":
			ok, err := k.VerifyBlobKZGProof(blob, commitment, proof)
			elapsed()
			if err != nil || !ok {
				return Measured{}, checkFailed("a true proof did not verify")
			}
		case "compute_cells_and_kzg_proofs":
			got, err := k.ComputeCellsAndKZGProofs(blob)
			elapsed()
			if err != nil || !reflect.DeepEqual(got, cp) {
				return Measured{}, checkFailed("other cells than the first run's")
			}
		case "verify_cell_kzg_proof_batch":
			idx, cs := make([]uint64, 128), make([]string, 128)
			for i := range idx {
				idx[i], cs[i] = uint64(i), commitment
			}
			t = time.Now()
			ok, err := k.VerifyCellKZGProofBatch(cs, idx, cp.Cells, cp.Proofs)
			elapsed()
			if err != nil || !ok {
				return Measured{}, checkFailed("true cell proofs did not verify")
			}
		case "recover_cells_and_kzg_proofs":
			idx := make([]uint64, 64)
			for i := range idx {
				idx[i] = uint64(64 + i)
			}
			got, err := k.RecoverCellsAndKZGProofs(idx, cp.Cells[64:])
			elapsed()
			if err != nil || !reflect.DeepEqual(got, cp) {
				return Measured{}, checkFailed("the recovered cells differ")
			}
		}
	}
	sorted := slices.Clone(samples)
	sort.Float64s(sorted)
	return Measured{Op: op, Runs: runs, MedianMs: sorted[len(sorted)/2], SamplesMs: samples}, nil
}
