package service

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"log"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"zkplay/results/store"
)

// The GET /api/results parameters; anything else is refused, so a typo is not an empty answer.
var filterParams = map[string]bool{"id": true, "backend": true, "config": true, "bytes": true, "device": true, "browser": true, "emulated": true,
	"profile": true, "rate": true, "wide": true, "format": true, "limit": true, "cursor": true}

// A stored id is the hex of 16 bytes of a SHA-256 (validate.go): anything else names no row.
var idPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// A page is 100 runs unless asked, 1,000 at most: what one response holds is bounded by this.
const (
	defaultLimit = 100
	maxLimit     = 1000
)

// listing is a parsed GET /api/results.
type listing struct {
	filter store.Filter
	after  *store.Cursor
	limit  int
	format string
}

// parseListing reads the raw query: a query string that does not parse (a ";", a bad %-escape)
// is refused rather than parsed in part, since a dropped filter would answer other rows.
func parseListing(rawQuery string) (listing, *Refusal) {
	l := listing{limit: defaultLimit, format: "json"}
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return l, badFilter("the query string does not parse (" + err.Error() + "): separate parameters with & and %-escape values")
	}
	for k, v := range q {
		if !filterParams[k] {
			return l, badFilter("unknown parameter " + strconv.Quote(k) + ": the filters are id, backend, config, bytes, device, browser, emulated, profile, rate, wide, format, limit, cursor")
		}
		if len(v) != 1 {
			return l, badFilter("give " + k + " once")
		}
		// PostgreSQL refuses text that is not UTF-8 or holds NUL (a 500): refused here, for both.
		if !utf8.ValidString(v[0]) || strings.ContainsRune(v[0], 0) || len(v[0]) > 1000 {
			return l, badFilter(k + " is UTF-8 text without NUL, at most 1,000 bytes")
		}
	}
	get := func(k string) string { return q.Get(k) }
	f := &l.filter
	f.ID, f.Backend, f.Config, f.DeviceClass, f.Browser = get("id"), get("backend"), get("config"), get("device"), get("browser")
	if f.ID != "" && !idPattern.MatchString(f.ID) {
		return l, badFilter("id is a stored result's id: 32 hex digits")
	}
	if q.Has("profile") { // present and empty: real devices
		p := get("profile")
		f.EmulationProfile = &p
	}
	if v := get("rate"); v != "" {
		n, err := strconv.ParseFloat(v, 64)
		if err != nil || !(n == 0 || (n >= 1 && n <= 100)) {
			return l, badFilter("rate is a by-hand emulation's CPU slow-down, 1..100, or 0")
		}
		f.EmulationRate = &n
	}
	var r *Refusal
	if f.WideArithmetic, r = boolParam(get, "wide"); r != nil {
		return l, r
	}
	if v := get("bytes"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > maxInteger {
			return l, badFilter("bytes is a message length in bytes")
		}
		f.MessageBytes = &n
	}
	if f.Emulated, r = boolParam(get, "emulated"); r != nil {
		return l, r
	}
	if v := get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			return l, badFilter("limit is 1.." + strconv.Itoa(maxLimit))
		}
		l.limit = n
	}
	if v := get("cursor"); v != "" {
		c, ok := decodeCursor(v)
		if !ok {
			return l, badFilter("cursor is the `next` of a previous page")
		}
		l.after = &c
	}
	if v := get("format"); v != "" {
		l.format = v
	}
	if l.format != "json" && l.format != "csv" {
		return l, badFilter("format is json or csv")
	}
	return l, nil
}

// boolParam is the parameter k as true or false (strconv.ParseBool's spellings), nil when absent.
func boolParam(get func(string) string, k string) (*bool, *Refusal) {
	v := get(k)
	if v == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return nil, badFilter(k + " is true or false")
	}
	return &b, nil
}

// A cursor is opaque to clients: base64url of "<receivedMs>.<id>" of a page's last row.
func encodeCursor(c *store.Cursor) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(c.ReceivedMs, 10) + "." + c.ID))
}

