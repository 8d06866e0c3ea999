package prover

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	curve "github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"

	"zkplay/gnark/keccak"
)

// The full round trip needs Groth16 keys. Point ZKPLAY_GNARK_ARTIFACTS at a
// directory written by `go run ./cmd/setup -out DIR` to reuse them;
// otherwise the test runs the setup into a temp dir (about 3 minutes).
var (
	loadOnce sync.Once
	loaded   *Prover
	artDir   string
	loadErr  error
	tempDir  string // set when the test ran the setup itself
)

func TestMain(m *testing.M) {
	code := m.Run()
	if tempDir != "" {
		os.RemoveAll(tempDir) // ~140 MB of keys
	}
	os.Exit(code)
}

func loadProver(t *testing.T) (*Prover, string) {
	t.Helper()
	loadOnce.Do(func() {
		artDir = os.Getenv("ZKPLAY_GNARK_ARTIFACTS")
		if artDir == "" {
			artDir, loadErr = os.MkdirTemp("", "zkplay-gnark-")
			if loadErr != nil {
				return
			}
			tempDir = artDir
			t.Logf("ZKPLAY_GNARK_ARTIFACTS unset: running the setup into %s", artDir)
			if _, loadErr = Setup(artDir, false, t.Logf); loadErr != nil {
				return
			}
		}
		m, err := ReadManifest(artDir)
		if err != nil {
			loadErr = err
			return
		}
		if loadErr = m.CheckAll(artDir); loadErr != nil {
			return
		}
		open := func(n string) *os.File {
			f, err := os.Open(filepath.Join(artDir, n))
			if err != nil && loadErr == nil {
				loadErr = err
			}
			return f
		}
		ccs, pk, vk := open(m.Files.CCS.Name), open(m.Files.PK.Name), open(m.Files.VK.Name)
		if loadErr != nil {
			return
		}
		defer ccs.Close()
		defer pk.Close()
		defer vk.Close()
		p := new(Prover)
		lt, err := p.Load(ccs, pk, vk)
		if err != nil {
			loadErr = err
			return
		}
		if p.Constraints() != m.Constraints {
			loadErr = errors.New("constraint count differs from manifest")
			return
		}
		t.Logf("loaded %s: ccs %v, pk %v, vk %v", artDir, lt.CCS, lt.PK, lt.VK)
		loaded = p
	})
	if loadErr != nil {
		t.Fatalf("artifacts: %v", loadErr)
	}
	return loaded, artDir
}

// finishHere computes the quotient's tail on this instance (the second instance's ZPart) and
// completes st's proof.
func finishHere(t *testing.T, p *Prover, st *Started) []byte {
	t.Helper()
	tail, err := p.ZPart(st.ZTail, st.TailFrom)
	if err != nil {
		t.Fatal(err)
	}
	proof, err := st.Finish(tail)
	if err != nil {
		t.Fatal(err)
	}
	return proof
}

// proveInTwoParts is Start and finishHere: a two-part proof made on one instance.
func proveInTwoParts(t *testing.T, p *Prover, msg []byte) (*Started, []byte) {
	t.Helper()
	st, err := p.Start(msg)
	if err != nil {
		t.Fatal(err)
	}
	return st, finishHere(t, p, st)
}

