package main

// The read benchmark (-mode reads): -stored runs of realistic size seeded into a fresh database,
// then -readers clients reading aggregates and listing pages while -writers clients submit, for
// -seconds. It reports p50/p95 per kind of request, the service's peak RSS (VmHWM) and whether
// every acknowledged submission is stored.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"zkplay/results/store"
)

var (
	stored  = flag.Int("stored", 100_000, "reads: runs stored before the clients start")
	readers = flag.Int("readers", 50, "reads: concurrent readers")
	writers = flag.Int("writers", 10, "reads: concurrent writers")
	seconds = flag.Int("seconds", 30, "reads: how long the clients run")
)

type readReport struct {
	Database      string                 `json:"database"`
	Stored        int                    `json:"stored"`
	SubmissionB   int                    `json:"meanSubmissionBytes"`
	Readers       int                    `json:"readers"`
	Writers       int                    `json:"writers"`
	Seconds       int                    `json:"seconds"`
	Kinds         map[string]kindFigures `json:"requests"`
	PeakRSSMiB    float64                `json:"peakRssMiB"`
	Acknowledged  int                    `json:"acknowledgedWrites"`
	AckedMissing  int                    `json:"acknowledgedButMissing"`
	Rows          int                    `json:"rowsAfter"`
	Errors        int64                  `json:"errors"`
	SeedSeconds   float64                `json:"seedSeconds"`
	RowsAsExpectd bool                   `json:"rowsAsExpected"`
}

type kindFigures struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50Ms"`
	P95 float64 `json:"p95Ms"`
	Max float64 `json:"maxMs"`
}

// The groups seeded: the test catalogue's configurations, two device classes, four browsers.
var (
	seedConfigs = []struct {
		backend, build, hash string
		config               map[string]any
		capacity             int
	}{
		{"gnark", "test-gnark-build", "keccak-256", map[string]any{"circuit": "keccak256-1block"}, 135},
		{"bellman", "test-bellman-build", "blake2s-256", map[string]any{"blocks": 1}, 64},
		{"bellman", "test-bellman-build", "blake2s-256", map[string]any{"blocks": 2}, 128},
		{"bellman", "test-bellman-build", "blake2s-256", map[string]any{"blocks": 4}, 256},
	}
	browsers = []string{"Chrome", "Firefox", "Safari", "Edge"}
)

func readBench(base map[string]any) {
	for _, db := range []string{"sqlite", "postgres"} {
		if !strings.Contains(*only, db) {
			continue
		}
		dsn, stop := database(db)
		r := readRun(db, dsn, base)
		stop()
		out, _ := json.Marshal(r)
		fmt.Println(string(out))
	}
}

// seedRow is run i: a submission like the page's (five runs' samples per phase), of one group.
func seedRow(base map[string]any, i int, rng *rand.Rand) store.Row {
	c := seedConfigs[i%len(seedConfigs)]
	class := []string{"desktop", "phone"}[(i/4)%2]
	browser := browsers[(i/8)%len(browsers)]
	emulated := i%10 == 9
	b, _ := json.Marshal(base)
	var m map[string]any
	json.Unmarshal(b, &m)
	res, dev := m["result"].(map[string]any), m["device"].(map[string]any)
	res["backend"], res["hash"], res["config"], res["capacityBytes"] = c.backend, c.hash, c.config, c.capacity
	res["runs"] = 5
	res["timestamp"] = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second).Format("2006-01-02T15:04:05.000Z")
	dev["build"], dev["deviceClass"], dev["browser"] = c.build, class, browser
	if emulated {
		dev["emulated"] = map[string]any{"cpuThrottling": 2.5, "profile": "Pixel 5 class",
			"benchmarkIndex": map[string]any{"target": 1000, "measured": 1010, "unthrottled": 2500}}
	}
	// Log-normal times around a few seconds: phones slower.
	scale := 1.0
	if class == "phone" {
		scale = 3
	}
	var prove, verify float64
	for _, p := range res["phases"].([]any) {
		p := p.(map[string]any)
		med := p["ms"].(map[string]any)["median"].(float64) * scale * math.Exp(rng.NormFloat64()*0.4)
		samples := make([]any, 5)
		lo, hi := math.Inf(1), 0.0
		for k := range samples {
			v := math.Round(med*math.Exp(rng.NormFloat64()*0.05)*10) / 10
			samples[k] = v
			lo, hi = min(lo, v), max(hi, v)
		}
		sort.Slice(samples, func(a, b int) bool { return samples[a].(float64) < samples[b].(float64) })
		median := samples[2].(float64)
		p["ms"] = map[string]any{"median": median, "min": lo, "max": hi, "samples": samples}
		switch p["step"] {
		case "prove":
			prove += median
		case "verify":
			verify += median
		}
	}
	raw, _ := json.Marshal(m)
	sum := sha256.Sum256(raw)
	config, _ := json.Marshal(c.config)
	details, _ := store.DetailsOf(raw) // the emulated tenth: Pixel 5 class, calibrated
	return store.Row{
		ID: hex.EncodeToString(sum[:16]), ReceivedMs: time.Now().Add(-time.Duration(*stored-i) * time.Second).UnixMilli(),
		Backend: c.backend, Config: string(config), MessageBytes: 14, Build: c.build, DeviceClass: class, Browser: browser,
		BrowserVer: "156", OS: "Linux", Cores: 8, Threads: 1, Emulated: emulated, ProveMs: &prove, VerifyMs: &verify,
		Details: details, SubmissionRaw: string(raw),
	}
}

