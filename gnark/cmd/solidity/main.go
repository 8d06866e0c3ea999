// Command solidity writes gnark's Solidity verifier for the build's verifying
// key (vk.ExportSolidity). The contract hashes the commitment with keccak256,
// which is what prover.ProverOptions makes the prover do.
//
//	go run ./cmd/solidity -keys DIR -out Verifier.sol
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/logger"

	"zkplay/gnark/prover"
)

func main() {
	keys := flag.String("keys", "", "directory with the setup's artifacts (manifest.json, keccak256.vk)")
	out := flag.String("out", "", "Solidity file to write")
	flag.Parse()
	// ExportSolidity warns that only sha256 is supported; the template uses
	// keccak256 (its default) for this key, which is what the prover uses.
	logger.Disable()
	if *keys == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: solidity -keys DIR -out FILE")
		os.Exit(2)
	}
	m, err := prover.ReadManifest(*keys)
	if err != nil {
		log.Fatal(err)
	}
	// The vk format is read without checks: check its hash first.
	if err := m.CheckAll(*keys); err != nil {
		log.Fatal(err)
	}
	f, err := os.Open(filepath.Join(*keys, m.Files.VK.Name))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	vk := groth16.NewVerifyingKey(ecc.BN254)
	if _, err := vk.UnsafeReadFrom(f); err != nil {
		log.Fatal(err)
	}
	w, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	if err := vk.ExportSolidity(w); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
}