func TestRoundTrip(t *testing.T) {
	p, _ := loadProver(t)
	msg := []byte("abc")
	digest := keccak.Sum(msg)
	proof, wd, pd, err := p.Prove(msg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("proof %d bytes, witness %v, prove %v", len(proof), wd, pd)

	if ok, err := p.Verify(proof, digest, len(msg)); err != nil || !ok {
		t.Fatalf("right digest: ok=%v err=%v", ok, err)
	}
	bad := digest
	bad[0] ^= 1
	if ok, err := p.Verify(proof, bad, len(msg)); err != nil || ok {
		t.Errorf("wrong digest: ok=%v err=%v, want false, nil", ok, err)
	}
	if ok, err := p.Verify(proof, digest, len(msg)+1); err != nil || ok {
		t.Errorf("wrong length: ok=%v err=%v, want false, nil", ok, err)
	}
	if _, err := p.Verify(proof, digest, 136); CodeOf(err) != CodeInvalidInput {
		t.Errorf("length 136: err=%v, want invalid-input", err)
	}

	// One flipped byte must never verify: either undecodable or ok=false.
	for _, i := range []int{len(proof) / 2, 0, 40, len(proof) - 1, 130} {
		flipped := append([]byte(nil), proof...)
		flipped[i] ^= 0x01
		ok, err := p.Verify(flipped, digest, len(msg))
		if ok {
			t.Errorf("proof with byte %d flipped verified", i)
		}
		if err != nil && CodeOf(err) != CodeCorruptProof {
			t.Errorf("byte %d flipped: error code %q (%v)", i, CodeOf(err), err)
		}
	}

	for _, short := range [][]byte{proof[:len(proof)-1], proof[:10], nil} {
		_, err := p.Verify(short, digest, len(msg))
		if err == nil || CodeOf(err) != CodeCorruptProof || !strings.HasPrefix(err.Error(), "proof is malformed: ") {
			t.Errorf("truncated proof (%d bytes): err=%v", len(short), err)
		}
	}
	if _, err := p.Verify(append(proof, 0), digest, len(msg)); CodeOf(err) != CodeCorruptProof {
		t.Errorf("proof with a trailing byte: err=%v", err)
	}

	// 164 bytes, no commitment: A, B, C, a zero count, then the proof-of-knowledge slot at
	// infinity. A valid point there (A's encoding) is a second encoding: refused.
	if len(proof) != 164 {
		t.Fatalf("proof is %d bytes, want 164", len(proof))
	}
	pok := append([]byte(nil), proof...)
	copy(pok[132:], proof[:32])
	if _, err := p.Verify(pok, digest, len(msg)); CodeOf(err) != CodeCorruptProof || !strings.Contains(err.Error(), "proof of knowledge") {
		t.Errorf("proof of knowledge in a proof without commitment: err=%v", err)
	}
}

func TestEmptyMessage(t *testing.T) {
	p, _ := loadProver(t)
	proof, _, _, err := p.Prove(nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := p.Verify(proof, keccak.Sum(nil), 0); err != nil || !ok {
		t.Fatalf("empty message: ok=%v err=%v", ok, err)
	}
}

func TestCapacity(t *testing.T) {
	p, _ := loadProver(t)
	_, _, _, err := p.Prove(make([]byte, 136))
	want := "message is 136 bytes; the gnark circuit holds at most 135 bytes (one Keccak block)"
	if err == nil || err.Error() != want || CodeOf(err) != CodeCapacity {
		t.Fatalf("err=%v (code %q), want %q", err, CodeOf(err), want)
	}
}

func TestCheckFileRejectsTampering(t *testing.T) {
	_, dir := loadProver(t)
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Copy the vk (small) and flip one byte of the copy.
	raw, err := os.ReadFile(filepath.Join(dir, m.Files.VK.Name))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := os.WriteFile(filepath.Join(tmp, m.Files.VK.Name), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckFile(tmp, m.Files.VK); err != nil {
		t.Fatalf("intact copy refused: %v", err)
	}
	raw[len(raw)/2] ^= 0x80
	if err := os.WriteFile(filepath.Join(tmp, m.Files.VK.Name), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckFile(tmp, m.Files.VK); err == nil || CodeOf(err) != CodeCorruptArtifact {
		t.Fatalf("tampered vk accepted: %v", err)
	}
}

// The two-part prover (twoparts.go): its proofs verify with gnark's verifier, and a wrong
// or missing tail of the quotient's MSM gives a proof that does not.
func TestTwoParts(t *testing.T) {
	p, _ := loadProver(t)
	for _, msg := range [][]byte{nil, []byte("abc"), make([]byte, keccak.MaxBytes)} {
		st, proof := proveInTwoParts(t, p, msg)
		if ok, err := p.Verify(proof, keccak.Sum(msg), len(msg)); err != nil || !ok {
			t.Fatalf("%d bytes: two-part proof does not verify (ok=%v err=%v)", len(msg), ok, err)
		}
		// The tail computed from the wrong offset, or left out, must not verify.
		wrong, err := p.ZPart(st.ZTail, st.TailFrom-1)
		if err != nil {
			t.Fatal(err)
		}
		var none curve.G1Jac
		for name, part := range map[string]curve.G1Jac{"shifted": wrong, "missing": none} {
			bad, err := st.Finish(part)
			if err != nil {
				t.Fatal(err)
			}
			if ok, _ := p.Verify(bad, keccak.Sum(msg), len(msg)); ok {
				t.Fatalf("%d bytes: a proof with the %s tail verified", len(msg), name)
			}
		}
	}
	if _, err := p.ZPart(make([]fr.Element, 10), 1<<20); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("a part outside the key: %v", err)
	}
}

// keyOnly is a prover holding only the proving key: the second instance.
func keyOnly(t *testing.T, dir string) *Prover {
	t.Helper()
	pk, err := os.ReadFile(filepath.Join(dir, "keccak256.pk"))
	if err != nil {
		t.Fatal(err)
	}
	second := new(Prover)
	if _, err := second.LoadProvingKey(pk); err != nil {
		t.Fatal(err)
	}
	return second
}

// TestTwoPartsConcurrently runs the browser's schedule (twoparts.go's header) with a key-only
// second prover in its own goroutine, every vector and point encoded as it travels, and logs the
// time against gnark's Prove (measured in benchmarks, never asserted here).
func TestTwoPartsConcurrently(t *testing.T) {
	p, dir := loadProver(t)
	second := keyOnly(t, dir)
	msg := []byte("abc")
	t0 := time.Now()
	if _, _, _, err := p.Prove(msg); err != nil {
		t.Fatal(err)
	}
	one := time.Since(t0)
	t0 = time.Now()
	st, err := p.Begin(msg)
	if err != nil {
		t.Fatal(err)
	}
	travel := func(v []fr.Element) []fr.Element {
		out, err := DecodeVector(EncodeVector(v))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	// The second instance: B to the coset, C from its coefficients, the wire MSMs, then the tail.
	type cosets struct{ b, c []fr.Element }
	cIn, cosetsOut, tailIn := make(chan []fr.Element, 1), make(chan cosets, 1), make(chan []fr.Element, 1)
	wiresOut, partOut, errs := make(chan []byte, 1), make(chan curve.G1Jac, 1), make(chan error, 1)
	b, wires, nbPublic := travel(st.B), travel(st.Wires), st.NbPublic
	from := 0
	go func() {
		errs <- func() error {
			if err := second.Cosets(b); err != nil {
				return err
			}
			c := <-cIn
			if err := second.FromCoefficients(c); err != nil {
				return err
			}
			cosetsOut <- cosets{travel(b), travel(c)}
			w, err := second.WireMSMs(wires, nbPublic)
			if err != nil {
				return err
			}
			wiresOut <- EncodeWireParts(w)
			part, err := second.ZPart(<-tailIn, from)
			partOut <- part
			return err
		}()
	}()
	coefficients, err := p.CToCoefficients(st)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.CToCoefficients(st); CodeOf(err) != CodeInternal {
		t.Fatalf("C taken to coefficients twice: %v", err)
	}
	cIn <- travel(coefficients)
	if err := p.ContinueA(st); err != nil {
		t.Fatal(err)
	}
	on := <-cosetsOut
	if err := p.Quotient(st, on.b, on.c); err != nil {
		t.Fatal(err)
	}
	from = st.TailFrom
	tailIn <- travel(st.ZTail)
	if err := p.ZHead(st); err != nil {
		t.Fatal(err)
	}
	w, err := DecodeWireParts(<-wiresOut)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetWireParts(w); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
	proof, err := st.Finish(<-partOut)
	if err != nil {
		t.Fatal(err)
	}
	two := time.Since(t0)
	if ok, err := p.Verify(proof, keccak.Sum(msg), len(msg)); err != nil || !ok {
		t.Fatalf("concurrent two-part proof does not verify (ok=%v err=%v)", ok, err)
	}
	t.Logf("GOMAXPROCS=%d: gnark Prove %v; in parts %v", runtime.GOMAXPROCS(0), one, two)
}

// A second instance that returns wrong wire MSMs (two swapped, one of a changed wire, one
// missing) makes a proof that does not verify; wire MSMs of the wrong size, given twice or
// missing are errors, and so are encodings that are not points.
func TestTwoPartsWrongWireMSMs(t *testing.T) {
	p, dir := loadProver(t)
	second := keyOnly(t, dir)
	msg := []byte("abc")
	begin := func() (*Started, []fr.Element) {
		st, err := p.Begin(msg)
		if err != nil {
			t.Fatal(err)
		}
		wires := slices.Clone(st.Wires)
		if err := p.Cosets(st.B, st.C); err != nil {
			t.Fatal(err)
		}
		if err := p.ContinueA(st); err != nil {
			t.Fatal(err)
		}
		if err := p.Quotient(st, st.B, st.C); err != nil {
			t.Fatal(err)
		}
		if err := p.ZHead(st); err != nil {
			t.Fatal(err)
		}
		return st, wires
	}
	st, wires := begin()
	honest, err := second.WireMSMs(wires, st.NbPublic)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Finish(curve.G1Jac{}); CodeOf(err) != CodeInternal {
		t.Fatalf("finish before the wire MSMs: %v", err)
	}
	changed := slices.Clone(wires)
	var one fr.Element
	one.SetOne()
	changed[len(changed)-1].Add(&changed[len(changed)-1], &one)
	ofChanged, err := second.WireMSMs(changed, st.NbPublic)
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string]WireParts{
		"A and B1 swapped":  {A: honest.B1, B1: honest.A, B2: honest.B2, K: honest.K},
		"of a changed wire": ofChanged,
		"K missing":         {A: honest.A, B1: honest.B1, B2: honest.B2},
	} {
		st, _ := begin()
		if err := st.SetWireParts(w); err != nil {
			t.Fatal(err)
		}
		if ok, _ := p.Verify(finishHere(t, p, st), keccak.Sum(msg), len(msg)); ok {
			t.Fatalf("a proof with wire MSMs %s verified", name)
		}
	}
	if err := st.SetWireParts(honest); err != nil {
		t.Fatal(err)
	}
	if ok, err := p.Verify(finishHere(t, p, st), keccak.Sum(msg), len(msg)); err != nil || !ok {
		t.Fatalf("the honest wire MSMs: ok=%v err=%v", ok, err)
	}
	if err := st.SetWireParts(honest); CodeOf(err) != CodeInternal {
		t.Fatalf("wire MSMs given twice: %v", err)
	}
	if _, err := second.WireMSMs(wires[1:], st.NbPublic); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("one wire short: %v", err)
	}
	if _, err := second.WireMSMs(wires, len(wires)+1); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("more public wires than wires: %v", err)
	}
	if _, err := new(Prover).WireMSMs(wires, st.NbPublic); CodeOf(err) != CodeInternal {
		t.Fatalf("wire MSMs before any key: %v", err)
	}
	enc := EncodeWireParts(honest)
	if got, err := DecodeWireParts(enc); err != nil || !got.A.Equal(&honest.A) || !got.B2.Equal(&honest.B2) || !got.K.Equal(&honest.K) {
		t.Fatalf("wire MSMs do not survive their encoding (err=%v)", err)
	}
	if _, err := DecodeWireParts(enc[1:]); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("a short encoding: %v", err)
	}
	for _, at := range []int{0, 64 + 63, 128 + 31, 192 + 5, WirePartsBytes - 1} {
		bad := slices.Clone(enc)
		bad[at] ^= 1
		if _, err := DecodeWireParts(bad); CodeOf(err) != CodeInvalidInput {
			t.Fatalf("byte %d flipped: %v", at, err)
		}
	}
}

