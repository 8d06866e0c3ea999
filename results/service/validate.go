package service

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"zkplay/results/store"
)

// The parts of a submission the checks read; the schema has checked its shape already.
type submission struct {
	Result struct {
		Backend     string         `json:"backend"`
		Hash        string         `json:"hash"`
		Config      map[string]any `json:"config"`
		Environment struct {
			Threads int64  `json:"threads"`
			Build   string `json:"build"`
		} `json:"environment"`
		Message struct {
			Bytes  int64 `json:"bytes"`
			Blocks int64 `json:"blocks"`
		} `json:"message"`
		Phases []struct {
			ID    string `json:"id"`
			Label string `json:"label"`
			Step  string `json:"step"`
			Ms    stat   `json:"ms"`
		} `json:"phases"`
		CapacityBytes *int64 `json:"capacityBytes"`
		Verified      bool   `json:"verified"`
		Runs          int    `json:"runs"`
	} `json:"result"`
	Device struct {
		Browser        string          `json:"browser"`
		BrowserVersion string          `json:"browserVersion"`
		OS             string          `json:"os"`
		DeviceClass    string          `json:"deviceClass"`
		Cores          int64           `json:"cores"`
		Build          string          `json:"build"`
		Emulated       json.RawMessage `json:"emulated"`
		WasmFeatures   []string        `json:"wasmFeatures"`
	} `json:"device"`
}

type stat struct {
	Median  float64   `json:"median"`
	Min     float64   `json:"min"`
	Max     float64   `json:"max"`
	Samples []float64 `json:"samples"`
}

// dayMs bounds any phase: a browser tab proving for a day is a broken clock, not a benchmark.
const dayMs = 24 * 3600 * 1000

// maxInteger is the largest integer a submission may hold (the schema's maximum): exact in a
// float64, so in JavaScript, and in a BIGINT column of either database.
const maxInteger = 1<<53 - 1

// blocks of the message under each hash, as packages/core/hashes.ts counts them, written so that
// no length overflows: (b+63)/64 wraps for b > 2^63-64, (b-1)/64+1 does not.
var blocksOf = map[string]func(bytes int64) int64{
	"keccak-256": func(b int64) int64 { return b/136 + 1 },
	"blake2s-256": func(b int64) int64 {
		if b == 0 {
			return 1
		}
		return (b-1)/64 + 1
	},
}

// finiteNumbers is false when a number of v is beyond float64 (1e309): the schema takes any
// JSON number, and only the fields Go decodes would otherwise be checked.
func finiteNumbers(v any) bool {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	case map[string]any:
		for _, e := range x {
			if !finiteNumbers(e) {
				return false
			}
		}
	case []any:
		for _, e := range x {
			if !finiteNumbers(e) {
				return false
			}
		}
	}
	return true
}

