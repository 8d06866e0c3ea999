package service

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"sync"
	"time"
)

// RateLimiter allows each client `burst` submissions at once and `perMinute` a minute after
// that (a token bucket). A client is known only by an HMAC of its address under a key that
// lives in memory and is replaced every `rotate`, when all buckets are dropped: no address is
// stored, logged or kept past the rotation, and a key cannot be linked to the next one's.
type RateLimiter struct {
	perMinute, burst float64
	rotate           time.Duration
	now              func() time.Time

	mu      sync.Mutex
	key     []byte
	keyTime time.Time
	buckets map[[16]byte]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewRateLimiter limits to perMinute a minute with bursts of burst; perMinute <= 0 turns it off.
func NewRateLimiter(perMinute, burst int, rotate time.Duration) *RateLimiter {
	return &RateLimiter{perMinute: float64(perMinute), burst: float64(max(burst, 1)), rotate: rotate, now: time.Now}
}

// Allow takes one token from the client at addr, or returns false when it has none.
func (l *RateLimiter) Allow(addr string) bool {
	if l == nil || l.perMinute <= 0 {
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
		l.buckets = map[[16]byte]*bucket{}
	}
	mac := hmac.New(sha256.New, l.key)
	mac.Write([]byte(addr))
	var id [16]byte
	copy(id[:], mac.Sum(nil))
	b := l.buckets[id]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[id] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Minutes()*l.perMinute)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
