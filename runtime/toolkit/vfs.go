package toolkit

import (
	"sort"
	"strings"
)

// Linux limits the virtual file system enforces like the kernel does: a path handed to
// a system call must be shorter than PATH_MAX bytes, and each name at most NAME_MAX.
const (
	pathMax = 4096
	nameMax = 255
)

// fsNode is a file or a directory of the virtual file system.
type fsNode struct {
	dir  bool
	data string             // a file's raw bytes
	kids map[string]*fsNode // a directory's entries
}

func newDir() *fsNode { return &fsNode{dir: true, kids: map[string]*fsNode{}} }

// vfs is the in-memory file system one kit works on. Names are UTF-8 byte strings, as
// on disk.
type vfs struct {
	root *fsNode
}

// resolvePath is Node's path.resolve(p) with the process working directory cwd (an
// absolute, normalised path): relative paths are joined to cwd, empty, "." and ".."
// segments are resolved and trailing slashes dropped.
func resolvePath(cwd, p string) string {
	if !strings.HasPrefix(p, "/") {
		p = cwd + "/" + p
	}
	if isNormalised(p) {
		return p // the common case (fixture paths, most tool paths), without splitting
	}
	var segs []string
	for _, s := range strings.Split(p, "/") {
		switch s {
		case "", ".":
		case "..":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
		default:
			segs = append(segs, s)
		}
	}
	return "/" + strings.Join(segs, "/")
}

// isNormalised reports whether the absolute path p is what resolvePath makes of it: the
// root, or names after single slashes, none of them "." or "..", no slash at the end.
func isNormalised(p string) bool {
	if p == "/" {
		return true
	}
	start := 1 // of the name being read; p[0] is '/'
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

// dirname is Node's path.dirname for an absolute, normalised path.
func dirname(abs string) string {
	i := strings.LastIndexByte(abs, '/')
	if i <= 0 {
		return "/"
	}
	return abs[:i]
}

// lookup walks abs (UTF-8, absolute, normalised) the way the kernel's path walk does and
// returns the node or the error the walk stops with.
func (fs *vfs) lookup(abs string) (*fsNode, errno) {
	if len(abs) >= pathMax {
		return nil, errNAMETOOLONG
	}
	cur := fs.root
	if abs == "/" {
		return cur, errOK
	}
	// The names of abs, read one at a time rather than split into a slice.
	for rest, more := abs[1:], true; more; {
		var name string
		name, rest, more = strings.Cut(rest, "/")
		if !cur.dir {
			return nil, errNOTDIR
		}
		if len(name) > nameMax {
			return nil, errNAMETOOLONG
		}
		next := cur.kids[name]
		if next == nil {
			return nil, errNOENT
		}
		cur = next
	}
	return cur, errOK
}

// parentOf walks to the directory that would hold abs's last name, and returns that
// name. It is the walk of open(O_CREAT).
func (fs *vfs) parentOf(abs string) (*fsNode, string, errno) {
	if len(abs) >= pathMax {
		return nil, "", errNAMETOOLONG
	}
	if abs == "/" {
		return nil, "", errOK // the root itself: there is no parent
	}
	parent, code := fs.lookup(dirname(abs))
	if code != errOK {
		return nil, "", code
	}
	name := abs[strings.LastIndexByte(abs, '/')+1:]
	if !parent.dir {
		return nil, "", errNOTDIR
	}
	if len(name) > nameMax {
		return nil, "", errNAMETOOLONG
	}
	return parent, name, errOK
}

// mkdirAll is mkdir -p of abs as Node's recursive mkdir does it: missing directories
// are created from the top down and stay created even when a later name fails. A file
// in the way fails with EEXIST when it is abs itself and ENOTDIR when it is an ancestor.
func (fs *vfs) mkdirAll(abs string) errno {
	if len(abs) >= pathMax {
		return errNAMETOOLONG
	}
	cur := fs.root
	if abs == "/" {
		return errOK
	}
	for rest, more := abs[1:], true; more; {
		var name string
		name, rest, more = strings.Cut(rest, "/")
		if len(name) > nameMax {
			return errNAMETOOLONG
		}
		next := cur.kids[name]
		switch {
		case next == nil:
			next = newDir()
			cur.kids[name] = next
		case !next.dir && !more:
			return errEXIST
		case !next.dir:
			return errNOTDIR
		}
		cur = next
	}
	return errOK
}

// writeFile is open(O_WRONLY|O_CREAT|O_TRUNC) plus write: it replaces a file's content
// or creates the file in an existing directory.
func (fs *vfs) writeFile(abs, data string) errno {
	parent, name, code := fs.parentOf(abs)
	if code != errOK {
		return code
	}
	if parent == nil { // the root
		return errISDIR
	}
	if existing := parent.kids[name]; existing != nil {
		if existing.dir {
			return errISDIR
		}
		existing.data = data
		return errOK
	}
	parent.kids[name] = &fsNode{data: data}
	return errOK
}

// sortedNames lists a directory's entries in byte-wise order.
func (n *fsNode) sortedNames() []string {
	names := make([]string, 0, len(n.kids))
	for name := range n.kids {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
