package ethkzg

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The timed blob gives the answers test-vectors/kzg/bench-blob.json records (the same as
// Rust's), and every op measures with its check passing.
func TestTheBenchBlobGivesTheRecordedAnswers(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "test-vectors", "kzg", "bench-blob.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	k := testKZG(t)
	s := must[string](t)
	blob := BenchBlob()
	c := s(k.BlobToKZGCommitment(blob))
	cp := must[CellsAndProofs](t)(k.ComputeCellsAndKZGProofs(blob))
	got := map[string]string{
		"commitment":    c,
		"proof":         s(k.ComputeBlobKZGProof(blob, c)),
		"versionedHash": s(VersionedHash(c)),
		"cellProof0":    cp.Proofs[0],
		"cellProof127":  cp.Proofs[127],
	}
	for key, v := range got {
		if want[key] != v {
			t.Errorf("%s: got %s, bench-blob.json has %s", key, v, want[key])
		}
	}
	for _, op := range Ops {
		if m, err := k.Measure(op, 1); err != nil || len(m.SamplesMs) != 1 {
			t.Errorf("%s: %v %+v", op, err, m)
		}
	}
	if _, err := k.Measure("no-such-op", 1); err == nil {
		t.Error("an unknown op measured")
	}
}
