package ethkzg

// The thesis's operations (seed 003: KZG10 and FK20 for Ethereum, Rust against Go) at any size
// 2^4..2^15, over gnark-crypto: KZG10 commit, open, verify and batch-verify (ecc/bls12-381/kzg),
// FK20 beside naive openings (thesis_fk20.go), the FFT over G1 and das_fft_extension
// (thesis_fft.go), and their timings (thesis_measure.go). gnark-crypto has no FFT over G1 and no
// FK20, so those are a thin layer of ours over its FFT, MSM and point operations: no curve or
// field arithmetic of our own. crates/zkplay-kzg/src/thesis/ is the same in Rust.

import (
	"crypto/sha256"
	"encoding/binary"
	"math/big"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/kzg"
)

// KZG sizes 2^4..2^12 and FFT scales 2^4..2^15, as in the Rust crate and the thesis's tables.
var (
	KZGLog = [2]int{4, 12}
	FFTLog = [2]int{4, 15}
)

// CheckSize returns n if it is a power of two within 2^lo..2^hi, else a size_* error.
func CheckSize(n int, lohi [2]int, what string) (int, error) {
	if n <= 0 || n&(n-1) != 0 {
		return 0, fail(SizeNotPowerOfTwo, "%s: %d is not a power of two", what, n)
	}
	if n < 1<<lohi[0] || n > 1<<lohi[1] {
		return 0, fail(SizeOutOfRange, "%s: %d is outside 2^%d..2^%d", what, n, lohi[0], lohi[1])
	}
	return n, nil
}

// SizeOfLog is 2^log, checked as CheckSize does.
func SizeOfLog(log int, lohi [2]int, what string) (int, error) {
	if log < 0 || log > 40 {
		return 0, fail(SizeOutOfRange, "%s: 2^%d is outside 2^%d..2^%d", what, log, lohi[0], lohi[1])
	}
	return CheckSize(1<<log, lohi, what)
}

// ThesisScalar is scalar i of a named sequence: SHA-256(tag ‖ i as 4 bytes big-endian), top two
// bits cleared (< 2^254 < r); the Rust crate derives the same numbers.
func ThesisScalar(tag string, i uint32) fr.Element {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], i)
	h := sha256.Sum256(append([]byte(tag), n[:]...))
	h[0] &= 0x3f
	var e fr.Element
	e.SetBytes(h[:])
	return e
}

// Polynomial is the timed polynomial: n coefficients ThesisScalar("zkplay-kzg10", i).
func Polynomial(n int) []fr.Element {
	p := make([]fr.Element, n)
	for i := range p {
		p[i] = ThesisScalar("zkplay-kzg10", uint32(i))
	}
	return p
}

// G1Points is the G1 FFT's input [1]G, [2]G, … [n]G (consecutive additions).
func G1Points(n int) []bls12381.G1Jac {
	g, _, _, _ := bls12381.Generators()
	out := make([]bls12381.G1Jac, n)
	p := g
	for i := range out {
		out[i] = p
		p.AddAssign(&g)
	}
	return out
}

// The SRS: 4096 powers of a fixed τ = ThesisScalar("zkplay-kzg10-tau", 0). Anyone can compute τ,
// so it is for timings and tests only (never for blobs, which use Ethereum's setup); the Rust
// side uses Ethereum's powers, and the work timed is the same.
var thesisSRS = sync.OnceValues(func() (*kzg.SRS, error) {
	tau := ThesisScalar("zkplay-kzg10-tau", 0)
	return kzg.NewSRS(4096, tau.BigInt(new(big.Int)))
})

// KZG10 commits to, opens and verifies polynomials of up to N coefficients.
type KZG10 struct {
	N  int
	pk kzg.ProvingKey
	vk kzg.VerifyingKey
}

func NewKZG10(n int) (*KZG10, error) {
	n, err := CheckSize(n, KZGLog, "KZG10 size")
	if err != nil {
		return nil, err
	}
	srs, err := thesisSRS()
	if err != nil {
		return nil, fail(Library, "the SRS: %v", err)
	}
	return &KZG10{N: n, pk: kzg.ProvingKey{G1: srs.Pk.G1[:n]}, vk: srs.Vk}, nil
}

func (k *KZG10) fits(p []fr.Element) error {
	if len(p) == 0 || len(p) > k.N {
		return fail(SizeOutOfRange, "a polynomial of %d coefficients: this key takes 1..%d", len(p), k.N)
	}
	return nil
}

func (k *KZG10) Commit(p []fr.Element) (bls12381.G1Affine, error) {
	if err := k.fits(p); err != nil {
		return bls12381.G1Affine{}, err
	}
	return kzg.Commit(p, k.pk)
}

// Open is the proof that p(z) = y, and y.
func (k *KZG10) Open(p []fr.Element, z fr.Element) (kzg.OpeningProof, error) {
	if err := k.fits(p); err != nil {
		return kzg.OpeningProof{}, err
	}
	return kzg.Open(p, z, k.pk)
}

func (k *KZG10) Verify(c bls12381.G1Affine, proof kzg.OpeningProof, z fr.Element) bool {
	return kzg.Verify(&c, &proof, z, k.vk) == nil
}

// BatchVerify checks n openings at once (gnark-crypto folds them with random powers).
func (k *KZG10) BatchVerify(cs []bls12381.G1Affine, proofs []kzg.OpeningProof, zs []fr.Element) (bool, error) {
	if len(proofs) != len(cs) || len(zs) != len(cs) {
		return false, fail(LengthMismatch, "commitments, proofs and points differ in length")
	}
	if len(cs) == 0 {
		return false, fail(SizeOutOfRange, "nothing to verify")
	}
	return kzg.BatchVerifyMultiPoints(cs, proofs, zs, k.vk) == nil, nil
}

func bigInt(v int64) *big.Int { return big.NewInt(v) }
