// Command bb-crs writes the stand-in CRS of tools/noir-bench (bb.js on zkplay's statement): n
// BN254 G1 points for barretenberg's srsInitSrs, 64 bytes each (x ‖ y, big-endian), in
// bn254_g1.dat, and the G2 point in bn254_g2.dat.
//
//	go run ./cmd/bb-crs N DIR
//
// barretenberg accepts a CRS only if its first two G1 points and its G2 point are those of Aztec's
// Ignition ceremony (G, τ·G and [τ]₂: public values its srs code pins); the ceremony's file is
// only on Aztec's servers, which this machine cannot reach. The stand-in keeps those three and
// fills the rest with powers of a random local secret (points with no small linear relations, as
// a real CRS: barretenberg's batch-affine MSM refuses to double, so sums in its buckets must not
// meet other points). A prover's work does not depend on which points it commits with, so timings
// hold, but a proof made with this CRS does not verify.
package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
)

const (
	// τ·G of the Ignition ceremony, x ‖ y big-endian.
	ignitionTauG1 = "2d360628289ff943ff6bd1a87bbe4e62abe7fb61ba83effd266f22bdcf31e6f9" +
		"26b92a79e563c3f48252cce7feeca2f0f8d33dcb4ef7b0643bf07bd405700aaa"
	// [τ]₂ of the Ignition ceremony as barretenberg serializes it (its bn254_g2.dat).
	ignitionTauG2 = "0118c4d5b837bcc2bc89b5b398b5974e9f5944073b32078b7e231fec938883b0" +
		"260e01b251f6f1c7e7ff4e580791dee8ea51d87a358e038b4efe30fac09383c1" +
		"22febda3c0c0632a56475b4214e5615e11e6dd3f96e6cea2854a87d4dacc5e55" +
		"04fc6369f7110fe3d25156c1bb9a72859cf2a04641f99ba4ee413c80da6a5fe4"
)

func main() {
	if len(os.Args) != 3 {
		fail(fmt.Errorf("usage: bb-crs N DIR"))
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil || n < 2 {
		fail(fmt.Errorf("the point count must be a whole number of at least 2, got %q", os.Args[1]))
	}
	dir := os.Args[2]
	var secret fr.Element
	if _, err := secret.SetRandom(); err != nil {
		fail(err)
	}
	powers := make([]fr.Element, n)
	powers[0].SetOne()
	for i := 1; i < n; i++ {
		powers[i].Mul(&powers[i-1], &secret)
	}
	_, _, g1, _ := curve.Generators()
	points := curve.BatchScalarMultiplicationG1(&g1, powers)
	g1Bytes := make([]byte, 0, 64*n)
	for i := range points {
		x, y := points[i].X.Bytes(), points[i].Y.Bytes()
		g1Bytes = append(append(g1Bytes, x[:]...), y[:]...)
	}
	// Point 0 is G already (secret⁰); point 1 is the ceremony's.
	copy(g1Bytes[64:128], mustHex(ignitionTauG1))
	if err := os.WriteFile(filepath.Join(dir, "bn254_g1.dat"), g1Bytes, 0o644); err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bn254_g2.dat"), mustHex(ignitionTauG2), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("bb-crs: %d points in %s (a stand-in: proofs made with it do not verify)\n", n, dir)
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bb-crs:", err)
	os.Exit(1)
}
