package keccak

import (
	"math/bits"
	"testing"
)

// A plain Keccak-f[1600] for the tests: golang.org/x/crypto keeps its own
// permutation private, and the forgeries below need the digest of blocks that
// no honest padding produces (e.g. without the final 0x80).

// roundConstants and rotations are permute.go's (TestNativeKeccakF checks them against x/crypto).

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
