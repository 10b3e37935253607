package tsbundle

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/a0diff/a0diff/internal/atomicfile"
	"github.com/a0diff/a0diff/runtime/toolkit"
)

// nodeHostSource is node-host.js: the reference bundle under node (V8), served over the
// implementation protocol (worker/PROTOCOL.md). See README.md, "The node host".
//
//go:embed node-host.js
var nodeHostSource string

// NodeHostSource returns the embedded node host script.
func NodeHostSource() string { return nodeHostSource }

// EmbeddedSource returns the text of the embedded bundle.
func EmbeddedSource() string { return embeddedSource }

// ErrNoNode is returned by NodeCommand when node is not on the PATH.
var ErrNoNode = errors.New("--cross-check needs node (V8) on the PATH to run the reference bundle under it; node was not found")

// NodeCommand returns the argv of a worker that runs the bundle at bundlePath — the
// embedded bundle when bundlePath is "" — under node through the node host:
// `node node-host.js BUNDLE.js CATALOGUE_JSON`. The host script (and the embedded
// bundle) are written once to a cache directory named by their content, so concurrent
// a0diff processes share them and nothing is left half-written.
func NodeCommand(bundlePath string) ([]string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, ErrNoNode
	}
	host, err := cacheFile("node-host.js", nodeHostSource)
	if err != nil {
		return nil, err
	}
	if bundlePath == "" {
		if bundlePath, err = cacheFile(EmbeddedName, embeddedSource); err != nil {
			return nil, err
		}
	} else if bundlePath, err = filepath.Abs(bundlePath); err != nil {
		return nil, err
	}
	return []string{node, host, bundlePath, toolkit.CatalogueJSON()}, nil
}

// cacheFile writes text to DIR/a0diff/SHA/name unless it is there, and returns the path.
// DIR is the user's cache directory, or the temporary directory when there is none.
func cacheFile(name, text string) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil || base == "" {
		base = os.TempDir()
	}
	sum := sha256.Sum256([]byte(text))
	dir := filepath.Join(base, "a0diff", hex.EncodeToString(sum[:8]))
	path := filepath.Join(dir, name)
	if b, err := os.ReadFile(path); err == nil && string(b) == text {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("node host: %w", err)
	}
	// The mode of os.CreateTemp's files, which this cache has always had.
	if err := atomicfile.Write(path, []byte(text), 0o600); err != nil {
		return "", fmt.Errorf("node host: writing %s: %w", path, err)
	}
	return path, nil
}
