package service

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// RateLimiter allows each client `burst` submissions at once and `perMinute` a minute after
// that (a token bucket per client: golang.org/x/time/rate's Limiter, told the time by `now`).
// What it adds is the keying: a client is known only by an HMAC of its address under a key
// that lives in memory and is replaced every `rotate`, when all buckets are dropped: no address
// is stored, logged or kept past the rotation, and a key cannot be linked to the next one's.
type RateLimiter struct {
	limit  rate.Limit
	burst  int
	rotate time.Duration
	now    func() time.Time

	mu      sync.Mutex
	key     []byte
	keyTime time.Time
	buckets map[[16]byte]*rate.Limiter
}

// NewRateLimiter limits to perMinute a minute with bursts of burst; perMinute <= 0 turns it off.
func NewRateLimiter(perMinute, burst int, rotate time.Duration) *RateLimiter {
	return &RateLimiter{limit: rate.Limit(float64(perMinute) / 60), burst: max(burst, 1), rotate: rotate, now: time.Now}
}

// Allow takes one token from the client at addr, or returns false when it has none.
func (l *RateLimiter) Allow(addr string) bool {
	if l == nil || l.limit <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.key == nil || now.Sub(l.keyTime) >= l.rotate {
		l.key = make([]byte, 32)
		if _, err := rand.Read(l.key); err != nil {
			panic(err) // crypto/rand does not fail on Linux
		}
		l.keyTime = now
		l.buckets = map[[16]byte]*rate.Limiter{}
	}
	mac := hmac.New(sha256.New, l.key)
	mac.Write([]byte(addr))
	var id [16]byte
	copy(id[:], mac.Sum(nil))
	b := l.buckets[id]
	if b == nil {
		b = rate.NewLimiter(l.limit, l.burst) // full: burst tokens
		l.buckets[id] = b
	}
	return b.AllowN(now, 1)
}
