package store

import (
	"context"
	"strings"
)

// Filter selects rows; an empty field matches everything.
type Filter struct {
	ID, Backend, Config, DeviceClass, Browser string
	MessageBytes                              *int64
	Emulated                                  *bool
	EmulationProfile                          *string  // "" selects real devices
	EmulationRate                             *float64 // 0 selects real devices and calibrated runs
	WideArithmetic                            *bool
}

// Cursor is where a page ends: the last row's arrival time and id (pages run newest first).
type Cursor struct {
	ReceivedMs int64
	ID         string
}

// where is f as a WHERE clause of bound parameters ("" when it selects everything).
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		conds = append(conds, cond)
		args = append(args, v)
	}
	if f.ID != "" {
		add("id = ?", f.ID)
	}
	if f.Backend != "" {
		add("backend = ?", f.Backend)
	}
	if f.Config != "" {
		add("config = ?", f.Config)
	}
	if f.MessageBytes != nil {
		add("message_bytes = ?", *f.MessageBytes)
	}
	if f.DeviceClass != "" {
		add("device_class = ?", f.DeviceClass)
	}
	if f.Browser != "" {
		add("browser = ?", f.Browser)
	}
	if f.Emulated != nil {
		add("emulated = ?", boolInt(*f.Emulated))
	}
	if f.EmulationProfile != nil {
		add("emulation_profile = ?", *f.EmulationProfile)
	}
	if f.EmulationRate != nil {
		add("emulation_rate = ?", *f.EmulationRate)
	}
	if f.WideArithmetic != nil {
		add("wide_arithmetic = ?", boolInt(*f.WideArithmetic))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Page calls each with up to limit rows that f selects, newest first, starting after `after`
// (nil: from the newest), one row at a time so that a page is never held whole in memory. It
// returns the cursor of the page's last row when more rows follow, else nil.
func (s *Store) Page(ctx context.Context, f Filter, after *Cursor, limit int, each func(Row) error) (*Cursor, error) {
	where, args := f.where()
	if after != nil {
		cond := "(received_ms < ? OR (received_ms = ? AND id < ?))"
		if where == "" {
			where = " WHERE " + cond
		} else {
			where += " AND " + cond
		}
		args = append(args, after.ReceivedMs, after.ReceivedMs, after.ID)
	}
	// The listing shows checked columns only; the submission's text stays in the database.
	cols := strings.Replace(columns, ", submission", ", ''", 1)
	// One row more than the page: it tells whether a next page exists without a COUNT.
	q := "SELECT " + cols + " FROM results" + where + " ORDER BY received_ms DESC, id DESC LIMIT ?"
	args = append(args, limit+1)
	rows, err := s.read.QueryContext(ctx, s.bind(q), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var last Row
	n := 0
	for rows.Next() {
		var r Row
		var emulated, wide int
		if err := rows.Scan(&r.ID, &r.ReceivedMs, &r.Backend, &r.Config, &r.MessageBytes, &r.Build, &r.DeviceClass,
			&r.Browser, &r.BrowserVer, &r.OS, &r.Cores, &r.Threads, &emulated, &r.ProveMs, &r.VerifyMs,
			&r.EmulationProfile, &r.EmulationRate, &r.CPUThrottling, &r.BenchmarkTarget, &r.BenchmarkMeasured, &wide, &r.SubmissionRaw); err != nil {
			return nil, err
		}
		r.Emulated, r.WideArithmetic = emulated != 0, wide != 0
		if n == limit {
			return &Cursor{last.ReceivedMs, last.ID}, rows.Err()
		}
		if err := each(r); err != nil {
			return nil, err
		}
		last = r
		n++
	}
	return nil, rows.Err()
}
