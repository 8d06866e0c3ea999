package prover

// Groth16 proving in parts, so that a second Go wasm instance (Go's js/wasm port runs on one
// thread) can take half of the work. The browser's schedule (backends/gnark/worker.ts):
//
//	this instance                          second instance (holds only the proving key)
//	Begin: solve                           ·
//	ToCoefficients(C) ──── C ────────────▶ CosetOf(B), FromCoefficients(C)
//	ContinueA: A to the coset              ·
//	Quotient(B, C on the coset) ◀─ B, C ── WireMSMs (its wires came with B)
//	ZHead: head of Σ hⱼ[Zⱼ]₁ ── tail ────▶ ZPart: the tail
//	Finish(tail, wire MSMs) ◀──────────── ·
//
// Each side does three of the six FFTs that take A, B and C to the coset, and the second
// instance computes the wire MSMs while this one computes the quotient, so neither waits for
// the other for long (measured with prover/cmd/steps, docs/benchmarks.md). Solving stays here.
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
	// B and C are the evaluations of B and C on the domain after Begin, for the cosets.
	B, C []fr.Element
	// Wires is the solution's wire values after Begin, for WireMSMs (with NbPublic public
	// wires); SetWireParts drops it.
	Wires    []fr.Element
	NbPublic int
	a        []fr.Element // after Begin; on the coset after ContinueA; nil after Quotient
	aOnCoset bool
	h        []fr.Element // between Quotient and ZHead
	r, s     fr.Element
	pk       *groth16bn254.ProvingKey
	wires    *WireParts   // after SetWireParts
	zHead    *curve.G1Jac // the head of Σ hⱼ[Zⱼ]₁, after ZHead
	// ZTail and TailFrom are the tail of h and its first index, after Quotient, for ZPart.
	ZTail    []fr.Element
	TailFrom int
	// Steps times each step this instance ran, for measurement (cmd/steps).
	Steps []Step
}

// WireParts are the proof's multi-scalar multiplications over the wires: Σ wᵢ[Aᵢ]₁, Σ wᵢ[Bᵢ]₁,
// Σ wᵢ[Bᵢ]₂ and Σ_private wᵢ[Kᵢ]₁. They need the wires and the proving key only, so a second
// instance can compute them.
type WireParts struct {
	A, B1, K curve.G1Jac
	B2       curve.G2Jac
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
		return nil, 0, 0, err
	}
	return proof, st.WitnessDur, time.Since(t) - st.WitnessDur, nil
}

// Begin solves the circuit for msg: after it, st.B and st.C can go to the cosets and st.Wires to
// WireMSMs, here or on a second instance.
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
	st = &Started{WitnessDur: time.Since(t), pk: pk}
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
	st.Wires, st.NbPublic = solution.W, r1cs.GetNbPublicVariables()
	st.lap("solve", &t)
	return st, nil
}

// Cosets takes evaluations on the domain to evaluations on the coset g·⟨ω⟩ (in place), as
// gnark's prover does: back to coefficients, then forward on the coset.
func (p *Prover) Cosets(vs ...[]fr.Element) error {
	if err := p.ToCoefficients(vs...); err != nil {
		return err
	}
	return p.FromCoefficients(vs...)
}

// ToCoefficients is the first half of Cosets (an inverse FFT, in place): this instance runs it
// for C and the second instance the other half, FromCoefficients.
func (p *Prover) ToCoefficients(vs ...[]fr.Element) error {
	return p.onDomain(vs, func(d *fft.Domain, v []fr.Element) { d.FFTInverse(v, fft.DIF) })
}

// FromCoefficients is the second half of Cosets (an FFT on the coset, in place), on what
// ToCoefficients left.
func (p *Prover) FromCoefficients(vs ...[]fr.Element) error {
	return p.onDomain(vs, func(d *fft.Domain, v []fr.Element) { d.FFT(v, fft.DIT, fft.OnCoset()) })
}

// CToCoefficients takes st's C to its coefficients and hands them over (st keeps none): the
// first instance's half of C's coset, for a second instance's FromCoefficients. Refused twice.
func (p *Prover) CToCoefficients(st *Started) (c []fr.Element, err error) {
	err = p.step(st.C != nil, "C taken to coefficients twice or before begin", func(_ *groth16bn254.ProvingKey, _ *time.Time) error {
		if err := p.ToCoefficients(st.C); err != nil {
			return err
		}
		c, st.C = st.C, nil
		return nil
	})
	return c, err
}