// A second instance that returns wrong cosets (B and C swapped, one value changed) makes a
// proof that does not verify; steps out of order or vectors of the wrong size are errors.
func TestTwoPartsWrongCosets(t *testing.T) {
	p, _ := loadProver(t)
	msg := []byte("abc")
	for name, spoil := range map[string]func(b, c []fr.Element) ([]fr.Element, []fr.Element){
		"swapped": func(b, c []fr.Element) ([]fr.Element, []fr.Element) { return c, b },
		"one value changed": func(b, c []fr.Element) ([]fr.Element, []fr.Element) {
			var one fr.Element
			one.SetOne()
			b[12345].Add(&b[12345], &one)
			return b, c
		},
	} {
		st, err := p.Begin(msg)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Cosets(st.B, st.C); err != nil {
			t.Fatal(err)
		}
		if err := p.Continue(st); err != nil {
			t.Fatal(err)
		}
		b, c := spoil(st.B, st.C)
		if err := p.Quotient(st, b, c); err != nil {
			t.Fatal(err)
		}
		if err := p.ZHead(st); err != nil {
			t.Fatal(err)
		}
		if ok, _ := p.Verify(finishHere(t, p, st), keccak.Sum(msg), len(msg)); ok {
			t.Fatalf("a proof from %s cosets verified", name)
		}
	}
	st, err := p.Begin(msg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Cosets(st.B[:100]); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("cosets of a short vector: %v", err)
	}
	if err := p.Quotient(st, st.B, st.C); CodeOf(err) != CodeInternal {
		t.Fatalf("quotient before continue: %v", err)
	}
	if err := p.ZHead(st); CodeOf(err) != CodeInternal {
		t.Fatalf("zHead before quotient: %v", err)
	}
	if err := p.Continue(st); err != nil {
		t.Fatal(err)
	}
	if err := p.Continue(st); CodeOf(err) != CodeInternal {
		t.Fatalf("continue twice: %v", err)
	}
	if err := p.Quotient(st, st.B[1:], st.C); CodeOf(err) != CodeInvalidInput {
		t.Fatalf("quotient of a short vector: %v", err)
	}
}

