package keccak

// The malicious prover. Honest-witness tests (circuit_test.go) cannot find a
// soundness bug: here the attacker picks the witness AND the answers of every
// hint, and the real R1CS (the one the Groth16 keys are made from) must refuse
// every false statement. Each test names the binding it attacks and asserts
// where the forgery is stopped. Under `go test -tags debug` (what `npm test`
// runs) the solver reports the stack of the failing constraint and the tests
// check the function that raised it; without the tag they check that a
// constraint, not a hint or the witness parser, refused it.
//
// Attack classes: padding position chosen by a hint (the gnark v0.16.3
// FixedLengthSum remainder attack), end-of-message position forged through
// IsZero's hint, length out of range (past the block, negative, huge), length
// off by one, message and digest bytes out of range, range-check hints that
// lie, and a sweep that makes every hint the circuit calls lie once.

import (
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"

	cs "github.com/consensys/gnark/constraint/bn254"
	"github.com/consensys/gnark/constraint/solver"
	"github.com/consensys/gnark/debug"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/frontend/cs/r1cs"
)

type system struct {
	once sync.Once
	r1cs *cs.R1CS
	err  error
}

var ours, legacy system

// compiled returns the R1CS of circuit, compiled once per test binary.
func compiled(t *testing.T, s *system, circuit frontend.Circuit) *cs.R1CS {
	t.Helper()
	s.once.Do(func() {
		ccs, err := frontend.Compile(field, r1cs.NewBuilder, circuit)
		if err == nil {
			s.r1cs = ccs.(*cs.R1CS)
		}
		s.err = err
	})
	if s.err != nil {
		t.Fatalf("compile: %v", s.err)
	}
	return s.r1cs
}

func oursR1CS(t *testing.T) *cs.R1CS   { return compiled(t, &ours, &Keccak256Circuit{}) }
func legacyR1CS(t *testing.T) *cs.R1CS { return compiled(t, &legacy, &legacyCircuit{}) }

// hintID finds a hint the system calls by the end of its registered name.
func hintID(t *testing.T, sys *cs.R1CS, name string) solver.HintID {
	t.Helper()
	for id, n := range sys.MHintsDependencies {
		if strings.HasSuffix(n, name) {
			return id
		}
	}
	t.Fatalf("the circuit calls no hint named %q", name)
	return 0
}

// forge solves the real constraint system for an attacker's assignment and
// hint answers; nil means a Groth16 proof of that statement can be made.
func forge(t *testing.T, sys *cs.R1CS, assignment frontend.Circuit, opts ...solver.Option) error {
	t.Helper()
	w, err := frontend.NewWitness(assignment, field)
	if err != nil {
		t.Fatalf("witness: %v", err)
	}
	return sys.IsSolved(w, opts...)
}

// refused asserts that a constraint refused the forgery, raised in function
// `where` (checked when the stack is known, i.e. under -tags debug).
func refused(t *testing.T, err error, where string) {
	t.Helper()
	switch {
	case err == nil:
		t.Fatalf("FORGERY ACCEPTED: the constraint system is satisfied (expected a refusal in %s)", where)
	case !strings.Contains(err.Error(), "is not satisfied"):
		t.Fatalf("refused, but not by a constraint: %v", err)
	case debug.Debug && !strings.Contains(err.Error(), where):
		t.Fatalf("refused by the wrong constraint: want one raised in %s, got: %v", where, err)
	}
	t.Logf("refused in %s: %s", where, strings.SplitN(err.Error(), "\n", 2)[0])
}

const (
	inPadding = "keccak.padBlock"
	inDigest  = "keccak.(*Keccak256Circuit).Define"
	inParity  = "keccak.bitOps.parity"
)

// statement is an assignment for message bytes msg (the witness), with the
// public length and digest the attacker claims.
func statement(msg []byte, length any, digest [DigestBytes]byte) *Keccak256Circuit {
	a := PublicAssignment(digest, 0)
	a.Length = length
	for i, b := range msg {
		a.Message[i] = byteBits(b)
	}
	return a
}

// remainderLiar answers gnark's sha3 remainder hint with length - 136, a
// "negative" remainder that the 8-bit bounded comparator lets through for
// lengths 16..135: the block then gets no final 0x80 byte.
func remainderLiar(calls *int) solver.Hint {
	return func(mod *big.Int, in, out []*big.Int) error {
		*calls++
		out[0].Sub(in[1], big.NewInt(Rate))
		out[0].Mod(out[0], mod)
		return nil
	}
}

