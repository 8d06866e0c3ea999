package service

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zkplay/results/pgtest"
	"zkplay/results/store"
)

// cluster is the throwaway PostgreSQL server of this test binary. Every test runs on both
// databases, so without PostgreSQL the tests fail rather than check half of what they say
// (`node scripts/setup.mjs --for=test` installs it; ZKPLAY_PG_BIN names its bin folder).
var cluster *pgtest.Cluster

func TestMain(m *testing.M) {
	var err error
	cluster, err = pgtest.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "these tests need PostgreSQL (initdb, pg_ctl):", err)
		os.Exit(1)
	}
	code := m.Run()
	if cluster != nil {
		if err := cluster.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	os.Exit(code)
}

var dbSeq atomic.Int64

// eachDatabase runs fn against a fresh SQLite file and a fresh PostgreSQL database.
func eachDatabase(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, filepath.Join(t.TempDir(), "results.db")) })
	t.Run("postgres", func(t *testing.T) {
		name := fmt.Sprintf("t%d_%d", os.Getpid(), dbSeq.Add(1))
		admin, err := sql.Open("pgx", cluster.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil { // name is ours, not input
			t.Fatal(err)
		}
		fn(t, strings.Replace(cluster.URL, "/postgres?", "/"+name+"?", 1))
	})
}

type harness struct {
	t     *testing.T
	srv   *httptest.Server
	store *store.Store
}

