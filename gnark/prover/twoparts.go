package prover

// Groth16 proving in parts, so that a second Go wasm instance (Go's js/wasm port runs on one
// thread) can take half of the work: while this instance takes A's evaluations to the coset and
// computes the wire MSMs (Continue), the second takes B's and C's (Cosets); once the quotient h
// is known (Quotient), the second computes the MSM of its tail against pk.G1.Z (ZPart) while
// this one computes the head's (ZHead). Solving stays here.
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

// Started is a proof between Begin and Finish.
type Started struct {
	// WitnessDur is how long building the witness took (Begin's first step).
	WitnessDur time.Duration
	// B and C are the evaluations of B and C on the domain after Begin, for Cosets.
	B, C     []fr.Element
	a, wires []fr.Element // between Begin and Continue / Quotient
	h        []fr.Element // between Quotient and ZHead
	nbPublic int
	r, s     fr.Element
	ar, bs1  curve.G1Jac
	bs       curve.G2Jac
	krs      curve.G1Jac // Σ_private wᵢ[Kᵢ]₁, then Krs without the tail's Σ hⱼ[Zⱼ]₁
	proof    groth16bn254.Proof
	// ZTail and TailFrom are the tail of h and its first index, after Quotient, for ZPart.
	ZTail    []fr.Element
	TailFrom int
	// Steps times each step this instance ran, for measurement (cmd/steps).
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

// HeadShare is the share of the quotient's MSM that ZHead computes; the second instance
// computes the rest (ZPart) meanwhile. It is chosen so that both sides take about as long in
// js/wasm (measured with prover/cmd/steps, docs/benchmarks.md).
var HeadShare = 0.50

// Start runs every step but ZPart in this instance, as Prove does; the tail is left to ZPart.
func (p *Prover) Start(msg []byte) (*Started, error) {
	st, err := p.Begin(msg)
	if err != nil {
		return nil, err
	}
	if err := p.Cosets(st.B, st.C); err != nil {
		return nil, err
	}
	if err := p.Continue(st); err != nil {
		return nil, err
	}
	if err := p.Quotient(st, st.B, st.C); err != nil {
		return nil, err
	}
	return st, p.ZHead(st)
}

// ProveInParts is Start, ZPart and Finish on this instance: the one-instance prover of the wasm
// build, which returns what Prove returns. (Natively Prove stays: gnark's Prove runs its MSMs on
// every core, these parts on one.)
func (p *Prover) ProveInParts(msg []byte) (proof []byte, witnessDur, proveDur time.Duration, err error) {
	t := time.Now()
	st, err := p.Start(msg)
	if err != nil {
		return nil, 0, 0, err
	}
	tail, err := p.ZPart(st.ZTail, st.TailFrom)
	if err != nil {
		return nil, 0, 0, err
	}
	if proof, err = st.Finish(tail); err != nil {
		return nil, 0, 0, errorf(CodeInternal, "%v", err)
	}
	return proof, st.WitnessDur, time.Since(t) - st.WitnessDur, nil
}

// Begin solves the circuit for msg: after it, st.B and st.C can go to a second instance's Cosets.
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
	st = &Started{WitnessDur: time.Since(t)}
	st.lap("witness", &t)
	r1cs := p.ccs.(*cs.R1CS)
	sol, err := r1cs.Solve(w)
	if err != nil {
		return nil, errorf(CodeInternal, "solve: %v", err)
	}
	solution := sol.(*cs.R1CSSolution)
	n := int(pk.Domain.Cardinality)
	pad := func(v []fr.Element) []fr.Element { return append(v, make([]fr.Element, n-len(v))...) }
	st.a, st.B, st.C = pad(solution.A), pad(solution.B), pad(solution.C)
	st.wires, st.nbPublic = solution.W, r1cs.GetNbPublicVariables()
	st.lap("solve", &t)
	return st, nil
}

// Cosets takes evaluations on the domain to evaluations on the coset g·⟨ω⟩ (in place), as
// gnark's prover does: back to coefficients, then forward on the coset. A second instance,
// holding only the proving key, runs it for B and C.
func (p *Prover) Cosets(vs ...[]fr.Element) (err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if p.pk == nil {
		return errorf(CodeInternal, "cosets asked before a proving key was loaded")
	}
	domain := &p.pk.(*groth16bn254.ProvingKey).Domain
	for _, v := range vs {
		if len(v) != int(domain.Cardinality) {
			return errorf(CodeInvalidInput, "%d evaluations, the domain has %d", len(v), domain.Cardinality)
		}
	}
	for _, v := range vs {
		domain.FFTInverse(v, fft.DIF)
		domain.FFT(v, fft.DIT, fft.OnCoset())
	}
	return nil
}

// step runs one step of a proof in parts on st: refused unless ready (so a step called twice or
// out of order is an internal error, not a wrong proof), a panic inside becomes an internal
// error, and work gets the proving key and the clock its laps (st.lap) start from.
func (p *Prover) step(ready bool, misuse string, work func(pk *groth16bn254.ProvingKey, t *time.Time) error) (err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if !ready {
		return errorf(CodeInternal, "%s", misuse)
	}
	t := time.Now()
	return work(p.pk.(*groth16bn254.ProvingKey), &t)
}