// TestAttackRemainderHint: the digest of a block that lacks Keccak's final
// 0x80 is not Keccak-256 of any message, yet gnark v0.16.3's FixedLengthSum
// proves it. The legacy circuit accepts the forgery (this is what the test
// saw against the old code); ours places 0x80 as a constant and refuses it at
// the digest binding, and calls no remainder hint at all.
func TestAttackRemainderHint(t *testing.T) {
	for _, n := range []int{16, 100, 135} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			msg := message(n)
			var noFinalByte [Rate]byte
			copy(noFinalByte[:], msg)
			noFinalByte[n] = 0x01
			forged := digestOfBlock(noFinalByte)
			if forged == Sum(msg) {
				t.Fatal("the forged digest equals the honest one: the test forges nothing")
			}

			var calls int
			old := legacyR1CS(t)
			lie := solver.OverrideHint(hintID(t, old, "sha3.remHint"), remainderLiar(&calls))
			if err := forge(t, old, legacyStatement(msg, n, forged), lie); err != nil {
				t.Fatalf("the legacy circuit refused the remainder attack (%v): the attack test no longer shows the hole", err)
			}
			if calls == 0 {
				t.Fatal("the remainder liar was never called")
			}

			calls = 0
			sys := oursR1CS(t)
			for _, name := range []string{"sha3.remHint"} {
				for _, n := range sys.MHintsDependencies {
					if strings.HasSuffix(n, name) {
						t.Fatalf("our circuit calls %s: the padding position must not come from a hint", n)
					}
				}
			}
			refused(t, forge(t, sys, statement(msg, n, forged)), inDigest)
		})
	}
}

// TestAttackEndPosition: claim length 5 for a 6-byte message (0x01 after
// byte 6, not 5) by making IsZero's hint say "length - 6 is zero". IsZero's
// own constraint a·m = 0 refuses it: the end position follows from Length.
func TestAttackEndPosition(t *testing.T) {
	sys := oursR1CS(t)
	msg := message(6)
	var calls int
	minusOne := new(big.Int).Sub(field, big.NewInt(1))
	claimZero := solver.OverrideHint(hintID(t, sys, "solver.InvZeroHint"), func(mod *big.Int, in, out []*big.Int) error {
		if in[0].Cmp(minusOne) == 0 { // length - 6 with length = 5
			calls++
			out[0].SetInt64(0) // then m = 1 - a·0 = 1: "this is the end"
			return nil
		}
		if in[0].Sign() == 0 {
			out[0].SetInt64(0)
		} else {
			out[0].ModInverse(in[0], mod)
		}
		return nil
	})
	refused(t, forge(t, sys, statement(msg, 5, Sum(msg)), claimZero), inPadding)
	if calls == 0 {
		t.Fatal("the IsZero liar was never called")
	}
	// And without lying hints, the off-by-one statements fail at the digest.
	refused(t, forge(t, sys, statement(msg, 5, Sum(msg))), inDigest)
	refused(t, forge(t, sys, statement(msg, 7, Sum(msg))), inDigest)
}

// TestAttackLengthOutOfRange: lengths that no one-block message has, from
// just past the block to field elements that are "negative" or huge, are
// refused by Σ isEnd = 1 in padBlock before anything else matters.
func TestAttackLengthOutOfRange(t *testing.T) {
	sys := oursR1CS(t)
	msg := message(MaxBytes)
	p := field
	huge := []*big.Int{
		big.NewInt(136), big.NewInt(200), big.NewInt(255), big.NewInt(256), big.NewInt(271),
		new(big.Int).Sub(p, big.NewInt(1)),   // -1
		new(big.Int).Sub(p, big.NewInt(136)), // -136
		new(big.Int).Lsh(big.NewInt(1), 64),
		new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 32), big.NewInt(135)),
	}
	for _, l := range huge {
		t.Run(l.String(), func(t *testing.T) {
			refused(t, forge(t, sys, statement(msg, l, Sum(msg))), inPadding)
		})
	}
}

