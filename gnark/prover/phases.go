package prover

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"time"
)

// phases.json is the one list of gnark's phases, in the order a run shows
// them: the worker's own (download, instantiate) and those timed here. The
// page's manifest (backends/gnark/index.ts) imports the same file, and the wasm
// build and the native runner report each phase with its label from it.
//
//go:embed phases.json
var phasesJSON []byte

// PhaseName is a phase's id and label.
type PhaseName struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Phase is one timed phase, the shape every backend reports: {id, label, ms}.
type Phase struct {
	ID    string  `json:"id"`
	Label string  `json:"label"`
	Ms    float64 `json:"ms"`
}

// Phases lists every phase in order.
var Phases = func() []PhaseName {
	var ps []PhaseName
	if err := json.Unmarshal(phasesJSON, &ps); err != nil {
		panic(fmt.Sprintf("prover/phases.json: %v", err))
	}
	return ps
}()

// Name returns the phase with this id; an id missing from phases.json is a bug.
func Name(id string) PhaseName {
	for _, p := range Phases {
		if p.ID == id {
			return p
		}
	}
	panic(fmt.Sprintf("prover/phases.json has no phase %q", id))
}

// Took is the phase with its duration in milliseconds.
func (n PhaseName) Took(d time.Duration) Phase {
	return Phase{ID: n.ID, Label: n.Label, Ms: float64(d.Nanoseconds()) / 1e6}
}

// The phases this package times.
var (
	LoadCircuit = Name("load-circuit")
	LoadPK      = Name("load-pk")
	LoadVK      = Name("load-vk")
	Witness     = Name("witness")
	Prove       = Name("prove")
	Verify      = Name("verify")
)

// Phases of a Load, in order.
func (lt LoadTimes) Phases() []Phase {
	return []Phase{LoadCircuit.Took(lt.CCS), LoadPK.Took(lt.PK), LoadVK.Took(lt.VK)}
}