func newHarness(t *testing.T, dsn string, edit func(*Config)) *harness {
	t.Helper()
	schemas, err := LoadSchemas("../../schema")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := LoadCatalogues(schemas, []string{"testdata/catalogue.json"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	c := Config{Store: st, Schemas: schemas, Catalogue: cat, Origins: []string{"http://page.test"}, AdminToken: "secret-token"}
	if edit != nil {
		edit(&c)
	}
	h := &harness{t: t, srv: httptest.NewServer(New(c)), store: st}
	t.Cleanup(func() { h.srv.Close(); st.Close() })
	return h
}

func (h *harness) count() int {
	n, err := h.store.Count(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return n
}

type answer struct {
	status int
	body   []byte
	header http.Header
}

func (a answer) refusal(t *testing.T) Refusal {
	var r Refusal
	if err := json.Unmarshal(a.body, &r); err != nil {
		t.Fatalf("not a refusal: %s", a.body)
	}
	return r
}

func (h *harness) do(method, path string, body []byte, headers map[string]string) answer {
	h.t.Helper()
	req, _ := http.NewRequest(method, h.srv.URL+path, strings.NewReader(string(body)))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, b, res.Header}
}

var jsonType = map[string]string{"Content-Type": "application/json"}

func (h *harness) post(body []byte) answer { return h.do("POST", "/api/results", body, jsonType) }

// sample is testdata/submission.json as a generic value, to be edited per case.
func sample(t *testing.T) map[string]any {
	raw, err := os.ReadFile("testdata/submission.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func encode(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// at walks a path of keys and indexes in a generic JSON value.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func obj(v any, path ...any) map[string]any { return at(v, path...).(map[string]any) }

func TestAcceptsAndReadsBack(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		a := h.post(encode(sample(t)))
		if a.status != http.StatusCreated {
			t.Fatalf("want 201, got %d %s", a.status, a.body)
		}
		var created struct {
			ID      string  `json:"id"`
			ProveMs float64 `json:"proveMs"`
		}
		json.Unmarshal(a.body, &created)
		if created.ProveMs != 5120 { // witness + prove: the phases of the prove step
			t.Fatalf("proveMs %v, want 5120", created.ProveMs)
		}
		// Emulated phone runs are told apart.
		em := sample(t)
		obj(em, "device")["emulated"] = map[string]any{
			"cpuThrottling": 1.77, "profile": "Pixel 5 class",
			"benchmarkIndex": map[string]any{"target": 1000, "measured": 1004, "unthrottled": 1967},
		}
		obj(em, "device")["deviceClass"] = "phone"
		if a := h.post(encode(em)); a.status != http.StatusCreated {
			t.Fatalf("emulated: %d %s", a.status, a.body)
		}
		q := url.Values{"backend": {"gnark"}, "config": {`{"circuit":"keccak256-1block"}`}, "bytes": {"14"}, "device": {"desktop"}, "browser": {"Chrome"}}
		got := h.do("GET", "/api/results?"+q.Encode(), nil, nil)
		var list struct {
			Results []map[string]any `json:"results"`
			Next    *string          `json:"next"`
		}
		if err := json.Unmarshal(got.body, &list); err != nil || len(list.Results) != 1 || list.Results[0]["id"] != created.ID || list.Next != nil {
			t.Fatalf("filtered GET: %s", got.body)
		}
		// The listing carries the checked columns, never the submission's free text.
		if list.Results[0]["browserVersion"] != "156" || list.Results[0]["submission"] != nil || strings.Contains(string(got.body), "wasm linear memory") {
			t.Fatalf("the listing's fields: %s", got.body)
		}
		got = h.do("GET", "/api/results?emulated=true", nil, nil)
		if err := json.Unmarshal(got.body, &list); err != nil || len(list.Results) != 1 || list.Results[0]["emulated"] != true {
			t.Fatalf("emulated filter: %s", got.body)
		}
		csv := h.do("GET", "/api/results?format=csv", nil, nil)
		lines := strings.Split(strings.TrimSpace(string(csv.body)), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "id,receivedMs,backend") || !strings.Contains(csv.header.Get("Content-Type"), "text/csv") {
			t.Fatalf("CSV: %s", csv.body)
		}
	})
}

// Every kind of bad submission gets its documented code, and the database stays as it was.
func TestRefusalsLeaveTheDatabaseUnchanged(t *testing.T) {
	type tc struct {
		name   string
		body   func(t *testing.T) []byte
		header map[string]string
		status int
		code   string
	}
	edit := func(f func(m map[string]any)) func(t *testing.T) []byte {
		return func(t *testing.T) []byte { m := sample(t); f(m); return encode(m) }
	}
	raw := func(s string) func(*testing.T) []byte { return func(*testing.T) []byte { return []byte(s) } }
	phase := func(m map[string]any, i int) map[string]any { return obj(m, "result", "phases", i) }
	ms := func(m map[string]any, i int) map[string]any { return obj(phase(m, i), "ms") }
	const injection = "x'); DROP TABLE results; --"
	cases := []tc{
		{"truncated JSON", raw(`{"schemaVersion":1`), nil, 400, CodeNotJSON},
		{"an array", raw(`[]`), nil, 400, CodeNotJSON},
		{"a string", raw(`"results"`), nil, 400, CodeNotJSON},
		{"two objects", raw(`{}{}`), nil, 400, CodeNotJSON},
		{"NaN", raw(`{"x": NaN}`), nil, 400, CodeNotJSON},
		{"a number beyond float64", func(t *testing.T) []byte {
			return []byte(strings.Replace(string(encode(sample(t))), `"median":5000`, `"median":1e400`, 1))
		}, nil, 400, CodeNotJSON},
		{"text/plain", edit(func(m map[string]any) {}), map[string]string{"Content-Type": "text/plain"}, 415, CodeContentType},
		{"no content type", edit(func(m map[string]any) {}), map[string]string{"Content-Type": ""}, 415, CodeContentType},
		{"over the size limit", edit(func(m map[string]any) { obj(m, "result", "circuit")["pad"] = strings.Repeat("a", 70<<10) }), nil, 413, CodeTooLarge},
		{"no device", edit(func(m map[string]any) { delete(m, "device") }), nil, 422, CodeSchema},
		{"an extra top-level field", edit(func(m map[string]any) { m["ip"] = "10.0.0.1" }), nil, 422, CodeSchema},
		{"the full user agent", edit(func(m map[string]any) {
			obj(m, "result", "environment")["userAgent"] = "Mozilla/5.0 (X11; Linux x86_64)"
		}), nil, 422, CodeSchema},
		{"the os string in the environment", edit(func(m map[string]any) { obj(m, "result", "environment")["os"] = "Linux x86_64" }), nil, 422, CodeSchema},
		{"a native run", edit(func(m map[string]any) { obj(m, "result", "environment")["kind"] = "native" }), nil, 422, CodeSchema},
		{"a full browser version", edit(func(m map[string]any) { obj(m, "device")["browserVersion"] = "156.0.8078.73" }), nil, 422, CodeSchema},
		{"script in the browser name", edit(func(m map[string]any) { obj(m, "device")["browser"] = "<script>alert(1)</script>" }), nil, 422, CodeSchema},
		{"SQL in the build id", edit(func(m map[string]any) { obj(m, "device")["build"] = injection }), nil, 422, CodeSchema},
		{"SQL in the OS", edit(func(m map[string]any) { obj(m, "device")["os"] = injection }), nil, 422, CodeSchema},
		{"SQL in the device class", edit(func(m map[string]any) { obj(m, "device")["deviceClass"] = injection }), nil, 422, CodeSchema},
		{"SQL in the emulation profile", edit(func(m map[string]any) {
			obj(m, "device")["emulated"] = map[string]any{"cpuThrottling": 4, "profile": injection}
		}), nil, 422, CodeSchema},
		{"a calibration that scored nothing", edit(func(m map[string]any) {
			obj(m, "device")["emulated"] = map[string]any{
				"cpuThrottling": 2, "profile": "Pixel 5 class",
				"benchmarkIndex": map[string]any{"target": 1000, "measured": 0, "unthrottled": 2000},
			}
		}), nil, 422, CodeSchema},
		{"an extra device field", edit(func(m map[string]any) { obj(m, "device")["gpu"] = "Mali-G78" }), nil, 422, CodeSchema},
		{"a memory hint no browser gives", edit(func(m map[string]any) { obj(m, "device")["memoryGiB"] = 3 }), nil, 422, CodeSchema},
		{"zero cores", edit(func(m map[string]any) { obj(m, "device")["cores"] = 0 }), nil, 422, CodeSchema},
		{"an unknown wasm feature", edit(func(m map[string]any) { obj(m, "device")["wasmFeatures"] = []any{"gc"} }), nil, 422, CodeSchema},
		{"schema version 2", edit(func(m map[string]any) { m["schemaVersion"] = 2 }), nil, 422, CodeSchema},
		{"a negative time", edit(func(m map[string]any) { ms(m, 2)["median"] = -1 }), nil, 422, CodeSchema},
		{"no samples", edit(func(m map[string]any) { ms(m, 2)["samples"] = []any{} }), nil, 422, CodeSchema},
		{"a timestamp that is no date", edit(func(m map[string]any) { obj(m, "result")["timestamp"] = injection }), nil, 422, CodeSchema},
		{"a config value that is an object", edit(func(m map[string]any) { obj(m, "result", "config")["k"] = map[string]any{"$gt": 1} }), nil, 422, CodeSchema},
		{"median above max", edit(func(m map[string]any) { ms(m, 2)["median"] = 6000 }), nil, 422, CodeImpossibleTime},
		{"a prove of more than a day", edit(func(m map[string]any) {
			s := ms(m, 2)
			s["median"], s["min"], s["max"], s["samples"] = 1e12, 1e12, 1e12, []any{1e12}
		}), nil, 422, CodeImpossibleTime},
		{"a sample outside min..max", edit(func(m map[string]any) { ms(m, 2)["samples"] = []any{9000} }), nil, 422, CodeImpossibleTime},
		{"more samples than runs", edit(func(m map[string]any) { ms(m, 2)["samples"] = []any{5000, 5000} }), nil, 422, CodeImpossibleTime},
		{"an unknown backend", edit(func(m map[string]any) { obj(m, "result")["backend"] = "halo3" }), nil, 422, CodeUnknownBackend},
		{"SQL in the backend", edit(func(m map[string]any) { obj(m, "result")["backend"] = injection }), nil, 422, CodeUnknownBackend},
		{"an unknown build", edit(func(m map[string]any) { obj(m, "device")["build"] = "an-old-build" }), nil, 422, CodeUnknownBuild},
		{"another backend's build", edit(func(m map[string]any) { obj(m, "device")["build"] = "test-bellman-build" }), nil, 422, CodeUnknownBuild},
		{"another hash", edit(func(m map[string]any) { obj(m, "result")["hash"] = "blake2s-256" }), nil, 422, CodeWrongHash},
		{"a phase of another backend", edit(func(m map[string]any) { phase(m, 1)["id"] = "fri-verify" }), nil, 422, CodeForeignPhase},
		{"SQL in a phase label", edit(func(m map[string]any) { phase(m, 2)["label"] = injection }), nil, 422, CodeForeignPhase},
		{"a proof that did not verify", edit(func(m map[string]any) { obj(m, "result")["verified"] = false }), nil, 422, CodeUnverified},
		{"blocks that do not match the length", edit(func(m map[string]any) { obj(m, "result", "message")["blocks"] = 2 }), nil, 422, CodeImpossible},
		{"a message over capacity", edit(func(m map[string]any) {
			obj(m, "result", "message")["bytes"], obj(m, "result", "message")["blocks"] = 200, 2
		}), nil, 422, CodeImpossible},
		// The capacity is the catalogue's: leaving capacityBytes out does not skip the check.
		{"a message over capacity, no capacityBytes", edit(func(m map[string]any) {
			delete(obj(m, "result"), "capacityBytes")
			obj(m, "result", "message")["bytes"], obj(m, "result", "message")["blocks"] = 200, 2
		}), nil, 422, CodeImpossible},
		{"a capacityBytes that is not the configuration's", edit(func(m map[string]any) { obj(m, "result")["capacityBytes"] = 1 << 40 }), nil, 422, CodeImpossible},
		{"2^31 bytes with the right block count", edit(func(m map[string]any) {
			obj(m, "result", "message")["bytes"], obj(m, "result", "message")["blocks"] = 1<<31, (1<<31)/136+1
		}), nil, 422, CodeImpossible},
		// Counting blocks as max(1,(b+63)/64) would wrap to a negative count here and take 1.
		{"bellman, 2^63-1 bytes in one block", func(t *testing.T) []byte {
			return []byte(strings.Replace(string(bellmanRun(t, nil)), `"bytes":14`, `"bytes":9223372036854775807`, 1))
		}, nil, 422, CodeSchema},
		{"bellman, 2^53-1 bytes in the right blocks", edit(func(m map[string]any) {
			bellmanize(m)
			obj(m, "result", "message")["bytes"], obj(m, "result", "message")["blocks"] = maxInteger, (maxInteger-1)/64+1
		}), nil, 422, CodeImpossible},
		{"bellman with gnark's circuit as its config", edit(func(m map[string]any) {
			bellmanize(m)
			obj(m, "result")["config"] = map[string]any{"circuit": "keccak256-1block"}
		}), nil, 422, CodeUnknownConfig},
		{"a blocks value bellman does not offer", edit(func(m map[string]any) { bellmanize(m); obj(m, "result", "config")["blocks"] = 3 }), nil, 422, CodeUnknownConfig},
		{"a knob value of the wrong type", edit(func(m map[string]any) { bellmanize(m); obj(m, "result", "config")["blocks"] = "1" }), nil, 422, CodeUnknownConfig},
		{"a spreadsheet formula as a config key", edit(func(m map[string]any) {
			obj(m, "result", "config")[`=HYPERLINK("http://evil.example/","x")`] = "1"
		}), nil, 422, CodeUnknownConfig},
		{"a spreadsheet formula as a config value", edit(func(m map[string]any) {
			obj(m, "result", "config")["circuit"] = `=HYPERLINK("http://evil.example/","x")`
		}), nil, 422, CodeUnknownConfig},
		{"1e309 in memory.peakBytes", func(t *testing.T) []byte {
			return []byte(strings.Replace(string(encode(sample(t))), `"peakBytes":1000000`, `"peakBytes":1e309`, 1))
		}, nil, 400, CodeNotJSON},
		{"1e309 in circuit", func(t *testing.T) []byte {
			return []byte(strings.Replace(string(encode(sample(t))), `"constraints":240000`, `"constraints":1e309`, 1))
		}, nil, 400, CodeNotJSON},
		{"an integer beyond 2^53 in sizes", func(t *testing.T) []byte {
			return []byte(strings.Replace(string(encode(sample(t))), `"proof":292`, `"proof":1e300`, 1))
		}, nil, 422, CodeSchema},
		{"threads of 2^31", edit(func(m map[string]any) { obj(m, "result", "environment")["threads"] = 1 << 31 }), nil, 422, CodeSchema},
		{"a phase given twice", edit(func(m map[string]any) {
			r := obj(m, "result")
			r["phases"] = append(r["phases"].([]any), phase(m, 2))
			r["runs"] = 2
		}), nil, 422, CodeRepeatedPhase},
	}
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		if a := h.post(encode(sample(t))); a.status != 201 {
			t.Fatalf("the sample itself: %d %s", a.status, a.body)
		}
		before := h.count()
		for _, c := range cases {
			headers := map[string]string{"Content-Type": "application/json"}
			for k, v := range c.header {
				headers[k] = v
			}
			a := h.do("POST", "/api/results", c.body(t), headers)
			r := a.refusal(t)
			if a.status != c.status || r.Code != c.code || r.Message == "" {
				t.Errorf("%s: want %d %s, got %d %s", c.name, c.status, c.code, a.status, a.body)
			}
			if n := h.count(); n != before {
				t.Fatalf("%s changed the database: %d rows, was %d", c.name, n, before)
			}
		}
		t.Logf("%d kinds of bad submission refused, database unchanged", len(cases))
	})
}

