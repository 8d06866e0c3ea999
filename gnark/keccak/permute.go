package keccak

import (
	"math/big"

	"github.com/consensys/gnark/constraint/solver"
	"github.com/consensys/gnark/frontend"
)

// Keccak-f[1600] over single bits, for R1CS.
//
// gnark's std keccakf works on 64-bit lanes split into bytes and checks XOR, AND and NOT
// by lookups; in R1CS each lookup costs several constraints and leaves full-size field
// elements (the log-derivative argument's inverses) in the witness, which the prover's
// multi-exponentiations pay for. Here every state bit is its own 0/1 value: rotations and
// permutations of lanes are free (wiring), a XOR or an AND of two bits is one constraint,
// and almost every witness value is a bit.
//
// A bit is a frontend.Variable that is 0 or 1: a variable, a short linear combination of
// variables (gnark's Xor returns a·(1-2b) + b), or a constant. gnark remembers which linear
// combinations it has checked to be boolean; markBoolean tells it about those that are
// boolean by construction, so that no check is repeated.
//
// Per round, with every input a bit:
//   - theta: the parity of each column, C[x][z] = ⊕_y A[x][y][z]. The five bits sum to
//     s in 0..5; a hint gives its two high bits h1, h2, the parity is c = s - 2·h1 - 4·h2
//     (a linear combination: no constraint), and the circuit checks that all three are
//     boolean. Three booleans summing to at most 7 have one decomposition for each
//     s in 0..5, so c is the parity whatever the hint says: 3 constraints per column bit.
//     Then D[x][z] = C[x-1][z] ⊕ C[x+1][z-1] (1) and A'[x][y][z] = A ⊕ D (1 each);
//   - rho and pi move bits;
//   - chi: B0 ⊕ (¬B1 ∧ B2) is t = (1-B1)·B2 (1) and B0 ⊕ t (1);
//   - iota flips the bits of lane 0 where the round constant has ones: 1 - b, free.
//
// That is 5·64·(3+1) + 1600·3 = 6,080 constraints per round. The last round computes only
// the lanes the caller keeps.

type lane [64]frontend.Variable

// state is the 5x5 lanes, lane (x, y) at index x + 5y; bit z of a lane is the bit of weight
// 2^z in its little-endian 64-bit word.
type state [25]lane

// roundConstants are iota's constants, round by round.
var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// rotations[x+5y] is rho's left rotation of lane (x, y).
var rotations = [25]int{0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14}

func init() {
	solver.RegisterHint(parityHint)
}

// parityHint gives the two high bits of a sum s of at most seven bits: out = (s>>1&1, s>>2&1).
// The circuit derives the parity from them and checks all three are bits.
func parityHint(_ *big.Int, in, out []*big.Int) error {
	s := in[0].Uint64()
	for i := range out {
		out[i].SetUint64(s >> (i + 1) & 1)
	}
	return nil
}

// bitOps is what the permutation needs from the builder.
type bitOps struct {
	api frontend.API
	// mark is the builder's MarkBoolean, or nil where the API has none (the test engine,
	// which checks values instead of counting constraints).
	mark func(frontend.Variable)
}

func newBits(api frontend.API) bitOps {
	b := bitOps{api: api}
	if m, ok := api.(interface{ MarkBoolean(frontend.Variable) }); ok {
		b.mark = m.MarkBoolean
	}
	return b
}

// boolean records that v is 0 or 1 by construction (no constraint).
func (b bitOps) boolean(v frontend.Variable) frontend.Variable {
	if b.mark != nil {
		b.mark(v)
	}
	return v
}

// not is 1 - v, free.
func (b bitOps) not(v frontend.Variable) frontend.Variable {
	return b.boolean(b.api.Sub(1, v))
}

// parity of five bits: 3 constraints (none when all five are constants).
func (b bitOps) parity(v [5]frontend.Variable) frontend.Variable {
	api := b.api
	s := api.Add(v[0], v[1], v[2], v[3], v[4])
	if c, ok := api.Compiler().ConstantValue(s); ok {
		return c.Uint64() & 1
	}
	h, err := api.Compiler().NewHint(parityHint, 2, s)
	if err != nil {
		panic(err)
	}
	api.AssertIsBoolean(h[0])
	api.AssertIsBoolean(h[1])
	c := api.Sub(s, api.Mul(h[0], 2), api.Mul(h[1], 4))
	api.AssertIsBoolean(c)
	return c
}

// permute applies the 24 rounds to a, every bit of which must be 0 or 1 (constants
// included). keep lists the lanes the caller reads of the result; the others come back nil.
func permute(api frontend.API, a state, keep []int) state {
	b := newBits(api)
	for r := range 24 {
		want := allLanes
		if r == 23 {
			want = keep
		}
		a = b.round(a, roundConstants[r], want)
	}
	return a
}

var allLanes = func() []int {
	l := make([]int, 25)
	for i := range l {
		l[i] = i
	}
	return l
}()

// round computes the lanes `want` of one round's output.
func (b bitOps) round(a state, rc uint64, want []int) state {
	api := b.api
	// theta
	var c [5]lane
	for x := range 5 {
		for z := range 64 {
			c[x][z] = b.parity([5]frontend.Variable{a[x][z], a[x+5][z], a[x+10][z], a[x+15][z], a[x+20][z]})
		}
	}
	var d [5]lane
	for x := range 5 {
		for z := range 64 {
			d[x][z] = api.Xor(c[(x+4)%5][z], c[(x+1)%5][(z+63)%64])
		}
	}
	// rho and pi: lane (x, y) of A' goes, rotated, to lane (y, 2x+3y) of B. Only the A'
	// lanes that reach a wanted chi input are computed.
	needB := make(map[int]bool)
	for _, i := range want {
		x, y := i%5, i/5
		for k := range 3 {
			needB[(x+k)%5+5*y] = true
		}
	}
	var bl state
	for x := range 5 {
		for y := range 5 {
			to := y + 5*((2*x+3*y)%5)
			if !needB[to] {
				continue
			}
			r := rotations[x+5*y]
			for z := range 64 {
				bl[to][(z+r)%64] = api.Xor(a[x+5*y][z], d[x][z])
			}
		}
	}
	// chi and iota
	var out state
	for _, i := range want {
		x, y := i%5, i/5
		for z := range 64 {
			t := b.boolean(api.Mul(b.not(bl[(x+1)%5+5*y][z]), bl[(x+2)%5+5*y][z]))
			o := api.Xor(bl[i][z], t)
			if i == 0 && rc>>z&1 == 1 {
				o = b.not(o)
			}
			out[i][z] = o
		}
	}
	return out
}
