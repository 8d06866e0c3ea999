package service

import (
	"encoding/csv"
	"encoding/json"
	"log"
	"net/http"
	"strconv"

	"zkplay/results/store"
)

// The GET /api/results parameters; anything else is refused, so a typo is not an empty answer.
var filterParams = map[string]bool{"backend": true, "config": true, "bytes": true, "device": true, "browser": true, "emulated": true, "format": true, "limit": true}

const maxLimit = 100_000

func parseFilter(q map[string][]string) (store.Filter, string, *Refusal) {
	f := store.Filter{Limit: maxLimit}
	for k, v := range q {
		if !filterParams[k] {
			return f, "", badFilter("unknown parameter " + strconv.Quote(k) + ": the filters are backend, config, bytes, device, browser, emulated, format, limit")
		}
		if len(v) != 1 {
			return f, "", badFilter("give " + k + " once")
		}
	}
	get := func(k string) string {
		if v := q[k]; len(v) == 1 {
			return v[0]
		}
		return ""
	}
	f.Backend, f.Config, f.DeviceClass, f.Browser = get("backend"), get("config"), get("device"), get("browser")
	if v := get("bytes"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return f, "", badFilter("bytes is a message length in bytes")
		}
		f.MessageBytes = &n
	}
	if v := get("emulated"); v != "" {
		e, err := strconv.ParseBool(v)
		if err != nil {
			return f, "", badFilter("emulated is true or false")
		}
		f.Emulated = &e
	}
	if v := get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			return f, "", badFilter("limit is 1.." + strconv.Itoa(maxLimit))
		}
		f.Limit = n
	}
	format := get("format")
	if format == "" {
		format = "json"
	}
	if format != "json" && format != "csv" {
		return f, "", badFilter("format is json or csv")
	}
	return f, format, nil
}

// csvColumns are the CSV download's columns: the stored row without the submission's JSON.
var csvColumns = []string{"id", "receivedMs", "backend", "config", "messageBytes", "build", "deviceClass", "browser", "browserVersion", "os", "cores", "threads", "emulated", "proveMs", "verifyMs"}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	f, format, refusal := parseFilter(r.URL.Query())
	if refusal != nil {
		writeRefusal(w, refusal)
		return
	}
	rows, err := s.Store.Query(r.Context(), f)
	if err != nil {
		log.Printf("query: %v", err)
		writeRefusal(w, errInternal)
		return
	}
	if format == "csv" {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="zkplay-results.csv"`)
		cw := csv.NewWriter(w)
		cw.Write(csvColumns)
		for _, row := range rows {
			cw.Write([]string{row.ID, strconv.FormatInt(row.ReceivedMs, 10), row.Backend, row.Config,
				strconv.Itoa(row.MessageBytes), row.Build, row.DeviceClass, row.Browser, row.BrowserVer, row.OS,
				strconv.Itoa(row.Cores), strconv.Itoa(row.Threads), strconv.FormatBool(row.Emulated),
				ms(row.ProveMs), ms(row.VerifyMs)})
		}
		cw.Flush()
		return
	}
	type item struct {
		store.Row
		Submission json.RawMessage `json:"submission"`
	}
	items := make([]item, len(rows))
	for i, row := range rows {
		items[i] = item{row, json.RawMessage(row.SubmissionRaw)}
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": items})
}

func ms(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}
