package ethkzg

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"
)

// The consensus-spec KZG vectors (EIP-4844 and EIP-7594) from go-eth-kzg's module zip, located
// as test-vectors/kzg/source.json says: every case of every kind, refused input included
// (output null: the layer must answer an error, never a value).

var (
	kzgOnce sync.Once
	kzgCtx  *KZG
)

func testKZG(t *testing.T) *KZG {
	kzgOnce.Do(func() {
		k, err := New(1)
		if err != nil {
			panic(err)
		}
		kzgCtx = k
	})
	return kzgCtx
}

type source struct {
	Module  string         `json:"module"`
	Version string         `json:"version"`
	Dir     string         `json:"dir"`
	Cases   map[string]int `json:"cases"`
}

func readSource(t *testing.T) source {
	raw, err := os.ReadFile(filepath.Join("..", "..", "test-vectors", "kzg", "source.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s source
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// vectorsDir: `go mod download` (Go module proxy, checked against go.sum) prints where it is.
func vectorsDir(t *testing.T, s source) string {
	out, err := exec.Command("go", "mod", "download", "-json", s.Module+"@"+s.Version).Output()
	if err != nil {
		t.Fatalf("go mod download %s@%s: %v", s.Module, s.Version, err)
	}
	var info struct{ Dir string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download -json gave no Dir: %s", out)
	}
	return filepath.Join(info.Dir, s.Dir)
}

func str(v any) (string, bool) { s, ok := v.(string); return s, ok }

// each converts every element of a vector file's list, or says it is not such a list.
func each[T any](v any, conv func(any) (T, bool)) ([]T, bool) {
	xs, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]T, len(xs))
	for i, x := range xs {
		if out[i], ok = conv(x); !ok {
			return nil, false
		}
	}
	return out, true
}

func strs(v any) ([]string, bool) { return each(v, str) }

func indices(v any) ([]uint64, bool) {
	return each(v, func(x any) (uint64, bool) { n, ok := x.(int); return uint64(n), ok && n >= 0 })
}

func asAny(c CellsAndProofs) any {
	cells, proofs := make([]any, len(c.Cells)), make([]any, len(c.Proofs))
	for i := range c.Cells {
		cells[i] = c.Cells[i]
	}
	for i := range c.Proofs {
		proofs[i] = c.Proofs[i]
	}
	return []any{cells, proofs}
}

var errShape = fmt.Errorf("input of a shape the API cannot take")

// run returns the case's answer, or an error for refused input.
func run(k *KZG, kind string, in map[string]any) (any, error) {
	s := func(key string) string { v, _ := str(in[key]); return v }
	okStr := func(keys ...string) bool {
		for _, key := range keys {
			if _, ok := str(in[key]); !ok {
				return false
			}
		}
		return true
	}
	switch kind {
	case "blob_to_kzg_commitment":
		if !okStr("blob") {
			return nil, errShape
		}
		return k.BlobToKZGCommitment(s("blob"))
	case "compute_kzg_proof":
		if !okStr("blob", "z") {
			return nil, errShape
		}
		p, y, err := k.ComputeKZGProof(s("blob"), s("z"))
		return []any{p, y}, err
	case "compute_blob_kzg_proof":
		if !okStr("blob", "commitment") {
			return nil, errShape
		}
		return k.ComputeBlobKZGProof(s("blob"), s("commitment"))
	case "verify_kzg_proof":
		if !okStr("commitment", "z", "y", "proof") {
			return nil, errShape
		}
		return k.VerifyKZGProof(s("commitment"), s("z"), s("y"), s("proof"))
	case "verify_blob_kzg_proof":
		if !okStr("blob", "commitment", "proof") {
			return nil, errShape
		}
		return k.VerifyBlobKZGProof(s("blob"), s("commitment"), s("proof"))
	case "verify_blob_kzg_proof_batch":
		b, ok1 := strs(in["blobs"])
		c, ok2 := strs(in["commitments"])
		p, ok3 := strs(in["proofs"])
		if !ok1 || !ok2 || !ok3 {
			return nil, errShape
		}
		return k.VerifyBlobKZGProofBatch(b, c, p)
	case "compute_cells_and_kzg_proofs":
		if !okStr("blob") {
			return nil, errShape
		}
		cp, err := k.ComputeCellsAndKZGProofs(s("blob"))
		return asAny(cp), err
	case "verify_cell_kzg_proof_batch":
		c, ok1 := strs(in["commitments"])
		ix, ok2 := indices(in["cell_indices"])
		cl, ok3 := strs(in["cells"])
		p, ok4 := strs(in["proofs"])
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return nil, errShape
		}
		return k.VerifyCellKZGProofBatch(c, ix, cl, p)
	case "recover_cells_and_kzg_proofs":
		ix, ok1 := indices(in["cell_indices"])
		cl, ok2 := strs(in["cells"])
		if !ok1 || !ok2 {
			return nil, errShape
		}
		cp, err := k.RecoverCellsAndKZGProofs(ix, cl)
		return asAny(cp), err
	}
	panic("unknown kind " + kind)
}

func caseFile(t *testing.T, dir string) string {
	for _, f := range []string{"data.yaml", "data.yml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return filepath.Join(dir, f)
		}
	}
	t.Fatalf("no data in %s", dir)
	return ""
}

func TestConsensusSpecVectors(t *testing.T) {
	src := readSource(t)
	root := vectorsDir(t, src)
	k := testKZG(t)
	kinds := make([]string, 0, len(src.Cases))
	for kind := range src.Cases {
		kinds = append(kinds, kind)
	}
	sort.Strings(kinds)
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			dirs, err := filepath.Glob(filepath.Join(root, kind, "kzg-mainnet", "*"))
			if err != nil || len(dirs) != src.Cases[kind] {
				t.Fatalf("%s: %d cases found in %s, source.json says %d (%v)", kind, len(dirs), root, src.Cases[kind], err)
			}
			answered, refused := 0, 0
			for _, dir := range dirs {
				raw, err := os.ReadFile(caseFile(t, dir))
				if err != nil {
					t.Fatal(err)
				}
				var doc struct {
					Input  map[string]any `yaml:"input"`
					Output any            `yaml:"output"`
				}
				if err := yaml.Unmarshal(raw, &doc); err != nil {
					t.Fatalf("%s: %v", dir, err)
				}
				got, err := run(k, kind, doc.Input)
				name := filepath.Base(dir)
				switch {
				case doc.Output == nil && err != nil:
					refused++
				case doc.Output == nil:
					t.Errorf("%s: must be refused, answered %v", name, got)
				case err != nil:
					t.Errorf("%s: expected an answer, refused: %v", name, err)
				case !reflect.DeepEqual(got, doc.Output):
					t.Errorf("%s: got %.80v, want %.80v", name, got, doc.Output)
				default:
					answered++
				}
			}
			t.Logf("%s: %d answered as the specs say, %d refused as they say", kind, answered, refused)
		})
	}
}
