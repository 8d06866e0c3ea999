package ethkzg

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// test-vectors/kzg/bad-input.json: each bad input refused with its code (the same codes as
// crates/zkplay-kzg's), and proofs that do not hold answered false, not true and not an error.

// hexOf expands the file's shorthands (its description says what each means).
func hexOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case map[string]any:
		head, _ := x["head"].(string)
		tail, _ := x["tail"].(string)
		n := int(x["zeros"].(float64))
		return "0x" + head + strings.Repeat("00", n-len(head)/2-len(tail)/2) + tail
	}
	panic(fmt.Sprintf("not a hex value: %v", v))
}

func mapAll[T any](xs []any, f func(any) T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func listOf(v any) []string {
	switch x := v.(type) {
	case []any:
		return mapAll(x, hexOf)
	case map[string]any:
		out := make([]string, int(x["times"].(float64)))
		for i := range out {
			out[i] = hexOf(x["of"])
		}
		return out
	}
	panic(fmt.Sprintf("not a list: %v", v))
}

func indicesOf(v any) []uint64 {
	switch x := v.(type) {
	case []any:
		return mapAll(x, func(v any) uint64 { return uint64(v.(float64)) })
	case map[string]any:
		r := x["range"].([]any)
		var out []uint64
		for i := uint64(r[0].(float64)); i < uint64(r[1].(float64)); i++ {
			out = append(out, i)
		}
		if then, ok := x["then"]; ok {
			out = append(out, indicesOf(then)...)
		}
		return out
	}
	panic(fmt.Sprintf("not indices: %v", v))
}

func runBad(k *KZG, op string, a map[string]any) error {
	h := func(key string) string { return hexOf(a[key]) }
	var err error
	switch op {
	case "blob_to_kzg_commitment":
		_, err = k.BlobToKZGCommitment(h("blob"))
	case "compute_kzg_proof":
		_, _, err = k.ComputeKZGProof(h("blob"), h("z"))
	case "compute_blob_kzg_proof":
		_, err = k.ComputeBlobKZGProof(h("blob"), h("commitment"))
	case "verify_kzg_proof":
		_, err = k.VerifyKZGProof(h("commitment"), h("z"), h("y"), h("proof"))
	case "verify_blob_kzg_proof":
		_, err = k.VerifyBlobKZGProof(h("blob"), h("commitment"), h("proof"))
	case "verify_blob_kzg_proof_batch":
		_, err = k.VerifyBlobKZGProofBatch(listOf(a["blobs"]), listOf(a["commitments"]), listOf(a["proofs"]))
	case "compute_cells_and_kzg_proofs":
		_, err = k.ComputeCellsAndKZGProofs(h("blob"))
	case "verify_cell_kzg_proof_batch":
		_, err = k.VerifyCellKZGProofBatch(listOf(a["commitments"]), indicesOf(a["cell_indices"]), listOf(a["cells"]), listOf(a["proofs"]))
	case "recover_cells_and_kzg_proofs":
		_, err = k.RecoverCellsAndKZGProofs(indicesOf(a["cell_indices"]), listOf(a["cells"]))
	case "versioned_hash":
		_, err = VersionedHash(h("commitment"))
	default:
		panic("unknown op " + op)
	}
	return err
}

func TestEveryBadInputIsRefusedWithItsCode(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "test-vectors", "kzg", "bad-input.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name, Op, Code string
			Args           map[string]any
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 20 {
		t.Fatalf("bad-input.json has %d cases", len(doc.Cases))
	}
	k := testKZG(t)
	for _, c := range doc.Cases {
		err := runBad(k, c.Op, c.Args)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: want code %s, got %v", c.Name, c.Code, err)
			continue
		}
		if string(e.Code) != c.Code || e.Message == "" {
			t.Errorf("%s: want code %s, got %v", c.Name, c.Code, e)
		}
	}
}

// blob: a blob whose first field element is x (the rest zero).
func blob(x byte) string { return fmt.Sprintf("0x%064x%s", x, strings.Repeat("00", 131072-32)) }

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// The malicious prover: a true proof offered for another blob, another value or another cell.
func TestProofsForSomethingElseDoNotVerify(t *testing.T) {
	k := testKZG(t)
	s, ok := must[string](t), must[bool](t)
	a, b := blob(1), blob(2)
	ca := s(k.BlobToKZGCommitment(a))
	pa := s(k.ComputeBlobKZGProof(a, ca))
	cb := s(k.BlobToKZGCommitment(b))
	if !ok(k.VerifyBlobKZGProof(a, ca, pa)) {
		t.Fatal("a true blob proof did not verify")
	}
	if ok(k.VerifyBlobKZGProof(b, ca, pa)) || ok(k.VerifyBlobKZGProof(b, cb, pa)) {
		t.Fatal("blob a's proof verified blob b")
	}
	if ok(k.VerifyBlobKZGProofBatch([]string{a, b}, []string{ca, cb}, []string{pa, pa})) {
		t.Fatal("a batch with a wrong proof verified")
	}
	z := fmt.Sprintf("0x%064x", 7)
	p, y, err := k.ComputeKZGProof(a, z)
	if err != nil || !ok(k.VerifyKZGProof(ca, z, y, p)) {
		t.Fatal("a true opening did not verify", err)
	}
	if yOther := fmt.Sprintf("0x%064x", 3); yOther == y || ok(k.VerifyKZGProof(ca, z, yOther, p)) {
		t.Fatal("an opening verified a value it does not open to")
	}
	cp := must[CellsAndProofs](t)(k.ComputeCellsAndKZGProofs(a))
	if !ok(k.VerifyCellKZGProofBatch([]string{ca}, []uint64{3}, cp.Cells[3:4], cp.Proofs[3:4])) {
		t.Fatal("a true cell proof did not verify")
	}
	if ok(k.VerifyCellKZGProofBatch([]string{ca}, []uint64{4}, cp.Cells[3:4], cp.Proofs[3:4])) ||
		ok(k.VerifyCellKZGProofBatch([]string{cb}, []uint64{3}, cp.Cells[3:4], cp.Proofs[3:4])) {
		t.Fatal("a cell proof verified another cell or another blob")
	}
}

// Half of the cells recover every cell and proof; the versioned hash is 0x01 ‖ SHA-256[1:].
func TestHalfTheCellsRecoverTheRest(t *testing.T) {
	k := testKZG(t)
	cp := must[CellsAndProofs](t)(k.ComputeCellsAndKZGProofs(blob(9)))
	var idx []uint64
	var cells []string
	for i := uint64(0); i < 128; i += 2 {
		idx = append(idx, i)
		cells = append(cells, cp.Cells[i])
	}
	if got := must[CellsAndProofs](t)(k.RecoverCellsAndKZGProofs(idx, cells)); !reflect.DeepEqual(got, cp) {
		t.Fatal("recovery from the even cells gave other cells or proofs")
	}
	h := must[string](t)(VersionedHash(must[string](t)(k.BlobToKZGCommitment(blob(9)))))
	if !strings.HasPrefix(h, "0x01") || len(h) != 66 {
		t.Fatalf("versioned hash %s", h)
	}
}
