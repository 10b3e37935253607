package tsbundle_test

// Tests of the node host (node-host.js): the fake bundle's behaviours through the
// protocol, and the shipped reference under node against the same reference in goja.
// They need node on the PATH (CI has it); without it they are skipped.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a0diff/a0diff/corpus"
	"github.com/a0diff/a0diff/diff"
	"github.com/a0diff/a0diff/harness"
	tsbundle "github.com/a0diff/a0diff/reference/ts-bundle"
	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/syntax/testfile"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
	"github.com/a0diff/a0diff/worker"
)

// nodePool is a supervisor of node hosts running bundlePath ("" for the embedded one).
func nodePool(t testing.TB, bundlePath string, size int) *worker.Pool {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on the PATH")
	}
	argv, err := tsbundle.NodeCommand(bundlePath)
	if err != nil {
		t.Fatal(err)
	}
	p := worker.NewPool(worker.Config{Name: "node", Command: argv, Size: size, Grace: 5 * time.Second})
	t.Cleanup(func() { p.Close() })
	return p
}

func TestNodeHostHello(t *testing.T) {
	h, err := nodePool(t, "testdata/fake.js", 1).Hello()
	if err != nil {
		t.Fatal(err)
	}
	if h.Implementation != "node" || !strings.HasPrefix(h.Version, "fake 1 (node v") || h.Tools != "host" ||
		outcome.JoinLimitNames(h.Limits, ",") != "timeout" { // the fake bundle declares no A0Reference.limits
		t.Errorf("hello %+v", h)
	}
	// The shipped bundle declares its limits; the host adds the deadline.
	h, err = nodePool(t, "", 1).Hello()
	if err != nil {
		t.Fatal(err)
	}
	if got := outcome.JoinLimitNames(h.Limits, ","); got != "timeout,"+outcome.JoinLimitNames(outcome.ImplementationLimits(), ",") {
		t.Errorf("hello limits of the shipped bundle: %s", got)
	}
}

func TestNodeHostMissingBundleIsAStartError(t *testing.T) {
	_, err := nodePool(t, "testdata/no-such-bundle.js", 1).Hello()
	if err == nil || !strings.Contains(err.Error(), "no-such-bundle.js") {
		t.Errorf("Hello() error %v, want one naming the bundle", err)
	}
}

// The fake bundle's behaviours (testdata/fake.js) end the same way under node as the
// goja host classifies them (TestRunClassifiesEveryWayABundleCanEnd).
func TestNodeHostClassifiesEveryWayABundleCanEnd(t *testing.T) {
	p := nodePool(t, "testdata/fake.js", 2)
	cfg := outcome.Config{File: "t.a0", Allow: []string{"fs.read"}, Limits: outcome.Limits{Timeout: 30 * time.Second}}
	tests := []struct {
		source string
		status outcome.Status
		value  string   // canonical JSON of the value, for ok outcomes
		detail []string // substrings of Detail
	}{
		{"echo", outcome.StatusOK,
			`{"source":"echo","config":{"file":"t.a0","allow":["fs.read"],"limits":{"maxSteps":100000,"maxDepth":10000,"maxSize":1048576}},"version":"fake 1"}`, nil},
		{"busy 5", outcome.StatusOK,
			`[{"id":0,"name":"row0","tags":[0,"0"]},{"id":1,"name":"row4","tags":[4,"4"]},{"id":2,"name":"row3","tags":[3,"3"]}]`, nil},
		// Lone surrogates put raw into the Outcome text survive as code units.
		{"lone", outcome.StatusOK, `"a\ud800b\udc00c😀"`, nil},
		// No timeout inside the node host: the supervisor kills it after the grace.
		{"loop", outcome.StatusTimeout, "", []string{"after the run's deadline and was killed"}},
		{"recurse", outcome.StatusResource, "", []string{"call stack", "recurse"}},
		{"throw", outcome.StatusCrash, "", []string{"escaped A0Reference.run", "Error: fake bundle failure", "at thrower"}},
		{"return-number", outcome.StatusCrash, "", []string{"returned number, not the Outcome JSON string"}},
		{"return-garbage", outcome.StatusCrash, "", []string{"unreadable Outcome JSON", "this is not JSON"}},
		{"host-misuse", outcome.StatusCrash, "", []string{"TypeError", "host.call(tool, argsJSON) takes two strings"}},
		{"host\nfs.remove {}", outcome.StatusCrash, "", []string{"TypeError", `unknown tool "fs.remove"`}},
	}
	for _, tc := range tests {
		t.Run(strings.ReplaceAll(tc.source, "\n", " "), func(t *testing.T) {
			c := cfg
			if tc.status == outcome.StatusTimeout {
				c.Limits.Timeout = 300 * time.Millisecond
			}
			o := p.Run(context.Background(), tc.source, c)
			if o.Status != tc.status {
				t.Fatalf("status %q, want %q (detail: %s)", o.Status, tc.status, o.Detail)
			}
			if tc.status == outcome.StatusOK {
				if got := string(value.MarshalCanonical(o.Value)); got != tc.value {
					t.Errorf("value %s\nwant  %s", got, tc.value)
				}
			}
			for _, d := range tc.detail {
				if !strings.Contains(o.Detail, d) {
					t.Errorf("detail does not contain %q:\n%s", d, o.Detail)
				}
			}
		})
	}
}

