package runresult

// Drift tests between these structs and schema/run-result.schema.json, the one definition:
//   - a RunResult as the native runner builds it, marshalled, validates against the schema;
//   - every JSON field of the Go structs is a property of the schema (recursively), of a
//     compatible type, and every property the schema requires is a Go field that is always
//     written (no omitempty).
// The validator below covers the keywords the schema uses and fails on any other, so a schema
// that starts using a new keyword makes this test say so instead of passing silently. (No
// JSON Schema module is in this module's go.sum, and adding one would change the hash the gnark
// keys are cached under.)

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// decoded is JSON bytes, read or encoded with err, as a T; either error fails the test.
func decoded[T any](t *testing.T, raw []byte, err error) (v T) {
	t.Helper()
	if err == nil {
		err = json.Unmarshal(raw, &v)
	}
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	raw, err := os.ReadFile("../../schema/run-result.schema.json")
	return decoded[map[string]any](t, raw, err)
}

func sample() RunResult {
	return RunResult{
		SchemaVersion: 1,
		Backend:       "gnark",
		Config:        map[string]any{"circuit": "keccak256", "blocks": 1, "zk": false},
		Environment:   NativeEnvironment(2, "native-go", "abc1234"),
		Message:       Message{Bytes: 135, Blocks: Blocks(135)},
		Phases: []Phase{
			{ID: "load", Label: "Load keys", Ms: NewStat(120)},
			{ID: "prove", Label: "Prove", Ms: NewStat(900, 1000, 1100, 950)},
			{ID: "verify", Label: "Verify", Ms: NewStat(2.5, 2, 3)},
		},
		Sizes:     map[string]int64{"proof": 164, "provingKey": 117228461, "verifyingKey": 3088, "circuit": 20568286, "constraintSystemCompressed": 1},
		Circuit:   map[string]any{"constraints": 237838, "publicInputs": 33, "curve": "BN254"},
		Memory:    Memory{PeakBytes: 3 << 30, What: "process peak RSS (VmHWM)"},
		Verified:  true,
		Runs:      4,
		Cold:      false,
		Timestamp: Now(),
	}
}

func toJSON(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	return decoded[any](t, raw, err)
}

func TestRunResultValidatesAgainstSchema(t *testing.T) {
	schema := loadSchema(t)
	for name, r := range map[string]RunResult{
		"full":    sample(),
		"minimal": {SchemaVersion: 1, Backend: "gnark", Config: map[string]any{}, Environment: Environment{Kind: "native", Threads: 1, Build: "native-go"}, Message: Message{Blocks: 1}, Phases: []Phase{}, Sizes: map[string]int64{}, Circuit: map[string]any{}, Memory: Memory{What: "rss"}, Runs: 1, Timestamp: Now()},
	} {
		if errs := validate(schema, schema, toJSON(t, r), ""); len(errs) > 0 {
			t.Errorf("%s RunResult does not follow schema/run-result.schema.json:\n  %s", name, strings.Join(errs, "\n  "))
		}
	}
}

// The validator must refuse what the schema refuses, or the test above proves nothing.
func TestValidatorRefusesWhatTheSchemaRefuses(t *testing.T) {
	schema := loadSchema(t)
	cases := map[string]func(m map[string]any){
		"missing verified":        func(m map[string]any) { delete(m, "verified") },
		"extra top-level field":   func(m map[string]any) { m["surprise"] = 1 },
		"extra environment field": func(m map[string]any) { m["environment"].(map[string]any)["gpu"] = "x" },
		"negative size":           func(m map[string]any) { m["sizes"].(map[string]any)["proof"] = -1 },
		"fractional size":         func(m map[string]any) { m["sizes"].(map[string]any)["other"] = 1.5 },
		"schemaVersion 2":         func(m map[string]any) { m["schemaVersion"] = 2 },
		"kind gpu":                func(m map[string]any) { m["environment"].(map[string]any)["kind"] = "gpu" },
		"no samples": func(m map[string]any) {
			m["phases"].([]any)[0].(map[string]any)["ms"].(map[string]any)["samples"] = []any{}
		},
		"timestamp not RFC 3339": func(m map[string]any) { m["timestamp"] = "yesterday" },
		"threads 0":              func(m map[string]any) { m["environment"].(map[string]any)["threads"] = 0 },
		"threads 1025":           func(m map[string]any) { m["environment"].(map[string]any)["threads"] = 1025 },
		"config value a list":    func(m map[string]any) { m["config"].(map[string]any)["k"] = []any{1} },
	}
	for name, mutate := range cases {
		doc := toJSON(t, sample()).(map[string]any)
		mutate(doc)
		if errs := validate(schema, schema, doc, ""); len(errs) == 0 {
			t.Errorf("%s: the schema refuses it, the validator accepted it", name)
		}
	}
}