// bellmanize makes m a run of the test catalogue's bellman (BLAKE2s, one block of 64 bytes).
func bellmanize(m map[string]any) {
	r := obj(m, "result")
	r["backend"], r["hash"], r["config"], r["capacityBytes"] = "bellman", "blake2s-256", map[string]any{"blocks": 1}, 64
	r["phases"] = []any{r["phases"].([]any)[2], r["phases"].([]any)[3]}
	obj(m, "device")["build"] = "test-bellman-build"
}

func bellmanRun(t *testing.T, edit func(map[string]any)) []byte {
	m := sample(t)
	bellmanize(m)
	if edit != nil {
		edit(m)
	}
	return encode(m)
}

func base64url(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

func TestBellmanSampleIsAccepted(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		if a := h.post(bellmanRun(t, nil)); a.status != 201 {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
}

// Integers up to the schema's maximum are stored by both databases (PostgreSQL's INTEGER
// columns answered 500 from 2^31).
func TestLargeIntegersAreStored(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		row := store.Row{ID: "big", Backend: "gnark", Config: "{}", MessageBytes: maxInteger, Cores: 1024, Threads: 1 << 40, SubmissionRaw: "{}"}
		if err := h.store.Insert(context.Background(), row); err != nil {
			t.Fatal(err)
		}
		got := h.do("GET", "/api/results?bytes=9007199254740991", nil, nil)
		if !strings.Contains(string(got.body), `"messageBytes":9007199254740991`) || !strings.Contains(string(got.body), `"threads":1099511627776`) {
			t.Fatalf("%d %s", got.status, got.body)
		}
	})
}

