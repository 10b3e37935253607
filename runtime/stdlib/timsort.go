package stdlib

// timSort sorts a as V8's Array.prototype.sort does: TimSort with binary insertion sort
// for short runs, galloping merges and V8's run-stack invariants (V8's array-sort.tq,
// after CPython's listsort). The reference runs the same algorithm
// (reference/ts/src/timsort.ts), so that a comparator that is not a consistent order —
// NaN among numbers "equals" everything — gives V8's permutation on both sides, and less
// is called in the order V8 calls the comparator (the comparison that fails first is the
// same). less(x, y) is `comparefn(x, y) < 0`, all TimSort asks of a comparison.
func timSort[T any](a []T, less func(x, y T) bool) {
	if len(a) < 2 {
		return
	}
	s := &timSorter[T]{a: a, less: less, minGallop: minGallop}
	s.sort()
}

// minGallop is V8's kMinGallopWins: the wins in a row after which a merge gallops.
const minGallop = 7

type timSorter[T any] struct {
	a         []T
	less      func(x, y T) bool
	minGallop int
	runBase   []int
	runLen    []int
	temp      []T
}

func (s *timSorter[T]) sort() {
	low, remaining := 0, len(s.a)
	minRun := minRunLength(remaining)
	for remaining != 0 {
		run := s.countAndMakeRun(low, low+remaining)
		if run < minRun {
			forced := min(minRun, remaining)
			s.binaryInsertionSort(low, low+run, low+forced)
			run = forced
		}
		s.runBase = append(s.runBase, low)
		s.runLen = append(s.runLen, run)
		s.mergeCollapse()
		low += run
		remaining -= run
	}
	s.mergeForceCollapse()
}

