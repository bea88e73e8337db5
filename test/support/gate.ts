// A promise a test settles by hand, to order events without a clock: a provider that must stay busy
// waits on a gate the test opens when it chooses, and a test that must wait for something to happen
// (a query to arrive, a close to begin) awaits a gate the code under test opens.

/** `opened` settles (with the value given) once `open` is called; later calls change nothing. */
export interface Gate<T = void> {
  readonly opened: Promise<T>;
  open(value: T): void;
}

/** A gate, closed until `open` is called. */
export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}