func decodeCursor(s string) (store.Cursor, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return store.Cursor{}, false
	}
	ms, id, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(ms, 10, 64)
	// Only what encodeCursor writes: a forged id of other bytes would reach the database as
	// text it may refuse (PostgreSQL and invalid UTF-8), a forged time is merely a place to start.
	if !ok || err != nil || n < 0 || !idPattern.MatchString(id) {
		return store.Cursor{}, false
	}
	return store.Cursor{ReceivedMs: n, ID: id}, true
}

// csvColumns are the CSV download's columns: the stored row's checked columns.
var csvColumns = []string{"id", "receivedMs", "backend", "config", "messageBytes", "build", "deviceClass", "browser", "browserVersion", "os", "cores", "threads", "emulated", "proveMs", "verifyMs",
	"emulationProfile", "emulationRate", "cpuThrottling", "benchmarkTarget", "benchmarkMeasured", "wideArithmetic"}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	l, refusal := parseListing(r.URL.RawQuery)
	if refusal != nil {
		writeRefusal(w, refusal)
		return
	}
	if l.format == "csv" {
		s.listCSV(w, r, l)
		return
	}
	// The rows are encoded as the database returns them: a page is never held whole. A failure
	// after the first byte cannot become a refusal, so the body is cut short (invalid JSON).
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	bw := &lazyWriter{w: w}
	bw.prefix = []byte(`{"results":[`)
	enc := json.NewEncoder(bw)
	n := 0
	next, err := s.Store.Page(r.Context(), l.filter, l.after, l.limit, func(row store.Row) error {
		if n > 0 {
			bw.Write([]byte(","))
		}
		n++
		return enc.Encode(row)
	})
	if err != nil {
		log.Printf("page: %v", err)
		if !bw.started {
			writeRefusal(w, errInternal)
		}
		return
	}
	bw.Write(nil)
	tail := `],"next":null}` + "\n"
	if next != nil {
		tail = `],"next":"` + encodeCursor(next) + `"}` + "\n"
	}
	bw.Write([]byte(tail))
}

// lazyWriter sends the status and a prefix with the first write, so that a query that fails
// before its first row can still be answered with a refusal.
type lazyWriter struct {
	w       http.ResponseWriter
	prefix  []byte
	started bool
}

func (b *lazyWriter) Write(p []byte) (int, error) {
	if !b.started {
		b.started = true
		b.w.WriteHeader(http.StatusOK)
		b.w.Write(b.prefix)
	}
	return b.w.Write(p)
}

// listCSV holds one page (at most maxLimit rows of checked columns, no submission text) so that
// the next page's cursor can go in a Link header before the body.
func (s *Server) listCSV(w http.ResponseWriter, r *http.Request, l listing) {
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	cw.Write(csvColumns)
	next, err := s.Store.Page(r.Context(), l.filter, l.after, l.limit, func(row store.Row) error {
		return cw.Write([]string{row.ID, strconv.FormatInt(row.ReceivedMs, 10), row.Backend, row.Config,
			strconv.FormatInt(row.MessageBytes, 10), row.Build, row.DeviceClass, row.Browser, row.BrowserVer, row.OS,
			strconv.FormatInt(row.Cores, 10), strconv.FormatInt(row.Threads, 10), strconv.FormatBool(row.Emulated),
			ms(row.ProveMs), ms(row.VerifyMs),
			row.EmulationProfile, strconv.FormatFloat(row.EmulationRate, 'f', -1, 64), ms(row.CPUThrottling), ms(row.BenchmarkTarget), ms(row.BenchmarkMeasured), strconv.FormatBool(row.WideArithmetic)})
	})
	if err != nil {
		log.Printf("page: %v", err)
		writeRefusal(w, errInternal)
		return
	}
	cw.Flush()
	if next != nil {
		q, _ := url.ParseQuery(r.URL.RawQuery)
		q.Set("cursor", encodeCursor(next))
		w.Header().Set("Link", `<`+r.URL.Path+"?"+q.Encode()+`>; rel="next"`)
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="zkplay-results.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

func ms(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}
