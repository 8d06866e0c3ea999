package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
)

// Details are the columns of a row that say how the run was made, beyond the device: whether
// it was emulated (and as which phone class, calibrated or by hand) and whether it ran the
// wide-arithmetic build. They come from fields the service checked, via DetailsOf.
type Details struct {
	EmulationProfile  string   `json:"emulationProfile"` // "" for a real device
	EmulationRate     float64  `json:"emulationRate"`    // a by-hand emulation's CPU slow-down, else 0
	CPUThrottling     *float64 `json:"cpuThrottling"`    // every emulated run's slow-down
	BenchmarkTarget   *float64 `json:"benchmarkTarget"`  // a calibrated run's phone-class score
	BenchmarkMeasured *float64 `json:"benchmarkMeasured"`
	WideArithmetic    bool     `json:"wideArithmetic"`
}

// WideBuildSuffix ends result.environment.build of a run of the wasm wide-arithmetic build
// ("wasm-threads-wide", packages/core/wasm-bindgen.ts's variant "threads-wide").
const WideBuildSuffix = "-wide"

// DetailsOf reads a submission (schema/result-submission.schema.json, already checked) for its
// Details: the one place both the service and the migration that fills older rows derive them.
func DetailsOf(submission []byte) (Details, error) {
	var s struct {
		Result struct {
			Environment struct {
				Build string `json:"build"`
			} `json:"environment"`
		} `json:"result"`
		Device struct {
			Emulated *struct {
				CPUThrottling  float64 `json:"cpuThrottling"`
				Profile        string  `json:"profile"`
				BenchmarkIndex *struct {
					Target   float64 `json:"target"`
					Measured float64 `json:"measured"`
				} `json:"benchmarkIndex"`
			} `json:"emulated"`
		} `json:"device"`
	}
	if err := json.Unmarshal(submission, &s); err != nil {
		return Details{}, err
	}
	d := Details{WideArithmetic: strings.HasSuffix(s.Result.Environment.Build, WideBuildSuffix)}
	if e := s.Device.Emulated; e != nil {
		rate := e.CPUThrottling
		d.EmulationProfile, d.CPUThrottling = e.Profile, &rate
		if b := e.BenchmarkIndex; b != nil {
			target, measured := b.Target, b.Measured
			d.BenchmarkTarget, d.BenchmarkMeasured = &target, &measured
		} else {
			d.EmulationRate = rate
		}
	}
	return d, nil
}

// fillDetails is the Go migration 00004: rows stored before 00003 get their Details from the
// submission text they keep. It runs once, in the migration's transaction.
func fillDetails(ctx context.Context, tx *sql.Tx, bind func(string) string) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, submission FROM results WHERE emulated = 1 OR submission LIKE '%"+WideBuildSuffix+"%'")
	if err != nil {
		return err
	}
	type filled struct {
		id string
		d  Details
	}
	var todo []filled
	for rows.Next() {
		var id, sub string
		if err := rows.Scan(&id, &sub); err != nil {
			rows.Close()
			return err
		}
		d, err := DetailsOf([]byte(sub))
		if err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, filled{id, d})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range todo {
		if _, err := tx.ExecContext(ctx, bind("UPDATE results SET emulation_profile = ?, emulation_rate = ?, cpu_throttling = ?, benchmark_target = ?, benchmark_measured = ?, wide_arithmetic = ? WHERE id = ?"),
			f.d.EmulationProfile, f.d.EmulationRate, f.d.CPUThrottling, f.d.BenchmarkTarget, f.d.BenchmarkMeasured, boolInt(f.d.WideArithmetic), f.id); err != nil {
			return err
		}
	}
	return nil
}
