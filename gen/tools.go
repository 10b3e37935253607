package gen

import (
	"strings"

	"github.com/a0diff/a0diff/runtime/ast"
	"github.com/a0diff/a0diff/runtime/outcome"
)

var allCaps = []string{"fs.read", "fs.write", "http.get", "sh.exec"}

var toolCap = map[string]string{
	"fs.read": "fs.read", "fs.write": "fs.write", "fs.list": "fs.read", "fs.exists": "fs.read",
	"http.get": "http.get", "sh.exec": "sh.exec",
}

var effectTool = map[string]bool{"fs.write": true, "sh.exec": true}

// world is the hermetic environment of one case: the fixtures the tool kit serves, and
// what the generated tool calls aim at (hits) besides paths, URLs and commands the
// fixtures lack (misses).
type world struct {
	cwd   string
	files []outcome.File
	http  []outcome.HTTPResponse
	shell []outcome.ShellResult
	// targets of generated calls
	readPaths, listPaths, writePaths, urls, cmds []string
}

// fileContents are file bodies: text (also non-ASCII, a BOM), JSON with integer-like keys.
var fileContents = []string{
	"hello\n", "", "line 1\nline 2\n", `{"b":1,"10":2,"a":[1,2]}`, "caf\u00e9 \U0001F600\n",
	"\uFEFFbom first", `[{"k":"x","v":1},{"k":"y","v":2}]`, "a,b,,c", "tab\tsep\r\n",
}

func (g *generator) newWorld() *world {
	w := &world{cwd: "/work"}
	if !g.has(FeatTools) {
		return w
	}
	if g.chance(15) {
		w.cwd = "/home/user/proj"
	}
	content := func() string { return fileContents[g.n(len(fileContents))] }
	w.files = []outcome.File{
		{Path: "data.txt", Content: content()},
		{Path: "conf.json", Content: fileContents[3+3*g.n(2)]},
		{Path: "sub/a.txt", Content: content()},
		{Path: "sub/b.csv", Content: "x,y\n1,2\n"},
		{Path: "empty", Dir: true},
	}
	if g.chance(30) {
		w.files = append(w.files, outcome.File{Path: "/etc/app/é.txt", Content: content()})
	}
	w.readPaths, w.listPaths = workReadPaths, workListPaths
	if w.cwd != "/work" {
		w.readPaths, w.listPaths = homeReadPaths, homeListPaths
	}
	w.writePaths, w.urls, w.cmds = writePaths, targetURLs, targetCmds
	w.http = httpFixtures[g.n(len(httpFixtures))]
	w.shell = shellFixtures
	return w
}

// The HTTP answers (one list per body of the first) and the shell results of a case
// with tools, made once: a case's fixtures share them, and nothing writes into a case's
// fixtures (the shrinker and the reducer edit copies: fixtureShrinks,
// reduce.copyConfig).
var (
	httpFixtures = func() [][]outcome.HTTPResponse {
		bodies := []string{`{"items":[1,2,3],"2":"two","1":"one"}`, "plain text body", "", `[{"name":"a"}]`}
		lists := make([][]outcome.HTTPResponse, len(bodies))
		for i, body := range bodies {
			lists[i] = []outcome.HTTPResponse{
				{URL: "https://api.test/items", Status: 200, Headers: [][2]string{{"Content-Type", "application/json"}, {"X-Count", "3"}}, Body: body},
				{URL: "https://api.test/missing", Status: 404, Body: "not found"},
				{URL: "https://api.test/down", Error: "fetch failed"},
				{URL: "https://api.test/old", Status: 301, Headers: [][2]string{{"Location", "/items"}}},
			}
		}
		return lists
	}()
	shellFixtures = []outcome.ShellResult{
		{Cmd: "echo hello", Stdout: "hello\n"},
		{Cmd: "false", ExitCode: 1},
		{Cmd: "ls sub", Stdout: "a.txt\nb.csv\n"},
		{Cmd: "cat missing", ExitCode: 1, Stderr: "cat: missing: No such file or directory\n"},
	}
)

// The targets of generated calls, the same in every case of a working directory (the
// generator only reads them).
var (
	workReadPaths, workListPaths = readPaths("/work"), listPaths("/work")
	homeReadPaths, homeListPaths = readPaths("/home/user/proj"), listPaths("/home/user/proj")
	writePaths                   = []string{"out/result.json", "data.txt", "new.txt", "sub", "deep/er/file.txt", "/tmp/x.txt"}
	targetURLs                   = []string{"https://api.test/items", "https://api.test/missing", "https://api.test/down", "https://api.test/old", "https://api.test/other", "data:text/plain,hello%20world", "not a url", "ftp://api.test/x"}
	targetCmds                   = []string{"echo hello", "false", "ls sub", "cat missing", "no-such-command"}
)

func readPaths(cwd string) []string {
	return []string{"data.txt", "conf.json", "sub/a.txt", "./sub/b.csv", cwd + "/data.txt", "missing.txt", "sub", "sub/a.txt/x", "../work/data.txt", "/etc/app/é.txt"}
}

func listPaths(cwd string) []string {
	return []string{".", "sub", "empty", "/", "data.txt", "nope", cwd}
}

func (w *world) fixtures() outcome.Fixtures {
	f := outcome.Fixtures{Files: w.files, HTTP: w.http, Shell: w.shell}
	if w.cwd != "/work" {
		f.Cwd = w.cwd
	}
	return f
}

