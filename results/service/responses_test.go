package service

import (
	"encoding/json"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"zkplay/results/store"
)

// Submissions of each kind the view tells apart: a real desktop, a phone class emulated by
// calibration, one emulated by hand, and a run of the wide-arithmetic build.
func calibrated(t *testing.T, i int, measured float64) map[string]any {
	m := distinct(t, i)
	d := obj(m, "device")
	d["deviceClass"] = "phone"
	d["emulated"] = map[string]any{"cpuThrottling": 3 + float64(i)/10, "profile": "Pixel 5 class",
		"benchmarkIndex": map[string]any{"target": 1000, "measured": measured, "unthrottled": 4000}}
	return m
}

func byHand(t *testing.T, i int, rate float64) map[string]any {
	m := distinct(t, i)
	d := obj(m, "device")
	d["deviceClass"] = "phone"
	d["emulated"] = map[string]any{"cpuThrottling": rate, "profile": "by hand (cgroup)"}
	return m
}

func wide(t *testing.T, i int) map[string]any {
	m := distinct(t, i)
	obj(m, "result", "environment")["build"] = "wasm-threads-wide"
	obj(m, "device")["wasmFeatures"] = []any{"simd", "threads", "wide-arithmetic"}
	return m
}

// distinct is the sample with its own timestamp, so that each is a new submission.
func distinct(t *testing.T, i int) map[string]any {
	m := sample(t)
	obj(m, "result")["timestamp"] = time.Unix(1_900_000_000+int64(i), 0).UTC().Format("2006-01-02T15:04:05.000Z")
	return m
}

func (h *harness) mustPost(m map[string]any) {
	h.t.Helper()
	if a := h.post(encode(m)); a.status != 201 {
		h.t.Fatalf("%d %s", a.status, a.body)
	}
}

func (h *harness) followsSchema(what string, schema string, body []byte) {
	h.t.Helper()
	s, _ := LoadSchemas("../../schema")
	sch := map[string]*jsonschema.Schema{"page": s.page, "aggregates": s.aggregates}[schema]
	if sch == nil {
		h.t.Fatalf("no schema %s", schema)
	}
	if problems := s.Problems(sch, body); problems != "" {
		h.t.Fatalf("%s does not follow results-%s.schema.json: %s\n%s", what, schema, problems, body)
	}
}

