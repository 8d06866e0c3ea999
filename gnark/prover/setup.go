package prover

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/consensys/gnark"
	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/constraint"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/frontend/cs/r1cs"

	"zkplay/gnark/keccak"
)

// Compile builds the R1CS of the Keccak-256 circuit over BN254.
func Compile() (constraint.ConstraintSystem, error) {
	return frontend.Compile(ecc.BN254.ScalarField(), r1cs.NewBuilder, &keccak.Keccak256Circuit{})
}

// Setup compiles the circuit, runs the Groth16 setup and writes the
// artifacts plus manifest.json to outDir. If outDir already holds artifacts
// that match their manifest (same gnark version) it does nothing unless
// force is set: keys are random, so a rerun would change every hash.
// logf receives progress lines; it may be nil.
func Setup(outDir string, force bool, logf func(format string, args ...any)) (*Manifest, error) {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if !force {
		if m, err := ReadManifest(outDir); err == nil && m.GnarkVersion == gnark.Version.String() && m.CheckAll(outDir) == nil {
			logf("artifacts in %s match %s: nothing to do (use -force to redo)", outDir, ManifestFile)
			return m, nil
		}
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	// The manifest goes last, so a half-written directory never looks valid.
	if err := os.Remove(filepath.Join(outDir, ManifestFile)); err != nil && !os.IsNotExist(err) {
		return nil, err
	}

	t := time.Now()
	ccs, err := Compile()
	if err != nil {
		return nil, fmt.Errorf("compile: %w", err)
	}
	logf("compile: %d constraints, %d public inputs in %v", ccs.GetNbConstraints(), ccs.GetNbPublicVariables()-1, since(t))

	t = time.Now()
	pk, vk, err := groth16.Setup(ccs)
	if err != nil {
		return nil, fmt.Errorf("groth16 setup: %w", err)
	}
	logf("setup: groth16 keys in %v", since(t))

	t = time.Now()
	m := &Manifest{
		System:             "groth16",
		Curve:              "bn254",
		GnarkVersion:       gnark.Version.String(),
		GnarkCryptoVersion: moduleVersion("github.com/consensys/gnark-crypto"),
		MaxMessageBytes:    keccak.MaxBytes,
		Constraints:        ccs.GetNbConstraints(),
		PublicInputs:       ccs.GetNbPublicVariables() - 1,
		ProofEncoding:      ProofEncoding,
	}
	writes := []struct {
		name  string
		write func(io.Writer) error
		info  *FileInfo
	}{
		{CCSFile, func(w io.Writer) error { _, err := ccs.WriteTo(w); return err }, &m.Files.CCS},
		{PKFile, pk.WriteDump, &m.Files.PK},
		{VKFile, func(w io.Writer) error { _, err := vk.WriteRawTo(w); return err }, &m.Files.VK},
	}
	for _, f := range writes {
		path := filepath.Join(outDir, f.name)
		if err := writeFile(path, f.write); err != nil {
			return nil, fmt.Errorf("write %s: %w", f.name, err)
		}
		if *f.info, err = hashFile(path); err != nil {
			return nil, err
		}
		logf("write: %s %d bytes", f.name, f.info.Bytes)
	}
	if err := writeFile(filepath.Join(outDir, ManifestFile), func(w io.Writer) error {
		return writeJSON(w, m)
	}); err != nil {
		return nil, err
	}
	logf("write: %s in %v", ManifestFile, since(t))
	return m, nil
}

// writeFile writes through a temporary file and renames it into place.
func writeFile(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func moduleVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				return d.Version
			}
		}
	}
	return "unknown"
}

func since(t time.Time) time.Duration { return time.Since(t).Round(time.Millisecond) }
