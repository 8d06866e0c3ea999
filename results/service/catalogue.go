package service

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Backend is what a build says of one backend (schema/results-catalogue.schema.json): the
// service knows a backend's phases and hash from its catalogue, never from the submission.
type Backend struct {
	Build          string          `json:"build"`
	Hash           string          `json:"hash"`
	Phases         []Phase         `json:"phases"`
	Knobs          []Knob          `json:"knobs"`
	Configurations []Configuration `json:"configurations"`

	capacity map[string]int64 // canonical configuration JSON: its capacity in bytes
}

// Knob is one of the backend's knobs and the values it offers.
type Knob struct {
	ID     string `json:"id"`
	Values []any  `json:"values"`
}

// Configuration is one configuration the page can prove with, and the longest message it holds.
type Configuration struct {
	Config        json.RawMessage `json:"config"`
	CapacityBytes int64           `json:"capacityBytes"`
}

func (b Backend) capacityOf(canonicalConfig string) (int64, bool) {
	c, ok := b.capacity[canonicalConfig]
	return c, ok
}

// knobSummary names the knobs and their values for a refusal's message.
func (b Backend) knobSummary() string {
	if len(b.Knobs) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range b.Knobs {
		vals, _ := json.Marshal(k.Values)
		parts = append(parts, k.ID+" in "+string(vals))
	}
	return strings.Join(parts, ", ")
}

// Phase is one phase a backend reports.
type Phase struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Catalogue is every backend build the service takes results of, keyed by backend id and build id.
type Catalogue map[string]map[string]Backend

// LoadCatalogues reads artifacts/results-catalogue.json files (one a deployed build) after
// checking each against its schema.
func LoadCatalogues(schemas *Schemas, paths []string) (Catalogue, error) {
	cat := Catalogue{}
	for _, path := range paths {
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if problems := schemas.Problems(schemas.catalogue, raw); problems != "" {
			return nil, fmt.Errorf("%s: %s", path, problems)
		}
		var file struct {
			Backends map[string]Backend `json:"backends"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for id, b := range file.Backends {
			b.capacity = map[string]int64{}
			for _, c := range b.Configurations {
				canonical, err := canonicalJSON(c.Config)
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %w", path, id, err)
				}
				b.capacity[string(canonical)] = c.CapacityBytes
			}
			if cat[id] == nil {
				cat[id] = map[string]Backend{}
			}
			cat[id][b.Build] = b
		}
	}
	return cat, nil
}