func TestDuplicatesAreDetectedByContent(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		body := encode(sample(t))
		if a := h.post(body); a.status != 201 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		// The same body again, and the same content with other spacing and key order.
		respaced := "{ \"device\": " + string(encode(sample(t)["device"])) + ",\n \"result\": " + string(encode(sample(t)["result"])) + ", \"schemaVersion\": 1 }"
		// The same numbers spelled otherwise: 5000, 5000.0 and 5e3 are one value.
		spelled := strings.ReplaceAll(string(body), `5000`, `5e3`)
		decimal := strings.ReplaceAll(string(body), `5000`, `5000.0`)
		if spelled == string(body) {
			t.Fatal("the sample has no 5000 to respell")
		}
		for _, b := range [][]byte{body, []byte(respaced), []byte(spelled), []byte(decimal)} {
			a := h.post(b)
			if a.status != 409 || a.refusal(t).Code != CodeDuplicate {
				t.Fatalf("want duplicate, got %d %s", a.status, a.body)
			}
		}
		if h.count() != 1 {
			t.Fatalf("%d rows", h.count())
		}
	})
}

func TestInjectionInFreeTextIsStoredAsText(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		m := sample(t)
		evil := `'; DROP TABLE results; --`
		obj(m, "result", "circuit")["note"] = `" OR 1=1 --`
		obj(m, "result", "memory")["what"] = evil
		var created struct{ ID string }
		if a := h.post(encode(m)); a.status != 201 || json.Unmarshal(a.body, &created) != nil {
			t.Fatalf("%d %s", a.status, a.body)
		}
		var stored string
		if err := h.store.DB().QueryRow("SELECT submission FROM results").Scan(&stored); err != nil || !strings.Contains(stored, `DROP TABLE results`) {
			t.Fatalf("stored as text: %q %v", stored, err)
		}
		// Filters are bound too: an injection there matches nothing and drops nothing.
		for _, f := range []url.Values{{"backend": {"gnark' OR '1'='1"}}, {"config": {evil}}} {
			got := h.do("GET", "/api/results?"+f.Encode(), nil, nil)
			if string(got.body) != `{"results":[],"next":null}`+"\n" || h.count() != 1 {
				t.Fatalf("%v: %s", f, got.body)
			}
		}
		// A cursor holds only what the service writes in one: anything else is refused, not run.
		if got := h.do("GET", "/api/results?cursor="+base64url("1.x' OR '1'='1"), nil, nil); got.status != 400 || got.refusal(t).Code != CodeBadFilter || h.count() != 1 {
			t.Fatalf("%d %s", got.status, got.body)
		}
	})
}

