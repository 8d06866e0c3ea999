// Command results is zkplay's opt-in results service (docs/results-service.md): it stores runs
// that people chose to share from the page, in SQLite by default or PostgreSQL when -db is a
// postgres:// URL, and serves them to the results view.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"zkplay/results/service"
	"zkplay/results/store"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8787", "listen address (port 0: any free port, printed at start)")
	db := flag.String("db", envOr("ZKPLAY_RESULTS_DB", "results.db"), "SQLite file, or a postgres:// URL (env ZKPLAY_RESULTS_DB)")
	schemaDir := flag.String("schemas", "schema", "the repository's schema/ folder")
	catalogues := flag.String("catalogue", "dist/artifacts/results-catalogue.json", "comma-separated results-catalogue.json files of the builds whose results are taken")
	origins := flag.String("origins", "", "comma-separated browser origins that may submit, e.g. https://example.org")
	rate := flag.Int("rate", 30, "submissions a minute per client after the burst (0: no limit)")
	burst := flag.Int("burst", 10, "submissions a client may send at once")
	readRate := flag.Int("read-rate", 600, "reads (listing pages, aggregates) a minute per client after the burst (0: no limit)")
	readBurst := flag.Int("read-burst", 120, "reads a client may send at once")
	aggregateTTL := flag.Duration("aggregate-ttl", 30*time.Second, "how long aggregates are served before the database computes them again")
	maxBytes := flag.Int64("max-bytes", 64<<10, "largest submission in bytes")
	flag.Parse()

	ctx := context.Background()
	schemas, err := service.LoadSchemas(*schemaDir)
	if err != nil {
		log.Fatal(err)
	}
	cat, err := service.LoadCatalogues(schemas, splitList(*catalogues))
	if err != nil {
		log.Fatal(err)
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		log.Fatal(err)
	}
	api := service.New(service.Config{
		Store:      st,
		Schemas:    schemas,
		Catalogue:  cat,
		Origins:    splitList(*origins),
		AdminToken: os.Getenv("ZKPLAY_RESULTS_ADMIN_TOKEN"), // not a flag: flags show in ps
		MaxBytes:   *maxBytes,
		Limiter:    service.NewRateLimiter(*rate, *burst, time.Hour),
		ReadLimit:  service.NewRateLimiter(*readRate, *readBurst, time.Hour),
		// Aggregates are recomputed by the database at most this often (service/aggregates.go).
		AggregateTTL: *aggregateTTL,
	})
	go api.WarmAggregates() // the first readers then find them computed
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: api, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second}
	fmt.Printf("zkplay results service (%s) listening on http://%s\n", st.Dialect(), ln.Addr())
	go func() {
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
		<-stop
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		service.Shutdown(ctx, srv, st)
	}()
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		log.Fatal(err)
	}
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
