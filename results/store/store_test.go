package store

import (
	"context"
	"path/filepath"
	"testing"
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