// onDomain runs f on each of vs once each has been checked to be as long as the domain.
func (p *Prover) onDomain(vs [][]fr.Element, f func(d *fft.Domain, v []fr.Element)) (err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if p.pk == nil {
		return errorf(CodeInternal, "FFTs asked before a proving key was loaded")
	}
	domain := &p.pk.(*groth16bn254.ProvingKey).Domain
	for _, v := range vs {
		if len(v) != int(domain.Cardinality) {
			return errorf(CodeInvalidInput, "%d evaluations, the domain has %d", len(v), domain.Cardinality)
		}
	}
	for _, v := range vs {
		f(domain, v)
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

// Continue is ContinueA and the wire MSMs on this instance.
func (p *Prover) Continue(st *Started) error {
	if err := p.ContinueA(st); err != nil {
		return err
	}
	if st.wires != nil {
		return errorf(CodeInternal, "continue called after the wire MSMs were set")
	}
	t := time.Now()
	w, err := p.WireMSMs(st.Wires, st.NbPublic)
	if err != nil {
		return err
	}
	st.lap("msm A, B (G1, G2), K", &t)
	return st.SetWireParts(w)
}

// ContinueA takes A to the coset and draws the blinding scalars r and s.
func (p *Prover) ContinueA(st *Started) error {
	return p.step(st.a != nil && !st.aOnCoset, "continue called twice or before begin", func(pk *groth16bn254.ProvingKey, t *time.Time) error {
		if err := p.Cosets(st.a); err != nil {
			return err
		}
		st.aOnCoset = true
		st.lap("A to the coset (FFTs)", t)
		if _, err := st.r.SetRandom(); err != nil {
			return errorf(CodeInternal, "randomness: %v", err)
		}
		if _, err := st.s.SetRandom(); err != nil {
			return errorf(CodeInternal, "randomness: %v", err)
		}
		return nil
	})
}

// WireMSMs computes a proof's wire MSMs from its wires (Started.Wires, with nbPublic public
// ones); a second instance holding the proving key runs it while the first computes the quotient.
func (p *Prover) WireMSMs(wires []fr.Element, nbPublic int) (w WireParts, err error) {
	err = p.step(p.pk != nil, "wire MSMs asked before a proving key was loaded", func(pk *groth16bn254.ProvingKey, _ *time.Time) (err error) {
		if n := len(pk.InfinityA); len(wires) != n || nbPublic < 0 || nbPublic > n {
			return errorf(CodeInvalidInput, "%d wires with %d public, the key has %d", len(wires), nbPublic, n)
		}
		if w.A, err = wireMSMG1(pk.G1.A, skipInfinity(wires, pk.InfinityA, pk.NbInfinityA)); err != nil {
			return errorf(CodeInternal, "msm A: %v", err)
		}
		wiresB := skipInfinity(wires, pk.InfinityB, pk.NbInfinityB)
		if w.B1, err = wireMSMG1(pk.G1.B, wiresB); err != nil {
			return errorf(CodeInternal, "msm B1: %v", err)
		}
		if w.B2, err = wireMSMG2(pk.G2.B, wiresB); err != nil {
			return errorf(CodeInternal, "msm B2: %v", err)
		}
		if w.K, err = wireMSMG1(pk.G1.K, wires[nbPublic:]); err != nil {
			return errorf(CodeInternal, "msm K: %v", err)
		}
		return nil
	})
	return w, err
}

// SetWireParts gives st the wire MSMs (WireMSMs, here or on a second instance); st.Wires is
// dropped.
func (st *Started) SetWireParts(w WireParts) error {
	if st.wires != nil {
		return errorf(CodeInternal, "wire MSMs given twice")
	}
	st.wires, st.Wires = &w, nil
	return nil
}

// Quotient computes h from A (taken to the coset by ContinueA) and B and C on the coset, and
// sets ZTail and TailFrom for a second instance's ZPart.
func (p *Prover) Quotient(st *Started, b, c []fr.Element) (err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if st.a == nil || !st.aOnCoset {
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

// ZHead computes the head of the quotient's MSM.
func (p *Prover) ZHead(st *Started) error {
	return p.step(st.h != nil, "zHead called before quotient or twice", func(pk *groth16bn254.ProvingKey, t *time.Time) error {
		var zHead curve.G1Jac
		if _, err := zHead.MultiExp(pk.G1.Z[:st.TailFrom], st.h[:st.TailFrom], ecc.MultiExpConfig{NbTasks: 1}); err != nil {
			return errorf(CodeInternal, "msm Z: %v", err)
		}
		st.zHead, st.h = &zHead, nil
		st.lap("msm Z head (G1)", t)
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

// Finish adds the blinding, the wire MSMs and the tail's Σ hⱼ[Zⱼ]₁ to the head and encodes the
// proof as Prove does. It changes nothing in st but its Steps (a test finishes one proof with
// several tails).
func (st *Started) Finish(tail curve.G1Jac) ([]byte, error) {
	if st.zHead == nil || st.wires == nil {
		return nil, errorf(CodeInternal, "finish called before zHead or before the wire MSMs were set")
	}
	t := time.Now()
	pk, r, s := st.pk, st.r, st.s
	var rs fr.Element
	rs.Mul(&r, &s).Neg(&rs)
	deltas := curve.BatchScalarMultiplicationG1(&pk.G1.Delta, []fr.Element{r, s, rs})
	ar, bs1, bs, krs := st.wires.A, st.wires.B1, st.wires.B2, st.wires.K
	ar.AddMixed(&pk.G1.Alpha).AddMixed(&deltas[0])
	bs1.AddMixed(&pk.G1.Beta).AddMixed(&deltas[1])
	var deltaS curve.G2Jac
	deltaS.FromAffine(&pk.G2.Delta)
	deltaS.ScalarMultiplication(&deltaS, s.BigInt(new(big.Int)))
	bs.AddAssign(&deltaS).AddMixed(&pk.G2.Beta)
	krs.AddAssign(st.zHead).AddAssign(&tail).AddMixed(&deltas[2])
	var p1 curve.G1Jac
	krs.AddAssign(p1.ScalarMultiplication(&ar, s.BigInt(new(big.Int))))
	krs.AddAssign(p1.ScalarMultiplication(&bs1, r.BigInt(new(big.Int))))
	var pr groth16bn254.Proof
	pr.Ar.FromJacobian(&ar)
	pr.Bs.FromJacobian(&bs)
	pr.Krs.FromJacobian(&krs)
	st.lap("blinding and combine", &t)
	proof, err := encodeProof(&pr)
	if err != nil {
		return nil, errorf(CodeInternal, "%v", err)
	}
	return proof, nil
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