func TestStructFieldsMatchSchemaProperties(t *testing.T) {
	schema := loadSchema(t)
	for _, e := range compareType(schema, schema, reflect.TypeFor[RunResult](), "RunResult") {
		t.Error(e)
	}
}

// compareType walks a Go type beside its schema.
func compareType(root, s map[string]any, ty reflect.Type, at string) (errs []string) {
	s = resolve(root, s)
	if ty.Kind() == reflect.Pointer {
		ty = ty.Elem()
	}
	types := schemaTypes(s)
	want := func(ok bool, what string) {
		if !ok {
			errs = append(errs, fmt.Sprintf("%s: Go %s, schema %s", at, what, describeSchemaType(s)))
		}
	}
	switch ty.Kind() {
	case reflect.Struct:
		want(types["object"], "struct")
		props, _ := s["properties"].(map[string]any)
		fields := map[string]bool{}
		for i := range ty.NumField() {
			f := ty.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			omitempty := slices.Contains(strings.Split(opts, ","), "omitempty")
			fields[name] = !omitempty
			p, ok := props[name].(map[string]any)
			if !ok {
				errs = append(errs, fmt.Sprintf("%s.%s: a Go field the schema does not have", at, name))
				continue
			}
			errs = append(errs, compareType(root, p, f.Type, at+"."+name)...)
		}
		for _, r := range stringList(s["required"]) {
			always, ok := fields[r]
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("%s.%s: required by the schema, missing in Go", at, r))
			case !always:
				errs = append(errs, fmt.Sprintf("%s.%s: required by the schema, omitempty in Go (left out when zero)", at, r))
			}
		}
	case reflect.Map:
		want(types["object"], "map")
		want(ty.Key().Kind() == reflect.String, "map with non-string keys")
		ap, isSchema := s["additionalProperties"].(map[string]any)
		if !isSchema {
			errs = append(errs, fmt.Sprintf("%s: Go map (any key), schema additionalProperties %v (closed)", at, s["additionalProperties"]))
			break
		}
		if ty.Elem().Kind() != reflect.Interface {
			errs = append(errs, compareType(root, ap, ty.Elem(), at+"[*]")...)
		}
	case reflect.Slice, reflect.Array:
		want(types["array"], "slice")
		if items, ok := s["items"].(map[string]any); ok {
			errs = append(errs, compareType(root, items, ty.Elem(), at+"[]")...)
		}
	case reflect.String:
		want(types["string"], "string")
	case reflect.Bool:
		want(types["boolean"], "bool")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		want(types["integer"] || types["number"], ty.Kind().String())
	case reflect.Float32, reflect.Float64:
		want(types["number"], ty.Kind().String()+" (schema must allow any number)")
	case reflect.Interface:
	default:
		errs = append(errs, fmt.Sprintf("%s: Go kind %s not handled by this test", at, ty.Kind()))
	}
	return errs
}

