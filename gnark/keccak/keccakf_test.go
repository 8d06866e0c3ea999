package keccak

import (
	"math/bits"
	"testing"
)

// A plain Keccak-f[1600] for the tests: golang.org/x/crypto keeps its own
// permutation private, and the forgeries below need the digest of blocks that
// no honest padding produces (e.g. without the final 0x80).

var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// rotations[x+5y] is rho's rotation of lane (x, y).
var rotations = [25]int{0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14}

func keccakF(a *[25]uint64) {
	for _, rc := range roundConstants {
		var c [5]uint64
		for x := range 5 {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := range 5 {
			d := c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
			for y := range 5 {
				a[x+5*y] ^= d
			}
		}
		var b [25]uint64
		for x := range 5 {
			for y := range 5 {
				// pi: lane (x, y) moves to (y, 2x+3y).
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[x+5*y], rotations[x+5*y])
			}
		}
		for x := range 5 {
			for y := range 5 {
				a[x+5*y] = b[x+5*y] ^ (^b[(x+1)%5+5*y] & b[(x+2)%5+5*y])
			}
		}
		a[0] ^= rc
	}
}

// digestOfBlock is what a one-block Keccak-256 outputs after absorbing block,
// whatever padding the block carries.
func digestOfBlock(block [Rate]byte) [DigestBytes]byte {
	var st [25]uint64
	for i := range Rate / 8 {
		for j := range 8 {
			st[i] |= uint64(block[8*i+j]) << (8 * j)
		}
	}
	keccakF(&st)
	var d [DigestBytes]byte
	for i := range d {
		d[i] = byte(st[i/8] >> (8 * (i % 8)))
	}
	return d
}

// honestBlock pads msg (at most MaxBytes) the way Keccak-256 does.
func honestBlock(msg []byte) [Rate]byte {
	var b [Rate]byte
	copy(b[:], msg)
	b[len(msg)] ^= 0x01
	b[Rate-1] ^= 0x80
	return b
}

func TestNativeKeccakF(t *testing.T) {
	for _, n := range []int{0, 1, 5, 134, 135} {
		m := message(n)
		if digestOfBlock(honestBlock(m)) != Sum(m) {
			t.Fatalf("length %d: native Keccak-f disagrees with x/crypto", n)
		}
	}
}
