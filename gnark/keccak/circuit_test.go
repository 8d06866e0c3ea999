package keccak

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/test"
	"golang.org/x/crypto/sha3"
)

var field = ecc.BN254.ScalarField()

// solved runs gnark's test engine (constraint checks without proving).
func solved(a *Keccak256Circuit) error {
	return test.IsSolved(&Keccak256Circuit{}, a, field)
}

func message(n int) []byte {
	m := make([]byte, n)
	for i := range m {
		m[i] = byte(i*7 + 3)
	}
	return m
}

func mustAssign(t *testing.T, msg []byte) *Keccak256Circuit {
	t.Helper()
	a, err := Assignment(msg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestSatisfied(t *testing.T) {
	for _, n := range []int{0, 1, 134, 135} {
		if err := solved(mustAssign(t, message(n))); err != nil {
			t.Errorf("length %d: %v", n, err)
		}
	}
}

func TestWrongDigest(t *testing.T) {
	a := mustAssign(t, []byte("abc"))
	d := Sum([]byte("abc"))
	d[5] ^= 0x10
	for i, b := range d {
		a.Digest[i] = b
	}
	if solved(a) == nil {
		t.Fatal("wrong digest satisfied the circuit")
	}
}

func TestWrongLength(t *testing.T) {
	for _, l := range []frontend.Variable{2, 4, 0, 135, 136, -1} {
		a := mustAssign(t, []byte("abc"))
		a.Length = l
		if solved(a) == nil {
			t.Errorf("length %v satisfied the circuit for a 3-byte message", l)
		}
	}
}

// Bytes past Length must be zero: the witness carries nothing else there.
func TestTrailingBytesRefused(t *testing.T) {
	a := mustAssign(t, []byte("abc"))
	a.Message[3] = byteBits(0xff)
	if solved(a) == nil {
		t.Fatal("a non-zero byte past the message satisfied the circuit")
	}
}

func TestTooLongRefused(t *testing.T) {
	_, err := Assignment(make([]byte, 136))
	if err == nil {
		t.Fatal("136-byte message accepted")
	}
	want := "message is 136 bytes; the gnark circuit holds at most 135 bytes (one Keccak block)"
	if err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
}

type vector struct {
	Name       string `json:"name"`
	Length     int    `json:"length"`
	Blocks     int    `json:"blocks"`
	MessageHex string `json:"message_hex"`
	DigestHex  string `json:"digest_hex"`
}

func TestSharedVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "test-vectors", "keccak256.json"))
	if err != nil {
		t.Fatalf("shared vectors: %v", err)
	}
	var file struct{ Vectors []vector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	inCircuit := 0
	for _, v := range file.Vectors {
		msg, err := hex.DecodeString(v.MessageHex)
		if err != nil || len(msg) != v.Length {
			t.Fatalf("%s: bad message_hex (len %d, err %v)", v.Name, len(msg), err)
		}
		want, err := hex.DecodeString(v.DigestHex)
		if err != nil {
			t.Fatalf("%s: bad digest_hex: %v", v.Name, err)
		}
		// Independent reference: x/crypto directly, not our Sum helper.
		h := sha3.NewLegacyKeccak256()
		h.Write(msg)
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Errorf("%s: digest %x, vector says %x", v.Name, got, want)
		}
		if v.Length > MaxBytes {
			if _, err := Assignment(msg); err == nil || !strings.Contains(err.Error(), "at most 135 bytes") {
				t.Errorf("%s: over-capacity message not refused: %v", v.Name, err)
			}
			continue
		}
		a := mustAssign(t, msg)
		for i := range want {
			a.Digest[i] = want[i]
		}
		if err := solved(a); err != nil {
			t.Errorf("%s: %v", v.Name, err)
		}
		inCircuit++
	}
	t.Logf("%d vectors, %d within circuit capacity", len(file.Vectors), inCircuit)
}
