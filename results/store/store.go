// Package store keeps shared results in SQLite (a file, the default) or PostgreSQL (a
// connection URL), through database/sql with the same goose migrations for both. Every
// statement takes its values as bound parameters; the only text ever spliced into SQL is the
// fixed column list of this file and placeholders.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers "sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Row is one stored result: the columns the view filters on, and the submission as sent.
type Row struct {
	ID           string   `json:"id"`
	ReceivedMs   int64    `json:"receivedMs"`
	Backend      string   `json:"backend"`
	Config       string   `json:"config"`
	MessageBytes int64    `json:"messageBytes"`
	Build        string   `json:"build"`
	DeviceClass  string   `json:"deviceClass"`
	Browser      string   `json:"browser"`
	BrowserVer   string   `json:"browserVersion"`
	OS           string   `json:"os"`
	Cores        int64    `json:"cores"`
	Threads      int64    `json:"threads"`
	Emulated     bool     `json:"emulated"`
	ProveMs      *float64 `json:"proveMs"`
	VerifyMs     *float64 `json:"verifyMs"`
	Details
	SubmissionRaw string `json:"-"`
}

const columns = "id, received_ms, backend, config, message_bytes, build, device_class, browser, browser_version, os, cores, threads, emulated, prove_ms, verify_ms, " +
	"emulation_profile, emulation_rate, cpu_throttling, benchmark_target, benchmark_measured, wide_arithmetic, submission"

const placeholders = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"

// values are r's columns in the order of `columns`.
func (r Row) values() []any {
	return []any{r.ID, r.ReceivedMs, r.Backend, r.Config, r.MessageBytes, r.Build, r.DeviceClass, r.Browser, r.BrowserVer, r.OS,
		r.Cores, r.Threads, boolInt(r.Emulated), r.ProveMs, r.VerifyMs,
		r.EmulationProfile, r.EmulationRate, r.CPUThrottling, r.BenchmarkTarget, r.BenchmarkMeasured, boolInt(r.WideArithmetic), r.SubmissionRaw}
}

// ErrDuplicate is what Insert returns for a row whose id (the content hash) is stored already.
var ErrDuplicate = errors.New("duplicate")

// Store is an open, migrated database.
type Store struct {
	db      *sql.DB // writes (and, on PostgreSQL, reads)
	read    *sql.DB // listing pages and aggregates
	dialect string  // "sqlite" or "postgres"
}

// IsPostgres tells whether dsn names a PostgreSQL server rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open connects to dsn (a PostgreSQL URL, or else a SQLite file path) and applies the migrations.
func Open(ctx context.Context, dsn string) (*Store, error) {
	s := &Store{dialect: "sqlite"}
	var err error
	if IsPostgres(dsn) {
		s.dialect = "postgres"
		s.db, err = sql.Open("pgx", dsn)
		if err == nil {
			// A few connections do the work of fifty on a small machine: more only queue in the kernel.
			s.db.SetMaxOpenConns(10)
		}
	} else {
		// WAL lets readers run beside the writer; synchronous(FULL) makes a commit durable
		// before the service acknowledges it; the busy timeout queues writers instead of failing.
		s.db, err = sql.Open("sqlite", "file:"+dsn+"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)")
		// One connection: SQLite has one writer anyway, and this keeps writes from racing for the lock.
		s.db.SetMaxOpenConns(1)
		if err == nil {
			// Readers on connections of their own: in WAL mode they do not wait for the writer,
			// and a long aggregate does not hold up a submission.
			s.read, err = sql.Open("sqlite", "file:"+dsn+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=query_only(1)")
			s.read.SetMaxOpenConns(4)
		}
	}
	if err != nil {
		return nil, err
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open %s database: %w", s.dialect, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if s.read == nil {
		s.read = s.db
	}
	return s, nil
}

func (s *Store) migrate(ctx context.Context) error {
	dialect := goose.DialectSQLite3
	if s.dialect == "postgres" {
		dialect = goose.DialectPostgres
	}
	dir, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	// 00004 is Go: it reads older rows' submission JSON, which the two databases' SQL reads differently.
	fill := goose.NewGoMigration(4, &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error { return fillDetails(ctx, tx, s.bind) }}, nil)
	p, err := goose.NewProvider(dialect, s.db, dir, goose.WithGoMigrations(fill))
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate %s database: %w", s.dialect, err)
	}
	return nil
}

// Dialect is "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect }

// Close closes the database.
func (s *Store) Close() error {
	if s.read != nil && s.read != s.db {
		s.read.Close()
	}
	return s.db.Close()
}

// bind turns the ? placeholders of q into PostgreSQL's $1, $2, ...
func (s *Store) bind(q string) string {
	if s.dialect != "postgres" {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Insert stores r, or returns ErrDuplicate when a row with its id is there already.
func (s *Store) Insert(ctx context.Context, r Row) error {
	res, err := s.db.ExecContext(ctx, s.bind("INSERT INTO results ("+columns+") VALUES ("+placeholders+") ON CONFLICT (id) DO NOTHING"), r.values()...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrDuplicate
	}
	return nil
}

// Count is the number of stored rows.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM results").Scan(&n)
	return n, err
}

// Delete removes the row with id; false when there was none.
func (s *Store) Delete(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.bind("DELETE FROM results WHERE id = ?"), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// DB is the database the store writes to, for tests and the benchmark's seeding.
func (s *Store) DB() *sql.DB { return s.db }

// InsertBatch stores rows in one transaction (the benchmark's seeding); a duplicate is an error.
func (s *Store) InsertBatch(ctx context.Context, rows []Row) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, s.bind("INSERT INTO results ("+columns+") VALUES ("+placeholders+")"))
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, r := range rows {
		if _, err := stmt.ExecContext(ctx, r.values()...); err != nil {
			return err
		}
	}
	return tx.Commit()
}