// pickTarget picks a hit (from the first hits entries) most of the time.
func (g *generator) pickTarget(xs []string, hits int) string {
	if g.chance(75) {
		return xs[g.n(min(hits, len(xs)))]
	}
	return xs[g.n(len(xs))]
}

// toolCall is a call of any tool; effectOnly asks for fs.write or sh.exec (statements).
func (g *generator) toolCall(sc *scope, d int, effectOnly bool) (ast.Expr, *typ) {
	if !g.has(FeatTools) {
		return nil, nil
	}
	tools := []string{"fs.read", "fs.exists", "fs.list", "http.get", "fs.write", "sh.exec"}
	if effectOnly {
		tools = tools[4:]
	}
	return g.toolOf(sc, tools[g.n(len(tools))], d)
}

// toolOf calls tool with arguments that mostly fit its schema (§9.1) and mostly hit the
// fixtures.
func (g *generator) toolOf(sc *scope, tool string, d int) (ast.Expr, *typ) {
	if !g.has(FeatTools) {
		return nil, nil
	}
	w := g.world
	g.usedTools[tool] = true
	g.spend(2)
	str := func(s string) ast.Expr { return strLit(s) }
	wrong := func() bool { return g.has(FeatWrongTypes) && g.chance(8) }
	bad := func() ast.Expr {
		e, _ := g.expr(sc, ofKind([]kind{kNum, kNull, kBool, kList, kRec}[g.n(5)]), d)
		return e
	}
	var args *ast.RecordExpr
	var t *typ
	switch tool {
	case "fs.read":
		var path, enc ast.Expr = str(g.pickTarget(w.readPaths, 5)), nil
		if wrong() {
			path = bad()
		} else if g.chance(10) {
			path = nil
		}
		if g.chance(20) {
			enc = str([]string{"utf8", "base64", "utf-8", "hex"}[g.n(4)])
			if wrong() {
				enc = &ast.NullLiteral{}
			}
		}
		args, t = record("path", path, "encoding", enc), tyStr
	case "fs.exists":
		var path ast.Expr = str(g.pickTarget(w.readPaths, 9))
		if wrong() {
			path = bad()
		}
		args, t = record("path", path), tyBool
	case "fs.list":
		var path ast.Expr = str(g.pickTarget(w.listPaths, 3))
		if wrong() {
			path = bad()
		}
		args, t = record("path", path), listOf(recOf(field{"name", tyStr}, field{"type", tyStr}))
	case "http.get":
		var url, headers ast.Expr = str(g.pickTarget(w.urls, 4)), nil
		if wrong() {
			url = bad()
		}
		if g.chance(25) {
			headers = record("accept", str("application/json"))
			if wrong() {
				headers = record("a", intLit(1), "b", str("x"), "c", &ast.NullLiteral{})
			}
		}
		args, t = record("url", url, "headers", headers), recOf(field{"status", tyNum}, field{"headers", tyRec}, field{"body", tyStr})
	case "fs.write":
		var path, data, format ast.Expr = str(g.pickTarget(w.writePaths, 3)), nil, nil
		if wrong() {
			path = bad()
		}
		if g.pitfall() && g.chance(30) {
			data = g.specialContainer(0) // -0, NaN, ±Infinity through the JSON writer
		} else if g.pitfall() && g.chance(25) {
			// a lone surrogate is written as U+FFFD: bytes and sha256 show it (§9.2, §10.3)
			data = strLit(g.loneSurrogateString())
		} else if g.chance(95) {
			data, _ = g.expr(sc, tyAny, d)
		}
		if g.chance(40) {
			format = str([]string{"json", "raw", "text"}[g.n(3)])
		}
		args, t = record("path", path, "data", data, "format", format), recOf(field{"kind", tyStr}, field{"path", tyStr}, field{"bytes", tyNum}, field{"sha256", tyStr})
	case "sh.exec":
		var cmd, cwd, timeout, env ast.Expr = str(g.pickTarget(w.cmds, 4)), nil, nil, nil
		if wrong() {
			cmd = bad()
		}
		if g.chance(15) {
			cwd = str([]string{"sub", "/nonexistent", "."}[g.n(3)])
		}
		if g.chance(15) {
			timeout = intLit(float64([]int{1000, 0}[g.n(2)]))
			if wrong() {
				timeout = str("100")
			}
		}
		if g.chance(15) {
			env = record("HOME", str("/tmp"))
			if wrong() {
				env = &ast.NullLiteral{}
			}
		}
		args, t = record("cmd", cmd, "cwd", cwd, "timeoutMs", timeout, "env", env), recOf(field{"exitCode", tyNum}, field{"stdout", tyStr}, field{"stderr", tyStr}, field{"durationMs", tyNum})
	}
	if g.chance(5) {
		args.Pairs = append(args.Pairs, &ast.RecordPair{Key: "extra", Value: intLit(1)})
	}
	path := &ast.IdentPath{Parts: strings.Split(tool, ".")}
	if effectTool[tool] || g.chance(10) {
		return &ast.DoExpr{Tool: path, Args: args}, t
	}
	return &ast.CallExpr{Tool: path, Args: args}, t
}

// StandardConfig is a host configuration for programs that come without one (fuzzed
// text): span file DefaultFile, every capability allowed, and the fixtures a generated
// case with every feature would get when every decision is 0.
func StandardConfig() outcome.Config {
	g := &generator{ch: NewByteChooser(nil), feat: AllFeatures}
	return outcome.Config{File: DefaultFile, Allow: append([]string(nil), allCaps...), Fixtures: g.newWorld().fixtures()}
}