// TestAttackByteOutOfRange: a message "byte" made of non-bits (bit 0 = 2,
// or bits that still add up to the honest byte, 2 in bit 0 for a 1 in bit 1)
// is refused by the booleanity checks in padBlock; a digest byte of 0x141 by
// the digest binding (eight output bits add up to at most 255).
func TestAttackByteOutOfRange(t *testing.T) {
	sys := oursR1CS(t)
	msg := message(10)
	a := statement(msg, 10, Sum(msg))
	a.Message[3][0] = 2
	refused(t, forge(t, sys, a), inPadding)
	msg[4] = 0x02
	b := statement(msg, 10, Sum(msg))
	b.Message[4][0], b.Message[4][1] = 2, 0
	refused(t, forge(t, sys, b), inPadding)
	d := Sum(msg)
	c := statement(msg, 10, d)
	c.Digest[0] = int(d[0]) + 256
	refused(t, forge(t, sys, c), inDigest)
}

// TestAttackBytesPastLength: a non-zero byte after the message (which the
// block would absorb as if it were message) is refused in padBlock, so a
// prover cannot claim length 5 for the digest of a 6-byte message by leaving
// its last byte in place.
func TestAttackBytesPastLength(t *testing.T) {
	sys := oursR1CS(t)
	msg := message(6)
	refused(t, forge(t, sys, statement(msg, 5, Sum(msg))), inPadding)
	refused(t, forge(t, sys, statement(append(message(5), 0, 0, 7), 5, Sum(message(5)))), inPadding)
}

// TestAttackParityHint: theta's column parities come from a hint's two high
// bits. A liar that flips a parity (choosing high "bits" that make
// s - 2·h1 - 4·h2 the wrong bit) must give a non-bit somewhere, and the
// booleanity checks in parity refuse it, on every column of every round.
func TestAttackParityHint(t *testing.T) {
	sys := oursR1CS(t)
	msg := message(40)
	id := hintID(t, sys, "keccak.parityHint")
	for _, target := range []int{0, 1, 319, 320 * 12, 320*23 + 5} {
		t.Run(fmt.Sprint(target), func(t *testing.T) {
			var calls int
			liar := solver.OverrideHint(id, func(mod *big.Int, in, out []*big.Int) error {
				s := in[0].Int64()
				out[0].SetInt64(s >> 1 & 1)
				out[1].SetInt64(s >> 2 & 1)
				if calls == target {
					// The flipped parity c = 1 - (s&1) from h2 = 0 and h1 = (s - c) / 2 in the field.
					c := 1 - s&1
					out[0].SetInt64(s - c)
					out[0].Mul(out[0], new(big.Int).ModInverse(big.NewInt(2), mod))
					out[0].Mod(out[0], mod)
					out[1].SetInt64(0)
				}
				calls++
				return nil
			})
			refused(t, forge(t, sys, statement(msg, 40, Sum(msg)), liar), inParity)
			if calls <= target {
				t.Fatalf("the parity hint was called %d times, not %d", calls, target+1)
			}
		})
	}
}

// TestAttackEveryHintLies makes each hint the circuit calls give one wrong
// answer (its first output plus one) on the first call whose answer is
// determined (IsZero's inverse is free when its input is zero: m does not
// depend on it then), for an honest statement. Every such lie must leave the
// system unsatisfied: no hint output is left for a prover to choose. (The
// circuit has no lookups, so gnark adds no commitment and no commitment hints.)
func TestAttackEveryHintLies(t *testing.T) {
	sys := oursR1CS(t)
	msg := message(40)
	if len(sys.MHintsDependencies) == 0 {
		t.Fatal("the circuit calls no hints?")
	}
	for id, name := range sys.MHintsDependencies {
		short := name[strings.LastIndex(name, "/")+1:]
		t.Run(short, func(t *testing.T) {
			honest := solver.GetRegisteredHint(id)
			if honest == nil {
				t.Fatalf("hint %s is not registered", name)
			}
			var calls, lied int
			liar := solver.OverrideHint(id, func(mod *big.Int, in, out []*big.Int) error {
				if err := honest(mod, in, out); err != nil {
					return err
				}
				calls++
				free := strings.HasSuffix(name, "InvZeroHint") && in[0].Sign() == 0
				if lied == 0 && !free {
					lied++
					out[0].Add(out[0], big.NewInt(1))
					out[0].Mod(out[0], mod)
				}
				return nil
			})
			err := forge(t, sys, statement(msg, 40, Sum(msg)), liar)
			if lied == 0 {
				t.Fatalf("%s was called %d times, never with a determined answer", name, calls)
			}
			if err == nil {
				t.Fatalf("FORGERY ACCEPTED: %s answered wrongly and the system is still satisfied", name)
			}
			if !strings.Contains(err.Error(), "is not satisfied") {
				t.Fatalf("refused, but not by a constraint: %v", err)
			}
		})
	}
}