// canonicalJSON is raw with its keys sorted, no spacing and every number as its float64 prints
// (5000, 5000.0 and 5e3 are all 5000): two submissions are the same when these bytes are.
func canonicalJSON(raw []byte) ([]byte, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// check turns a body into the row to store, or says why not. It never touches the database.
func (s *Server) check(body []byte) (store.Row, *Refusal) {
	var generic any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&generic); err != nil || dec.More() {
		return store.Row{}, errNotJSON
	}
	if _, ok := generic.(map[string]any); !ok || !finiteNumbers(generic) {
		return store.Row{}, errNotJSON
	}
	if problems := s.schemas.Problems(s.schemas.submission, body); problems != "" {
		return store.Row{}, unprocessable(CodeSchema, "the submission does not follow schema/result-submission.schema.json: "+problems)
	}
	// Read from the canonical form, where every number is spelled as Go prints it: 5e3 in an
	// integer field is 5000 to the schema, and must be to the checks too.
	canonical, err := canonicalJSON(body) // key order, spacing and number spelling do not make a new result
	if err != nil {
		return store.Row{}, errNotJSON
	}
	var sub submission
	if err := json.Unmarshal(canonical, &sub); err != nil {
		return store.Row{}, errNotJSON
	}
	r, d := &sub.Result, &sub.Device
	builds, ok := s.catalogue[r.Backend]
	if !ok {
		return store.Row{}, unprocessable(CodeUnknownBackend, fmt.Sprintf("backend %q is not one this service takes results of", r.Backend))
	}
	backend, ok := builds[d.Build]
	if !ok {
		return store.Row{}, unprocessable(CodeUnknownBuild, fmt.Sprintf("build %q of %s is not one this service knows: reload the page for the current build", d.Build, r.Backend))
	}
	hash := r.Hash
	if hash == "" {
		hash = "keccak-256" // run-result.schema.json: an absent hash means Keccak-256
	}
	if hash != backend.Hash {
		return store.Row{}, unprocessable(CodeWrongHash, fmt.Sprintf("%s proves %s, not %s", r.Backend, backend.Hash, hash))
	}
	if !r.Verified {
		return store.Row{}, errUnverified
	}
	config, err := canonicalJSON(rawConfig(generic))
	if err != nil {
		return store.Row{}, errNotJSON
	}
	capacity, ok := backend.capacityOf(string(config))
	if !ok {
		return store.Row{}, unprocessable(CodeUnknownConfig, fmt.Sprintf("configuration %s is not one %s offers (its knobs: %s)", truncate(string(config), 200), r.Backend, backend.knobSummary()))
	}
	if want := blocksOf[hash](r.Message.Bytes); r.Message.Blocks != want {
		return store.Row{}, unprocessable(CodeImpossible, fmt.Sprintf("a %d-byte message is %d %s blocks, not %d", r.Message.Bytes, want, hash, r.Message.Blocks))
	}
	// The capacity is the catalogue's, so it is checked whether or not the submission states one.
	if r.Message.Bytes > capacity {
		return store.Row{}, unprocessable(CodeImpossible, fmt.Sprintf("a %d-byte message does not fit the configuration's %d bytes", r.Message.Bytes, capacity))
	}
	if r.CapacityBytes != nil && *r.CapacityBytes != capacity {
		return store.Row{}, unprocessable(CodeImpossible, fmt.Sprintf("capacityBytes %d is not the configuration's %d", *r.CapacityBytes, capacity))
	}
	known := map[string]string{}
	seen := map[string]bool{}
	for _, p := range backend.Phases {
		known[p.ID] = p.Label
	}
	var proveMs, verifyMs *float64
	for i, p := range r.Phases {
		label, ok := known[p.ID]
		if !ok || label != p.Label {
			return store.Row{}, unprocessable(CodeForeignPhase, fmt.Sprintf("phase %d (%q, %q) is not one %s reports", i, truncate(p.ID, 64), truncate(p.Label, 64), r.Backend))
		}
		if seen[p.ID] { // 450 "prove" phases would add up to a run of 450 proofs
			return store.Row{}, unprocessable(CodeRepeatedPhase, fmt.Sprintf("phase %q is reported twice: a run reports each phase once", p.ID))
		}
		seen[p.ID] = true
		// The prove and verify phases are those steps by name: counting "verify" as proving, or
		// "prove" as preparing, would move a run's time between the columns the view compares.
		if (p.ID == "prove" || p.ID == "verify") && p.Step != "" && p.Step != p.ID {
			return store.Row{}, unprocessable(CodeForeignPhase, fmt.Sprintf("phase %q is reported in step %q: it is the %s step", p.ID, truncate(p.Step, 32), p.ID))
		}
		if msg := impossibleStat(p.Ms, r.Runs); msg != "" {
			return store.Row{}, unprocessable(CodeImpossibleTime, fmt.Sprintf("phase %q: %s", p.ID, msg))
		}
		switch stepOf(p.ID, p.Step) {
		case "prove":
			proveMs = addMs(proveMs, p.Ms.Median)
		case "verify":
			verifyMs = addMs(verifyMs, p.Ms.Median)
		}
	}
	if msg := impossibleDevice(&sub); msg != "" {
		return store.Row{}, unprocessable(CodeImpossible, msg)
	}
	details, err := store.DetailsOf(canonical)
	if err != nil {
		return store.Row{}, errNotJSON
	}
	sum := sha256.Sum256(canonical)
	return store.Row{
		ID:            hex.EncodeToString(sum[:16]),
		Backend:       r.Backend,
		Config:        string(config),
		MessageBytes:  r.Message.Bytes,
		Build:         d.Build,
		DeviceClass:   d.DeviceClass,
		Browser:       d.Browser,
		BrowserVer:    d.BrowserVersion,
		OS:            d.OS,
		Cores:         d.Cores,
		Threads:       r.Environment.Threads,
		Emulated:      len(d.Emulated) > 0 && string(d.Emulated) != "null",
		ProveMs:       proveMs,
		VerifyMs:      verifyMs,
		Details:       details,
		SubmissionRaw: string(canonical),
	}, nil
}

// impossibleDevice says what a run could not have done on the device it names, or "": the
// wide-arithmetic build runs only where the engine has that proposal and shared memory
// (packages/core/wasm-bindgen.ts picks it only then), and an emulation stands for a phone.
// (More than one thread needs no shared memory: gnark runs two Go instances side by side.)
func impossibleDevice(sub *submission) string {
	d := &sub.Device
	has := func(f string) bool {
		for _, x := range d.WasmFeatures {
			if x == f {
				return true
			}
		}
		return false
	}
	if strings.HasSuffix(sub.Result.Environment.Build, store.WideBuildSuffix) && !(has("wide-arithmetic") && has("threads")) {
		return "a run of the wide-arithmetic build needs the device's wasmFeatures to include wide-arithmetic and threads"
	}
	if len(d.Emulated) > 0 && string(d.Emulated) != "null" && d.DeviceClass != "phone" {
		return "an emulated run stands for a phone: its deviceClass is phone"
	}
	return ""
}

// impossibleStat says what is wrong with a time no run can report, or "".
func impossibleStat(s stat, runs int) string {
	all := append([]float64{s.Median, s.Min, s.Max}, s.Samples...)
	for _, v := range all {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > dayMs {
			return "times are finite milliseconds between 0 and a day"
		}
	}
	if s.Min > s.Median || s.Median > s.Max {
		return "min <= median <= max does not hold"
	}
	if len(s.Samples) > runs {
		return strconv.Itoa(len(s.Samples)) + " samples from " + strconv.Itoa(runs) + " runs"
	}
	for _, v := range s.Samples {
		if v < s.Min || v > s.Max {
			return "a sample lies outside min..max"
		}
	}
	return ""
}

// stepOf is packages/core/phase-steps.ts's stepOf: the protocol step a phase ran in.
func stepOf(id, step string) string {
	if step != "" {
		return step
	}
	if id == "prove" || id == "verify" {
		return id
	}
	return ""
}

func addMs(sum *float64, v float64) *float64 {
	if sum == nil {
		return &v
	}
	t := *sum + v
	return &t
}

// rawConfig is the submission's result.config as JSON (the schema made it an object).
func rawConfig(generic any) []byte {
	b, _ := json.Marshal(generic.(map[string]any)["result"].(map[string]any)["config"])
	return b
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