func TestRateLimitPerClient(t *testing.T) {
	h := newHarness(t, filepath.Join(t.TempDir(), "r.db"), func(c *Config) { c.Limiter = NewRateLimiter(1, 2, time.Hour) })
	for i := range 3 {
		m := sample(t)
		obj(m, "result")["timestamp"] = fmt.Sprintf("2026-11-26T05:00:0%d.000Z", i)
		a := h.post(encode(m))
		if i < 2 && a.status != 201 {
			t.Fatalf("submission %d: %d %s", i, a.status, a.body)
		}
		if i == 2 && (a.status != 429 || a.refusal(t).Code != CodeRateLimited || a.header.Get("Retry-After") == "") {
			t.Fatalf("want rate-limited, got %d %s", a.status, a.body)
		}
	}
	if h.count() != 2 {
		t.Fatalf("%d rows", h.count())
	}
}

func TestRateLimiterForgetsAtRotation(t *testing.T) {
	l := NewRateLimiter(1, 1, time.Hour)
	now := time.Unix(0, 0)
	l.now = func() time.Time { return now }
	if !l.Allow("10.0.0.1") || l.Allow("10.0.0.1") {
		t.Fatal("burst of one")
	}
	if !l.Allow("10.0.0.2") {
		t.Fatal("another client has its own bucket")
	}
	now = now.Add(time.Hour)
	if !l.Allow("10.0.0.1") || len(l.buckets) != 1 {
		t.Fatal("a new key forgets every client")
	}
}

