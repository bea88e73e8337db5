/** A promise-chain mutex: one lock-step exchange at a time (spec §4.3). */

/** Serializes async sections in arrival order. */
export class Lock {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `section` after every earlier one has settled. */
  run<T>(section: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(section);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
