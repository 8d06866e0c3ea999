// Command sample proves messages natively with the build's keys and writes each
// as a proof file (schema/proof-file.schema.json, version 2) plus the calldata
// of the exported Solidity verifier for it: the golden files the verifier
// package, the page and the EVM tests check.
//
//	go run ./cmd/sample -keys DIR -out DIR -version V -build B -config JSON MESSAGE...
package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/consensys/gnark/logger"
	"golang.org/x/crypto/sha3"

	"zkplay/gnark/keccak"
	"zkplay/gnark/prover"
)

// proofFile mirrors schema/proof-file.schema.json.
type proofFile struct {
	Format      string            `json:"format"`
	Version     int               `json:"version"`
	Backend     string            `json:"backend"`
	ProofSystem string            `json:"proofSystem"`
	Field       string            `json:"field"`
	Config      map[string]any    `json:"config"`
	KeyHash     string            `json:"keyHash"`
	Statement   statement         `json:"statement"`
	Proof       string            `json:"proof"`
	Producer    map[string]string `json:"producer"`
	CreatedAt   string            `json:"createdAt"`
}

type statement struct {
	Digest string `json:"digest"`
	Length int    `json:"length"`
}

// calldata is what a caller sends to the contract: the function, its arguments, and the ABI-encoded call.
type calldata struct {
	Function string   `json:"function"`
	Proof    string   `json:"proof"`
	Input    []string `json:"input"`
	Data     string   `json:"data"`
}

func main() {
	keys := flag.String("keys", "", "setup directory (manifest.json and the three artifacts)")
	out := flag.String("out", "", "directory to write <name>.proof.json and <name>.calldata.json into")
	version := flag.String("version", "0.0.0", "producer version written into the files")
	build := flag.String("build", "", "build id written into the files")
	configJSON := flag.String("config", "{}", "the configuration written into the files (the page's, as JSON)")
	flag.Parse()
	logger.Disable()
	if *keys == "" || *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: sample -keys DIR -out DIR [-version V] [-build B] MESSAGE...")
		os.Exit(2)
	}
	var config map[string]any
	if err := json.Unmarshal([]byte(*configJSON), &config); err != nil {
		log.Fatalf("-config: %v", err)
	}
	m, err := prover.ReadManifest(*keys)
	if err != nil {
		log.Fatal(err)
	}
	if err := m.CheckAll(*keys); err != nil {
		log.Fatal(err)
	}
	open := func(f prover.FileInfo) *os.File {
		r, err := os.Open(filepath.Join(*keys, f.Name))
		if err != nil {
			log.Fatal(err)
		}
		return r
	}
	var p prover.Prover
	if _, err := p.Load(open(m.Files.CCS), open(m.Files.PK), open(m.Files.VK)); err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	for i, msg := range flag.Args() {
		proof, _, _, err := p.Prove([]byte(msg))
		if err != nil {
			log.Fatal(err)
		}
		digest := keccak.Sum([]byte(msg))
		if ok, err := p.Verify(proof, digest, len(msg)); !ok || err != nil {
			log.Fatalf("sample %d does not verify: %v", i, err)
		}
		name := fmt.Sprintf("sample-%d", i)
		write(filepath.Join(*out, name+".proof.json"), proofFile{
			Format: "zkplay-proof", Version: 2, Backend: "gnark", ProofSystem: "groth16", Field: "bn254",
			Config: config, KeyHash: m.Files.VK.SHA256,
			Statement: statement{Digest: hex.EncodeToString(digest[:]), Length: len(msg)},
			Proof:     base64.StdEncoding.EncodeToString(proof),
			Producer:  map[string]string{"name": "zkplay", "version": *version, "build": *build, "runtime": "native"},
			CreatedAt: time.Now().UTC().Format(time.RFC3339),
		})
		sol, err := p.SolidityProof(proof)
		if err != nil {
			log.Fatal(err)
		}
		input := make([]string, 0, 1+len(digest))
		input = append(input, word(uint64(len(msg))))
		for _, b := range digest {
			input = append(input, word(uint64(b)))
		}
		write(filepath.Join(*out, name+".calldata.json"), calldata{
			Function: "verifyProof(bytes,uint256[33])",
			Proof:    "0x" + hex.EncodeToString(sol),
			Input:    input,
			Data:     "0x" + hex.EncodeToString(encodeCall(sol, len(msg), digest)),
		})
		fmt.Printf("%s: %d-byte message, proof %d bytes\n", name, len(msg), len(proof))
	}
}

func word(v uint64) string { return fmt.Sprintf("0x%064x", v) }

// encodeCall ABI-encodes verifyProof(bytes proof, uint256[33] input): the
// selector, the offset of the bytes (after the 1 + 33 head words), the 33
// inputs inline, then the bytes' length and data padded to 32 bytes.
func encodeCall(proof []byte, length int, digest [keccak.DigestBytes]byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte("verifyProof(bytes,uint256[33])"))
	out := h.Sum(nil)[:4]
	put := func(v uint64) {
		var w [32]byte
		for i := 0; i < 8; i++ {
			w[31-i] = byte(v >> (8 * i))
		}
		out = append(out, w[:]...)
	}
	put(32 * (1 + 33))
	put(uint64(length))
	for _, b := range digest {
		put(uint64(b))
	}
	put(uint64(len(proof)))
	out = append(out, proof...)
	if pad := len(proof) % 32; pad != 0 {
		out = append(out, make([]byte, 32-pad)...)
	}
	return out
}

func write(path string, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}
