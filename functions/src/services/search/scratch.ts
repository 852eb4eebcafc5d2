/**
 * Working arrays a search borrows (its hits, their ranks, the codes a word marks) and hands back
 * when it ends, kept for the next search. At a million parts each is megabytes: made afresh for
 * every search they push the collector into sweeping the whole heap, strings and all, far more
 * often. A borrowed array holds whatever the last search left in it; every borrower writes
 * before it reads.
 */
export class Scratch {
  private free: ArrayBuffer[] = [];
  private lent: ArrayBuffer[] = [];

  /** An Int32Array of `length`, borrowed until `returnAll`. */
  int32(length: number): Int32Array<ArrayBuffer> {
    return new Int32Array(this.borrow(length * 4), 0, length);
  }

  /** A Uint32Array of `length`, borrowed until `returnAll`. */
  uint32(length: number): Uint32Array<ArrayBuffer> {
    return new Uint32Array(this.borrow(length * 4), 0, length);
  }

  /** A Uint8Array of `length`, borrowed until `returnAll`. */
  uint8(length: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.borrow(length), 0, length);
  }

  /** Takes back everything lent; the largest buffers are kept, up to KEPT_BYTES. */
  returnAll(): void {
    if (this.lent.length === 0) return;
    const all = [...this.free, ...this.lent].sort((a, b) => b.byteLength - a.byteLength);
    this.lent = [];
    this.free = [];
    let kept = 0;
    for (const buffer of all) {
      if (kept + buffer.byteLength > KEPT_BYTES) continue;
      this.free.push(buffer);
      kept += buffer.byteLength;
    }
  }

  /** The smallest free buffer of at least `bytes` (else a new one, a little larger to be kept). */
  private borrow(bytes: number): ArrayBuffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++)
      if (this.free[i]!.byteLength >= bytes && (best === -1 || this.free[i]!.byteLength < this.free[best]!.byteLength))
        best = i;
    const buffer = best === -1 ? new ArrayBuffer(Math.max(bytes, 256)) : this.free.splice(best, 1)[0]!;
    this.lent.push(buffer);
    return buffer;
  }
}

/** How much is kept between searches: a broad search at a million parts borrows about this much. */
const KEPT_BYTES = 24 * 2 ** 20;
