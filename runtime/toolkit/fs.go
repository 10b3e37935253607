package toolkit

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/a0diff/a0diff/runtime/value"
)

// The file-system tools resolve their path with path.resolve against the virtual
// working directory and then do what the Node host does with fs.*Sync on Linux.

// fsRead is fs.read: the whole file, decoded as UTF-8 (absent encoding or exactly
// "utf8") or as the base64 of its raw bytes (any other encoding).
func (k *Virtual) fsRead(args *value.Record) (value.Value, error) {
	abs := resolvePath(k.cwd, stringArg(args, "path"))
	if hasNUL(abs) {
		return nil, nulPathError(abs)
	}
	host := hostText(abs)
	n, code := k.fs.lookup(host)
	if code != errOK {
		return nil, sysError(code, "open", host)
	}
	if n.dir {
		// open(2) succeeds on a directory; it is the read that fails, without a path.
		return nil, failf("EISDIR: illegal operation on a directory, read")
	}
	if enc, ok := ownField(args, "encoding"); ok && enc != "utf8" {
		return base64.StdEncoding.EncodeToString([]byte(n.data)), nil
	}
	return decodeUTF8(n.data, false), nil
}

// writeDataError is Node's text for fs.writeFileSync(path, undefined).
const writeDataError = `The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received undefined`

// fsWrite is fs.write of the text the caller serialised (Data). As in the Node host, the
// parent directories are created first (mkdirSync recursive), then the text is checked,
// then the file is written; so a failing write may still leave new directories behind.
func (k *Virtual) fsWrite(args *value.Record, data Data) (value.Value, error) {
	abs := resolvePath(k.cwd, stringArg(args, "path"))
	dir := dirname(abs)
	if hasNUL(dir) {
		return nil, nulPathError(dir)
	}
	if code := k.fs.mkdirAll(hostText(dir)); code != errOK {
		return nil, sysError(code, "mkdir", hostText(dir))
	}
	if !data.OK {
		return nil, failf(writeDataError)
	}
	text := data.Text
	if hasNUL(abs) {
		return nil, nulPathError(abs)
	}
	host := hostText(abs)
	content := hostText(text)
	if code := k.fs.writeFile(host, content); code != errOK {
		return nil, sysError(code, "open", host)
	}
	sum := sha256.Sum256([]byte(content))
	r := value.NewRecordSize(4)
	r.Set("kind", "file")
	r.Set("path", abs)
	r.Set("bytes", float64(len(content)))
	r.Set("sha256", hex.EncodeToString(sum[:]))
	return r, nil
}

// fsList is fs.list: the entries of a directory in byte-wise name order.
func (k *Virtual) fsList(args *value.Record) (value.Value, error) {
	abs := resolvePath(k.cwd, stringArg(args, "path"))
	if hasNUL(abs) {
		return nil, nulPathError(abs)
	}
	host := hostText(abs)
	n, code := k.fs.lookup(host)
	if code == errOK && !n.dir {
		code = errNOTDIR
	}
	if code != errOK {
		return nil, sysError(code, "scandir", host)
	}
	names := n.sortedNames()
	items := make([]value.Value, len(names))
	for i, name := range names {
		entry := value.NewRecordSize(2)
		entry.Set("name", name)
		if n.kids[name].dir {
			entry.Set("type", "directory")
		} else {
			entry.Set("type", "file")
		}
		items[i] = entry
	}
	return value.NewList(items...), nil
}

// fsExists is fs.exists: whether the path exists; it never fails.
func (k *Virtual) fsExists(args *value.Record) (value.Value, error) {
	abs := resolvePath(k.cwd, stringArg(args, "path"))
	if hasNUL(abs) {
		return false, nil
	}
	_, code := k.fs.lookup(hostText(abs))
	return code == errOK, nil
}

func hasNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

// stringArg reads a string argument; validated arguments always have one.
func stringArg(args *value.Record, k string) string {
	v, _ := ownField(args, k)
	s, _ := v.(string)
	return s
}
