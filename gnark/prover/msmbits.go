package prover

// Multi-scalar multiplications over the wires. In this circuit almost every wire is a bit
// (Keccak-f runs over single bits, gnark/keccak/permute.go), so Σ wᵢPᵢ is mostly a plain sum of
// the points whose wire is 1. gnark-crypto's MultiExp does not know that: it converts every
// scalar out of Montgomery form, cuts it into ~19 windows and runs a bucket method per window,
// which in Go's js/wasm costs several times the additions themselves (G2 above all). Here the
// ones are added directly, the minus ones (about one wire in ten) subtracted, and only the few
// other scalars (~150 of ~134,000) go to MultiExp. The sum is the same
// group element, so the proof is the one Prove computes.

import (
	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"

	"github.com/consensys/gnark-crypto/ecc"
)

// BitWireMSM chooses the sum above (true) or gnark-crypto's MultiExp for the wires: a knob for
// A/B measurement (prover/cmd/steps -bitmsm) and for the tests, which prove both ways.
var BitWireMSM = true

// jacobian is what wireMSM needs of a curve's Jacobian point type J (G1Jac, G2Jac), whose
// affine points are A: one body for both groups.
type jacobian[A, J any] interface {
	*J
	AddMixed(*A) *J
	AddAssign(*J) *J
	SubAssign(*J) *J
	MultiExp([]A, []fr.Element, ecc.MultiExpConfig) (*J, error)
}

// wireMSMG1 is Σ scalars[i]·points[i] in G1.
func wireMSMG1(points []curve.G1Affine, scalars []fr.Element) (curve.G1Jac, error) {
	var infinity curve.G1Jac
	infinity.X.SetOne()
	infinity.Y.SetOne()
	return wireMSM(points, scalars, infinity)
}

// wireMSMG2 is Σ scalars[i]·points[i] in G2.
func wireMSMG2(points []curve.G2Affine, scalars []fr.Element) (curve.G2Jac, error) {
	var infinity curve.G2Jac
	infinity.X.SetOne()
	infinity.Y.SetOne()
	return wireMSM(points, scalars, infinity)
}

// wireMSM is Σ scalars[i]·points[i], starting from infinity (the group's point at infinity in
// Jacobian form, which the zero value of J is not).
func wireMSM[A, J any, PJ jacobian[A, J]](points []A, scalars []fr.Element, infinity J) (J, error) {
	if !BitWireMSM {
		var p J
		_, err := PJ(&p).MultiExp(points, scalars, ecc.MultiExpConfig{NbTasks: 1})
		return p, err
	}
	sum, minus := infinity, infinity
	var otherP []A
	var otherS []fr.Element
	for i := range scalars {
		switch {
		case scalars[i].IsZero():
		case scalars[i].IsOne():
			PJ(&sum).AddMixed(&points[i])
		case isMinusOne(&scalars[i]):
			PJ(&minus).AddMixed(&points[i])
		default:
			otherP, otherS = append(otherP, points[i]), append(otherS, scalars[i])
		}
	}
	PJ(&sum).SubAssign(&minus)
	if len(otherS) > 0 {
		var rest J
		if _, err := PJ(&rest).MultiExp(otherP, otherS, ecc.MultiExpConfig{NbTasks: 1}); err != nil {
			return sum, err
		}
		PJ(&sum).AddAssign(&rest)
	}
	return sum, nil
}

var minusOne = func() (m fr.Element) {
	m.SetOne()
	m.Neg(&m)
	return
}()

// isMinusOne: about one wire in ten is −1 here.
func isMinusOne(x *fr.Element) bool { return x.Equal(&minusOne) }
