package service

import (
	"strings"
	"testing"
)

// Requests at the edges of the checks (bytes no text holds, cursors and ids of any shape, numbers
// written as floats, a phase counted in another step), each refused or read as the docs say.
func TestReviewFindings(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		h := newHarness(t, dsn, nil)
		h.mustPost(distinct(t, 0))
		before := h.count()

		// Text PostgreSQL cannot hold (invalid UTF-8, NUL) in a filter or a forged cursor reached
		// the database: a 500 on PostgreSQL. Refused as a bad filter on both, before any query.
		for _, q := range []string{
			"backend=%ff", "config=%00", "browser=a%00b", "device=%c3%28",
			"cursor=" + base64url("1.\xff\xfe"), "cursor=" + base64url("1.a\x00b"),
			"cursor=" + base64url("-5.0123456789abcdef0123456789abcdef"), // a time before 1970
			"cursor=" + base64url("1."+strings.Repeat("a", 64)),          // not an id
			"id=" + strings.Repeat("A", 32),                              // ids are lowercase hex
			"rate=1e309", "rate=NaN", "rate=0.5", "wide=maybe",
		} {
			a := h.do("GET", "/api/results?"+q, nil, nil)
			if a.status != 400 || a.refusal(t).Code != CodeBadFilter {
				t.Errorf("%s: %d %s", q, a.status, a.body)
			}
		}

		// An integer spelled 1.4e1 is 14 to the schema; the checks refused it as not JSON.
		// Now it is read as 14, and is the same submission as the one spelled 14.
		plain := encode(distinct(t, 1))
		spelled := strings.Replace(string(plain), `"bytes":14`, `"bytes":1.4e1`, 1)
		if spelled == string(plain) {
			t.Fatal("the sample's message is no longer 14 bytes")
		}
		if a := h.post([]byte(spelled)); a.status != 201 {
			t.Fatalf("1.4e1 bytes: %d %s", a.status, a.body)
		}
		if a := h.post(plain); a.status != 409 || a.refusal(t).Code != CodeDuplicate {
			t.Fatalf("the same run spelled 14: %d %s", a.status, a.body)
		}
		before += 1

		refused := func(what string, m map[string]any, code string) {
			t.Helper()
			if a := h.post(encode(m)); a.status != 422 || a.refusal(t).Code != code {
				t.Errorf("%s: %d %s", what, a.status, a.body)
			}
		}
		// The submission named each phase's step: the verify phase counted as proving (or the
		// prove phase as preparing) moved time between the columns the view compares.
		m := distinct(t, 2)
		obj(m, "result", "phases", 3)["step"] = "prove"
		refused("verify reported as a prove step", m, CodeForeignPhase)
		m = distinct(t, 3)
		obj(m, "result", "phases", 2)["step"] = "prepare"
		refused("prove reported as a prepare step", m, CodeForeignPhase)
		// A run of the wide-arithmetic build on a device whose engine lacks the proposal.
		m = wide(t, 4)
		obj(m, "device")["wasmFeatures"] = []any{"simd", "threads"}
		refused("the wide build without wide-arithmetic", m, CodeImpossible)
		// An emulation stands for a phone; an "emulated desktop" would be grouped as a desktop.
		m = calibrated(t, 5, 990)
		obj(m, "device")["deviceClass"] = "desktop"
		refused("an emulated desktop", m, CodeImpossible)
		if h.count() != before {
			t.Fatalf("%d rows, want %d", h.count(), before)
		}
	})
}
