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

// Ops: the names of measuredOps, in order.
var Ops = opNames(measuredOps)

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

// measuredOp is one op of Measure: run makes one call, timing it (and only it) with timed,
// then checks its answer, untimed. It returns what the check found wrong, "" when nothing.
type measuredOp struct {
	name string
	run  func(in *measureInputs, timed func(func())) string
}

// measureInputs: what every run of an op reads, computed once before any timing.
type measureInputs struct {
	k                       *KZG
	blob, commitment, proof string
	cp                      CellsAndProofs // only for the cell ops
}

var measuredOps = []measuredOp{
	{"blob_to_kzg_commitment", func(in *measureInputs, timed func(func())) string {
		var c string
		var err error
		timed(func() { c, err = in.k.BlobToKZGCommitment(in.blob) })
		if err != nil || c != in.commitment {
			return fmt.Sprint("another commitment than the first run's ", err)
		}
		return ""
	}},
	{"compute_blob_kzg_proof", func(in *measureInputs, timed func(func())) string {
		var p string
		var err error
		timed(func() { p, err = in.k.ComputeBlobKZGProof(in.blob, in.commitment) })
		if ok, err2 := in.k.VerifyBlobKZGProof(in.blob, in.commitment, p); err != nil || err2 != nil || !ok {
			return "the proof does not verify"
		}
		return ""
	}},
	{"verify_blob_kzg_proof", func(in *measureInputs, timed func(func())) string {
		var ok bool
		var err error
		timed(func() { ok, err = in.k.VerifyBlobKZGProof(in.blob, in.commitment, in.proof) })
		if err != nil || !ok {
			return "a true proof did not verify"
		}
		return ""
	}},
	{"compute_cells_and_kzg_proofs", func(in *measureInputs, timed func(func())) string {
		var got CellsAndProofs
		var err error
		timed(func() { got, err = in.k.ComputeCellsAndKZGProofs(in.blob) })
		if err != nil || !reflect.DeepEqual(got, in.cp) {
			return "other cells than the first run's"
		}
		return ""
	}},
	{"verify_cell_kzg_proof_batch", func(in *measureInputs, timed func(func())) string {
		idx, cs := make([]uint64, 128), make([]string, 128)
		for i := range idx {
			idx[i], cs[i] = uint64(i), in.commitment
		}
		var ok bool
		var err error
		timed(func() { ok, err = in.k.VerifyCellKZGProofBatch(cs, idx, in.cp.Cells, in.cp.Proofs) })
		if err != nil || !ok {
			return "true cell proofs did not verify"
		}
		return ""
	}},
	{"recover_cells_and_kzg_proofs", func(in *measureInputs, timed func(func())) string {
		idx := make([]uint64, 64)
		for i := range idx {
			idx[i] = uint64(64 + i)
		}
		var got CellsAndProofs
		var err error
		timed(func() { got, err = in.k.RecoverCellsAndKZGProofs(idx, in.cp.Cells[64:]) })
		if err != nil || !reflect.DeepEqual(got, in.cp) {
			return "the recovered cells differ"
		}
		return ""
	}},
}

func opNames(ops []measuredOp) []string {
	names := make([]string, len(ops))
	for i, o := range ops {
		names[i] = o.name
	}
	return names
}

// timeInto runs fn once and appends its time in milliseconds to samples: how every measurement
// of this package times an op (Measure and MeasureThesis).
func timeInto(samples *[]float64, fn func()) {
	t := time.Now()
	fn()
	*samples = append(*samples, float64(time.Since(t).Nanoseconds())/1e6)
}

func (k *KZG) Measure(op string, runs int) (Measured, error) {
	i := slices.IndexFunc(measuredOps, func(m measuredOp) bool { return m.name == op })
	if i < 0 {
		return Measured{}, fail(Library, "unknown op %s: one of %v", op, Ops)
	}
	runs = min(max(runs, 1), 50)
	in := measureInputs{k: k, blob: BenchBlob()}
	var err error
	if in.commitment, err = k.BlobToKZGCommitment(in.blob); err != nil {
		return Measured{}, err
	}
	if in.proof, err = k.ComputeBlobKZGProof(in.blob, in.commitment); err != nil {
		return Measured{}, err
	}
	if strings.Contains(op, "cell") {
		if in.cp, err = k.ComputeCellsAndKZGProofs(in.blob); err != nil {
			return Measured{}, err
		}
	}
	samples := make([]float64, 0, runs)
	timed := func(fn func()) { timeInto(&samples, fn) }
	for range runs {
		if wrong := measuredOps[i].run(&in, timed); wrong != "" {
			return Measured{}, fail(Library, "%s: the check failed: %s", op, wrong)
		}
	}
	sorted := slices.Clone(samples)
	sort.Float64s(sorted)
	return Measured{Op: op, Runs: runs, MedianMs: sorted[len(sorted)/2], SamplesMs: samples}, nil
}
