// Array.prototype.sort as V8 (Node) runs it: TimSort with binary insertion sort for short
// runs, galloping merges and V8's run-stack invariants (V8's third_party array-sort.tq,
// itself after CPython's listsort). The reference sorts with this rather than with the
// engine's sort because A0's comparator is not always a consistent order — a NaN result
// (NaN among numbers) "equals" everything — and then the permutation depends on the
// algorithm: goja runs Go's sort.Stable, V8 runs TimSort, and V8 is the authority
// (spec §8.4). With a consistent comparator every stable sort gives the same result.
//
// `less(a, b)` is `comparefn(a, b) < 0`: TimSort asks nothing else of a comparison (a
// result of NaN or -0 is "not less"). It is called in exactly the order V8 calls the
// comparator, so an exception thrown by the n-th comparison is the one V8 would report.
// The Go evaluator runs the same algorithm (runtime/stdlib/timsort.go).

const MIN_GALLOP = 7;

export function timSort<T>(items: T[], less: (a: T, b: T) => boolean): void {
  const n = items.length;
  if (n < 2) return;
  new TimSort(items, less).sort();
}

class TimSort<T> {
  private minGallop = MIN_GALLOP;
  private readonly runBase: number[] = [];
  private readonly runLength: number[] = [];

  constructor(
    private readonly a: T[],
    private readonly less: (x: T, y: T) => boolean,
  ) {}

  sort(): void {
    const a = this.a;
    let low = 0;
    let remaining = a.length;
    const minRun = minRunLength(remaining);
    while (remaining !== 0) {
      let run = this.countAndMakeRun(low, low + remaining);
      if (run < minRun) {
        const forced = Math.min(minRun, remaining);
        this.binaryInsertionSort(low, low + run, low + forced);
        run = forced;
      }
      this.runBase.push(low);
      this.runLength.push(run);
      this.mergeCollapse();
      low += run;
      remaining -= run;
    }
    this.mergeForceCollapse();
  }

  // binaryInsertionSort sorts a[low, high), of which a[low, start) is already sorted.
  private binaryInsertionSort(low: number, startArg: number, high: number): void {
    const a = this.a;
    for (let start = low === startArg ? startArg + 1 : startArg; start < high; start++) {
      const pivot = a[start];
      let left = low;
      let right = start;
      while (left < right) {
        const mid = left + ((right - left) >> 1);
        if (this.less(pivot, a[mid])) right = mid;
        else left = mid + 1;
      }
      for (let p = start; p > left; p--) a[p] = a[p - 1];
      a[left] = pivot;
    }
  }

