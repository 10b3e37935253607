package worker

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// testRequest is a request of the batch mode the tests serve.
type testRequest struct {
	Type string `json:"type"`
	N    int    `json:"n"`
}

func (r testRequest) RequestType() string { return r.Type }

type testAnswer struct {
	Type string `json:"type"`
	N    int    `json:"n"`
}

// echoServer answers a "double" request with twice its n; n < 0 asks the worker to exit.
var echoServer = BatchServer[testRequest]{
	Worker: "test", Noun: "test worker", Types: []string{"double"},
	Serve: func(ctx context.Context, req testRequest) (any, bool, error) {
		return testAnswer{Type: "done", N: 2 * req.N}, req.N < 0, nil
	},
}

// ServeBatch writes the hello, then one answer line per request, in order; a cancel
// between requests is ignored; it ends at the end of its input or when a request's
// answer asks it to exit, and with an error naming the worker at a line it cannot serve.
func TestServeBatch(t *testing.T) {
	hello := string(BatchHelloLine("test"))
	for _, tc := range []struct {
		name, in, out, wantErr string
	}{
		{name: "requests", in: `{"type":"double","n":1}` + "\n" + `{"type":"cancel"}` + "\n" + `{"n":2,"type":"double"}` + "\n",
			out: `{"type":"done","n":2}` + "\n" + `{"type":"done","n":4}` + "\n"},
		{name: "no request", in: ""},
		{name: "exit", in: `{"type":"double","n":-1}` + "\n" + `{"type":"double","n":3}` + "\n",
			out: `{"type":"done","n":-2}` + "\n"},
		{name: "unknown type", in: `{"type":"triple","n":1}` + "\n", wantErr: `test worker: unknown request type "triple"`},
		{name: "unreadable", in: `{"type":` + "\n", wantErr: "test worker: unreadable request"},
		{name: "a last line without its newline", in: `{"type":"double","n":1}`, wantErr: "EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := ServeBatch(strings.NewReader(tc.in), &out, echoServer)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("ServeBatch: %v; want error %q", err, tc.wantErr)
			}
			if got := out.String(); got != hello+tc.out {
				t.Errorf("wrote %q; want %q", got, hello+tc.out)
			}
		})
	}
}

// A cancel line cancels the request in progress, which still answers.
func TestServeBatchCancel(t *testing.T) {
	in, feed := io.Pipe()
	s := echoServer
	s.Serve = func(ctx context.Context, req testRequest) (any, bool, error) {
		select {
		case <-ctx.Done():
			return testAnswer{Type: "cancelled"}, false, nil
		case <-time.After(time.Minute): // far past any machine's pace: the test fails, not hangs
			return testAnswer{Type: "not cancelled"}, false, nil
		}
	}
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- ServeBatch(in, &out, s) }()
	io.WriteString(feed, `{"type":"double","n":1}`+"\n")
	feed.Write(BatchCancelLine)
	feed.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if want := string(BatchHelloLine("test")) + `{"type":"cancelled","n":0}` + "\n"; out.String() != want {
		t.Errorf("wrote %q; want %q", out.String(), want)
	}
}