// minRunLength is V8's ComputeMinRunLength.
func minRunLength(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

// binaryInsertionSort sorts a[low:high], of which a[low:start] is already sorted.
func (s *timSorter[T]) binaryInsertionSort(low, start, high int) {
	a := s.a
	if low == start {
		start++
	}
	for ; start < high; start++ {
		pivot := a[start]
		left, right := low, start
		for left < right {
			mid := left + (right-left)>>1
			if s.less(pivot, a[mid]) {
				right = mid
			} else {
				left = mid + 1
			}
		}
		copy(a[left+1:start+1], a[left:start])
		a[left] = pivot
	}
}

// countAndMakeRun returns the length of the run starting at lowArg (ascending, or
// strictly descending and then reversed in place).
func (s *timSorter[T]) countAndMakeRun(lowArg, high int) int {
	a := s.a
	low := lowArg + 1
	if low == high {
		return 1
	}
	run := 2
	descending := s.less(a[low], a[low-1])
	previous := a[low]
	for i := low + 1; i < high; i++ {
		current := a[i]
		if isLess := s.less(current, previous); descending != isLess {
			break
		}
		previous = current
		run++
	}
	if descending {
		for i, j := lowArg, lowArg+run-1; i < j; i, j = i+1, j-1 {
			a[i], a[j] = a[j], a[i]
		}
	}
	return run
}

func (s *timSorter[T]) runInvariantEstablished(n int) bool {
	if n < 2 {
		return true
	}
	return s.runLen[n-2] > s.runLen[n-1]+s.runLen[n]
}

func (s *timSorter[T]) mergeCollapse() {
	for len(s.runLen) > 1 {
		n := len(s.runLen) - 2
		switch {
		case !s.runInvariantEstablished(n+1) || !s.runInvariantEstablished(n):
			if s.runLen[n-1] < s.runLen[n+1] {
				n--
			}
			s.mergeAt(n)
		case s.runLen[n] <= s.runLen[n+1]:
			s.mergeAt(n)
		default:
			return
		}
	}
}

func (s *timSorter[T]) mergeForceCollapse() {
	for len(s.runLen) > 1 {
		n := len(s.runLen) - 2
		if n > 0 && s.runLen[n-1] < s.runLen[n+1] {
			n--
		}
		s.mergeAt(n)
	}
}

func (s *timSorter[T]) mergeAt(i int) {
	a := s.a
	baseA, lengthA := s.runBase[i], s.runLen[i]
	baseB, lengthB := s.runBase[i+1], s.runLen[i+1]
	s.runLen[i] = lengthA + lengthB
	s.runBase = append(s.runBase[:i+1], s.runBase[i+2:]...)
	s.runLen = append(s.runLen[:i+1], s.runLen[i+2:]...)

	// Where does b start in a? Elements of a before it are already in place.
	k := gallopRight(a, s.less, a[baseB], baseA, lengthA, 0)
	baseA += k
	lengthA -= k
	if lengthA == 0 {
		return
	}
	// Where does a end in b? Elements of b after it are already in place.
	lengthB = gallopLeft(a, s.less, a[baseA+lengthA-1], baseB, lengthB, lengthB-1)
	if lengthB == 0 {
		return
	}
	if lengthA <= lengthB {
		s.mergeLow(baseA, lengthA, baseB, lengthB)
	} else {
		s.mergeHigh(baseA, lengthA, baseB, lengthB)
	}
}

// tempCopy returns a copy of a[from:from+n] in the sorter's scratch slice.
func (s *timSorter[T]) tempCopy(from, n int) []T {
	s.temp = append(s.temp[:0], s.a[from:from+n]...)
	return s.temp
}

// mergeLow merges the adjacent runs a[baseA:+lengthA] and a[baseB:+lengthB], lengthA <=
// lengthB, front to back with run A in a temporary copy.
func (s *timSorter[T]) mergeLow(baseA, lengthA, baseB, lengthB int) {
	a, less := s.a, s.less
	temp := s.tempCopy(baseA, lengthA)
	dest, cursorTemp, cursorB := baseA, 0, baseB
	a[dest] = a[cursorB]
	dest++
	cursorB++

	succeed := func() {
		copy(a[dest:dest+lengthA], temp[cursorTemp:cursorTemp+lengthA])
	}
	copyB := func() {
		// The last element of run A belongs at the end of the merge.
		copy(a[dest:dest+lengthB], a[cursorB:cursorB+lengthB])
		a[dest+lengthB] = temp[cursorTemp]
	}

	lengthB--
	if lengthB == 0 {
		succeed()
		return
	}
	if lengthA == 1 {
		copyB()
		return
	}
	mg := s.minGallop
	for {
		winsA, winsB := 0, 0
		// One element at a time until one run seems to win consistently.
		for {
			if less(a[cursorB], temp[cursorTemp]) {
				a[dest] = a[cursorB]
				dest++
				cursorB++
				winsB++
				winsA = 0
				lengthB--
				if lengthB == 0 {
					succeed()
					return
				}
				if winsB >= mg {
					break
				}
			} else {
				a[dest] = temp[cursorTemp]
				dest++
				cursorTemp++
				winsA++
				winsB = 0
				lengthA--
				if lengthA == 1 {
					copyB()
					return
				}
				if winsA >= mg {
					break
				}
			}
		}
		// Galloping, while it pays.
		mg++
		for first := true; winsA >= minGallop || winsB >= minGallop || first; first = false {
			mg = max(1, mg-1)
			s.minGallop = mg
			winsA = gallopRight(temp, less, a[cursorB], cursorTemp, lengthA, 0)
			if winsA > 0 {
				copy(a[dest:dest+winsA], temp[cursorTemp:cursorTemp+winsA])
				dest += winsA
				cursorTemp += winsA
				lengthA -= winsA
				if lengthA == 1 {
					copyB()
					return
				}
				if lengthA == 0 { // only with an inconsistent comparator, as A0's may be
					succeed()
					return
				}
			}
			a[dest] = a[cursorB]
			dest++
			cursorB++
			lengthB--
			if lengthB == 0 {
				succeed()
				return
			}
			winsB = gallopLeft(a, less, temp[cursorTemp], cursorB, lengthB, 0)
			if winsB > 0 {
				copy(a[dest:dest+winsB], a[cursorB:cursorB+winsB])
				dest += winsB
				cursorB += winsB
				lengthB -= winsB
				if lengthB == 0 {
					succeed()
					return
				}
			}
			a[dest] = temp[cursorTemp]
			dest++
			cursorTemp++
			lengthA--
			if lengthA == 1 {
				copyB()
				return
			}
		}
		mg++ // a penalty for leaving galloping mode
		s.minGallop = mg
	}
}

// mergeHigh is mergeLow back to front, with run B in the temporary copy (lengthA >
// lengthB).
func (s *timSorter[T]) mergeHigh(baseA, lengthA, baseB, lengthB int) {
	a, less := s.a, s.less
	temp := s.tempCopy(baseB, lengthB)
	dest, cursorTemp, cursorA := baseB+lengthB-1, lengthB-1, baseA+lengthA-1
	a[dest] = a[cursorA]
	dest--
	cursorA--

	succeed := func() {
		copy(a[dest-(lengthB-1):dest+1], temp[:lengthB])
	}
	copyA := func() {
		// The first element of run B belongs at the front of the merge.
		dest -= lengthA
		cursorA -= lengthA
		copy(a[dest+1:dest+1+lengthA], a[cursorA+1:cursorA+1+lengthA])
		a[dest] = temp[cursorTemp]
	}

	lengthA--
	if lengthA == 0 {
		succeed()
		return
	}
	if lengthB == 1 {
		copyA()
		return
	}
	mg := s.minGallop
	for {
		winsA, winsB := 0, 0
		for {
			if less(temp[cursorTemp], a[cursorA]) {
				a[dest] = a[cursorA]
				dest--
				cursorA--
				winsA++
				winsB = 0
				lengthA--
				if lengthA == 0 {
					succeed()
					return
				}
				if winsA >= mg {
					break
				}
			} else {
				a[dest] = temp[cursorTemp]
				dest--
				cursorTemp--
				winsB++
				winsA = 0
				lengthB--
				if lengthB == 1 {
					copyA()
					return
				}
				if winsB >= mg {
					break
				}
			}
		}
		mg++
		for first := true; winsA >= minGallop || winsB >= minGallop || first; first = false {
			mg = max(1, mg-1)
			s.minGallop = mg
			k := gallopRight(a, less, temp[cursorTemp], baseA, lengthA, lengthA-1)
			winsA = lengthA - k
			if winsA > 0 {
				dest -= winsA
				cursorA -= winsA
				copy(a[dest+1:dest+1+winsA], a[cursorA+1:cursorA+1+winsA])
				lengthA -= winsA
				if lengthA == 0 {
					succeed()
					return
				}
			}
			a[dest] = temp[cursorTemp]
			dest--
			cursorTemp--
			lengthB--
			if lengthB == 1 {
				copyA()
				return
			}
			k = gallopLeft(temp, less, a[cursorA], 0, lengthB, lengthB-1)
			winsB = lengthB - k
			if winsB > 0 {
				dest -= winsB
				cursorTemp -= winsB
				copy(a[dest+1:dest+1+winsB], temp[cursorTemp+1:cursorTemp+1+winsB])
				lengthB -= winsB
				if lengthB == 1 {
					copyA()
					return
				}
				if lengthB == 0 { // only with an inconsistent comparator, as A0's may be
					succeed()
					return
				}
			}
			a[dest] = a[cursorA]
			dest--
			cursorA--
			lengthA--
			if lengthA == 0 {
				succeed()
				return
			}
		}
		mg++
		s.minGallop = mg
	}
}

// gallopLeft returns the position in the sorted run arr[base:base+length] where key
// belongs, left of any elements equal to it (the k with arr[base+k-1] < key <=
// arr[base+k]), searching outwards from base+hint, then by bisection.
func gallopLeft[T any](arr []T, less func(x, y T) bool, key T, base, length, hint int) int {
	lastOfs, offset := 0, 1
	if less(arr[base+hint], key) {
		// arr[hint] < key: gallop right until arr[hint+lastOfs] < key <= arr[hint+offset].
		maxOfs := length - hint
		for offset < maxOfs {
			if !less(arr[base+hint+offset], key) {
				break
			}
			lastOfs = offset
			offset = offset<<1 + 1
			if offset <= 0 {
				offset = maxOfs
			}
		}
		offset = min(offset, maxOfs)
		lastOfs += hint
		offset += hint
	} else {
		// key <= arr[hint]: gallop left until arr[hint-offset] < key <= arr[hint-lastOfs].
		maxOfs := hint + 1
		for offset < maxOfs {
			if less(arr[base+hint-offset], key) {
				break
			}
			lastOfs = offset
			offset = offset<<1 + 1
			if offset <= 0 {
				offset = maxOfs
			}
		}
		offset = min(offset, maxOfs)
		lastOfs, offset = hint-offset, hint-lastOfs
	}
	lastOfs++
	for lastOfs < offset {
		m := lastOfs + (offset-lastOfs)>>1
		if less(arr[base+m], key) {
			lastOfs = m + 1
		} else {
			offset = m
		}
	}
	return offset
}

// gallopRight is gallopLeft right of any elements equal to key (the k with
// arr[base+k-1] <= key < arr[base+k]).
func gallopRight[T any](arr []T, less func(x, y T) bool, key T, base, length, hint int) int {
	lastOfs, offset := 0, 1
	if less(key, arr[base+hint]) {
		// key < arr[hint]: gallop left until arr[hint-offset] <= key < arr[hint-lastOfs].
		maxOfs := hint + 1
		for offset < maxOfs {
			if !less(key, arr[base+hint-offset]) {
				break
			}
			lastOfs = offset
			offset = offset<<1 + 1
			if offset <= 0 {
				offset = maxOfs
			}
		}
		offset = min(offset, maxOfs)
		lastOfs, offset = hint-offset, hint-lastOfs
	} else {
		// arr[hint] <= key: gallop right until arr[hint+lastOfs] <= key < arr[hint+offset].
		maxOfs := length - hint
		for offset < maxOfs {
			if less(key, arr[base+hint+offset]) {
				break
			}
			lastOfs = offset
			offset = offset<<1 + 1
			if offset <= 0 {
				offset = maxOfs
			}
		}
		offset = min(offset, maxOfs)
		lastOfs += hint
		offset += hint
	}
	lastOfs++
	for lastOfs < offset {
		m := lastOfs + (offset-lastOfs)>>1
		if less(key, arr[base+m]) {
			offset = m
		} else {
			lastOfs = m + 1
		}
	}
	return offset
}
