// Package runresult is the Go face of schema/run-result.schema.json, the one result type
// for a measured run that the page, its exports and the native runners share. The
// TypeScript tests validate the native reference file (written from these structs)
// against the schema, which keeps the two in step.
package runresult

import (
	"bufio"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

type Stat struct {
	Median  float64   `json:"median"`
	Min     float64   `json:"min"`
	Max     float64   `json:"max"`
	Samples []float64 `json:"samples"`
}

// NewStat summarises samples (at least one) as median, min and max.
func NewStat(samples ...float64) Stat {
	s := slices.Clone(samples)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Stat{Median: m, Min: s[0], Max: s[len(s)-1], Samples: slices.Clone(samples)}
}

type Phase struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Ms    Stat   `json:"ms"`
	// Step is the protocol request the phase belongs to: prepare, prove or verify.
	Step string `json:"step,omitempty"`
}

type Environment struct {
	Kind        string `json:"kind"`
	Threads     int    `json:"threads"`
	Build       string `json:"build"`
	Device      string `json:"device,omitempty"`
	OS          string `json:"os,omitempty"`
	CPU         string `json:"cpu,omitempty"`
	Cores       int    `json:"cores,omitempty"`
	MemoryBytes uint64 `json:"memoryBytes,omitempty"`
	Commit      string `json:"commit,omitempty"`
}

type Message struct {
	Bytes  int `json:"bytes"`
	Blocks int `json:"blocks"`
}

type Memory struct {
	PeakBytes uint64 `json:"peakBytes"`
	What      string `json:"what"`
}

type RunResult struct {
	SchemaVersion int              `json:"schemaVersion"`
	Backend       string           `json:"backend"`
	Config        map[string]any   `json:"config"`
	Environment   Environment      `json:"environment"`
	Message       Message          `json:"message"`
	Phases        []Phase          `json:"phases"`
	Sizes         map[string]int64 `json:"sizes"`
	Circuit       map[string]any   `json:"circuit"`
	CapacityBytes *int64           `json:"capacityBytes,omitempty"`
	Memory        Memory           `json:"memory"`
	Verified      bool             `json:"verified"`
	Runs          int              `json:"runs"`
	Cold          bool             `json:"cold"`
	Timestamp     string           `json:"timestamp"`
}

// Blocks is the number of 136-byte Keccak-f absorb blocks after padding.
func Blocks(bytes int) int { return bytes/136 + 1 }

// Now is the timestamp format the schema wants (RFC 3339).
func Now() string { return time.Now().UTC().Format(time.RFC3339) }

// NativeEnvironment describes this machine for a native run with the given threads.
func NativeEnvironment(threads int, build, commit string) Environment {
	return Environment{
		Kind: "native", Threads: threads, Build: build, Device: "server",
		OS: runtime.GOOS + "/" + runtime.GOARCH, CPU: cpuModel(), Cores: runtime.NumCPU(),
		MemoryBytes: totalMemory(), Commit: commit,
	}
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

func totalMemory() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) >= 2 && fields[0] == "MemTotal:" {
			kib, _ := strconv.ParseUint(fields[1], 10, 64)
			return kib * 1024
		}
	}
	return 0
}
