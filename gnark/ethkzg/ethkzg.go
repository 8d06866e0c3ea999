// Package ethkzg is Ethereum's KZG in zkplay, Go side: EIP-4844 blob commitments and proofs and
// EIP-7594 (PeerDAS) cells and cell proofs, computed by crate-crypto's go-eth-kzg (over
// gnark-crypto) with the official trusted setup it embeds.
//
// The layer of our own is thin and the same in Rust (crates/zkplay-kzg): hex strings in and
// out, and every input checked before any curve arithmetic (input.go), so bad input gets an
// *Error whose Code names what was wrong. A verification answers false for a proof that does
// not hold (a proof for another blob…) and an error only for malformed input.
package ethkzg

import (
	"crypto/sha256"
	"fmt"

	goethkzg "github.com/crate-crypto/go-eth-kzg"
)

// CellsAndProofs are the 128 cells of a blob's 2x extension and their proofs, as hex.
type CellsAndProofs struct {
	Cells  []string
	Proofs []string
}

// KZG holds go-eth-kzg's context; Threads is its numGoRoutines for the provers.
type KZG struct {
	ctx     *goethkzg.Context
	Threads int
}

// New loads the embedded trusted setup.
func New(threads int) (*KZG, error) {
	ctx, err := goethkzg.NewContext4096Secure()
	if err != nil {
		return nil, fmt.Errorf("go-eth-kzg's trusted setup: %w", err)
	}
	return &KZG{ctx: ctx, Threads: threads}, nil
}

func (k *KZG) BlobToKZGCommitment(blob string) (string, error) {
	b, err := parseBlob(blob, "blob")
	if err != nil {
		return "", err
	}
	c, err := k.ctx.BlobToKZGCommitment(b, k.Threads)
	if err != nil {
		return "", library(err)
	}
	return toHex(c[:]), nil
}

// ComputeKZGProof is the proof that the blob's polynomial takes the value y at z: (proof, y).
func (k *KZG) ComputeKZGProof(blob, z string) (string, string, error) {
	in := &inputs{}
	b, zs := parsed(in, parseBlob, blob, "blob"), parsed(in, parseScalar, z, "z")
	if in.err != nil {
		return "", "", in.err
	}
	proof, y, err := k.ctx.ComputeKZGProof(b, zs, k.Threads)
	if err != nil {
		return "", "", library(err)
	}
	return toHex(proof[:]), toHex(y[:]), nil
}

func (k *KZG) ComputeBlobKZGProof(blob, commitment string) (string, error) {
	in := &inputs{}
	b, c := parsed(in, parseBlob, blob, "blob"), parsed(in, parseCommitment, commitment, "commitment")
	if in.err != nil {
		return "", in.err
	}
	proof, err := k.ctx.ComputeBlobKZGProof(b, c, k.Threads)
	if err != nil {
		return "", library(err)
	}
	return toHex(proof[:]), nil
}

func (k *KZG) VerifyKZGProof(commitment, z, y, proof string) (bool, error) {
	in := &inputs{}
	c, zs := parsed(in, parseCommitment, commitment, "commitment"), parsed(in, parseScalar, z, "z")
	ys, p := parsed(in, parseScalar, y, "y"), parsed(in, parseProof, proof, "proof")
	if in.err != nil {
		return false, in.err
	}
	return holds(k.ctx.VerifyKZGProof(c, zs, ys, p)), nil
}

func (k *KZG) VerifyBlobKZGProof(blob, commitment, proof string) (bool, error) {
	in := &inputs{}
	b, c := parsed(in, parseBlob, blob, "blob"), parsed(in, parseCommitment, commitment, "commitment")
	p := parsed(in, parseProof, proof, "proof")
	if in.err != nil {
		return false, in.err
	}
	return holds(k.ctx.VerifyBlobKZGProof(b, c, p)), nil
}

func (k *KZG) VerifyBlobKZGProofBatch(blobs, commitments, proofs []string) (bool, error) {
	in := &inputs{err: sameLength("blobs, commitments, proofs", len(blobs), len(commitments), len(proofs))}
	bs := parsedEach(in, blobs, "blob", parseBlob)
	cs, ps := parsedEach(in, commitments, "commitment", parseCommitment), parsedEach(in, proofs, "proof", parseProof)
	if in.err != nil {
		return false, in.err
	}
	return holds(k.ctx.VerifyBlobKZGProofBatch(bs, cs, ps)), nil
}