func seed(dsn string, base map[string]any) (int, float64) {
	t0 := time.Now()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	total := 0
	for start := 0; start < *stored; start += 1000 {
		var rows []store.Row
		for i := start; i < min(start+1000, *stored); i++ {
			r := seedRow(base, i, rng)
			total += len(r.SubmissionRaw)
			rows = append(rows, r)
		}
		if err := st.InsertBatch(context.Background(), rows); err != nil {
			log.Fatal(err)
		}
	}
	return total / max(*stored, 1), time.Since(t0).Seconds()
}

func readRun(kind, dsn string, base map[string]any) readReport {
	meanBytes, seedSecs := seed(dsn, base)
	addr := freeAddr()
	svc := &service{addr: addr, dsn: dsn}
	svc.start()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *readers + *writers}, Timeout: 60 * time.Second}
	var (
		mu       sync.Mutex
		lat      = map[string][]float64{}
		acked    []string
		errCount int64
		wg       sync.WaitGroup
	)
	record := func(k string, t0 time.Time) {
		ms := float64(time.Since(t0).Microseconds()) / 1000
		mu.Lock()
		lat[k] = append(lat[k], ms)
		mu.Unlock()
	}
	fail := func(what string, err error) {
		mu.Lock()
		errCount++
		if errCount <= 5 {
			log.Printf("%s: %v", what, err)
		}
		mu.Unlock()
	}
	get := func(path string) ([]byte, error) {
		res, err := client.Get("http://" + addr + path)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err == nil && res.StatusCode != 200 {
			err = fmt.Errorf("HTTP %d %s", res.StatusCode, b)
		}
		return b, err
	}
	deadline := time.Now().Add(time.Duration(*seconds) * time.Second)
	for r := range *readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(r), 7))
			for i := 0; time.Now().Before(deadline); i++ {
				switch i % 3 {
				case 0:
					t0 := time.Now()
					if _, err := get("/api/aggregates"); err != nil {
						fail("aggregates", err)
						continue
					}
					record("aggregates", t0)
				default: // a group's first page of 100, then the page after it
					c := seedConfigs[rng.IntN(len(seedConfigs))]
					config, _ := json.Marshal(c.config)
					q := url.Values{"backend": {c.backend}, "config": {string(config)},
						"device": {[]string{"desktop", "phone"}[rng.IntN(2)]}, "browser": {browsers[rng.IntN(len(browsers))]},
						"emulated": {"false"}, "profile": {""}, "rate": {"0"}, "wide": {"false"}} // as the page asks: one group, real devices
					t0 := time.Now()
					b, err := get("/api/results?" + q.Encode())
					if err != nil {
						fail("page", err)
						continue
					}
					record("page", t0)
					var p struct{ Next *string }
					if json.Unmarshal(b, &p) != nil || p.Next == nil {
						fail("page", fmt.Errorf("no next page: %.200s", b))
						continue
					}
					q.Set("cursor", *p.Next)
					t0 = time.Now()
					if _, err := get("/api/results?" + q.Encode()); err != nil {
						fail("next page", err)
						continue
					}
					record("next page", t0)
				}
			}
		}()
	}
	for w := range *writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; time.Now().Before(deadline); i++ {
				body := variant(base, 10_000_000+w*1_000_000+i)
				t0 := time.Now()
				status, id, err := post(client, addr, body)
				if err != nil || status != http.StatusCreated {
					fail("submit", fmt.Errorf("%d %v", status, err))
					continue
				}
				record("submit", t0)
				mu.Lock()
				acked = append(acked, id)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	hwm := peakRSS(svc.cmd.Process.Pid)
	missing := 0
	for _, id := range acked {
		b, err := get("/api/results?id=" + id)
		if err != nil || !strings.Contains(string(b), id) {
			missing++
		}
	}
	svc.cmd.Process.Signal(syscall.SIGTERM)
	svc.cmd.Wait()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		log.Fatal(err)
	}
	rows, _ := st.Count(context.Background())
	st.Close()
	r := readReport{Database: kind, Stored: *stored, SubmissionB: meanBytes, Readers: *readers, Writers: *writers, Seconds: *seconds,
		Kinds: map[string]kindFigures{}, PeakRSSMiB: round(hwm / 1024), Acknowledged: len(acked), AckedMissing: missing, Rows: rows,
		Errors: errCount, SeedSeconds: round(seedSecs)}
	r.RowsAsExpectd = rows == *stored+len(acked)
	for k, v := range lat {
		sort.Float64s(v)
		r.Kinds[k] = kindFigures{N: len(v), P50: round(pct(v, 0.50)), P95: round(pct(v, 0.95)), Max: round(v[len(v)-1])}
	}
	return r
}

// peakRSS is the process's VmHWM in KiB: the most resident memory it ever had.
func peakRSS(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(rest), "%f", &kb)
			return kb
		}
	}
	return 0
}
