package service

import (
	"context"
	"log"
	"net/http"
	"strconv"
	"sync"
	"time"

	"zkplay/results/store"
)

// aggregateCache holds the last per-group aggregates the database computed. They are refreshed
// at most once per ttl, by one request at a time while the others are answered the previous
// result: a refresh reads every row, so 50 readers must not each start one. A single-machine
// stand-in for a materialised view refreshed by a job (docs/results-service.md).
type aggregateCache struct {
	ttl time.Duration

	mu         sync.Mutex
	groups     []store.Group
	at         time.Time
	dirty      bool // a run was stored or deleted here since the last refresh
	refreshing bool
	done       chan struct{} // closed when the refresh in flight ends
}

func (c *aggregateCache) get(ctx context.Context, st *store.Store, now time.Time) ([]store.Group, time.Time, error) {
	c.mu.Lock()
	if c.groups != nil && now.Sub(c.at) < c.maxAge() {
		defer c.mu.Unlock()
		return c.groups, c.at, nil
	}
	if c.refreshing {
		groups, at, done := c.groups, c.at, c.done
		c.mu.Unlock()
		if groups != nil {
			return groups, at, nil // stale by less than one refresh
		}
		select { // the first refresh: wait for it
		case <-done:
		case <-ctx.Done():
			return nil, time.Time{}, ctx.Err()
		}
		return c.get(ctx, st, now)
	}
	c.refreshing, c.done, c.dirty = true, make(chan struct{}), false
	c.mu.Unlock()
	// The refresh is not tied to this request: a client that leaves must not cancel it for the rest.
	groups, err := st.Aggregates(context.WithoutCancel(ctx))
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refreshing = false
	close(c.done)
	if err != nil {
		return nil, time.Time{}, err
	}
	c.groups, c.at = groups, now
	return groups, now, nil
}

// A run stored here makes the aggregates stale after a third of the ttl (10 s), not the whole:
// someone who just shared finds it counted soon, while a stream of writes still causes at most
// one full scan per 10 s. The ttl bounds what other instances' writes wait for.
func (c *aggregateCache) maxAge() time.Duration {
	if c.dirty {
		return c.ttl / 3
	}
	return c.ttl
}

func (c *aggregateCache) invalidate() {
	c.mu.Lock()
	c.dirty = true
	c.mu.Unlock()
}

// aggregates answers GET /api/aggregates: every group's runs and p10, median and p90 of prove
// and verify, as of at most the cache's ttl ago (asOfMs says when).
func (s *Server) aggregates(w http.ResponseWriter, r *http.Request) {
	if r.URL.RawQuery != "" {
		writeRefusal(w, badFilter("/api/aggregates takes no parameters: it answers every group"))
		return
	}
	groups, at, err := s.aggs.get(r.Context(), s.Store, s.Now())
	if err != nil {
		log.Printf("aggregates: %v", err)
		writeRefusal(w, errInternal)
		return
	}
	// Every client gets the same answer: a CDN or browser may keep it as long as the cache does.
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(int(s.aggs.ttl/time.Second)))
	writeJSONKeepCache(w, http.StatusOK, map[string]any{"groups": groups, "asOfMs": at.UnixMilli()})
}

// WarmAggregates computes the aggregates once, so that readers after a start do not wait.
func (s *Server) WarmAggregates() {
	if _, _, err := s.aggs.get(context.Background(), s.Store, s.Now()); err != nil {
		log.Printf("aggregates: %v", err)
	}
}