func TestCORS(t *testing.T) {
	h := newHarness(t, filepath.Join(t.TempDir(), "c.db"), nil)
	pre := h.do("OPTIONS", "/api/results", nil, map[string]string{"Origin": "http://page.test", "Access-Control-Request-Method": "POST"})
	if pre.status != 204 || pre.header.Get("Access-Control-Allow-Origin") != "http://page.test" {
		t.Fatalf("allowed preflight: %d %v", pre.status, pre.header)
	}
	pre = h.do("OPTIONS", "/api/results", nil, map[string]string{"Origin": "http://evil.test", "Access-Control-Request-Method": "POST"})
	if pre.status != 403 || pre.header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("refused preflight: %d %v", pre.status, pre.header)
	}
	a := h.do("POST", "/api/results", encode(sample(t)), map[string]string{"Content-Type": "application/json", "Origin": "http://evil.test"})
	if a.status != 403 || a.refusal(t).Code != CodeOrigin || h.count() != 0 {
		t.Fatalf("POST from another origin: %d %s", a.status, a.body)
	}
	get := h.do("GET", "/api/results", nil, map[string]string{"Origin": "http://evil.test"})
	if get.header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("another origin's page may not read")
	}
}

func TestAdminDelete(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		var created struct{ ID string }
		json.Unmarshal(h.post(encode(sample(t))).body, &created)
		for _, c := range []struct {
			token  string
			id     string
			status int
			code   string
		}{
			{"", created.ID, 401, CodeAdminToken},
			{"Bearer wrong", created.ID, 401, CodeAdminToken},
			{"secret-token", created.ID, 401, CodeAdminToken}, // the token without the Bearer scheme
			{"Basic secret-token", created.ID, 401, CodeAdminToken},
			{"Bearer secret-token", "no-such-id", 404, CodeNotFound},
		} {
			a := h.do("DELETE", "/api/results/"+c.id, nil, map[string]string{"Authorization": c.token})
			if a.status != c.status || a.refusal(t).Code != c.code || h.count() != 1 {
				t.Fatalf("%+v: %d %s", c, a.status, a.body)
			}
		}
		a := h.do("DELETE", "/api/results/"+created.ID, nil, map[string]string{"Authorization": "Bearer secret-token"})
		if a.status != 200 || h.count() != 0 {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
	h := newHarness(t, filepath.Join(t.TempDir(), "a.db"), func(c *Config) { c.AdminToken = "" })
	if a := h.do("DELETE", "/api/results/x", nil, map[string]string{"Authorization": "Bearer "}); a.status != 403 || a.refusal(t).Code != CodeAdminDisabled {
		t.Fatalf("%d %s", a.status, a.body)
	}
}

func TestBadFiltersAndPaths(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		if a := h.post(encode(sample(t))); a.status != 201 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		preflight := map[string]string{"Origin": "http://page.test", "Access-Control-Request-Method": "GET"}
		for _, c := range []struct {
			method, path string
			headers      map[string]string
			status       int
			code         string
		}{
			{"GET", "/api/results?bytes=-1", nil, 400, CodeBadFilter},
			{"GET", "/api/results?bytes=ten", nil, 400, CodeBadFilter},
			{"GET", "/api/results?format=xml", nil, 400, CodeBadFilter},
			{"GET", "/api/results?emulated=maybe", nil, 400, CodeBadFilter},
			{"GET", "/api/results?limit=0", nil, 400, CodeBadFilter},
			{"GET", "/api/results?limit=1001", nil, 400, CodeBadFilter},
			{"GET", "/api/results?backnd=gnark", nil, 400, CodeBadFilter},
			{"GET", "/api/results?backend=a&backend=b", nil, 400, CodeBadFilter},
			// Query strings Go's r.URL.Query() parses in part, dropping the filter: every row came back.
			{"GET", "/api/results?limit=1;", nil, 400, CodeBadFilter},
			{"GET", "/api/results?limit=1%zz", nil, 400, CodeBadFilter},
			{"GET", "/api/results?bogus=1;x", nil, 400, CodeBadFilter},
			{"GET", "/api/results?backend=gnark;backend=x", nil, 400, CodeBadFilter},
			{"GET", "/api/results?cursor=not-a-cursor", nil, 400, CodeBadFilter},
			{"GET", "/api/results?cursor=" + base64url("x.abc"), nil, 400, CodeBadFilter},
			{"GET", "/api/aggregates?backend=gnark", nil, 400, CodeBadFilter},
			{"GET", "/api/aggregates?;", nil, 400, CodeBadFilter},
			{"PUT", "/api/results", nil, 405, CodeMethod},
			{"GET", "/api/results/abc", nil, 405, CodeMethod},
			{"POST", "/api/health", nil, 405, CodeMethod},
			{"GET", "/api/nothing", nil, 404, CodeNotFound},
			// OPTIONS is a CORS preflight only: with an Origin and a method the path takes.
			{"OPTIONS", "/api/results", nil, 405, CodeMethod},
			{"OPTIONS", "/api/results", map[string]string{"Origin": "http://page.test"}, 405, CodeMethod},
			{"OPTIONS", "/api/results", map[string]string{"Origin": "http://page.test", "Access-Control-Request-Method": "PUT"}, 405, CodeMethod},
			{"OPTIONS", "/api/nothing", preflight, 404, CodeNotFound},
		} {
			a := h.do(c.method, c.path, nil, c.headers)
			if a.status != c.status || a.refusal(t).Code != c.code || a.refusal(t).Message == "" {
				t.Errorf("%s %s: %d %s", c.method, c.path, a.status, a.body)
			}
		}
		if a := h.do("OPTIONS", "/api/aggregates", nil, preflight); a.status != 204 {
			t.Errorf("preflight of a GET: %d", a.status)
		}
		get := h.do("GET", "/api/health", nil, nil)
		if get.status != 200 || !strings.Contains(string(get.body), `"database":"`+h.store.Dialect()+`"`) {
			t.Fatalf("%s", get.body)
		}
		// HEAD is GET without a body.
		head := h.do("HEAD", "/api/health", nil, nil)
		if head.status != 200 || len(head.body) != 0 || head.header.Get("Content-Type") != "application/json" {
			t.Fatalf("HEAD /api/health: %d %q %v", head.status, head.body, head.header)
		}
	})
}

