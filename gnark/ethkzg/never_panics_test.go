package ethkzg

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"sort"
	"testing"
)

// The layer never panics (a panic ends the Go wasm instance, and the page's Go side with it):
// each op, fed inputs mutated from valid ones (a digit changed, lengths changed, flag bytes
// set, lists cut or repeated), answers JSON — a value or {"error"} — every time.
func TestMutatedInputsGetAnAnswerNeverAPanic(t *testing.T) {
	k := testKZG(t)
	r := rand.New(rand.NewSource(7))
	mutate := func(hex string) string {
		s := []byte(hex)
		switch r.Intn(6) {
		case 0:
			s[2+r.Intn(len(s)-2)] = "0123456789abcdefxz"[r.Intn(18)]
		case 1:
			s = s[:2+r.Intn(len(s)-1)]
		case 2:
			s = append(s, '0', '0')
		case 3:
			copy(s[2:4], "ff")
		case 4:
			copy(s[2:4], "c0")
		}
		return string(s)
	}
	blob := BenchBlob()
	c, _ := k.BlobToKZGCommitment(blob)
	p, _ := k.ComputeBlobKZGProof(blob, c)
	cp, _ := k.ComputeCellsAndKZGProofs(blob)
	z := fmt.Sprintf("0x%064x", 5)
	rep := func(s string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = mutate(s)
		}
		return out
	}
	for round := 0; round < 40; round++ {
		n := 1 + r.Intn(3)
		idx := make([]uint64, n)
		cells := make([]string, n)
		for i := range idx {
			idx[i] = uint64(r.Intn(140))
			cells[i] = mutate(cp.Cells[i])
		}
		half := make([]uint64, 64+r.Intn(3))
		halfCells := make([]string, len(half))
		for i := range half {
			half[i] = uint64(i*2+r.Intn(2)) % 130
			halfCells[i] = mutate(cp.Cells[half[i]%128])
		}
		cases := map[string]any{
			"blob_to_kzg_commitment":       map[string]any{"blob": mutate(blob)},
			"compute_kzg_proof":            map[string]any{"blob": mutate(blob), "z": mutate(z)},
			"compute_blob_kzg_proof":       map[string]any{"blob": mutate(blob), "commitment": mutate(c)},
			"verify_kzg_proof":             map[string]any{"commitment": mutate(c), "z": mutate(z), "y": mutate(z), "proof": mutate(p)},
			"verify_blob_kzg_proof":        map[string]any{"blob": mutate(blob), "commitment": mutate(c), "proof": mutate(p)},
			"verify_blob_kzg_proof_batch":  map[string]any{"blobs": rep(blob, n), "commitments": rep(c, 1+r.Intn(3)), "proofs": rep(p, n)},
			"verify_cell_kzg_proof_batch":  map[string]any{"commitments": rep(c, n), "cell_indices": idx, "cells": cells, "proofs": rep(cp.Proofs[0], n+r.Intn(2))},
			"recover_cells_and_kzg_proofs": map[string]any{"cell_indices": half, "cells": halfCells},
			"versioned_hash":               map[string]any{"commitment": mutate(c)},
		}
		ops := make([]string, 0, len(cases))
		for op := range cases {
			ops = append(ops, op)
		}
		sort.Strings(ops) // a fixed order: a failure repeats
		for _, op := range ops {
			a, _ := json.Marshal(cases[op])
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("round %d: %s panicked: %v", round, op, e)
					}
				}()
				var v any
				out := k.Call(op, string(a))
				if err := json.Unmarshal([]byte(out), &v); err != nil {
					t.Fatalf("%s: not JSON: %.200s", op, out)
				}
				if m, ok := v.(map[string]any); ok {
					e, _ := m["error"].(map[string]any)
					if _, ok := e["code"].(string); !ok {
						t.Fatalf("%s: %.200s", op, out)
					}
				}
			}()
		}
	}
}
