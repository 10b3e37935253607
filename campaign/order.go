package campaign

// Index order. Cases finish in an order the machine decides (the -j runners, the slices
// of campaign workers, a case run again after a worker's death), so what the summary
// says about "the first" cases is taken in case-index order instead:
//
//   - the checkpoints of the coverage curve count the features and signatures of the
//     first N cases of the campaign (the first N indices of its shard from Start),
//     noted once every one of them is recorded: a feature or signature counts when the
//     lowest index that reached it is among them;
//   - the entry of a signature is written from its lowest-index case: the case is a
//     claim, written by whichever runner records the last of the cases below it (at -j 1
//     the case's own runner, at once), so no runner waits for another;
//   - the first case of a bucket, with its attribution and derivation, and the timed-out
//     cases listed are the lowest indices.
//
// So two campaigns with one seed, count and options report the same curve and write the
// same entries, at any -j, with or without campaign workers; what differs is what the
// machine decides: times and rates, timeouts, abandoned runs, the reduction's time
// budget. A campaign ended early (its --time, an interrupt) notes only the checkpoints
// its recorded cases complete without a gap, and writes the claims left at its end.

import (
	"context"
	"slices"
	"sort"
)

// inOrder follows which cases are recorded, in index order.
type inOrder struct {
	shard Shard
	// next is the lowest index of the campaign not yet recorded, cases the number of
	// cases below it, ahead the indices recorded above it.
	next, cases int
	ahead       map[int]bool
	// claims are the entries waiting for the cases below them, by signature.
	claims map[string]*claim
}

// claim is the entry of a signature to write: from its lowest-index case so far, fc;
// impl names the external implementation whose signature it is ("" for the Go
// evaluator's).
type claim struct {
	sig  string
	fc   *fuzzCase
	impl string
}

func newInOrder(opts Options) inOrder {
	next := opts.Start
	for !opts.Shard.Owns(next) {
		next++
	}
	return inOrder{shard: opts.Shard, next: next, ahead: map[int]bool{}, claims: map[string]*claim{}}
}

// claim makes fc the case sig's entry is written from; c.mu is held.
func (c *Campaign) claim(sig string, fc *fuzzCase, impl string) {
	c.inOrder.claims[sig] = &claim{sig: sig, fc: fc, impl: impl}
}

// recorded takes case i as recorded: it notes the checkpoints the cases recorded
// without a gap now reach, and returns the claims whose lower cases are all recorded
// (to be written by the caller, without c.mu); c.mu is held.
func (c *Campaign) recorded(i int) []*claim {
	o := &c.inOrder
	o.ahead[i] = true
	for o.ahead[o.next] {
		delete(o.ahead, o.next)
		o.cases++
		o.next++
		for !o.shard.Owns(o.next) {
			o.next++
		}
		if slices.Contains(Checkpoints, o.cases) {
			c.curve = append(c.curve, c.pointBelow(o.next, o.cases))
		}
	}
	var due []*claim
	for sig, cl := range o.claims {
		if cl.fc.index < o.next {
			due = append(due, cl)
			delete(o.claims, sig)
		}
	}
	sortClaims(due)
	return due
}

// pointBelow is the curve's point for the cases below index end (n of them).
func (c *Campaign) pointBelow(end, n int) CurvePoint {
	p := CurvePoint{Cases: n}
	for _, first := range c.covered {
		if first < end {
			p.Features++
		}
	}
	for _, b := range c.buckets {
		if b.First < end {
			p.Signatures++
		}
	}
	return p
}

// leftClaims returns the claims not yet written (of an early end, or below a case that
// never ran).
func (c *Campaign) leftClaims() []*claim {
	c.mu.Lock()
	defer c.mu.Unlock()
	var left []*claim
	for sig, cl := range c.inOrder.claims {
		left = append(left, cl)
		delete(c.inOrder.claims, sig)
	}
	sortClaims(left)
	return left
}

func sortClaims(cls []*claim) {
	sort.Slice(cls, func(i, j int) bool {
		if cls[i].fc.index != cls[j].fc.index {
			return cls[i].fc.index < cls[j].fc.index
		}
		return cls[i].sig < cls[j].sig
	})
}

// writeClaims reduces and writes the entries of cls and notes them in their buckets.
func (c *Campaign) writeClaims(ctx context.Context, cls []*claim) {
	for _, cl := range cls {
		var file, note, program string
		if cl.impl != "" {
			file, note, program = c.writeExtraEntry(ctx, cl.fc, cl.impl, cl.sig)
		} else {
			file, note, program = c.writeEntry(ctx, cl.fc)
		}
		c.mu.Lock()
		b := c.buckets[cl.sig]
		b.File, b.Note, b.Program = file, note, program
		c.mu.Unlock()
	}
}
