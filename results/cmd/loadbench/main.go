// Command loadbench measures the results service under load and checks that a crash loses no
// acknowledged submission (docs/results-service.md, "Load and faults"). For SQLite and for a
// throwaway PostgreSQL cluster it runs the service binary as a child process and:
//
//   - load:  N distinct submissions from C concurrent clients; throughput, p50 and p99 latency,
//     then the row count must be N;
//   - fault: the same with a SIGKILL of the service once a third of them are acknowledged and a
//     restart on the same database; clients resend what got no answer (a resend of a row that
//     was committed before the kill is answered "duplicate"), and afterwards every acknowledged
//     id must be stored and the row count must be N.
//
// It is a benchmark, not a test: go run ./cmd/loadbench -service <binary> (scripts/bench-results.mjs).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"zkplay/results/pgtest"
)

var (
	binary    = flag.String("service", "", "the results service binary")
	schemaDir = flag.String("schemas", "../schema", "the repository's schema/ folder")
	catalogue = flag.String("catalogue", "service/testdata/catalogue.json", "a results catalogue naming the sample's build")
	sample    = flag.String("sample", "service/testdata/submission.json", "the submission to vary")
	total     = flag.Int("n", 10000, "submissions per run")
	clients   = flag.Int("clients", 50, "concurrent clients")
	only      = flag.String("db", "sqlite,postgres", "which databases")
	mode      = flag.String("mode", "writes", "writes: the load and fault runs; reads: readers and writers over -stored rows (reads.go)")
)

func main() {
	flag.Parse()
	if *binary == "" {
		log.Fatal("-service is required")
	}
	raw, err := os.ReadFile(*sample)
	if err != nil {
		log.Fatal(err)
	}
	var base map[string]any
	json.Unmarshal(raw, &base)
	if *mode == "reads" {
		readBench(base)
		return
	}
	for _, db := range []string{"sqlite", "postgres"} {
		if !bytes.Contains([]byte(*only), []byte(db)) {
			continue
		}
		for _, fault := range []bool{false, true} {
			dsn, stop := database(db)
			r := run(dsn, base, fault)
			stop()
			out, _ := json.Marshal(r)
			fmt.Println(string(out))
		}
	}
}

// database makes a fresh SQLite file or PostgreSQL cluster, and what removes it.
func database(kind string) (string, func()) {
	if kind == "sqlite" {
		dir, _ := os.MkdirTemp("", "zkplay-load-")
		return filepath.Join(dir, "results.db"), func() { os.RemoveAll(dir) }
	}
	c, err := pgtest.Start()
	if err != nil {
		log.Fatal(err)
	}
	return c.URL, func() { c.Stop() }
}

type report struct {
	Database       string  `json:"database"`
	Fault          bool    `json:"sigkill"`
	Submissions    int     `json:"submissions"`
	Clients        int     `json:"clients"`
	Seconds        float64 `json:"seconds"`
	PerSecond      float64 `json:"perSecond"`
	P50Ms          float64 `json:"p50Ms"`
	P99Ms          float64 `json:"p99Ms"`
	Acknowledged   int     `json:"acknowledged"`
	DuplicateAfter int     `json:"resentAnsweredDuplicate"`
	Resent         int64   `json:"resentAfterNoAnswer"`
	Rows           int     `json:"rows"`
	AckedMissing   int     `json:"acknowledgedButMissing"`
	OK             bool    `json:"ok"`
}

type service struct {
	cmd  *exec.Cmd
	addr string
	dsn  string
}

