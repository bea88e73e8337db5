// Counting the byte-level work the decoder does, instead of timing it: every byte its primitives scan, copy,
// decode or allocate. The decoder's own code touches bytes only through these (see src/wire/line-splitter.ts).

/** Bytes touched by each kind of primitive while `countByteWork` ran. */
export interface ByteWork {
  /** By `indexOf` / `lastIndexOf` on byte arrays: the bytes each call looked at. */
  scanned: number;
  /** By `set` on byte arrays: the bytes written. */
  copied: number;
  /** By `TextDecoder.decode`: the bytes decoded. */
  decoded: number;
  /** By `new Uint8Array(length)`: the bytes of each fresh buffer. */
  allocated: number;
}

type Bytes = Uint8Array<ArrayBufferLike>;

/**
 * Runs `run` with the byte primitives instrumented, and restores them after.
 * Build the input before calling it: arrays it allocates count too.
 */
export async function countByteWork<T>(run: () => Promise<T>): Promise<{ result: T; work: ByteWork }> {
  const work: ByteWork = { scanned: 0, copied: 0, decoded: 0, allocated: 0 };
  const typedArray = Object.getPrototypeOf(Uint8Array.prototype) as Bytes;
  const original = {
    indexOf: typedArray.indexOf,
    lastIndexOf: typedArray.lastIndexOf,
    set: typedArray.set,
    decode: TextDecoder.prototype.decode,
    Uint8Array: globalThis.Uint8Array,
  };
  typedArray.indexOf = function (this: Bytes, value: number, from = 0) {
    const found = original.indexOf.call(this, value, from);
    work.scanned += found === -1 ? this.length - from : found - from + 1;
    return found;
  };
  typedArray.lastIndexOf = function (this: Bytes, value: number, from = this.length - 1) {
    const found = original.lastIndexOf.call(this, value, from);
    work.scanned += found === -1 ? from + 1 : from - found + 1;
    return found;
  };
  typedArray.set = function (this: Bytes, source: ArrayLike<number>, offset?: number) {
    work.copied += source.length;
    return original.set.call(this, source, offset);
  };
  TextDecoder.prototype.decode = function (this: TextDecoder, input?: AllowSharedBufferSource, options?) {
    work.decoded += input?.byteLength ?? 0;
    return original.decode.call(this, input, options);
  };
  globalThis.Uint8Array = class extends original.Uint8Array {
    constructor(...args: unknown[]) {
      if (typeof args[0] === "number") work.allocated += args[0];
      super(...(args as []));
    }
  } as Uint8ArrayConstructor;
  try {
    return { result: await run(), work };
  } finally {
    Object.assign(typedArray, { indexOf: original.indexOf, lastIndexOf: original.lastIndexOf, set: original.set });
    TextDecoder.prototype.decode = original.decode;
    globalThis.Uint8Array = original.Uint8Array;
  }
}
