package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
)

// gojaPath is the module path of the JavaScript engine the reference runs in; its version
// is part of what a0diff is (goja's behaviour is the reference's behaviour).
const gojaPath = "github.com/dop251/goja"

// refVersion returns the version the reference bundle declares (A0Reference.version) and
// a description of where the bundle comes from: the embedded one, or refPath (--ref).
func refVersion(refPath string) (version, origin string, err error) {
	b, err := tsbundle.Open(refPath)
	if err != nil {
		return "", "", err
	}
	origin = "embedded " + tsbundle.EmbeddedName
	if refPath != "" {
		origin = refPath
	}
	version, err = b.Version()
	return version, origin, err
}

// versionInfo is what `a0diff --version` prints, gathered from the build information the
// Go toolchain stamps into the binary and from the reference bundle.
type versionInfo struct {
	module, moduleVersion string // the main module and its version ("(devel)" when not stamped)
	revision, time        string // the VCS revision and commit time ("" when not stamped)
	modified              string // "true" when built from a tree with uncommitted changes; "" unknown
	goja                  string // goja's module version (with its replacement, if any)
	goVersion             string // the toolchain that built the binary
	refVersion, refOrigin string // A0Reference.version and where the bundle comes from
}

// readVersionInfo reads the build information; ok is false when the binary carries none
// (built outside module mode).
func readVersionInfo(info *debug.BuildInfo) versionInfo {
	v := versionInfo{goVersion: runtime.Version()}
	if info == nil {
		return v
	}
	v.module, v.moduleVersion = info.Main.Path, info.Main.Version
	if info.GoVersion != "" {
		v.goVersion = info.GoVersion
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.revision = s.Value
		case "vcs.time":
			v.time = s.Value
		case "vcs.modified":
			v.modified = s.Value
		}
	}
	for _, d := range info.Deps {
		if d.Path != gojaPath {
			continue
		}
		v.goja = d.Version
		if d.Replace != nil {
			v.goja += " => " + d.Replace.Path
			if d.Replace.Version != "" {
				v.goja += " " + d.Replace.Version
			}
		}
	}
	return v
}

// write prints v: a first line with the version alone (for scripts: `a0diff --version |
// head -1`), then one line per component.
func (v versionInfo) write(w io.Writer) error {
	var b strings.Builder
	version := v.moduleVersion
	if version == "" {
		version = "(unknown: built without module information)"
	}
	fmt.Fprintf(&b, "a0diff %s\n", version)
	module := v.module
	if module == "" {
		module = "(unknown)"
	}
	fmt.Fprintf(&b, "  module:    %s %s\n", module, version)
	switch {
	case v.revision == "":
		b.WriteString("  revision:  unknown (built without VCS information: outside a git checkout, or with -buildvcs=false)\n")
	default:
		rev := v.revision
		if v.time != "" {
			rev += " " + v.time
		}
		switch v.modified {
		case "true":
			rev += " (dirty: built with uncommitted changes)"
		case "false":
			rev += " (clean)"
		}
		fmt.Fprintf(&b, "  revision:  %s\n", rev)
	}
	ref := v.refVersion
	if ref == "" {
		ref = "(the bundle declares no A0Reference.version)"
	}
	fmt.Fprintf(&b, "  reference: %s (%s)\n", ref, v.refOrigin)
	goja := v.goja
	if goja == "" {
		goja = "(unknown: no module information)"
	}
	fmt.Fprintf(&b, "  goja:      %s %s\n", gojaPath, goja)
	fmt.Fprintf(&b, "  go:        %s %s/%s\n", v.goVersion, runtime.GOOS, runtime.GOARCH)
	_, err := io.WriteString(w, b.String())
	return err
}

// printVersion is `a0diff --version` (honouring --ref).
func printVersion(a *app) error {
	info, _ := debug.ReadBuildInfo()
	v := readVersionInfo(info)
	var err error
	if v.refVersion, v.refOrigin, err = a.refVersion(a.refPath); err != nil {
		return err
	}
	return v.write(a.stdout)
}