// The second instance's side: a prover holding only the proving key computes the same part as
// the full one, and a damaged key is refused, not loaded.
func TestProvingKeyOnly(t *testing.T) {
	p, dir := loadProver(t)
	pk, err := os.ReadFile(filepath.Join(dir, "keccak256.pk"))
	if err != nil {
		t.Fatal(err)
	}
	var second Prover
	if _, err := second.ZPart(nil, 0); CodeOf(err) != CodeInternal {
		t.Fatalf("a part before any key: %v", err)
	}
	if _, err := second.LoadProvingKey(pk[:len(pk)/2]); CodeOf(err) != CodeCorruptArtifact {
		t.Fatalf("half a proving key: %v", err)
	}
	if _, err := second.LoadProvingKey(pk); err != nil {
		t.Fatal(err)
	}
	st, err := p.Begin([]byte("abc"))
	if err != nil {
		t.Fatal(err)
	}
	// Its cosets are the full prover's.
	b, c := slices.Clone(st.B), slices.Clone(st.C)
	if err := p.Cosets(st.B, st.C); err != nil {
		t.Fatal(err)
	}
	if err := second.Cosets(b, c); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b, st.B) || !slices.Equal(c, st.C) {
		t.Fatal("the key-only instance computed other cosets")
	}
	if err := p.Continue(st); err != nil {
		t.Fatal(err)
	}
	if err := p.Quotient(st, b, c); err != nil {
		t.Fatal(err)
	}
	if len(st.ZTail) == 0 {
		t.Fatal("no tail")
	}
	want, err := p.ZPart(st.ZTail, st.TailFrom)
	if err != nil {
		t.Fatal(err)
	}
	got, err := second.ZPart(st.ZTail, st.TailFrom)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(&want) {
		t.Fatal("the key-only instance computed another part")
	}
}
