// Package pgtest starts a throwaway PostgreSQL cluster in a temporary folder for one test
// binary, and stops it when the tests end. It needs initdb and pg_ctl (the set-up installs
// Debian's postgresql when they are missing). PostgreSQL refuses to run as root, so as root
// the cluster runs as the `postgres` user that Debian's package creates.
package pgtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
)

// Cluster is a running server; URL connects to its database as a superuser.
type Cluster struct {
	URL  string
	dir  string
	bin  string
	cred *syscall.Credential
}

// BinDir finds the folder of initdb and pg_ctl: $ZKPLAY_PG_BIN, then PATH, then
// /usr/lib/postgresql/<newest>/bin (Debian puts initdb only there).
func BinDir() (string, error) {
	if d := os.Getenv("ZKPLAY_PG_BIN"); d != "" {
		return d, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", fmt.Errorf("no initdb: install Debian's postgresql (node scripts/setup.mjs --for=test does) or set ZKPLAY_PG_BIN")
}

func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Start makes a cluster in a new temporary folder and starts it on a free loopback port.
func Start() (*Cluster, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "zkplay-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root needs the postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	if err := c.run("initdb", "-D", data, "-U", "zkplay", "--auth=trust", "--no-sync", "-E", "UTF8"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// The socket goes into the temporary folder, so nothing is written to /var/run/postgresql.
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=on", port, dir)
	if err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "start"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	c.URL = fmt.Sprintf("postgres://zkplay@127.0.0.1:%d/postgres?sslmode=disable", port)
	return c, nil
}

// Stop stops the server and removes its folder.
func (c *Cluster) Stop() error {
	err := c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(c.dir)
	return err
}

func (c *Cluster) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.Dir = c.dir
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", name, err, out)
	}
	return nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