  // countAndMakeRun returns the length of the run starting at low (ascending, or strictly
  // descending and then reversed in place).
  private countAndMakeRun(lowArg: number, high: number): number {
    const a = this.a;
    const low = lowArg + 1;
    if (low === high) return 1;
    let run = 2;
    const descending = this.less(a[low], a[low - 1]);
    let previous = a[low];
    for (let i = low + 1; i < high; i++) {
      const current = a[i];
      const isLess = this.less(current, previous);
      if (descending ? !isLess : isLess) break;
      previous = current;
      run++;
    }
    if (descending) {
      for (let i = lowArg, j = lowArg + run - 1; i < j; i++, j--) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
      }
    }
    return run;
  }

  private runInvariantEstablished(n: number): boolean {
    if (n < 2) return true;
    const len = this.runLength;
    return len[n - 2] > len[n - 1] + len[n];
  }

  private mergeCollapse(): void {
    const len = this.runLength;
    while (len.length > 1) {
      let n = len.length - 2;
      if (!this.runInvariantEstablished(n + 1) || !this.runInvariantEstablished(n)) {
        if (len[n - 1] < len[n + 1]) n--;
        this.mergeAt(n);
      } else if (len[n] <= len[n + 1]) {
        this.mergeAt(n);
      } else {
        break;
      }
    }
  }

  private mergeForceCollapse(): void {
    const len = this.runLength;
    while (len.length > 1) {
      let n = len.length - 2;
      if (n > 0 && len[n - 1] < len[n + 1]) n--;
      this.mergeAt(n);
    }
  }

  private mergeAt(i: number): void {
    const a = this.a;
    let baseA = this.runBase[i];
    let lengthA = this.runLength[i];
    const baseB = this.runBase[i + 1];
    let lengthB = this.runLength[i + 1];
    this.runLength[i] = lengthA + lengthB;
    this.runBase.splice(i + 1, 1);
    this.runLength.splice(i + 1, 1);

    // Where does b start in a? Elements of a before it are already in place.
    const k = gallopRight(a, this.less, a[baseB], baseA, lengthA, 0);
    baseA += k;
    lengthA -= k;
    if (lengthA === 0) return;
    // Where does a end in b? Elements of b after it are already in place.
    lengthB = gallopLeft(a, this.less, a[baseA + lengthA - 1], baseB, lengthB, lengthB - 1);
    if (lengthB === 0) return;
    if (lengthA <= lengthB) this.mergeLow(baseA, lengthA, baseB, lengthB);
    else this.mergeHigh(baseA, lengthA, baseB, lengthB);
  }

  // mergeLow merges the adjacent runs a[baseA, +lengthA) and a[baseB, +lengthB), lengthA
  // <= lengthB, front to back with run A in a temporary copy.
  private mergeLow(baseA: number, lengthAArg: number, baseB: number, lengthBArg: number): void {
    const a = this.a;
    const less = this.less;
    let lengthA = lengthAArg;
    let lengthB = lengthBArg;
    const temp = a.slice(baseA, baseA + lengthA);
    let dest = baseA;
    let cursorTemp = 0;
    let cursorB = baseB;
    a[dest++] = a[cursorB++];

    const succeed = (): void => {
      for (let i = 0; i < lengthA; i++) a[dest + i] = temp[cursorTemp + i];
    };
    const copyB = (): void => {
      // The last element of run A belongs at the end of the merge.
      for (let i = 0; i < lengthB; i++) a[dest + i] = a[cursorB + i];
      a[dest + lengthB] = temp[cursorTemp];
    };

    if (--lengthB === 0) return succeed();
    if (lengthA === 1) return copyB();
    let minGallop = this.minGallop;
    for (;;) {
      let winsA = 0;
      let winsB = 0;
      // One element at a time until one run seems to win consistently.
      for (;;) {
        if (less(a[cursorB], temp[cursorTemp])) {
          a[dest++] = a[cursorB++];
          winsB++;
          winsA = 0;
          if (--lengthB === 0) return succeed();
          if (winsB >= minGallop) break;
        } else {
          a[dest++] = temp[cursorTemp++];
          winsA++;
          winsB = 0;
          if (--lengthA === 1) return copyB();
          if (winsA >= minGallop) break;
        }
      }
      // Galloping, while it pays.
      minGallop++;
      let first = true;
      while (winsA >= MIN_GALLOP || winsB >= MIN_GALLOP || first) {
        first = false;
        minGallop = Math.max(1, minGallop - 1);
        this.minGallop = minGallop;
        winsA = gallopRight(temp, less, a[cursorB], cursorTemp, lengthA, 0);
        if (winsA > 0) {
          for (let i = 0; i < winsA; i++) a[dest + i] = temp[cursorTemp + i];
          dest += winsA;
          cursorTemp += winsA;
          lengthA -= winsA;
          if (lengthA === 1) return copyB();
          // Impossible with a consistent comparator, but A0's need not be.
          if (lengthA === 0) return succeed();
        }
        a[dest++] = a[cursorB++];
        if (--lengthB === 0) return succeed();
        winsB = gallopLeft(a, less, temp[cursorTemp], cursorB, lengthB, 0);
        if (winsB > 0) {
          for (let i = 0; i < winsB; i++) a[dest + i] = a[cursorB + i];
          dest += winsB;
          cursorB += winsB;
          lengthB -= winsB;
          if (lengthB === 0) return succeed();
        }
        a[dest++] = temp[cursorTemp++];
        if (--lengthA === 1) return copyB();
      }
      minGallop++; // a penalty for leaving galloping mode
      this.minGallop = minGallop;
    }
  }

  // mergeHigh is mergeLow back to front, with run B in the temporary copy (lengthA >
  // lengthB).
  private mergeHigh(baseA: number, lengthAArg: number, baseB: number, lengthBArg: number): void {
    const a = this.a;
    const less = this.less;
    let lengthA = lengthAArg;
    let lengthB = lengthBArg;
    const temp = a.slice(baseB, baseB + lengthB);
    let dest = baseB + lengthB - 1;
    let cursorTemp = lengthB - 1;
    let cursorA = baseA + lengthA - 1;
    a[dest--] = a[cursorA--];

    const succeed = (): void => {
      for (let i = 0; i < lengthB; i++) a[dest - (lengthB - 1) + i] = temp[i];
    };
    const copyA = (): void => {
      // The first element of run B belongs at the front of the merge.
      dest -= lengthA;
      cursorA -= lengthA;
      for (let i = lengthA - 1; i >= 0; i--) a[dest + 1 + i] = a[cursorA + 1 + i];
      a[dest] = temp[cursorTemp];
    };

    if (--lengthA === 0) return succeed();
    if (lengthB === 1) return copyA();
    let minGallop = this.minGallop;
    for (;;) {
      let winsA = 0;
      let winsB = 0;
      for (;;) {
        if (less(temp[cursorTemp], a[cursorA])) {
          a[dest--] = a[cursorA--];
          winsA++;
          winsB = 0;
          if (--lengthA === 0) return succeed();
          if (winsA >= minGallop) break;
        } else {
          a[dest--] = temp[cursorTemp--];
          winsB++;
          winsA = 0;
          if (--lengthB === 1) return copyA();
          if (winsB >= minGallop) break;
        }
      }
      minGallop++;
      let first = true;
      while (winsA >= MIN_GALLOP || winsB >= MIN_GALLOP || first) {
        first = false;
        minGallop = Math.max(1, minGallop - 1);
        this.minGallop = minGallop;
        let k = gallopRight(a, less, temp[cursorTemp], baseA, lengthA, lengthA - 1);
        winsA = lengthA - k;
        if (winsA > 0) {
          dest -= winsA;
          cursorA -= winsA;
          for (let i = winsA - 1; i >= 0; i--) a[dest + 1 + i] = a[cursorA + 1 + i];
          lengthA -= winsA;
          if (lengthA === 0) return succeed();
        }
        a[dest--] = temp[cursorTemp--];
        if (--lengthB === 1) return copyA();
        k = gallopLeft(temp, less, a[cursorA], 0, lengthB, lengthB - 1);
        winsB = lengthB - k;
        if (winsB > 0) {
          dest -= winsB;
          cursorTemp -= winsB;
          for (let i = 0; i < winsB; i++) a[dest + 1 + i] = temp[cursorTemp + 1 + i];
          lengthB -= winsB;
          if (lengthB === 1) return copyA();
          // Impossible with a consistent comparator, but A0's need not be.
          if (lengthB === 0) return succeed();
        }
        a[dest--] = a[cursorA--];
        if (--lengthA === 0) return succeed();
      }
      minGallop++;
      this.minGallop = minGallop;
    }
  }
}

