package service

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Schemas holds the compiled schemas of schema/ that the service checks against: the same
// files the page validates with (packages/core/schemas.ts), read from the repository's
// schema/ folder at start, so there is one definition of each shape.
type Schemas struct {
	submission, catalogue *jsonschema.Schema
	// What the service answers: the tests check real responses against them, and the page
	// validates what it reads with the same files.
	page, aggregates *jsonschema.Schema
}

const schemaBase = "https://zkplay.local/schema/"

// LoadSchemas compiles result-submission (with the run-result it refers to), results-catalogue,
// results-page and results-aggregates from dir.
func LoadSchemas(dir string) (*Schemas, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	files, err := filepath.Glob(filepath.Join(dir, "*.schema.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no schemas in %s (the repository's schema/ folder)", dir)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if err := c.AddResource(schemaBase+filepath.Base(f), doc); err != nil {
			return nil, err
		}
	}
	s := &Schemas{}
	if s.submission, err = c.Compile(schemaBase + "result-submission.schema.json"); err != nil {
		return nil, err
	}
	if s.catalogue, err = c.Compile(schemaBase + "results-catalogue.schema.json"); err != nil {
		return nil, err
	}
	if s.page, err = c.Compile(schemaBase + "results-page.schema.json"); err != nil {
		return nil, err
	}
	if s.aggregates, err = c.Compile(schemaBase + "results-aggregates.schema.json"); err != nil {
		return nil, err
	}
	return s, nil
}

var printer = message.NewPrinter(language.English)

// Problems is "" when raw follows the schema, else up to three of its problems, each with the
// place it is at (/result/phases/0/ms/median: must be >= 0).
func (s *Schemas) Problems(schema *jsonschema.Schema, raw []byte) string {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return err.Error()
	}
	err = schema.Validate(inst)
	if err == nil {
		return ""
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var leaves []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, "/"+strings.Join(e.InstanceLocation, "/")+": "+e.ErrorKind.LocalizedString(printer))
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	if len(leaves) > 3 {
		leaves = append(leaves[:3], fmt.Sprintf("and %d more", len(leaves)-3))
	}
	return strings.Join(leaves, "; ")
}
