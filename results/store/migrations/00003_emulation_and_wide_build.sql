-- What the results view showed before it read only stored columns: an emulated run's phone
-- class and its calibration (the BenchmarkIndex it was slowed to), and whether the run used
-- the wide-arithmetic build. The service fills them from checked fields of the submission;
-- rows stored before are filled by the Go migration 00004 from their submission text, since
-- SQLite and PostgreSQL read JSON in different SQL. ADD COLUMN with a constant default and a
-- CHECK is the same statement in both databases.

-- +goose Up
-- The phone class an emulated run stands for (device.emulated.profile); '' for a real device.
ALTER TABLE results ADD COLUMN emulation_profile TEXT NOT NULL DEFAULT '' CHECK (length(emulation_profile) <= 64);
-- The CPU slow-down of a run emulated by hand (a factor given, not calibrated), which keeps
-- it in a group of its own; 0 for real devices and calibrated runs, whose rate differs from
-- machine to machine for the same phone class.
ALTER TABLE results ADD COLUMN emulation_rate DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (emulation_rate = 0 OR emulation_rate BETWEEN 1 AND 100);
-- Every emulated run's slow-down; NULL for a real device.
ALTER TABLE results ADD COLUMN cpu_throttling DOUBLE PRECISION CHECK (cpu_throttling IS NULL OR cpu_throttling BETWEEN 1 AND 100);
-- A calibrated run's phone-class score and the score this browser reached; NULL otherwise.
ALTER TABLE results ADD COLUMN benchmark_target DOUBLE PRECISION CHECK (benchmark_target IS NULL OR benchmark_target > 0);
ALTER TABLE results ADD COLUMN benchmark_measured DOUBLE PRECISION CHECK (benchmark_measured IS NULL OR benchmark_measured > 0);
-- 1 for a run of the wasm wide-arithmetic build (result.environment.build ending "-wide").
ALTER TABLE results ADD COLUMN wide_arithmetic INTEGER NOT NULL DEFAULT 0 CHECK (wide_arithmetic IN (0, 1));
DROP INDEX results_by_group;
CREATE INDEX results_by_group ON results (backend, config, device_class, browser, emulation_profile, wide_arithmetic, received_ms, id);

-- +goose Down
DROP INDEX results_by_group;
CREATE INDEX results_by_group ON results (backend, config, device_class, browser, received_ms, id);
ALTER TABLE results DROP COLUMN wide_arithmetic;
ALTER TABLE results DROP COLUMN benchmark_measured;
ALTER TABLE results DROP COLUMN benchmark_target;
ALTER TABLE results DROP COLUMN cpu_throttling;
ALTER TABLE results DROP COLUMN emulation_rate;
ALTER TABLE results DROP COLUMN emulation_profile;