// Every answer, refusals and preflights too, tells browsers not to sniff its type.
func TestNosniffOnEveryResponse(t *testing.T) {
	h := newHarness(t, filepath.Join(t.TempDir(), "n.db"), nil)
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/health"}, {"HEAD", "/api/health"}, {"GET", "/api/results"}, {"GET", "/api/results?format=csv"},
		{"GET", "/api/aggregates"}, {"GET", "/api/nothing"}, {"POST", "/api/results"}, {"DELETE", "/api/results/x"},
		{"OPTIONS", "/api/results"},
	} {
		a := h.do(c.method, c.path, nil, map[string]string{"Origin": "http://page.test", "Access-Control-Request-Method": "POST"})
		if a.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: %d without nosniff", c.method, c.path, a.status)
		}
	}
}

// sampleAt is the sample with another timestamp (a distinct submission) and prove time.
func sampleAt(t *testing.T, i int, proveMs float64) []byte {
	m := sample(t)
	obj(m, "result")["timestamp"] = time.Unix(1_800_000_000+int64(i), 0).UTC().Format("2006-01-02T15:04:05.000Z")
	s := obj(m, "result", "phases", 2, "ms")
	s["median"], s["min"], s["max"], s["samples"] = proveMs, proveMs, proveMs, []any{proveMs}
	return encode(m)
}

type page struct {
	Results []struct {
		ID      string  `json:"id"`
		ProveMs float64 `json:"proveMs"`
	} `json:"results"`
	Next *string `json:"next"`
}

// Pages run newest first, each row once, and a page is never more than its limit.
func TestPagesWalkEveryRowOnce(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		now := time.UnixMilli(1_000)
		h := newHarness(t, dsn, func(c *Config) { c.Now = func() time.Time { return now } })
		for i := range 7 {
			if i%3 != 0 {
				now = now.Add(time.Millisecond) // some rows share an arrival time: the id breaks the tie
			}
			if a := h.post(sampleAt(t, i, 1000+float64(i))); a.status != 201 {
				t.Fatalf("%d %s", a.status, a.body)
			}
		}
		seen := map[string]bool{}
		path, pages := "/api/results?limit=3", 0
		for {
			var p page
			a := h.do("GET", path, nil, nil)
			if err := json.Unmarshal(a.body, &p); err != nil || len(p.Results) > 3 {
				t.Fatalf("%s", a.body)
			}
			for _, r := range p.Results {
				if seen[r.ID] {
					t.Fatalf("%s twice", r.ID)
				}
				seen[r.ID] = true
			}
			pages++
			if p.Next == nil {
				break
			}
			path = "/api/results?limit=3&cursor=" + *p.Next
		}
		if len(seen) != 7 || pages != 3 {
			t.Fatalf("%d rows in %d pages", len(seen), pages)
		}
		var first page
		json.Unmarshal(h.do("GET", "/api/results?limit=1", nil, nil).body, &first)
		if len(first.Results) != 1 || first.Results[0].ProveMs != 120+1006 {
			t.Fatalf("newest first: %+v", first)
		}
		// The CSV pages alike, its next page in a Link header.
		csv := h.do("GET", "/api/results?format=csv&limit=5", nil, nil)
		if n := strings.Count(strings.TrimSpace(string(csv.body)), "\n"); n != 5 || !strings.Contains(csv.header.Get("Link"), `rel="next"`) {
			t.Fatalf("CSV page: %d rows, Link %q", n, csv.header.Get("Link"))
		}
	})
}

