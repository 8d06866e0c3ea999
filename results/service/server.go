// Package service is the HTTP API of the results service: POST /api/results takes one shared
// run, GET /api/results reads them (JSON or CSV, filtered), DELETE /api/results/{id} removes
// one with the admin token, GET /api/health says which database it runs on. Every refusal is a
// JSON {code, message} from refusals.go, and stores nothing.
package service

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"

	"zkplay/results/store"
)

// Config is what a deployment sets (main.go's flags).
type Config struct {
	Store      *store.Store
	Schemas    *Schemas
	Catalogue  Catalogue
	Origins    []string // browser origins that may submit and read, e.g. http://127.0.0.1:5173
	AdminToken string   // empty: deleting is off
	MaxBytes   int64
	Limiter    *RateLimiter // submissions per client
	ReadLimit  *RateLimiter // reads (listing pages, aggregates) per client
	// How long the aggregates are served before the database computes them again (default 30 s).
	AggregateTTL time.Duration
	Now          func() time.Time
}

// Server serves the API.
type Server struct {
	Config
	schemas   *Schemas
	catalogue Catalogue
	aggs      *aggregateCache
}

// New makes the API handler.
func New(c Config) *Server {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.MaxBytes == 0 {
		c.MaxBytes = 64 << 10
	}
	if c.AggregateTTL == 0 {
		c.AggregateTTL = 30 * time.Second
	}
	return &Server{Config: c, schemas: c.Schemas, catalogue: c.Catalogue, aggs: &aggregateCache{ttl: c.AggregateTTL}}
}

// routes is each path's methods; a path of /api/results/{id} is "/api/results/".
var routes = map[string][]string{
	"/api/results":    {http.MethodGet, http.MethodHead, http.MethodPost},
	"/api/results/":   {http.MethodDelete},
	"/api/aggregates": {http.MethodGet, http.MethodHead},
	"/api/health":     {http.MethodGet, http.MethodHead},
}

func routeOf(path string) (string, bool) {
	if _, ok := routes[path]; ok {
		return path, true
	}
	if id, ok := strings.CutPrefix(path, "/api/results/"); ok && id != "" && !strings.Contains(id, "/") {
		return "/api/results/", true
	}
	return "", false
}

func takes(route, method string) bool {
	for _, m := range routes[route] {
		if m == method {
			return true
		}
	}
	return false
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Every answer is JSON or CSV: no browser may sniff one into HTML or script.
	w.Header().Set("X-Content-Type-Options", "nosniff")
	origin := r.Header.Get("Origin")
	allowed := origin == "" || s.originAllowed(origin)
	if origin != "" && allowed {
		w.Header().Set("Access-Control-Allow-Origin", origin)
	}
	if origin != "" {
		w.Header().Add("Vary", "Origin") // the answer depends on it, for any cache in between
	}
	route, ok := routeOf(r.URL.Path)
	if !ok {
		writeRefusal(w, errNoRoute)
		return
	}
	if r.Method == http.MethodOptions {
		s.preflight(w, r, route, allowed)
		return
	}
	if !takes(route, r.Method) {
		writeRefusal(w, errMethod)
		return
	}
	switch route {
	case "/api/health":
		s.health(w, r)
	case "/api/aggregates", "/api/results":
		if r.Method == http.MethodPost {
			if !allowed { // a browser page of another site: refused before reading the body
				writeRefusal(w, errOrigin)
				return
			}
			s.submit(w, r)
			return
		}
		if !s.ReadLimit.Allow(clientAddr(r)) {
			w.Header().Set("Retry-After", "60")
			writeRefusal(w, errReadLimited)
			return
		}
		if route == "/api/aggregates" {
			s.aggregates(w, r)
		} else {
			s.list(w, r)
		}
	case "/api/results/":
		s.remove(w, r, strings.TrimPrefix(r.URL.Path, "/api/results/"))
	}
}

// preflight answers a CORS preflight: an OPTIONS with an Origin and Access-Control-Request-Method
// naming a method the path takes. Any other OPTIONS is a method the API does not take.
func (s *Server) preflight(w http.ResponseWriter, r *http.Request, route string, allowed bool) {
	method := r.Header.Get("Access-Control-Request-Method")
	if r.Header.Get("Origin") == "" || method == "" || !takes(route, method) {
		writeRefusal(w, errMethod)
		return
	}
	if !allowed {
		writeRefusal(w, errOrigin)
		return
	}
	w.Header().Set("Access-Control-Allow-Methods", strings.Join(routes[route], ", "))
	w.Header().Set("Access-Control-Allow-Headers", "Content-Type, Authorization")
	w.Header().Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) originAllowed(origin string) bool {
	for _, o := range s.Origins {
		if o == origin || o == "*" {
			return true
		}
	}
	return false
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	builds := map[string][]string{}
	for id, bs := range s.catalogue {
		for b := range bs {
			builds[id] = append(builds[id], b)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "database": s.Store.Dialect(), "builds": builds})
}

func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeRefusal(w, errContentType)
		return
	}
	if !s.Limiter.Allow(clientAddr(r)) {
		w.Header().Set("Retry-After", "60")
		writeRefusal(w, errRateLimited)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.MaxBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeRefusal(w, tooLarge(s.MaxBytes))
		} else {
			writeRefusal(w, errNotJSON)
		}
		return
	}
	row, refusal := s.check(body)
	if refusal != nil {
		writeRefusal(w, refusal)
		return
	}
	row.ReceivedMs = s.Now().UnixMilli()
	if err := s.Store.Insert(r.Context(), row); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			writeRefusal(w, errDuplicate)
			return
		}
		log.Printf("insert: %v", err)
		writeRefusal(w, errInternal)
		return
	}
	s.aggs.invalidate()
	// 201 is sent only after the commit: an acknowledged submission is on disk.
	writeJSON(w, http.StatusCreated, map[string]any{"id": row.ID, "proveMs": row.ProveMs, "verifyMs": row.VerifyMs})
}

func (s *Server) remove(w http.ResponseWriter, r *http.Request, id string) {
	if s.AdminToken == "" {
		writeRefusal(w, errAdminOff)
		return
	}
	// RFC 6750: the scheme is "Bearer" (any case) and one space; a bare token is refused.
	scheme, given, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(given), []byte(s.AdminToken)) != 1 {
		writeRefusal(w, errAdminToken)
		return
	}
	found, err := s.Store.Delete(r.Context(), id)
	if err != nil {
		log.Printf("delete: %v", err)
		writeRefusal(w, errInternal)
		return
	}
	if !found {
		writeRefusal(w, errNotFound)
		return
	}
	s.aggs.invalidate()
	writeJSON(w, http.StatusOK, map[string]any{"deleted": id})
}

// clientAddr is the peer's IP, the rate limiter's only input (it keeps an HMAC of it, never the address).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSONKeepCache(w, status, v)
}

// writeJSONKeepCache writes v with the Cache-Control the caller set.
func writeJSONKeepCache(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeRefusal(w http.ResponseWriter, r *Refusal) {
	writeJSON(w, r.Status, r)
}

// Shutdown waits for requests in flight, then closes the database.
func Shutdown(ctx context.Context, srv *http.Server, st *store.Store) {
	srv.Shutdown(ctx)
	st.Close()
}