func stringList(v any) []string {
	var out []string
	for _, x := range asSlice(v) {
		out = append(out, x.(string))
	}
	return out
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

// schemaTypes is the set of JSON types a schema admits (from type, const or enum).
func schemaTypes(s map[string]any) map[string]bool {
	out := map[string]bool{}
	switch ty := s["type"].(type) {
	case string:
		out[ty] = true
	case []any:
		for _, x := range ty {
			out[x.(string)] = true
		}
	}
	values := asSlice(s["enum"])
	if c, ok := s["const"]; ok {
		values = append(values, c)
	}
	for _, v := range values {
		out[jsonType(v)] = true
		if jsonType(v) == "integer" {
			out["number"] = true
		}
	}
	return out
}

func describeSchemaType(s map[string]any) string {
	var ts []string
	for k := range schemaTypes(s) {
		ts = append(ts, k)
	}
	sort.Strings(ts)
	return "type " + strings.Join(ts, "|")
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if x == math.Trunc(x) && !math.IsInf(x, 0) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func resolve(root, s map[string]any) map[string]any {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		if !ok {
			panic("run-result schema: only #/$defs/ references are supported here, got " + ref)
		}
		s = root["$defs"].(map[string]any)[name].(map[string]any)
	}
}

// Annotations and the keywords validate handles; anything else is a keyword this test does not know.
var known = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$ref": true, "title": true, "description": true,
	"type": true, "properties": true, "required": true, "additionalProperties": true, "items": true,
	"minItems": true, "minimum": true, "maximum": true, "const": true, "enum": true, "format": true,
}

// validate returns what is wrong with v under schema s (paths as JSON pointers).
func validate(root, s map[string]any, v any, at string) (errs []string) {
	for k := range s {
		if !known[k] {
			panic(fmt.Sprintf("run-result schema uses the keyword %q at %s, which this Go test does not implement: extend validate()", k, at))
		}
	}
	s = resolve(root, s)
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: %s", or(at, "/"), fmt.Sprintf(format, args...)))
	}
	got := jsonType(v)
	if ts := schemaTypes(s); s["type"] != nil && !ts[got] && !(got == "integer" && ts["number"]) {
		bad("is %s, schema wants %s", got, describeSchemaType(s))
		return errs
	}
	if c, ok := s["const"]; ok && !reflect.DeepEqual(c, v) {
		bad("is %v, schema wants %v", v, c)
	}
	if e, ok := s["enum"]; ok && !slices.ContainsFunc(asSlice(e), func(x any) bool { return reflect.DeepEqual(x, v) }) {
		bad("is %v, schema wants one of %v", v, e)
	}
	if m, ok := s["minimum"].(float64); ok {
		if x, isNum := v.(float64); isNum && x < m {
			bad("is %v, below the minimum %v", x, m)
		}
	}
	if m, ok := s["maximum"].(float64); ok {
		if x, isNum := v.(float64); isNum && x > m {
			bad("is %v, above the maximum %v", x, m)
		}
	}
	if f, ok := s["format"].(string); ok {
		if f != "date-time" {
			panic("run-result schema: format " + f + " not implemented here")
		}
		if str, isStr := v.(string); isStr && !rfc3339.MatchString(str) {
			bad("%q is not an RFC 3339 date-time", str)
		} else if isStr {
			if _, err := time.Parse(time.RFC3339Nano, str); err != nil {
				bad("%q is not an RFC 3339 date-time: %v", str, err)
			}
		}
	}
	switch x := v.(type) {
	case map[string]any:
		for _, r := range stringList(s["required"]) {
			if _, ok := x[r]; !ok {
				bad("required %q is missing", r)
			}
		}
		props, _ := s["properties"].(map[string]any)
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, ok := props[k].(map[string]any); ok {
				errs = append(errs, validate(root, p, x[k], at+"/"+k)...)
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					bad("%q is not allowed (additionalProperties: false)", k)
				}
			case map[string]any:
				errs = append(errs, validate(root, ap, x[k], at+"/"+k)...)
			}
		}
	case []any:
		if m, ok := s["minItems"].(float64); ok && float64(len(x)) < m {
			bad("has %d items, schema wants at least %v", len(x), m)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, it := range x {
				errs = append(errs, validate(root, items, it, fmt.Sprintf("%s/%d", at, i))...)
			}
		}
	}
	return errs
}

var rfc3339 = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$`)

func or(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

// The median of test-vectors/stats.json: the same cases the page's stat() (packages/core/stats.mjs) must match.
func TestNewStatMatchesTheSharedVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "test-vectors", "stats.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []struct {
			Samples          []float64
			Median, Min, Max float64
		}
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	for _, c := range v.Cases {
		s := NewStat(c.Samples...)
		if s.Median != c.Median || s.Min != c.Min || s.Max != c.Max || !slices.Equal(s.Samples, c.Samples) {
			t.Errorf("%v: got %+v, want median %v min %v max %v", c.Samples, s, c.Median, c.Min, c.Max)
		}
	}
}