func TestDefaultPageIs100(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		ctx := context.Background()
		for i := range 105 {
			if err := h.store.Insert(ctx, store.Row{ID: fmt.Sprintf("r%03d", i), ReceivedMs: int64(i), Backend: "gnark", Config: "{}", SubmissionRaw: "{}"}); err != nil {
				t.Fatal(err)
			}
		}
		var p page
		json.Unmarshal(h.do("GET", "/api/results", nil, nil).body, &p)
		if len(p.Results) != 100 || p.Next == nil || p.Results[0].ID != "r104" {
			t.Fatalf("%d rows, next %v", len(p.Results), p.Next)
		}
	})
}

// The database computes each group's count and percentiles; real and emulated runs apart.
func TestAggregatesPerGroup(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, func(c *Config) { c.AggregateTTL = time.Nanosecond })
		// Prove times 120 (witness) + 1000..10000: p10 1120, median (5120+6120)/2, p90 9120.
		for i := range 10 {
			if a := h.post(sampleAt(t, i, float64(1000*(i+1)))); a.status != 201 {
				t.Fatalf("%d %s", a.status, a.body)
			}
		}
		phone := sample(t)
		obj(phone, "device")["deviceClass"] = "phone"
		h.post(encode(phone))
		a := h.do("GET", "/api/aggregates", nil, nil)
		var body struct {
			Groups []store.Group `json:"groups"`
		}
		if err := json.Unmarshal(a.body, &body); err != nil || len(body.Groups) != 2 {
			t.Fatalf("%s", a.body)
		}
		g := body.Groups[0]
		if g.DeviceClass != "desktop" || g.Runs != 10 || *g.Prove.P10 != 1120 || *g.Prove.Median != 5620 || *g.Prove.P90 != 9120 ||
			g.Verify.Runs != 10 || *g.Verify.Median != 40 {
			t.Fatalf("%+v %+v", g, g.Prove)
		}
		if p := body.Groups[1]; p.DeviceClass != "phone" || p.Runs != 1 || *p.Prove.P10 != 5120 || *p.Prove.P90 != 5120 {
			t.Fatalf("%+v", p)
		}
		if !strings.Contains(a.header.Get("Cache-Control"), "max-age") {
			t.Fatalf("aggregates are cacheable: %v", a.header)
		}
	})
}

func TestReadsAreRateLimited(t *testing.T) {
	h := newHarness(t, filepath.Join(t.TempDir(), "r.db"), func(c *Config) { c.ReadLimit = NewRateLimiter(1, 2, time.Hour) })
	for i, path := range []string{"/api/results", "/api/aggregates", "/api/results"} {
		a := h.do("GET", path, nil, nil)
		if i < 2 && a.status != 200 {
			t.Fatalf("read %d: %d %s", i, a.status, a.body)
		}
		if i == 2 && (a.status != 429 || a.refusal(t).Code != CodeRateLimited || a.header.Get("Retry-After") == "") {
			t.Fatalf("want rate-limited, got %d %s", a.status, a.body)
		}
	}
}

// Aggregates are kept for the ttl, but a run stored here is counted after a third of it.
func TestAggregatesCountNewRunsSoon(t *testing.T) {
	now := time.Unix(1_000, 0)
	h := newHarness(t, filepath.Join(t.TempDir(), "a.db"), func(c *Config) {
		c.Now = func() time.Time { return now }
		c.AggregateTTL = 30 * time.Second
	})
	runs := func() int64 {
		var body struct{ Groups []store.Group }
		json.Unmarshal(h.do("GET", "/api/aggregates", nil, nil).body, &body)
		n := int64(0)
		for _, g := range body.Groups {
			n += g.Runs
		}
		return n
	}
	if runs() != 0 {
		t.Fatal("an empty database")
	}
	h.post(encode(sample(t)))
	if now = now.Add(5 * time.Second); runs() != 0 {
		t.Fatal("kept for 10 s after a write")
	}
	if now = now.Add(6 * time.Second); runs() != 1 {
		t.Fatal("recomputed 10 s after a write")
	}
}