// What the service answers is what schema/results-page and results-aggregates say, on both
// databases, empty and full, the last page and one in the middle; the CSV has the page's columns.
func TestResponsesFollowTheirSchemas(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, func(c *Config) { c.AggregateTTL = time.Nanosecond })
		h.followsSchema("an empty page", "page", h.do("GET", "/api/results", nil, nil).body)
		h.followsSchema("no aggregates", "aggregates", h.do("GET", "/api/aggregates", nil, nil).body)
		h.mustPost(distinct(t, 0))
		h.mustPost(calibrated(t, 1, 990))
		h.mustPost(byHand(t, 2, 4))
		h.mustPost(wide(t, 3))
		noVerify := distinct(t, 4)
		obj(noVerify, "result")["phases"] = at(noVerify, "result", "phases").([]any)[:3] // no verify phase: verifyMs null
		h.mustPost(noVerify)
		first := h.do("GET", "/api/results?limit=2", nil, nil)
		h.followsSchema("a page with a next", "page", first.body)
		var p struct{ Next string }
		json.Unmarshal(first.body, &p)
		h.followsSchema("the last page", "page", h.do("GET", "/api/results?limit=1000&cursor="+p.Next, nil, nil).body)
		h.followsSchema("the aggregates", "aggregates", h.do("GET", "/api/aggregates", nil, nil).body)

		var schema struct {
			Defs map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"$defs"`
		}
		raw, _ := os.ReadFile("../../schema/results-page.schema.json")
		json.Unmarshal(raw, &schema)
		var props []string
		for k := range schema.Defs["storedRun"].Properties {
			props = append(props, k)
		}
		cols := slices.Clone(csvColumns)
		slices.Sort(props)
		slices.Sort(cols)
		if !slices.Equal(props, cols) {
			t.Fatalf("CSV columns %v are not the StoredRun's %v", cols, props)
		}
		csv := h.do("GET", "/api/results?format=csv&limit=2", nil, nil)
		if header, _, _ := strings.Cut(string(csv.body), "\n"); header != strings.Join(csvColumns, ",") {
			t.Fatalf("CSV header %q", header)
		}
		// The Link header's next page is a page of the same listing.
		link := csv.header.Get("Link")
		target, ok := strings.CutPrefix(strings.TrimSuffix(link, `>; rel="next"`), "<")
		u, err := url.Parse(target)
		if !ok || err != nil || u.Query().Get("format") != "csv" || u.Query().Get("limit") != "2" {
			t.Fatalf("Link %q", link)
		}
		h.followsSchema("the JSON of the CSV's next page", "page", h.do("GET", "/api/results?limit=2&cursor="+u.Query().Get("cursor"), nil, nil).body)
	})
}

// An emulated run keeps its phone class and calibration, a by-hand one its slow-down, and a
// run of the wide-arithmetic build stays in a group of its own; each group's page has its runs.
func TestEmulationAndWideBuildGroupedApart(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, func(c *Config) { c.AggregateTTL = time.Nanosecond })
		h.mustPost(distinct(t, 0))
		h.mustPost(calibrated(t, 1, 990))
		h.mustPost(calibrated(t, 2, 1010))
		h.mustPost(byHand(t, 3, 4))
		h.mustPost(byHand(t, 4, 6))
		h.mustPost(wide(t, 5))
		var body struct{ Groups []store.Group }
		if err := json.Unmarshal(h.do("GET", "/api/aggregates", nil, nil).body, &body); err != nil {
			t.Fatal(err)
		}
		type key struct {
			profile string
			rate    float64
			wide    bool
		}
		got := map[key]store.Group{}
		for _, g := range body.Groups {
			got[key{g.EmulationProfile, g.EmulationRate, g.WideArithmetic}] = g
		}
		if len(got) != 5 {
			t.Fatalf("want 5 groups (desktop, Pixel 5 class, two by hand, wide), got %+v", body.Groups)
		}
		c := got[key{"Pixel 5 class", 0, false}]
		if c.Runs != 2 || !c.Emulated || c.Calibration == nil || *c.Calibration != (store.Calibration{Target: 1000, RateMin: 3.1, RateMax: 3.2, MeasuredMin: 990, MeasuredMax: 1010}) {
			t.Fatalf("calibrated group: %+v %+v", c, c.Calibration)
		}
		if g := got[key{"by hand (cgroup)", 4, false}]; g.Runs != 1 || g.Calibration != nil {
			t.Fatalf("by-hand group: %+v", g)
		}
		if g := got[key{"", 0, true}]; g.Runs != 1 || g.Emulated || g.Calibration != nil {
			t.Fatalf("wide group: %+v", g)
		}
		count := func(q string) int {
			var p struct{ Results []store.Row }
			a := h.do("GET", "/api/results?"+q, nil, nil)
			if err := json.Unmarshal(a.body, &p); err != nil {
				t.Fatalf("%s: %s", q, a.body)
			}
			return len(p.Results)
		}
		for q, want := range map[string]int{
			"profile=&wide=false":                      1,
			"profile=Pixel+5+class&rate=0":             2,
			"profile=by+hand+%28cgroup%29&rate=6":      1,
			"wide=true":                                1,
			"profile=&rate=0&wide=true&emulated=false": 1,
		} {
			if n := count(q); n != want {
				t.Errorf("%s: %d runs, want %d", q, n, want)
			}
		}
		var p struct{ Results []store.Row }
		json.Unmarshal(h.do("GET", "/api/results?profile=Pixel+5+class&limit=1", nil, nil).body, &p)
		if r := p.Results[0]; r.BenchmarkTarget == nil || *r.BenchmarkTarget != 1000 || *r.BenchmarkMeasured != 1010 || *r.CPUThrottling != 3.2 {
			t.Fatalf("%+v", r)
		}
	})
}