// Continue takes A to the coset and computes the wire MSMs and the blinding.
func (p *Prover) Continue(st *Started) error {
	return p.step(st.a != nil, "continue called twice or before begin", func(pk *groth16bn254.ProvingKey, t *time.Time) (err error) {
		if err := p.Cosets(st.a); err != nil {
			return err
		}
		st.lap("A to the coset (FFTs)", t)
		wires := st.wires
		if _, err := st.r.SetRandom(); err != nil {
			return errorf(CodeInternal, "randomness: %v", err)
		}
		if _, err := st.s.SetRandom(); err != nil {
			return errorf(CodeInternal, "randomness: %v", err)
		}
		if st.ar, err = wireMSMG1(pk.G1.A, skipInfinity(wires, pk.InfinityA, pk.NbInfinityA)); err != nil {
			return errorf(CodeInternal, "msm A: %v", err)
		}
		st.lap("msm A (G1)", t)
		wiresB := skipInfinity(wires, pk.InfinityB, pk.NbInfinityB)
		if st.bs1, err = wireMSMG1(pk.G1.B, wiresB); err != nil {
			return errorf(CodeInternal, "msm B1: %v", err)
		}
		st.lap("msm B (G1)", t)
		if st.bs, err = wireMSMG2(pk.G2.B, wiresB); err != nil {
			return errorf(CodeInternal, "msm B2: %v", err)
		}
		st.lap("msm B (G2)", t)
		if st.krs, err = wireMSMG1(pk.G1.K, wires[st.nbPublic:]); err != nil {
			return errorf(CodeInternal, "msm K: %v", err)
		}
		st.lap("msm K (G1)", t)
		st.wires = nil
		return nil
	})
}

// Quotient computes h from A (taken to the coset by Continue) and B and C on the coset
// (Cosets), and sets ZTail and TailFrom for a second instance's ZPart.
func (p *Prover) Quotient(st *Started, b, c []fr.Element) (err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if st.a == nil || st.wires != nil {
		return errorf(CodeInternal, "quotient called before continue or twice")
	}
	domain := &p.pk.(*groth16bn254.ProvingKey).Domain
	n := int(domain.Cardinality)
	if len(b) != n || len(c) != n {
		return errorf(CodeInvalidInput, "B and C on the coset have %d and %d evaluations, the domain has %d", len(b), len(c), n)
	}
	t := time.Now()
	a := st.a
	var zInv, one fr.Element
	one.SetOne()
	zInv.Exp(domain.FrMultiplicativeGen, big.NewInt(int64(n)))
	zInv.Sub(&zInv, &one).Inverse(&zInv)
	for i := range a {
		a[i].Mul(&a[i], &b[i]).Sub(&a[i], &c[i]).Mul(&a[i], &zInv)
	}
	domain.FFTInverse(a, fft.DIF, fft.OnCoset())
	st.a, st.B, st.C = nil, nil, nil
	sizeH := n - 1 // deg h = n − 2
	st.h = a[:sizeH]
	st.TailFrom = int(float64(sizeH) * HeadShare)
	st.ZTail = st.h[st.TailFrom:]
	st.lap("quotient (FFT)", &t)
	return nil
}

// ZHead computes the head of the quotient's MSM and puts the proof together but for the tail.
func (p *Prover) ZHead(st *Started) error {
	return p.step(st.h != nil, "zHead called before quotient or twice", func(pk *groth16bn254.ProvingKey, t *time.Time) error {
		var zHead curve.G1Jac
		if _, err := zHead.MultiExp(pk.G1.Z[:st.TailFrom], st.h[:st.TailFrom], ecc.MultiExpConfig{NbTasks: 1}); err != nil {
			return errorf(CodeInternal, "msm Z: %v", err)
		}
		st.lap("msm Z head (G1)", t)
		r, s := st.r, st.s
		var rs fr.Element
		rs.Mul(&r, &s).Neg(&rs)
		deltas := curve.BatchScalarMultiplicationG1(&pk.G1.Delta, []fr.Element{r, s, rs})
		ar, bs1, bs, krs := st.ar, st.bs1, st.bs, st.krs
		ar.AddMixed(&pk.G1.Alpha).AddMixed(&deltas[0])
		bs1.AddMixed(&pk.G1.Beta).AddMixed(&deltas[1])
		var deltaS curve.G2Jac
		deltaS.FromAffine(&pk.G2.Delta)
		deltaS.ScalarMultiplication(&deltaS, s.BigInt(new(big.Int)))
		bs.AddAssign(&deltaS).AddMixed(&pk.G2.Beta)
		krs.AddAssign(&zHead).AddMixed(&deltas[2])
		var p1 curve.G1Jac
		krs.AddAssign(p1.ScalarMultiplication(&ar, s.BigInt(new(big.Int))))
		krs.AddAssign(p1.ScalarMultiplication(&bs1, r.BigInt(new(big.Int))))
		st.krs = krs
		st.proof.Ar.FromJacobian(&ar)
		st.proof.Bs.FromJacobian(&bs)
		st.h = nil
		st.lap("blinding and combine", t)
		return nil
	})
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
