package service

import (
	"encoding/json"
	"fmt"
	"os"
)

// Backend is what a build says of one backend (schema/results-catalogue.schema.json): the
// service knows a backend's phases and hash from its catalogue, never from the submission.
type Backend struct {
	Build  string  `json:"build"`
	Hash   string  `json:"hash"`
	Phases []Phase `json:"phases"`
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
			if cat[id] == nil {
				cat[id] = map[string]Backend{}
			}
			cat[id][b.Build] = b
		}
	}
	return cat, nil
}
