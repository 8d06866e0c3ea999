package store

import (
	"context"
	"database/sql"
)

// Spread is the distribution of one step's time over a group's runs.
type Spread struct {
	Runs   int64    `json:"runs"` // runs that report this step
	P10    *float64 `json:"p10"`
	Median *float64 `json:"median"`
	P90    *float64 `json:"p90"`
}

// Group is one backend, configuration, device class and browser, with real and emulated runs
// apart, emulated ones by phone class (and by-hand ones by slow-down), and runs of the
// wide-arithmetic build apart: they measure another build, which most browsers cannot run.
type Group struct {
	Backend          string       `json:"backend"`
	Config           string       `json:"config"`
	DeviceClass      string       `json:"deviceClass"`
	Browser          string       `json:"browser"`
	Emulated         bool         `json:"emulated"`
	EmulationProfile string       `json:"emulationProfile"`
	EmulationRate    float64      `json:"emulationRate"`
	WideArithmetic   bool         `json:"wideArithmetic"`
	Runs             int64        `json:"runs"`
	Prove            Spread       `json:"prove"`
	Verify           Spread       `json:"verify"`
	Calibration      *Calibration `json:"calibration"` // calibrated emulations only
}

// Calibration is how near a group's calibrated emulations came to their phone class: the
// class's BenchmarkIndex, and the spans of the CPU slow-downs and of the scores reached.
type Calibration struct {
	Target      float64 `json:"target"`
	RateMin     float64 `json:"rateMin"`
	RateMax     float64 `json:"rateMax"`
	MeasuredMin float64 `json:"measuredMin"`
	MeasuredMax float64 `json:"measuredMax"`
}

// The percentiles are computed by the database, in SQL both SQLite and PostgreSQL run (SQLite
// has no percentile_cont): each run is numbered within its group by time, and the wanted ranks
// are picked out. p10 and p90 are nearest-rank (ceil(p*n)); the median averages the middle one
// or two. Integer division is the same in both databases. NULL times are numbered last in both
// (ORDER BY t IS NULL first) and are outside 1..n, the count of non-NULL times.
const groupCols = "backend, config, device_class, browser, emulated, emulation_profile, emulation_rate, wide_arithmetic"

func spreadSQL(col, rank, n string) string {
	return "MAX(" + n + "), " +
		"MAX(CASE WHEN " + rank + " = (" + n + "+9)/10 THEN " + col + " END), " +
		"AVG(CASE WHEN " + rank + " IN ((" + n + "+1)/2, (" + n + "+2)/2) THEN " + col + " END), " +
		"MAX(CASE WHEN " + rank + " = (9*" + n + "+9)/10 THEN " + col + " END)"
}

var aggregateSQL = "WITH ranked AS (SELECT " + groupCols + ", prove_ms, verify_ms, cpu_throttling, benchmark_target, benchmark_measured, " +
	"COUNT(*) OVER g AS runs, " +
	"COUNT(prove_ms) OVER g AS np, ROW_NUMBER() OVER (PARTITION BY " + groupCols + " ORDER BY prove_ms IS NULL, prove_ms) AS rp, " +
	"COUNT(verify_ms) OVER g AS nv, ROW_NUMBER() OVER (PARTITION BY " + groupCols + " ORDER BY verify_ms IS NULL, verify_ms) AS rv " +
	"FROM results WINDOW g AS (PARTITION BY " + groupCols + ")) " +
	"SELECT " + groupCols + ", MAX(runs), " + spreadSQL("prove_ms", "rp", "np") + ", " + spreadSQL("verify_ms", "rv", "nv") +
	", MAX(benchmark_target), MIN(cpu_throttling), MAX(cpu_throttling), MIN(benchmark_measured), MAX(benchmark_measured)" +
	" FROM ranked GROUP BY " + groupCols + " ORDER BY " + groupCols

// Aggregates is every group's count and spreads. Its size is the number of groups (bounded by
// the catalogue's configurations, two device classes and the browsers the schema names), not
// the number of runs: the database reads the rows, the service holds only the result.
func (s *Store) Aggregates(ctx context.Context) ([]Group, error) {
	rows, err := s.read.QueryContext(ctx, aggregateSQL)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Group{}
	for rows.Next() {
		var g Group
		var emulated, wide int
		var pn, vn sql.NullInt64
		var target, rateMin, rateMax, measuredMin, measuredMax sql.NullFloat64
		if err := rows.Scan(&g.Backend, &g.Config, &g.DeviceClass, &g.Browser, &emulated, &g.EmulationProfile, &g.EmulationRate, &wide, &g.Runs,
			&pn, &g.Prove.P10, &g.Prove.Median, &g.Prove.P90, &vn, &g.Verify.P10, &g.Verify.Median, &g.Verify.P90,
			&target, &rateMin, &rateMax, &measuredMin, &measuredMax); err != nil {
			return nil, err
		}
		g.Emulated, g.WideArithmetic = emulated != 0, wide != 0
		if target.Valid && rateMin.Valid && measuredMin.Valid {
			g.Calibration = &Calibration{target.Float64, rateMin.Float64, rateMax.Float64, measuredMin.Float64, measuredMax.Float64}
		}
		g.Prove.Runs, g.Verify.Runs = pn.Int64, vn.Int64
		out = append(out, g)
	}
	return out, rows.Err()
}