// host.tools, host.validate and host.call reach the Go host's kit over the protocol,
// and the node host reports the calls.
func TestNodeHostServesTheToolKit(t *testing.T) {
	p := nodePool(t, "testdata/fake.js", 1)
	cfg := outcome.Config{Fixtures: outcome.Fixtures{Files: []outcome.File{{Path: "a.txt", Content: "hello \xed\xa0\x80"}}}}
	src := "host\n" +
		`fs.read {"path":"a.txt"}` + "\n" +
		`fs.read {"path":1}` + "\n" +
		`fs.exists {"path":"/work/a.txt"}` + "\n" +
		`fs.write {"path":"b.txt","data":{"2":1,"b":2,"1":3}} | {"1":3,"2":1,"b":2} as the bundle wrote it` + "\n" +
		`fs.read {"path":"b.txt"}` + "\n" +
		`fs.read {"path":"missing.txt"}`
	o := p.Run(context.Background(), src, cfg)
	if o.Status != outcome.StatusOK {
		t.Fatalf("%s: %s", o.Status, o.Detail)
	}
	got := string(value.MarshalCanonical(o.Value))
	want := `{"tools":` + toolkit.CatalogueJSON() + `,"steps":[` +
		`{"tool":"fs.read","issues":"","result":{"ok":"hello ���"}},` +
		`{"tool":"fs.read","issues":"path: Expected string, received number"},` +
		`{"tool":"fs.exists","issues":"","result":{"ok":true}},`
	if !strings.HasPrefix(got, want) {
		t.Errorf("host results\n got %s\nwant %s…", got, want)
	}
	var tools []string
	for _, c := range o.ToolCalls {
		tools = append(tools, c.Tool+":"+c.Outcome)
	}
	if got := strings.Join(tools, " "); got != "fs.read:ok fs.exists:ok fs.write:ok fs.read:ok fs.read:err" {
		t.Errorf("ToolCalls = %s", got)
	}
	if len(o.ToolCalls) == 5 {
		// The written record is in JavaScript's enumeration order (integer-like keys first,
		// ascending), as A0 records are.
		if args := string(value.MarshalCanonical(o.ToolCalls[2].Args)); args != `{"path":"b.txt","data":{"1":3,"2":1,"b":2}}` {
			t.Errorf("fs.write args as recorded: %s", args)
		}
		// The file holds the text the bundle serialised (host.call's third argument),
		// passed over the protocol as the tool message's "data".
		if read, _ := o.ToolCalls[3].Result.(string); read != `{"1":3,"2":1,"b":2} as the bundle wrote it` {
			t.Errorf("fs.read of the written file: %q", read)
		}
	}
}