// minRunLength is V8's ComputeMinRunLength: n itself below 64, else a length between 32
// and 64 such that n / minRun is a power of two or a little less.
function minRunLength(nArg: number): number {
  let n = nArg;
  let r = 0;
  while (n >= 64) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

// gallopLeft returns the position in the sorted run arr[base, +length) where key belongs,
// left of any elements equal to it (the k with arr[base+k-1] < key <= arr[base+k]),
// searching from base+hint outwards, then by bisection.
function gallopLeft<T>(arr: T[], less: (x: T, y: T) => boolean, key: T, base: number, length: number, hint: number): number {
  let lastOfs = 0;
  let offset = 1;
  if (less(arr[base + hint], key)) {
    // arr[hint] < key: gallop right until arr[hint+lastOfs] < key <= arr[hint+offset].
    const maxOfs = length - hint;
    while (offset < maxOfs) {
      if (!less(arr[base + hint + offset], key)) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    lastOfs += hint;
    offset += hint;
  } else {
    // key <= arr[hint]: gallop left until arr[hint-offset] < key <= arr[hint-lastOfs].
    const maxOfs = hint + 1;
    while (offset < maxOfs) {
      if (less(arr[base + hint - offset], key)) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    const tmp = lastOfs;
    lastOfs = hint - offset;
    offset = hint - tmp;
  }
  lastOfs++;
  while (lastOfs < offset) {
    const m = lastOfs + ((offset - lastOfs) >> 1);
    if (less(arr[base + m], key)) lastOfs = m + 1;
    else offset = m;
  }
  return offset;
}

// gallopRight is gallopLeft right of any elements equal to key (the k with arr[base+k-1]
// <= key < arr[base+k]).
function gallopRight<T>(arr: T[], less: (x: T, y: T) => boolean, key: T, base: number, length: number, hint: number): number {
  let lastOfs = 0;
  let offset = 1;
  if (less(key, arr[base + hint])) {
    // key < arr[hint]: gallop left until arr[hint-offset] <= key < arr[hint-lastOfs].
    const maxOfs = hint + 1;
    while (offset < maxOfs) {
      if (!less(key, arr[base + hint - offset])) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    const tmp = lastOfs;
    lastOfs = hint - offset;
    offset = hint - tmp;
  } else {
    // arr[hint] <= key: gallop right until arr[hint+lastOfs] <= key < arr[hint+offset].
    const maxOfs = length - hint;
    while (offset < maxOfs) {
      if (less(key, arr[base + hint + offset])) break;
      lastOfs = offset;
      offset = (offset << 1) + 1;
      if (offset <= 0) offset = maxOfs;
    }
    if (offset > maxOfs) offset = maxOfs;
    lastOfs += hint;
    offset += hint;
  }
  lastOfs++;
  while (lastOfs < offset) {
    const m = lastOfs + ((offset - lastOfs) >> 1);
    if (less(key, arr[base + m])) offset = m;
    else lastOfs = m + 1;
  }
  return offset;
}
