// Package prover loads the Keccak-256 Groth16 artifacts and proves and
// verifies messages. It is shared by the wasm build and the native tools,
// so it has no syscall/js.
package prover

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/consensys/gnark-crypto/ecc"
	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark/backend"
	"github.com/consensys/gnark/backend/groth16"
	groth16bn254 "github.com/consensys/gnark/backend/groth16/bn254"
	"github.com/consensys/gnark/backend/solidity"
	"github.com/consensys/gnark/constraint"
	"github.com/consensys/gnark/frontend"

	"zkplay/gnark/keccak"
)

// ProofEncoding: proofs are gnark's compressed encoding (Proof.WriteTo):
// Ar (G1, 32 B) | Bs (G2, 64 B) | Krs (G1, 32 B) | uint32 big-endian count n |
// n commitments (G1, 32 B each) | commitment proof of knowledge (G1, 32 B).
// Compressed points are decoded with curve and subgroup checks. This circuit
// has no commitment (no lookups), so n = 0, the proof-of-knowledge slot is
// the point at infinity, and a proof is 164 bytes.
const ProofEncoding = "gnark-groth16-bn254-compressed"

// nbPublic is Length plus the 32 digest bytes (the ONE wire excluded).
const nbPublic = 1 + keccak.DigestBytes

// LoadTimes reports how long each artifact took to deserialize.
type LoadTimes struct{ CCS, PK, VK time.Duration }

// Prover holds a loaded circuit and key pair. It is not safe for concurrent use.
type Prover struct {
	ccs constraint.ConstraintSystem
	pk  groth16.ProvingKey
	vk  groth16.VerifyingKey
}

// Load deserializes the artifacts written by Setup. The pk (dump) and vk
// (raw) formats skip all point checks: check the sha256 of each file against
// the manifest before calling Load (CheckFile, or the browser's SubtleCrypto).
func (p *Prover) Load(ccs, pk, vk io.Reader) (lt LoadTimes, err error) {
	defer recoverTo(&err, CodeCorruptArtifact, "loading artifacts")
	cs := groth16.NewCS(ecc.BN254)
	t := time.Now()
	if _, err := cs.ReadFrom(bufio.NewReaderSize(ccs, 1<<20)); err != nil {
		return lt, errorf(CodeCorruptArtifact, "constraint system is corrupt: %v", err)
	}
	lt.CCS = time.Since(t)

	pkey, d, err := readProvingKey(pk)
	if err != nil {
		return lt, err
	}
	lt.PK = d

	vkey := groth16.NewVerifyingKey(ecc.BN254)
	t = time.Now()
	if _, err := vkey.UnsafeReadFrom(vk); err != nil {
		return lt, errorf(CodeCorruptArtifact, "verifying key is corrupt: %v", err)
	}
	lt.VK = time.Since(t)

	// Cheap consistency checks, so a mixed-up file fails here and not in Prove.
	if got := cs.GetNbPublicVariables() - 1; got != nbPublic {
		return lt, errorf(CodeCorruptArtifact, "constraint system has %d public inputs, want %d", got, nbPublic)
	}
	// Same count as groth16.Verify: K also holds one point per commitment.
	bvk := vkey.(*groth16bn254.VerifyingKey)
	if got := len(bvk.G1.K) - len(bvk.PublicAndCommitmentCommitted) - 1; got != nbPublic {
		return lt, errorf(CodeCorruptArtifact, "verifying key has %d public inputs, want %d", got, nbPublic)
	}
	p.ccs, p.pk, p.vk = cs, pkey, vkey
	return lt, nil
}

// LoadProvingKey loads only the proving key (its sha256 checked by the caller, as for Load):
// what a second instance needs for ZPart.
func (p *Prover) LoadProvingKey(pk []byte) (d time.Duration, err error) {
	defer recoverTo(&err, CodeCorruptArtifact, "loading the proving key")
	pkey, d, err := readProvingKey(bytes.NewReader(pk))
	if err != nil {
		return 0, err
	}
	p.pk = pkey
	return d, nil
}

// readProvingKey reads a proving key dump (no point checks: see Load) and times it.
func readProvingKey(r io.Reader) (groth16.ProvingKey, time.Duration, error) {
	pkey := groth16.NewProvingKey(ecc.BN254)
	t := time.Now()
	if err := pkey.ReadDump(bufio.NewReaderSize(r, 1<<20)); err != nil {
		return nil, 0, errorf(CodeCorruptArtifact, "proving key is corrupt: %v", err)
	}
	return pkey, time.Since(t), nil
}

// LoadBytes is Load for in-memory artifacts (the wasm build).
func (p *Prover) LoadBytes(ccs, pk, vk []byte) (LoadTimes, error) {
	return p.Load(bytes.NewReader(ccs), bytes.NewReader(pk), bytes.NewReader(vk))
}

// Constraints returns the number of R1CS constraints (0 before Load).
func (p *Prover) Constraints() int {
	if p.ccs == nil {
		return 0
	}
	return p.ccs.GetNbConstraints()
}

