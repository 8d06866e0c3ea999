package prover

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Artifact file names inside a setup directory.
const (
	ManifestFile = "manifest.json"
	CCSFile      = "keccak256.ccs" // r1cs, cs.WriteTo
	PKFile       = "keccak256.pk"  // groth16 proving key, pk.WriteDump (unchecked, little-endian)
	VKFile       = "keccak256.vk"  // groth16 verifying key, vk.WriteRawTo (uncompressed points)
)

// FileInfo lets a loader check an artifact before trusting it: the dump and
// raw formats skip subgroup checks, so the hash is the integrity check.
type FileInfo struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Manifest describes a setup directory; the browser reads it as JSON.
type Manifest struct {
	System             string `json:"system"`
	Curve              string `json:"curve"`
	GnarkVersion       string `json:"gnarkVersion"`
	GnarkCryptoVersion string `json:"gnarkCryptoVersion"`
	MaxMessageBytes    int    `json:"maxMessageBytes"`
	Constraints        int    `json:"constraints"`
	PublicInputs       int    `json:"publicInputs"` // without the constant ONE wire
	ProofEncoding      string `json:"proofEncoding"`
	Files              struct {
		CCS FileInfo `json:"ccs"`
		PK  FileInfo `json:"pk"`
		VK  FileInfo `json:"vk"`
	} `json:"files"`
}

// ReadManifest reads dir/manifest.json.
func ReadManifest(dir string) (*Manifest, error) {
	raw, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	m := new(Manifest)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("%s: %w", ManifestFile, err)
	}
	return m, nil
}

func hashFile(path string) (FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileInfo{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return FileInfo{}, err
	}
	return FileInfo{Name: filepath.Base(path), Bytes: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// CheckFile verifies dir/want.Name has the size and sha256 the manifest
// records. Call it before loading any artifact.
func CheckFile(dir string, want FileInfo) error {
	got, err := hashFile(filepath.Join(dir, want.Name))
	if err != nil {
		return &Error{Code: CodeCorruptArtifact, Err: err}
	}
	if got.Bytes != want.Bytes || got.SHA256 != want.SHA256 {
		return errorf(CodeCorruptArtifact, "%s does not match the manifest: %d bytes sha256 %s, want %d bytes sha256 %s",
			want.Name, got.Bytes, got.SHA256, want.Bytes, want.SHA256)
	}
	return nil
}

// CheckAll checks every artifact of m against the files in dir.
func (m *Manifest) CheckAll(dir string) error {
	for _, f := range []FileInfo{m.Files.CCS, m.Files.PK, m.Files.VK} {
		if err := CheckFile(dir, f); err != nil {
			return err
		}
	}
	return nil
}
