-- PostgreSQL's INTEGER is 32 bits: threads or a message length of 2^31 or more failed the
-- insert (a 500) where SQLite stored it. The table is rebuilt with BIGINT columns, since SQLite
-- has no ALTER COLUMN ... TYPE and this file migrates both databases. The new indexes serve
-- the paginated listing (newest first, per group) and the per-group aggregates.

-- +goose Up
CREATE TABLE results_v2 (
    id TEXT PRIMARY KEY,
    received_ms BIGINT NOT NULL,
    backend TEXT NOT NULL,
    config TEXT NOT NULL,
    message_bytes BIGINT NOT NULL,
    build TEXT NOT NULL,
    device_class TEXT NOT NULL,
    browser TEXT NOT NULL,
    browser_version TEXT NOT NULL,
    os TEXT NOT NULL,
    cores BIGINT NOT NULL,
    threads BIGINT NOT NULL,
    emulated INTEGER NOT NULL,
    prove_ms DOUBLE PRECISION,
    verify_ms DOUBLE PRECISION,
    submission TEXT NOT NULL
);
INSERT INTO results_v2 SELECT id, received_ms, backend, config, message_bytes, build, device_class, browser,
    browser_version, os, cores, threads, emulated, prove_ms, verify_ms, submission FROM results;
DROP TABLE results;
ALTER TABLE results_v2 RENAME TO results;
CREATE INDEX results_by_case ON results (backend, config, message_bytes);
CREATE INDEX results_newest ON results (received_ms, id);
-- emulated is left out so that a page of a group, real or emulated or both, reads the index in order.
CREATE INDEX results_by_group ON results (backend, config, device_class, browser, received_ms, id);

-- +goose Down
DROP INDEX results_newest;
DROP INDEX results_by_group;