// The shipped reference gives the same Outcomes under node as in goja on corpus
// entries that cover tools, lexical edge cases (lone surrogates) and Appendix B.
func TestNodeAgreesWithGoja(t *testing.T) {
	node := nodePool(t, "", 2)
	goja := tsbundle.NewRunner(tsbundle.Embedded())
	defer goja.Close()
	entries, err := harness.Load([]string{"../../corpus/tools", "../../corpus/lexical", "../../corpus/spec/appendix-b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() && len(entries) > 40 {
		entries = entries[:40]
	}
	for _, e := range entries {
		cfg := e.RunConfig(30 * time.Second)
		g := outcome.SafeRun(context.Background(), goja, e.Source, cfg)
		n := outcome.SafeRun(context.Background(), node, e.Source, cfg)
		if res := diff.Compare(g, n); res.Verdict != diff.Agree {
			t.Errorf("%s: goja and node: %s %v", e.Path, res.Verdict, res.Divergences)
		}
		if ms := corpus.Check(e, n); len(ms) > 0 {
			t.Errorf("%s: under node the entry fails its expectations: %v", e.Path, ms)
		}
	}
}

// TestNodeHostExchanges drives the node host message by message
// (testdata/node-host-exchanges.txt).
func TestNodeHostExchanges(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on the PATH")
	}
	argv, err := tsbundle.NodeCommand("testdata/fake.js")
	if err != nil {
		t.Fatal(err)
	}
	type step struct{ op, text, where string }
	type exchange struct {
		name, where string
		steps       []step
	}
	const file = "testdata/node-host-exchanges.txt"
	read, err := testfile.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []exchange
	for _, rc := range read {
		c := exchange{name: rc.Name, where: fmt.Sprintf("%s:%d", file, rc.Line)}
		for i, line := range strings.Split(rc.Source, "\n") {
			where := fmt.Sprintf("%s:%d", file, rc.Line+1+i)
			switch {
			case line == "" || strings.HasPrefix(line, "#"):
			case strings.HasPrefix(line, "> "), strings.HasPrefix(line, "< "), strings.HasPrefix(line, "<+ "):
				op, text, _ := strings.Cut(line, " ")
				c.steps = append(c.steps, step{op, text, where})
			default:
				t.Fatalf("%s: unknown line %q", where, line)
			}
		}
		if len(rc.Expect) != 1 || !strings.HasPrefix(rc.Expect[0], "exit ") {
			t.Fatalf("%s: case %q wants one line \"exit N TEXT\" after ---", c.where, rc.Name)
		}
		exitLine := rc.Line + 2 // the header, "---", then the exit line
		if rc.Source != "" {
			exitLine += 1 + strings.Count(rc.Source, "\n")
		}
		c.steps = append(c.steps, step{"exit", strings.TrimPrefix(rc.Expect[0], "exit "), fmt.Sprintf("%s:%d", file, exitLine)})
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", file)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(argv[0], argv[1:]...)
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			// A worker that does not answer is killed, so that the read below fails.
			watchdog := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
			defer watchdog.Stop()
			lines := bufio.NewReader(stdout)
			read := func() string {
				l, err := lines.ReadString('\n')
				if err != nil {
					t.Fatalf("%s: reading the worker's output: %v (stderr: %s)", c.where, err, stderr.String())
				}
				return l
			}
			if hello := read(); !strings.Contains(hello, `{"type":"hello","protocol":1,"implementation":"node","version":"fake 1 (node v`) {
				t.Fatalf("%s: hello %s", c.where, hello)
			}
			last := ""
			for _, s := range c.steps {
				c.where = s.where
				switch s.op {
				case ">":
					if _, err := io.WriteString(stdin, s.text+"\n"); err != nil {
						t.Fatalf("%s: writing %s: %v", c.where, s.text, err)
					}
				case "<", "<+":
					if s.op == "<" {
						last = read()
					}
					if !strings.Contains(last, s.text) {
						t.Fatalf("%s: the worker wrote\n%s\nwant a line containing\n%s", c.where, last, s.text)
					}
				case "exit":
					stdin.Close()
					code, text, _ := strings.Cut(s.text, " ")
					io.Copy(io.Discard, lines)
					err := cmd.Wait()
					got := 0
					if ee, ok := err.(*exec.ExitError); ok {
						got = ee.ExitCode()
					} else if err != nil {
						t.Fatal(err)
					}
					if strconv.Itoa(got) != code || !strings.Contains(stderr.String(), text) {
						t.Errorf("%s: exit status %d, stderr %q; want %s and %q", c.where, got, stderr.String(), code, text)
					}
				}
			}
		})
	}
}
