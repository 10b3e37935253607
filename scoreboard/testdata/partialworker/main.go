// Command partialworker is a deliberately partial A0 implementation, written for the
// tests of a0diff's scoreboard, scope, buckets and baselines: it plays the part of a port
// written by another team, about half way to conformance. It speaks the protocol of
// worker/PROTOCOL.md (its side of it is written here from that document, not taken from
// package worker) and evaluates programs with a0diff's own Go evaluator, then spoils the
// Outcome the way a young port does:
//
//   - trace events carry no data (event names and spans only);
//   - error messages are its own words, diagnostics have no hint and no details;
//   - it enforces no harness limit but the deadline (its hello lists only "timeout"), so
//     a runaway program runs to the deadline or until its stack or memory gives out;
//   - one planted value mistake: a non-integer number in the program's result is
//     rounded to 6 significant digits (0.1 + 0.2 comes back as 0.3).
//
// Flags (all off by default) script the scenarios of the tests and of the scoreboard
// demonstration:
//
//	-declare      the hello declares what the port does not model (trace.data,
//	              errors.message, errors.hint, errors.details), so a0diff leaves it out
//	-fixed        the planted mistake is fixed (results are exact)
//	-regress      a second mistake: a string result is upper-cased
//	-deep N       every run answers with a value nested N lists deep
//	-crash-on S   exit with status 3 when the program text contains S
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/run"
	"github.com/a0diff/a0diff/runtime/value"
)

var (
	declare = flag.Bool("declare", false, "declare the parts of the Outcome this port does not model")
	fixed   = flag.Bool("fixed", false, "fix the planted value mistake")
	regress = flag.Bool("regress", false, "add a second mistake: string results upper-cased")
	deep    = flag.Int("deep", 0, "answer every run with a value nested this many lists deep")
	crashOn = flag.String("crash-on", "", "exit with status 3 when the source contains this text")
)

// unlimited stands for "no limit": the port never counts steps, depth or sizes.
const unlimited = math.MaxInt32

func main() {
	flag.Parse()
	hello := map[string]any{
		"type": "hello", "protocol": 1, "implementation": "partial", "version": "0.1",
		"limits": []string{"timeout"}, "tools": "local",
	}
	if *declare {
		hello["unmodelled"] = []string{"trace.data", "errors.message", "errors.hint", "errors.details"}
	}
	out := bufio.NewWriter(os.Stdout)
	send := func(b []byte) {
		out.Write(b)
		out.WriteByte('\n')
		out.Flush()
	}
	h, _ := json.Marshal(hello)
	send(h)

	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	evaluator := run.New()
	for {
		line, err := in.ReadBytes('\n')
		if err == io.EOF && len(line) == 0 {
			return
		}
		if err != nil && err != io.EOF {
			fmt.Fprintln(os.Stderr, "partialworker:", err)
			os.Exit(1)
		}
		var msg struct {
			Type   string `json:"type"`
			Run    uint64 `json:"run"`
			Source string `json:"source"`
			Config struct {
				File     string            `json:"file"`
				Allow    []string          `json:"allow"`
				Fixtures *outcome.Fixtures `json:"fixtures"`
				Limits   struct {
					TimeoutMs float64 `json:"timeoutMs"`
				} `json:"limits"`
			} `json:"config"`
		}
		if err := json.Unmarshal(line, &msg); err != nil {
			fmt.Fprintln(os.Stderr, "partialworker: unreadable message:", err)
			os.Exit(1)
		}
		if msg.Type != "run" {
			continue // a cancel arrives only between runs here: runs are synchronous
		}
		if *crashOn != "" && strings.Contains(msg.Source, *crashOn) {
			fmt.Fprintln(os.Stderr, "partialworker: planted crash")
			os.Exit(3)
		}
		if *deep > 0 {
			send(deepOutcome(msg.Run, *deep))
			continue
		}
		cfg := outcome.Config{File: msg.Config.File, Allow: msg.Config.Allow, Limits: outcome.Limits{
			MaxSteps: unlimited, MaxDepth: unlimited, MaxSize: unlimited,
			Timeout: time.Duration(msg.Config.Limits.TimeoutMs * float64(time.Millisecond)),
		}}
		if msg.Config.Fixtures != nil {
			cfg.Fixtures = *msg.Config.Fixtures
		}
		o := spoil(evaluator.Run(context.Background(), msg.Source, cfg))
		b := []byte(`{"type":"outcome","run":` + strconv.FormatUint(msg.Run, 10) + `,"outcome":`)
		b = outcome.AppendMarshal(b, o)
		send(append(b, '}'))
	}
}

// spoil makes a conformant Outcome the port's.
func spoil(o outcome.Outcome) outcome.Outcome {
	for i := range o.Trace {
		if o.Trace[i].Data != nil {
			o.Trace[i].Data = value.NewRecord()
		}
	}
	for i := range o.Errors {
		d := &o.Errors[i]
		d.Message = "port error " + strings.ToLower(string(d.Code))
		d.Hint, d.Details = "", nil
	}
	if o.HasValue {
		o.Value = mistake(o.Value)
	}
	return o
}

// mistake applies the planted mistakes to a result value.
func mistake(v value.Value) value.Value {
	switch x := v.(type) {
	case float64:
		if !*fixed && x != math.Trunc(x) && !math.IsInf(x, 0) && !math.IsNaN(x) {
			r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
			return r
		}
	case string:
		if *regress {
			return strings.ToUpper(x)
		}
	case *value.List:
		items := make([]value.Value, len(x.Items))
		for i, e := range x.Items {
			items[i] = mistake(e)
		}
		return value.NewList(items...)
	case *value.Record:
		r := x.Clone()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			r.Set(k, mistake(e))
		}
		return r
	}
	return v
}

// deepOutcome is an ok Outcome whose value is n lists nested in one another, written
// directly (no JSON library writes such a value).
func deepOutcome(id uint64, n int) []byte {
	var b strings.Builder
	b.Grow(2*n + 200)
	b.WriteString(`{"type":"outcome","run":` + strconv.FormatUint(id, 10) + `,"outcome":{"status":"ok","exitCode":0,"value":`)
	b.WriteString(strings.Repeat("[", n))
	b.WriteString(strings.Repeat("]", n))
	b.WriteString(`,"errors":[],"evidence":[],"trace":[],"toolCalls":[]}}`)
	return []byte(b.String())
}
