-- One row a shared run. The columns the results view filters and plots on are copied out of
-- the submission; the submission itself is kept whole as JSON text. Portable SQL: the same
-- file migrates SQLite and PostgreSQL (BIGINT and DOUBLE PRECISION are affinities in SQLite).

-- +goose Up
CREATE TABLE results (
    id TEXT PRIMARY KEY,
    received_ms BIGINT NOT NULL,
    backend TEXT NOT NULL,
    config TEXT NOT NULL,
    message_bytes INTEGER NOT NULL,
    build TEXT NOT NULL,
    device_class TEXT NOT NULL,
    browser TEXT NOT NULL,
    browser_version TEXT NOT NULL,
    os TEXT NOT NULL,
    cores INTEGER NOT NULL,
    threads INTEGER NOT NULL,
    emulated INTEGER NOT NULL,
    prove_ms DOUBLE PRECISION,
    verify_ms DOUBLE PRECISION,
    submission TEXT NOT NULL
);
CREATE INDEX results_by_case ON results (backend, config, message_bytes);

-- +goose Down
DROP TABLE results;
