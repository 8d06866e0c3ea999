package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/pressly/goose/v3"
	"zkplay/results/pgtest"
)

// Opening a migrated database again applies nothing and keeps its rows.
func TestMigrationsRunOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Insert(ctx, Row{ID: "a", Backend: "gnark", Config: "{}", SubmissionRaw: "{}"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Insert(ctx, Row{ID: "a", Backend: "gnark", Config: "{}", SubmissionRaw: "{}"}); err != ErrDuplicate {
		t.Fatalf("want ErrDuplicate, got %v", err)
	}
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n, err := s.Count(ctx); err != nil || n != 1 {
		t.Fatalf("%d rows, %v", n, err)
	}
}

func TestBindNumbersPlaceholdersForPostgres(t *testing.T) {
	pg := &Store{dialect: "postgres"}
	if got := pg.bind("a = ? AND b = ? LIMIT ?"); got != "a = $1 AND b = $2 LIMIT $3" {
		t.Fatal(got)
	}
	lite := &Store{dialect: "sqlite"}
	if got := lite.bind("a = ?"); got != "a = ?" {
		t.Fatal(got)
	}
}

// Rows stored before migration 00003 get their emulation and build columns from the
// submission they keep (the Go migration 00004), on SQLite and PostgreSQL.
func TestMigrationFillsOlderRows(t *testing.T) {
	dsns := map[string]string{"sqlite": filepath.Join(t.TempDir(), "old.db")}
	cluster, err := pgtest.Start()
	if err != nil {
		t.Fatal("this test needs PostgreSQL (initdb, pg_ctl):", err)
	}
	defer cluster.Stop()
	dsns["postgres"] = cluster.URL
	for name, dsn := range dsns {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			driver, dialect, open := "sqlite", goose.DialectSQLite3, "file:"+dsn
			if IsPostgres(dsn) {
				driver, dialect, open = "pgx", goose.DialectPostgres, dsn
			}
			db, err := sql.Open(driver, open)
			if err != nil {
				t.Fatal(err)
			}
			dir, _ := fs.Sub(migrations, "migrations")
			p, err := goose.NewProvider(dialect, db, dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.UpTo(ctx, 2); err != nil {
				t.Fatal(err)
			}
			old := func(id, submission string, emulated int) {
				q := "INSERT INTO results (id, received_ms, backend, config, message_bytes, build, device_class, browser, browser_version, os, cores, threads, emulated, submission) VALUES ('" +
					id + "', 1, 'gnark', '{}', 14, 'b', 'phone', 'Chrome', '1', 'Linux', 2, 1, " + strconv.Itoa(emulated) + ", '" + submission + "')"
				if _, err := db.ExecContext(ctx, q); err != nil { // constants of this test
					t.Fatal(err)
				}
			}
			old("real", `{"device":{},"result":{"environment":{"build":"wasm-threads"}}}`, 0)
			old("wide", `{"device":{},"result":{"environment":{"build":"wasm-threads-wide"}}}`, 0)
			old("calibrated", `{"device":{"emulated":{"benchmarkIndex":{"measured":990,"target":1000,"unthrottled":4000},"cpuThrottling":3.5,"profile":"Pixel 5 class"}},"result":{"environment":{"build":"go-js-wasm"}}}`, 1)
			old("hand", `{"device":{"emulated":{"cpuThrottling":4,"profile":"by hand"}},"result":{"environment":{"build":"go-js-wasm"}}}`, 1)
			db.Close()
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got := map[string]Details{}
			if _, err := s.Page(ctx, Filter{}, nil, 10, func(r Row) error { got[r.ID] = r.Details; return nil }); err != nil {
				t.Fatal(err)
			}
			f := func(v float64) *float64 { return &v }
			want := map[string]Details{
				"real":       {},
				"wide":       {WideArithmetic: true},
				"calibrated": {EmulationProfile: "Pixel 5 class", CPUThrottling: f(3.5), BenchmarkTarget: f(1000), BenchmarkMeasured: f(990)},
				"hand":       {EmulationProfile: "by hand", EmulationRate: 4, CPUThrottling: f(4)},
			}
			for id, w := range want {
				if g, _ := json.Marshal(got[id]); string(g) != string(must(json.Marshal(w))) {
					t.Errorf("%s: %s", id, g)
				}
			}
		})
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
