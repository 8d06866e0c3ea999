package prover

// Groth16 proving in two parts, so that a second Go wasm instance (Go's js/wasm port runs on
// one thread) can take most of the largest multi-scalar multiplication: the quotient's 2^18 − 1
// full-size coefficients against pk.G1.Z. The rest (solving, the quotient's FFTs, the wire MSMs,
// whose scalars are almost all bits in this circuit) stays in the first instance.
//
// The proof is what gnark v0.16.3's groth16.Prove computes for a circuit without commitments
// (backend/groth16/bn254/prove.go), written out so that its steps can be split:
//
//	Ar  = [α]₁ + Σ wᵢ[Aᵢ]₁ + r[δ]₁
//	Bs  = [β]₂ + Σ wᵢ[Bᵢ]₂ + s[δ]₂          (and Bs₁ the same in G1)
//	Krs = Σ_private wᵢ[Kᵢ]₁ + Σ hⱼ[Zⱼ]₁ + s·Ar + r·Bs₁ − rs[δ]₁
//
// with h the coefficients of (A·B − C)/(Xⁿ − 1), computed on a coset as gnark does. The
// verifier is gnark's, unchanged: a mistake here gives a proof that does not verify, which the
// tests check.

import (
	"bytes"
	"fmt"
	"math/big"
	"time"

	"github.com/consensys/gnark-crypto/ecc"
	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr/fft"
	groth16bn254 "github.com/consensys/gnark/backend/groth16/bn254"
	cs "github.com/consensys/gnark/constraint/bn254"
	"github.com/consensys/gnark/frontend"

	"zkplay/gnark/keccak"
)

// Started is a proof after the first part: everything but Σ hⱼ[Zⱼ]₁ over the tail of
// the quotient, which ZTail (its scalars) and TailFrom (its first index) describe.
type Started struct {
	// WitnessDur is how long building the witness took (Begin's first step).
	WitnessDur time.Duration
	wires, h   []fr.Element // between Begin and Continue
	nbPublic   int
	proof      groth16bn254.Proof
	krs        curve.G1Jac // Krs without the tail's Σ hⱼ[Zⱼ]₁
	ZTail      []fr.Element
	TailFrom   int
	// Steps times each step of Begin and Continue, for measurement (cmd/steps).
	Steps []Step
}

// Step is one timed step of a proof.
type Step struct {
	Name string
	Dur  time.Duration
}

// lap appends the time since *t as step name and restarts *t.
func (st *Started) lap(name string, t *time.Time) {
	now := time.Now()
	st.Steps = append(st.Steps, Step{name, now.Sub(*t)})
	*t = now
}

// HeadShare is the share of the quotient's MSM that Continue computes; the second instance
// computes the rest (ZPart) meanwhile. It is chosen so that both sides take about as long in
// js/wasm (measured with prover/cmd/steps, docs/benchmarks.md).
var HeadShare = 0.40

// Start is Begin then Continue: every part of the proof but the tail of the quotient's MSM.
func (p *Prover) Start(msg []byte) (*Started, error) {
	st, err := p.Begin(msg)
	if err != nil {
		return nil, err
	}
	return st, p.Continue(st)
}

// Begin solves the circuit for msg and computes the quotient: after it, ZTail is known and a
// second instance can compute its MSM (ZPart) while this one runs Continue.
func (p *Prover) Begin(msg []byte) (st *Started, err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if p.ccs == nil {
		return nil, errorf(CodeInternal, "prove called before load")
	}
	if len(msg) > keccak.MaxBytes {
		return nil, &Error{Code: CodeCapacity, Err: &keccak.ErrTooLong{Len: len(msg)}}
	}
	pk := p.pk.(*groth16bn254.ProvingKey)
	if len(pk.CommitmentKeys) != 0 {
		return nil, errorf(CodeCorruptArtifact, "the proving key has commitments; this prover has none")
	}
	t := time.Now()
	a, err := keccak.Assignment(msg)
	if err != nil {
		return nil, &Error{Code: CodeInvalidInput, Err: err}
	}
	w, err := frontend.NewWitness(a, ecc.BN254.ScalarField())
	if err != nil {
		return nil, errorf(CodeInternal, "witness: %v", err)
	}
	witnessDur := time.Since(t)
	st = &Started{WitnessDur: witnessDur}
	st.lap("witness", &t)
	r1cs := p.ccs.(*cs.R1CS)
	sol, err := r1cs.Solve(w)
	if err != nil {
		return nil, errorf(CodeInternal, "solve: %v", err)
	}
	solution := sol.(*cs.R1CSSolution)
	wires := []fr.Element(solution.W)
	st.lap("solve", &t)
	h := quotient(solution.A, solution.B, solution.C, &pk.Domain)
	st.lap("quotient (FFTs)", &t)
	sizeH := int(pk.Domain.Cardinality - 1) // deg h = n − 2
	h = h[:sizeH]
	from := int(float64(sizeH) * HeadShare)
	st.wires, st.h, st.nbPublic, st.ZTail, st.TailFrom = wires, h, r1cs.GetNbPublicVariables(), h[from:], from
	return st, nil
}

