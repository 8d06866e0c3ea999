package service

import (
	"context"
	"database/sql"
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

// cluster is the throwaway PostgreSQL server of this test binary, or nil when there is none.
var cluster *pgtest.Cluster

func TestMain(m *testing.M) {
	var err error
	cluster, err = pgtest.Start()
	if err != nil {
		if os.Getenv("ZKPLAY_REQUIRE_POSTGRES") == "1" {
			fmt.Fprintln(os.Stderr, "PostgreSQL is required here (ZKPLAY_REQUIRE_POSTGRES=1):", err)
			os.Exit(1)
		}
		fmt.Fprintln(os.Stderr, "SKIPPING the PostgreSQL half of the tests:", err)
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
		if cluster == nil {
			t.Skip("no PostgreSQL server")
		}
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
			Results []struct {
				ID         string         `json:"id"`
				Emulated   bool           `json:"emulated"`
				Submission map[string]any `json:"submission"`
			} `json:"results"`
		}
		if err := json.Unmarshal(got.body, &list); err != nil || len(list.Results) != 1 || list.Results[0].ID != created.ID {
			t.Fatalf("filtered GET: %s", got.body)
		}
		if at(list.Results[0].Submission, "device", "browserVersion") != "156" {
			t.Fatalf("the submission comes back whole: %v", list.Results[0].Submission)
		}
		got = h.do("GET", "/api/results?emulated=true", nil, nil)
		if err := json.Unmarshal(got.body, &list); err != nil || len(list.Results) != 1 || !list.Results[0].Emulated {
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

func TestDuplicatesAreDetectedByContent(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		body := encode(sample(t))
		if a := h.post(body); a.status != 201 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		// The same body again, and the same content with other spacing and key order.
		respaced := "{ \"device\": " + string(encode(sample(t)["device"])) + ",\n \"result\": " + string(encode(sample(t)["result"])) + ", \"schemaVersion\": 1 }"
		for _, b := range [][]byte{body, []byte(respaced)} {
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
		obj(m, "result", "config")["circuit"] = evil
		obj(m, "result", "circuit")["note"] = `" OR 1=1 --`
		obj(m, "result", "memory")["what"] = `$1); DELETE FROM results; --`
		if a := h.post(encode(m)); a.status != 201 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		config, _ := json.Marshal(map[string]any{"circuit": evil})
		got := h.do("GET", "/api/results?"+url.Values{"config": {string(config)}}.Encode(), nil, nil)
		if !strings.Contains(string(got.body), `DROP TABLE results`) || h.count() != 1 {
			t.Fatalf("%s", got.body)
		}
		// Filters are bound too: an injection there matches nothing and drops nothing.
		got = h.do("GET", "/api/results?"+url.Values{"backend": {"gnark' OR '1'='1"}}.Encode(), nil, nil)
		if string(got.body) != "{\"results\":[]}\n" || h.count() != 1 {
			t.Fatalf("%s", got.body)
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
	pre = h.do("OPTIONS", "/api/results", nil, map[string]string{"Origin": "http://evil.test"})
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
	h := newHarness(t, filepath.Join(t.TempDir(), "f.db"), nil)
	for _, c := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/results?bytes=-1", 400, CodeBadFilter},
		{"GET", "/api/results?bytes=ten", 400, CodeBadFilter},
		{"GET", "/api/results?format=xml", 400, CodeBadFilter},
		{"GET", "/api/results?emulated=maybe", 400, CodeBadFilter},
		{"GET", "/api/results?limit=0", 400, CodeBadFilter},
		{"GET", "/api/results?backnd=gnark", 400, CodeBadFilter},
		{"GET", "/api/results?backend=a&backend=b", 400, CodeBadFilter},
		{"PUT", "/api/results", 405, CodeMethod},
		{"GET", "/api/results/abc", 405, CodeMethod},
		{"GET", "/api/nothing", 404, CodeNotFound},
	} {
		a := h.do(c.method, c.path, nil, nil)
		if a.status != c.status || a.refusal(t).Code != c.code {
			t.Errorf("%s %s: %d %s", c.method, c.path, a.status, a.body)
		}
	}
	if a := h.do("GET", "/api/health", nil, nil); a.status != 200 || !strings.Contains(string(a.body), `"database":"sqlite"`) {
		t.Fatalf("%s", a.body)
	}
}
