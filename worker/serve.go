package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/a0diff/a0diff/runtime/outcome"
	"github.com/a0diff/a0diff/runtime/toolkit"
	"github.com/a0diff/a0diff/runtime/value"
)

// Implementation is what Serve runs: an implementation and how it describes itself.
type Implementation struct {
	Name, Version string
	// Limits are the harness limits the implementation honours (see Hello.Limits).
	Limits []outcome.LimitName
	// NewRunner builds the runner, given the factory of the tool kits that call the host
	// (a HostKit per run, over the run's fixtures). A runner that ignores it runs its own
	// kit (set LocalTools then).
	NewRunner func(kits func(outcome.Fixtures) toolkit.Kit) outcome.Runner
	// LocalTools says the runner does not use the host's kit.
	LocalTools bool
	// Abandoned, when set, reports the runner's abandoned runs: still running, and in
	// total (the order of every Abandoned in a0diff).
	Abandoned func() (running, total int64)
}

// server is the worker side of one connection.
type server struct {
	out *bufio.Writer
	wmu sync.Mutex // guards out

	mu      sync.Mutex
	cur     uint64             // the run in progress (0: none)
	cancel  context.CancelFunc // cancels it
	pending map[uint64]chan message
	nextID  uint64
	gone    bool // the host's input ended: tool calls fail at once
}

// hostGone fails the tool calls waiting for an answer and those to come.
func (s *server) hostGone() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gone = true
	for id, ch := range s.pending {
		close(ch)
		delete(s.pending, id)
	}
}

// Serve speaks the worker protocol on in and out until in ends (then it returns nil) or
// a message cannot be read (then it returns the error, and the worker should exit).
func Serve(in io.Reader, out io.Writer, impl Implementation) error {
	// Through the poller, with raw system calls (pollable, rawPipe): a run's round
	// trips are a read and a write each.
	if f, ok := in.(*os.File); ok {
		in = servedIO(f)
	}
	if f, ok := out.(*os.File); ok {
		out = servedIO(f)
	}
	s := &server{out: bufio.NewWriterSize(out, 64<<10), pending: map[uint64]chan message{}}
	tools := "host"
	if impl.LocalTools {
		tools = "local"
	}
	hello, _ := json.Marshal(Hello{Type: typeHello, Protocol: ProtocolVersion, Implementation: impl.Name, Version: impl.Version, Limits: impl.Limits, Tools: tools})
	if err := s.write(append(hello, '\n')); err != nil {
		return err
	}
	runner := impl.NewRunner(s.newKit)

	type request struct {
		id     uint64
		source string
		cfg    outcome.Config
		bad    string // why the request could not be read
	}
	runs := make(chan request, 1)
	readErr := make(chan error, 1)
	go func() {
		defer close(runs)
		defer s.hostGone()
		r := bufio.NewReaderSize(in, 64<<10)
		var configs configCache
		for {
			line, err := readLine(r, maxRunMessage)
			if err != nil {
				if err != io.EOF {
					readErr <- err
				}
				return
			}
			if id, src, config, ok := runLine(line); ok {
				if cfg, err := configs.get(config); err == nil {
					runs <- request{id: id, source: src, cfg: cfg}
					continue
				}
			}
			m, typ, err := parseMessage(line)
			if err != nil {
				readErr <- err
				return
			}
			switch typ {
			case typeRun:
				id, err := m.uint("run")
				var src string
				if err == nil {
					src, err = m.str("source")
				}
				var wc wireConfig
				if err == nil {
					err = wc.decode(m["config"])
				}
				if err != nil {
					if id == 0 {
						readErr <- fmt.Errorf("run message: %v", err)
						return
					}
					// The run is answered, the connection goes on.
					runs <- request{id: id, bad: "the worker could not read the run message: " + err.Error()}
					continue
				}
				runs <- request{id: id, source: src, cfg: wc.config()}
			case typeToolResult:
				call, err := m.uint("call")
				if err != nil {
					readErr <- fmt.Errorf("toolResult message: %v", err)
					return
				}
				s.mu.Lock()
				ch := s.pending[call]
				delete(s.pending, call)
				s.mu.Unlock()
				if ch != nil {
					ch <- m
				}
			case typeCancel:
				id, _ := m.uint("run")
				s.mu.Lock()
				if id == s.cur && s.cancel != nil {
					s.cancel()
				}
				s.mu.Unlock()
			default:
				readErr <- fmt.Errorf("unknown message type %q", typ)
				return
			}
		}
	}()
	for req := range runs {
		ctx, cancel := context.WithCancel(context.Background())
		s.mu.Lock()
		s.cur, s.cancel = req.id, cancel
		s.mu.Unlock()
		var o outcome.Outcome
		if req.bad != "" {
			o = outcome.Outcome{Status: outcome.StatusCrash, Detail: req.bad}
		} else {
			o = outcome.SafeRun(ctx, runner, req.source, req.cfg)
		}
		cancel()
		s.mu.Lock()
		s.cur, s.cancel = 0, nil
		s.mu.Unlock()
		var total, running int64
		if impl.Abandoned != nil {
			running, total = impl.Abandoned()
		}
		if err := s.write(outcomeMessage(req.id, o, total, running)); err != nil {
			return err
		}
		releaseAfterLargeRun() // between runs, not holding up the answer
	}
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}