// Continue computes the MSMs over the wires and the head of the quotient's, and the blinding.
func (p *Prover) Continue(st *Started) (err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	pk := p.pk.(*groth16bn254.ProvingKey)
	wires, h := st.wires, st.h
	t := time.Now()

	var r, s, rs fr.Element
	if _, err := r.SetRandom(); err != nil {
		return errorf(CodeInternal, "randomness: %v", err)
	}
	if _, err := s.SetRandom(); err != nil {
		return errorf(CodeInternal, "randomness: %v", err)
	}
	rs.Mul(&r, &s).Neg(&rs)
	deltas := curve.BatchScalarMultiplicationG1(&pk.G1.Delta, []fr.Element{r, s, rs})
	config := ecc.MultiExpConfig{NbTasks: 1}
	st.lap("blinding", &t)

	var ar, bs1, krs, zHead curve.G1Jac
	if ar, err = wireMSMG1(pk.G1.A, skipInfinity(wires, pk.InfinityA, pk.NbInfinityA)); err != nil {
		return errorf(CodeInternal, "msm A: %v", err)
	}
	ar.AddMixed(&pk.G1.Alpha).AddMixed(&deltas[0])
	st.lap("msm A (G1)", &t)
	wiresB := skipInfinity(wires, pk.InfinityB, pk.NbInfinityB)
	if bs1, err = wireMSMG1(pk.G1.B, wiresB); err != nil {
		return errorf(CodeInternal, "msm B1: %v", err)
	}
	bs1.AddMixed(&pk.G1.Beta).AddMixed(&deltas[1])
	st.lap("msm B (G1)", &t)
	var bs, deltaS curve.G2Jac
	if bs, err = wireMSMG2(pk.G2.B, wiresB); err != nil {
		return errorf(CodeInternal, "msm B2: %v", err)
	}
	deltaS.FromAffine(&pk.G2.Delta)
	deltaS.ScalarMultiplication(&deltaS, s.BigInt(new(big.Int)))
	bs.AddAssign(&deltaS).AddMixed(&pk.G2.Beta)
	st.lap("msm B (G2)", &t)

	if krs, err = wireMSMG1(pk.G1.K, wires[st.nbPublic:]); err != nil {
		return errorf(CodeInternal, "msm K: %v", err)
	}
	st.lap("msm K (G1)", &t)
	if _, err := zHead.MultiExp(pk.G1.Z[:st.TailFrom], h[:st.TailFrom], config); err != nil {
		return errorf(CodeInternal, "msm Z: %v", err)
	}
	st.lap("msm Z head (G1)", &t)
	krs.AddAssign(&zHead).AddMixed(&deltas[2])
	var p1 curve.G1Jac
	krs.AddAssign(p1.ScalarMultiplication(&ar, s.BigInt(new(big.Int))))
	krs.AddAssign(p1.ScalarMultiplication(&bs1, r.BigInt(new(big.Int))))

	st.krs = krs
	st.proof.Ar.FromJacobian(&ar)
	st.proof.Bs.FromJacobian(&bs)
	st.lap("combine", &t)
	st.wires, st.h = nil, nil
	return nil
}

// ZPart is Σ hⱼ[Zⱼ]₁ for j = from … from+len(h)−1: what a second instance, holding the same
// proving key, computes for Started.ZTail and Started.TailFrom.
func (p *Prover) ZPart(h []fr.Element, from int) (part curve.G1Jac, err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if p.pk == nil {
		return part, errorf(CodeInternal, "quotient part asked before a proving key was loaded")
	}
	pk := p.pk.(*groth16bn254.ProvingKey)
	if from < 0 || from+len(h) > len(pk.G1.Z) {
		return part, errorf(CodeInvalidInput, "quotient part %d..%d is outside the key's %d points", from, from+len(h), len(pk.G1.Z))
	}
	_, err = part.MultiExp(pk.G1.Z[from:from+len(h)], h, ecc.MultiExpConfig{NbTasks: 1})
	return part, err
}

// Finish adds the tail's Σ hⱼ[Zⱼ]₁ and encodes the proof as Prove does.
func (st *Started) Finish(tail curve.G1Jac) ([]byte, error) {
	krs := st.krs
	krs.AddAssign(&tail)
	pr := st.proof
	pr.Krs.FromJacobian(&krs)
	return encodeProof(&pr)
}

// quotient returns the coefficients of (A·B − C)/(Xⁿ − 1) from the evaluations of A, B and C on
// the domain, as gnark's prover computes them: back to coefficients, onto the coset
// g·⟨ω⟩ where Xⁿ − 1 is the constant gⁿ − 1, divided there, and back to coefficients.
func quotient(a, b, c []fr.Element, domain *fft.Domain) []fr.Element {
	n := int(domain.Cardinality)
	pad := func(v []fr.Element) []fr.Element { return append(v, make([]fr.Element, n-len(v))...) }
	a, b, c = pad(a), pad(b), pad(c)
	for _, v := range [][]fr.Element{a, b, c} {
		domain.FFTInverse(v, fft.DIF)
		domain.FFT(v, fft.DIT, fft.OnCoset())
	}
	var zInv, one fr.Element
	one.SetOne()
	zInv.Exp(domain.FrMultiplicativeGen, big.NewInt(int64(n)))
	zInv.Sub(&zInv, &one).Inverse(&zInv)
	for i := range a {
		a[i].Mul(&a[i], &b[i]).Sub(&a[i], &c[i]).Mul(&a[i], &zInv)
	}
	domain.FFTInverse(a, fft.DIF, fft.OnCoset())
	return a
}

// skipInfinity drops the wires whose key point is the point at infinity (the key stores only
// the others), as gnark's prover does.
func skipInfinity(wires []fr.Element, infinity []bool, count uint64) []fr.Element {
	out := make([]fr.Element, 0, len(wires)-int(count))
	for i, w := range wires {
		if !infinity[i] {
			out = append(out, w)
		}
	}
	return out
}

func encodeProof(pr *groth16bn254.Proof) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := pr.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("serialize proof: %w", err)
	}
	return buf.Bytes(), nil
}
