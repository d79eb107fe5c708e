/**
 * The first `k` of rows[0, n) ordered by (values[row], ids[row]), ascending, or descending with
 * `desc`: all sorted when they are few next to k, else one pass through a heap of the k first
 * so far, whose top is the last of them, in typed arrays.
 */
export function firstKByColumn(rows: Int32Array, n: number, values: Float64Array, ids: Float64Array, k: number, desc: boolean): number[] {
  const sign = desc ? -1 : 1;
  const before = (a: number, b: number) => sign * (values[a]! - values[b]! || ids[a]! - ids[b]!);
  if (k <= 0 || n <= 0) return [];
  if (n <= 4 * k || n <= 1024) return Array.from(rows.subarray(0, n)).sort(before).slice(0, k);
  const heap = new Int32Array(k);
  for (let i = 0; i < k; i++) siftUp(heap, i, rows[i]!, before);
  for (let i = k; i < n; i++) {
    const row = rows[i]!;
    const top = heap[0]!;
    const value = sign * values[row]!;
    const topValue = sign * values[top]!;
    if (value > topValue || (value === topValue && sign * ids[row]! >= sign * ids[top]!)) continue;
    siftDown(heap, k, row, before);
  }
  return Array.from(heap).sort(before);
}

/** Places `row` at `at` and moves it up while it comes after its parent (the heap's top is its last). */
function siftUp(heap: Int32Array, at: number, row: number, before: (a: number, b: number) => number) {
  let i = at;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (before(heap[parent]!, row) >= 0) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = row;
}

/** Replaces the top with `row` and moves it down below every child that comes after it. */
function siftDown(heap: Int32Array, size: number, row: number, before: (a: number, b: number) => number) {
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && before(heap[right]!, heap[left]!) > 0 ? right : left;
    if (before(heap[child]!, row) <= 0) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = row;
}