func (s *server) write(b []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.out.Write(b); err != nil {
		return err
	}
	return s.out.Flush()
}

// HostKit is the toolkit.Kit of one run in a worker process: it sends each call to the
// host, which runs it on its toolkit.Virtual over the run's fixtures, and records the
// calls as it saw them.
type HostKit struct {
	s     *server
	run   uint64
	mu    sync.Mutex
	calls []outcome.Call
}

var _ toolkit.Kit = (*HostKit)(nil)

func (s *server) newKit(outcome.Fixtures) toolkit.Kit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &HostKit{s: s, run: s.cur}
}

// CallData asks the host to run the tool and records the answer; the text the
// implementation serialised for fs.write travels in the tool message (toolkit.Data).
func (k *HostKit) CallData(tool string, args *value.Record, data toolkit.Data) (value.Value, error) {
	if args == nil {
		args = value.NewRecord()
	}
	result, err := k.s.callTool(k.run, tool, args, data)
	c := outcome.Call{Tool: tool, Args: args}
	if err != nil {
		c.Outcome, c.Error = "err", err.Error()
	} else {
		c.Outcome, c.Result = "ok", result
	}
	k.mu.Lock()
	k.calls = append(k.calls, c)
	k.mu.Unlock()
	return result, err
}

// Calls returns the calls made so far, in order.
func (k *HostKit) Calls() []outcome.Call {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]outcome.Call(nil), k.calls...)
}

// errHostGone is a tool call's failure when the host stopped answering.
var errHostGone = errors.New("internal error: the host did not answer the tool call")

func (s *server) callTool(run uint64, tool string, args *value.Record, data toolkit.Data) (value.Value, error) {
	ch := make(chan message, 1)
	s.mu.Lock()
	if s.gone {
		s.mu.Unlock()
		return nil, errHostGone
	}
	s.nextID++
	id := s.nextID
	s.pending[id] = ch
	s.mu.Unlock()
	toolJSON, _ := json.Marshal(tool)
	msg := []byte(`{"type":"tool","run":` + strconv.FormatUint(run, 10) + `,"call":` + strconv.FormatUint(id, 10) + `,"tool":`)
	msg = append(msg, toolJSON...)
	msg = append(msg, `,"args":`...)
	msg = append(msg, value.MarshalCanonical(args)...)
	if data.OK {
		msg = append(msg, `,"data":`...)
		msg = append(msg, value.MarshalCanonical(data.Text)...)
	}
	msg = append(msg, "}\n"...)
	if err := s.write(msg); err != nil {
		return nil, errHostGone
	}
	m, ok := <-ch
	if !ok {
		return nil, errHostGone
	}
	if raw, ok := m["ok"]; ok {
		v, err := value.UnmarshalCanonical(raw)
		if err != nil {
			return nil, fmt.Errorf("internal error: the host's tool result: %v", err)
		}
		return v, nil
	}
	msgText, err := m.str("err")
	if err != nil {
		return nil, fmt.Errorf("internal error: the host's tool result has neither ok nor err")
	}
	return nil, errors.New(msgText)
}

// readLine reads one line (without its newline) of at most max bytes.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if err == nil {
			// a copy: the reader's buffer is reused by the next read
			buf = append(buf, chunk[:len(chunk)-1]...)
			return buf, nil
		}
		if err != bufio.ErrBufferFull {
			if err == io.EOF && len(buf)+len(chunk) > 0 {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if len(buf)+len(chunk) > max {
			return nil, errTooLong
		}
		buf = append(buf, chunk...)
	}
}

// errTooLong reports a message line over its bound (maxMessage, maxRunMessage).
var errTooLong = errors.New("message over the length bound")
