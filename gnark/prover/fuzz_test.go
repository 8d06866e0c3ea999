package prover

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"zkplay/gnark/keccak"
)

// The verifier against garbage: whatever bytes and public inputs it is given,
// it must answer (ok=false or a coded error), never panic, never hang and
// never say true for anything but the honest statement.

var fuzzSeed uint32 = 0x5eed_6a4b // printed by the test, so a failure can be replayed

var (
	honestOnce  sync.Once
	honestProof []byte
	honestMsg   = []byte("zkplay verifier fuzzing")
)

func honest(t *testing.T) (*Prover, []byte) {
	t.Helper()
	p, _ := loadProver(t)
	honestOnce.Do(func() {
		proof, _, _, err := p.Prove(honestMsg)
		if err != nil {
			t.Fatalf("prove: %v", err)
		}
		honestProof = proof
	})
	return p, honestProof
}

// verdict runs one verification and fails the test on a panic, a recovered
// panic, an uncoded error, or ok=true for anything but the honest statement.
func verdict(t testing.TB, p *Prover, proof []byte, digest [keccak.DigestBytes]byte, length int, honestProof []byte, what string) {
	t.Helper()
	isHonest := bytes.Equal(proof, honestProof) && digest == keccak.Sum(honestMsg) && length == len(honestMsg)
	ok, err := func() (ok bool, err error) {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s: verifier panicked: %v", what, r)
			}
		}()
		return p.Verify(proof, digest, length)
	}()
	switch {
	case err != nil && strings.Contains(err.Error(), "recovered panic"):
		t.Fatalf("%s: the verifier panicked inside gnark (recovered): %v", what, err)
	case err != nil && CodeOf(err) != CodeCorruptProof && CodeOf(err) != CodeInvalidInput:
		t.Fatalf("%s: error without a user-facing code (%q): %v", what, CodeOf(err), err)
	case ok && !isHonest:
		t.Fatalf("%s: VERIFIED a statement that was not proven", what)
	case !ok && isHonest:
		t.Fatalf("%s: the honest proof did not verify (err=%v)", what, err)
	}
}

// mutate returns a damaged copy of proof: the kinds an attacker or a broken
// transport produces. Kind is chosen by the caller's rng.
func mutate(rng *rand.Rand, proof []byte) ([]byte, string) {
	c := append([]byte(nil), proof...)
	switch k := rng.IntN(7); k {
	case 0: // random bytes of a random length, sometimes exactly a proof's length
		n := rng.IntN(2 * len(proof))
		if rng.IntN(2) == 0 {
			n = len(proof)
		}
		r := make([]byte, n)
		for i := range r {
			r[i] = byte(rng.UintN(256))
		}
		return r, "random bytes"
	case 1: // truncation
		return c[:rng.IntN(len(c))], "truncated"
	case 2: // extension
		ext := make([]byte, 1+rng.IntN(64))
		for i := range ext {
			ext[i] = byte(rng.UintN(256))
		}
		return append(c, ext...), "extended"
	case 3, 4: // one to three bit flips
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(c))
			c[i] ^= 1 << rng.UintN(8)
		}
		return c, "bit flips"
	case 5: // a byte replaced
		c[rng.IntN(len(c))] = byte(rng.UintN(256))
		return c, "byte replaced"
	default: // the commitment count field (bytes 128..131) rewritten
		binaryCount := rng.Uint32()
		copy(c[128:132], []byte{byte(binaryCount >> 24), byte(binaryCount >> 16), byte(binaryCount >> 8), byte(binaryCount)})
		return c, "commitment count"
	}
}

// TestVerifierRandomInputs: 10,000 seeded inputs against the native verifier.
func TestVerifierRandomInputs(t *testing.T) {
	p, proof := honest(t)
	rng := rand.New(rand.NewChaCha8([32]byte{0: byte(fuzzSeed), 1: byte(fuzzSeed >> 8), 2: byte(fuzzSeed >> 16), 3: byte(fuzzSeed >> 24)}))
	digest, length := keccak.Sum(honestMsg), len(honestMsg)
	badLengths := []int{-1, math.MinInt, keccak.MaxBytes + 1, 1 << 32, 1<<32 + length, math.MaxInt, length + 1, length - 1}
	start := time.Now()
	const n = 10_000
	counts := map[string]int{}
	for i := range n {
		d, l, pr, what := digest, length, proof, ""
		switch rng.IntN(10) {
		case 0: // honest proof, a public length out of range or off by one
			l = badLengths[rng.IntN(len(badLengths))]
			what = "length"
		case 1: // honest proof, another digest
			d[rng.IntN(len(d))] ^= byte(1 + rng.UintN(255))
			what = "digest"
		default:
			pr, what = mutate(rng, proof)
		}
		counts[what]++
		verdict(t, p, pr, d, l, proof, fmt.Sprintf("case %d (%s, seed %#x)", i, what, fuzzSeed))
	}
	verdict(t, p, proof, digest, length, proof, "the honest statement")
	t.Logf("%d inputs (seed %#x) in %v: %v", n, fuzzSeed, time.Since(start).Round(time.Millisecond), counts)
}

// FuzzVerify is the same property for Go's coverage-guided fuzzer
// (`go test -run '^$' -fuzz FuzzVerify ./prover`); `go test` runs its seeds.
func FuzzVerify(f *testing.F) {
	f.Add([]byte{}, 0)
	f.Add(make([]byte, 196), 23)
	f.Add(bytes.Repeat([]byte{0xff}, 196), 135)
	f.Add(bytes.Repeat([]byte{0xff}, 196), -1)
	f.Fuzz(func(t *testing.T, proof []byte, length int) {
		p, hp := honest(t)
		verdict(t, p, proof, keccak.Sum(honestMsg), length, hp, "fuzz input")
	})
}

func TestLengthFromJS(t *testing.T) {
	for _, x := range []float64{0, 1, 135} {
		if got, err := LengthFromJS(x); err != nil || got != int(x) {
			t.Errorf("%v: got %d, %v", x, got, err)
		}
	}
	for _, x := range []float64{-1, 136, 5.5, 4294967301, 8589934597, math.NaN(), math.Inf(1), math.Inf(-1), 1 << 53, 1e300, -0.5} {
		if _, err := LengthFromJS(x); CodeOf(err) != CodeInvalidInput || !strings.HasPrefix(err.Error(), "invalid input: ") {
			t.Errorf("%v: err=%v, want invalid-input", x, err)
		}
	}
}