func (s *service) start() {
	s.cmd = exec.Command(*binary, "-addr", s.addr, "-db", s.dsn, "-schemas", *schemaDir, "-catalogue", *catalogue, "-rate", "0", "-read-rate", "0")
	s.cmd.Stderr = os.Stderr
	if err := s.cmd.Start(); err != nil {
		log.Fatal(err)
	}
	for range 200 {
		if res, err := http.Get("http://" + s.addr + "/api/health"); err == nil {
			res.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	log.Fatal("the service did not start")
}

func run(dsn string, base map[string]any, fault bool) report {
	addr := freeAddr()
	svc := &service{addr: addr, dsn: dsn}
	svc.start()
	kind := "sqlite"
	if len(dsn) > 8 && dsn[:8] == "postgres" {
		kind = "postgres"
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *clients}, Timeout: 30 * time.Second}
	bodies := make([][]byte, *total)
	for i := range bodies {
		bodies[i] = variant(base, i)
	}
	var (
		next, acked, resent int64
		mu                  sync.Mutex
		latencies           []float64
		ids                 = map[string]bool{}
		duplicates          int
		killOnce            sync.Once
		restarted           = make(chan struct{})
	)
	if !fault {
		close(restarted)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for range *clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := atomic.AddInt64(&next, 1) - 1
				if i >= int64(*total) {
					return
				}
				for attempt := 0; ; attempt++ {
					t0 := time.Now()
					status, id, err := post(client, addr, bodies[i])
					if err != nil || status >= 500 {
						// No answer: the service is down. Wait for it, then send the same body again.
						atomic.AddInt64(&resent, 1)
						<-restarted
						time.Sleep(20 * time.Millisecond)
						continue
					}
					ms := float64(time.Since(t0).Microseconds()) / 1000
					mu.Lock()
					switch status {
					case http.StatusCreated:
						ids[id] = true
						latencies = append(latencies, ms)
					case http.StatusConflict:
						duplicates++ // committed before the kill, acknowledged only now
					default:
						log.Fatalf("submission %d: HTTP %d", i, status)
					}
					mu.Unlock()
					if n := atomic.AddInt64(&acked, 1); fault && n == int64(*total/3) {
						killOnce.Do(func() {
							go func() {
								svc.cmd.Process.Signal(syscall.SIGKILL)
								svc.cmd.Wait()
								svc.start()
								close(restarted)
							}()
						})
					}
					break
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	rows, stored := storedIDs(client, addr)
	svc.cmd.Process.Signal(syscall.SIGTERM)
	svc.cmd.Wait()
	missing := 0
	for id := range ids {
		if !stored[id] {
			missing++
		}
	}
	sort.Float64s(latencies)
	r := report{
		Database: kind, Fault: fault, Submissions: *total, Clients: *clients,
		Seconds: round(elapsed), PerSecond: round(float64(*total) / elapsed),
		P50Ms: round(pct(latencies, 0.50)), P99Ms: round(pct(latencies, 0.99)),
		Acknowledged: len(ids), DuplicateAfter: duplicates, Resent: resent, Rows: rows, AckedMissing: missing,
	}
	r.OK = rows == *total && missing == 0 && len(ids)+duplicates == *total
	return r
}

// variant is the sample with a distinct timestamp and prove time: a distinct submission.
func variant(base map[string]any, i int) []byte {
	b, _ := json.Marshal(base)
	var m map[string]any
	json.Unmarshal(b, &m)
	result := m["result"].(map[string]any)
	result["timestamp"] = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Millisecond).Format("2006-01-02T15:04:05.000Z")
	ms := float64(1000 + i%5000)
	phase := result["phases"].([]any)[2].(map[string]any)
	phase["ms"] = map[string]any{"median": ms, "min": ms, "max": ms, "samples": []any{ms}}
	out, _ := json.Marshal(m)
	return out
}

func post(c *http.Client, addr string, body []byte) (int, string, error) {
	res, err := c.Post("http://"+addr+"/api/results", "application/json", bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	var out struct{ ID string }
	b, _ := io.ReadAll(res.Body)
	json.Unmarshal(b, &out)
	return res.StatusCode, out.ID, nil
}

// storedIDs walks every page of the listing (1,000 rows each) and returns the ids stored.
func storedIDs(c *http.Client, addr string) (int, map[string]bool) {
	ids := map[string]bool{}
	cursor := ""
	for {
		res, err := c.Get("http://" + addr + "/api/results?limit=1000" + cursor)
		if err != nil {
			log.Fatal(err)
		}
		var page struct {
			Results []struct{ ID string } `json:"results"`
			Next    *string               `json:"next"`
		}
		err = json.NewDecoder(res.Body).Decode(&page)
		res.Body.Close()
		if err != nil {
			log.Fatal(err)
		}
		for _, r := range page.Results {
			ids[r.ID] = true
		}
		if page.Next == nil {
			return len(ids), ids
		}
		cursor = "&cursor=" + *page.Next
	}
}

func pct(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[int(p*float64(len(sorted)-1))]
}

func round(v float64) float64 { return float64(int(v*10+0.5)) / 10 }

func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