// ComputeCellsAndKZGProofs: the blob extended to 128 cells (its Reed–Solomon 2x extension)
// and a proof for each (FK20).
func (k *KZG) ComputeCellsAndKZGProofs(blob string) (CellsAndProofs, error) {
	b, err := parseBlob(blob, "blob")
	if err != nil {
		return CellsAndProofs{}, err
	}
	cells, proofs, err := k.ctx.ComputeCellsAndKZGProofs(b, k.Threads)
	if err != nil {
		return CellsAndProofs{}, library(err)
	}
	return cellsAndProofs(cells[:], proofs[:]), nil
}

// VerifyCellKZGProofBatch checks each cell against its blob's commitment; cells may repeat and
// come in any order.
func (k *KZG) VerifyCellKZGProofBatch(commitments []string, cellIndices []uint64, cells, proofs []string) (bool, error) {
	in := &inputs{err: sameLength("commitments, cell indices, cells, proofs", len(commitments), len(cellIndices), len(cells), len(proofs))}
	cs := parsedEach(in, commitments, "commitment", parseCommitment)
	if in.err == nil {
		in.err = checkCellIndices(cellIndices)
	}
	cl, ps := parsedEach(in, cells, "cell", parseCell), parsedEach(in, proofs, "proof", parseProof)
	if in.err != nil {
		return false, in.err
	}
	return holds(k.ctx.VerifyCellKZGProofBatch(cs, cellIndices, cl, ps)), nil
}

// RecoverCellsAndKZGProofs gives all 128 cells and proofs from any 64 or more distinct cells,
// indices ascending.
func (k *KZG) RecoverCellsAndKZGProofs(cellIndices []uint64, cells []string) (CellsAndProofs, error) {
	if err := sameLength("cell indices, cells", len(cellIndices), len(cells)); err != nil {
		return CellsAndProofs{}, err
	}
	if len(cells) > cellsPerBlob {
		return CellsAndProofs{}, fail(TooManyCells, "%d cells, at most %d", len(cells), cellsPerBlob)
	}
	seen := map[uint64]bool{}
	for i, c := range cellIndices {
		if err := checkCellIndex(c, fmt.Sprintf("cell index %d", i)); err != nil {
			return CellsAndProofs{}, err
		}
		if seen[c] {
			return CellsAndProofs{}, fail(DuplicateCellIndex, "cell index %d appears twice", c)
		}
		seen[c] = true
		if i > 0 && c < cellIndices[i-1] {
			return CellsAndProofs{}, fail(CellIndicesNotAscending, "cell indices must ascend: %d comes after %d", c, cellIndices[i-1])
		}
	}
	if len(cells) < cellsPerBlob/2 {
		return CellsAndProofs{}, fail(NotEnoughCells, "%d cells: recovery needs at least %d of the %d", len(cells), cellsPerBlob/2, cellsPerBlob)
	}
	in := &inputs{}
	cl := parsedEach(in, cells, "cell", parseCell)
	if in.err != nil {
		return CellsAndProofs{}, in.err
	}
	rc, rp, err := k.ctx.RecoverCellsAndComputeKZGProofs(cellIndices, cl, k.Threads)
	if err != nil {
		return CellsAndProofs{}, library(err)
	}
	return cellsAndProofs(rc[:], rp[:]), nil
}

// VersionedHash is EIP-4844's versioned hash of a commitment: 0x01 then the last 31 bytes of
// its SHA-256.
func VersionedHash(commitment string) (string, error) {
	c, err := parsePoint(commitment, "commitment")
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(c[:])
	h[0] = 0x01
	return toHex(h[:]), nil
}

func cellsAndProofs(cells []*goethkzg.Cell, proofs []goethkzg.KZGProof) CellsAndProofs {
	out := CellsAndProofs{Cells: make([]string, len(cells)), Proofs: make([]string, len(proofs))}
	for i, c := range cells {
		out.Cells[i] = toHex(c[:])
	}
	for i, p := range proofs {
		out.Proofs[i] = toHex(p[:])
	}
	return out
}

// holds: every input was checked before the call, so what go-eth-kzg's verifiers still refuse
// is a proof that does not hold (its sentinel for that is in an internal package): false.
func holds(err error) bool { return err == nil }

func library(err error) *Error { return fail(Library, "go-eth-kzg refused the input: %v", err) }