// Prove proves knowledge of msg for its Keccak-256 digest. witnessDur covers
// building the witness; solving the circuit happens inside groth16.Prove and
// is counted in proveDur.
func (p *Prover) Prove(msg []byte) (proof []byte, witnessDur, proveDur time.Duration, err error) {
	defer recoverTo(&err, CodeInternal, "proving")
	if p.ccs == nil {
		return nil, 0, 0, errorf(CodeInternal, "prove called before load")
	}
	if len(msg) > keccak.MaxBytes {
		return nil, 0, 0, &Error{Code: CodeCapacity, Err: &keccak.ErrTooLong{Len: len(msg)}}
	}
	t := time.Now()
	a, err := keccak.Assignment(msg)
	if err != nil {
		return nil, 0, 0, &Error{Code: CodeInvalidInput, Err: err}
	}
	w, err := frontend.NewWitness(a, ecc.BN254.ScalarField())
	if err != nil {
		return nil, 0, 0, errorf(CodeInternal, "witness: %v", err)
	}
	witnessDur = time.Since(t)

	t = time.Now()
	pr, err := groth16.Prove(p.ccs, p.pk, w, ProverOptions()...)
	if err != nil {
		return nil, witnessDur, 0, errorf(CodeInternal, "prove: %v", err)
	}
	proveDur = time.Since(t)
	var buf bytes.Buffer
	if _, err := pr.WriteTo(&buf); err != nil {
		return nil, witnessDur, proveDur, errorf(CodeInternal, "serialize proof: %v", err)
	}
	return buf.Bytes(), witnessDur, proveDur, nil
}

// Verify checks proof against the public digest and length. A proof that
// cannot be decoded is an error (code corrupt-proof, "proof is malformed:
// ..."); a well-formed proof that does not verify gives ok=false, nil.
func (p *Prover) Verify(proof []byte, digest [keccak.DigestBytes]byte, length int) (ok bool, err error) {
	defer recoverTo(&err, CodeCorruptProof, "proof is malformed")
	if p.vk == nil {
		return false, errorf(CodeInternal, "verify called before load")
	}
	if err := CheckLength(length); err != nil {
		return false, err
	}
	pr, err := p.decodeProof(proof)
	if err != nil {
		return false, &Error{Code: CodeCorruptProof, Err: fmt.Errorf("proof is malformed: %w", err)}
	}
	pw, err := frontend.NewWitness(keccak.PublicAssignment(digest, length), ecc.BN254.ScalarField(), frontend.PublicOnly())
	if err != nil {
		return false, errorf(CodeInternal, "public witness: %v", err)
	}
	// Every remaining failure (pairing, commitment proof of knowledge) means
	// "this proof is not valid for these public inputs".
	return groth16.Verify(pr, p.vk, pw, VerifierOptions()...) == nil, nil
}

// SolidityProof re-encodes a proof the way the exported contract's
// verifyProof(bytes, uint256[33]) takes it: uncompressed A | B | C (256
// bytes; a commitment and its proof of knowledge would follow).
func (p *Prover) SolidityProof(proof []byte) ([]byte, error) {
	if p.vk == nil {
		return nil, errorf(CodeInternal, "SolidityProof called before load")
	}
	pr, err := p.decodeProof(proof)
	if err != nil {
		return nil, &Error{Code: CodeCorruptProof, Err: fmt.Errorf("proof is malformed: %w", err)}
	}
	return pr.(*groth16bn254.Proof).MarshalSolidity(), nil
}

// decodeProof checks the exact size and commitment count before decoding,
// so a corrupted count cannot make the decoder allocate gigabytes.
func (p *Prover) decodeProof(b []byte) (groth16.Proof, error) {
	const g1, g2 = curve.SizeOfG1AffineCompressed, curve.SizeOfG2AffineCompressed
	nc := len(p.vk.(*groth16bn254.VerifyingKey).CommitmentKeys)
	want := g1 + g2 + g1 + 4 + nc*g1 + g1
	if len(b) != want {
		return nil, fmt.Errorf("%d bytes, want %d (%s)", len(b), want, ProofEncoding)
	}
	if got := binary.BigEndian.Uint32(b[g1+g2+g1:]); got != uint32(nc) {
		return nil, fmt.Errorf("%d commitments, want %d", got, nc)
	}
	pr := new(groth16bn254.Proof)
	if _, err := pr.ReadFrom(bytes.NewReader(b)); err != nil {
		return nil, err
	}
	// Without commitments gnark never reads the slot: anything but infinity
	// there would be a second encoding of the same proof.
	if nc == 0 && !pr.CommitmentPok.IsInfinity() {
		return nil, fmt.Errorf("a proof of knowledge where the key has no commitment")
	}
	return pr, nil
}

// ProverOptions and VerifierOptions make the commitment's public input
// keccak256(C.x | C.y) mod r (gnark's Solidity target) instead of the default
// RFC 9380 hash-to-field: the exported Solidity contract can only compute the
// former, and one proof must verify in Go, in the EVM and in the TypeScript
// verifier (verifier/src/groth16/gnark.ts) alike. Soundness is unchanged: the
// hash only has to bind C before the challenge-free Groth16 check.
func ProverOptions() []backend.ProverOption {
	return []backend.ProverOption{solidity.WithProverTargetSolidityVerifier(backend.GROTH16)}
}

func VerifierOptions() []backend.VerifierOption {
	return []backend.VerifierOption{solidity.WithVerifierTargetSolidityVerifier(backend.GROTH16)}
}

// recoverTo turns a panic inside gnark into a coded error: callers (the
// browser worker) must get a rejection, never a crashed runtime. The message
// says it was a panic, so that the fuzz tests can tell a recovered crash (a
// bug to fix) from an input refused on purpose.
func recoverTo(err *error, code, what string) {
	if r := recover(); r != nil {
		*err = errorf(code, "%s (recovered panic): %v", what, r)
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
