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

// Group is one backend, configuration, device class and browser (real and emulated runs apart).
type Group struct {
	Backend     string `json:"backend"`
	Config      string `json:"config"`
	DeviceClass string `json:"deviceClass"`
	Browser     string `json:"browser"`
	Emulated    bool   `json:"emulated"`
	Runs        int64  `json:"runs"`
	Prove       Spread `json:"prove"`
	Verify      Spread `json:"verify"`
}

// The percentiles are computed by the database, in SQL both SQLite and PostgreSQL run (SQLite
// has no percentile_cont): each run is numbered within its group by time, and the wanted ranks
// are picked out. p10 and p90 are nearest-rank (ceil(p*n)); the median averages the middle one
// or two. Integer division is the same in both databases. NULL times are numbered last in both
// (ORDER BY t IS NULL first) and are outside 1..n, the count of non-NULL times.
const groupCols = "backend, config, device_class, browser, emulated"

func spreadSQL(col, rank, n string) string {
	return "MAX(" + n + "), " +
		"MAX(CASE WHEN " + rank + " = (" + n + "+9)/10 THEN " + col + " END), " +
		"AVG(CASE WHEN " + rank + " IN ((" + n + "+1)/2, (" + n + "+2)/2) THEN " + col + " END), " +
		"MAX(CASE WHEN " + rank + " = (9*" + n + "+9)/10 THEN " + col + " END)"
}

var aggregateSQL = "WITH ranked AS (SELECT " + groupCols + ", prove_ms, verify_ms, " +
	"COUNT(*) OVER g AS runs, " +
	"COUNT(prove_ms) OVER g AS np, ROW_NUMBER() OVER (PARTITION BY " + groupCols + " ORDER BY prove_ms IS NULL, prove_ms) AS rp, " +
	"COUNT(verify_ms) OVER g AS nv, ROW_NUMBER() OVER (PARTITION BY " + groupCols + " ORDER BY verify_ms IS NULL, verify_ms) AS rv " +
	"FROM results WINDOW g AS (PARTITION BY " + groupCols + ")) " +
	"SELECT " + groupCols + ", MAX(runs), " + spreadSQL("prove_ms", "rp", "np") + ", " + spreadSQL("verify_ms", "rv", "nv") +
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
		var emulated int
		var pn, vn sql.NullInt64
		if err := rows.Scan(&g.Backend, &g.Config, &g.DeviceClass, &g.Browser, &emulated, &g.Runs,
			&pn, &g.Prove.P10, &g.Prove.Median, &g.Prove.P90, &vn, &g.Verify.P10, &g.Verify.Median, &g.Verify.P90); err != nil {
			return nil, err
		}
		g.Emulated = emulated != 0
		g.Prove.Runs, g.Verify.Runs = pn.Int64, vn.Int64
		out = append(out, g)
	}
	return out, rows.Err()
}
