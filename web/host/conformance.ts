/**
 * The "Run conformance" panel's runs, in the host Worker. The suites
 * (web/host/conformance-suite.ts) are a chunk of their own (web/host/chunks.ts). Each run has its own
 * `AbortController`: cancelling it, or connecting elsewhere, ends every
 * connection it made at once; each check is posted as it starts and finishes.
 */
import type { ConformanceReport, ProgressEvent } from "../../src/conformance/index.ts";
import type { ConformanceSuite, HostMessage, HostMethods } from "../shared/messages.ts";
import { PlaygroundError } from "../shared/playground-error.ts";

type Post = (message: HostMessage) => void;

/** What the chunk's `runSuite` is given: the suite (and target) as plain data, and how to reach the in-page provider. */
export type ConformanceRequest = ConformanceSuite & {
  readonly signal: AbortSignal;
  readonly onProgress: (event: ProgressEvent) => void;
  /** A new port to a new session of the in-page provider. */
  readonly openPort: () => MessagePort;
  /** How to end each in-page session a run holds (the chunk adds and removes them). */
  readonly peers: Set<() => void>;
};

/** The chunk's default export (scripts/build-web.ts resolves `playground:conformance` to the chunk's file). */
export interface Suite {
  readonly PROVIDER_CHECK_NAMES: readonly string[];
  readonly HOST_CHECK_NAMES: readonly string[];
  runSuite(request: ConformanceRequest): Promise<ConformanceReport>;
}

/** Conformance runs (provider or host suite), by the page's run number. */
export class ConformanceRuns {
  readonly #post: Post;
  readonly #suite: () => Promise<Suite>;
  readonly #openPort: () => MessagePort;
  readonly #runs = new Map<number, AbortController>();
  readonly #peers = new Set<() => void>();

  /** `suite` loads the suites' chunk (web/host/chunks.ts); `openPort` opens a session of the in-page provider. */
  constructor(post: Post, suite: () => Promise<Suite>, openPort: () => MessagePort) {
    this.#post = post;
    this.#suite = suite;
    this.#openPort = openPort;
  }

  /** Runs the suite, posting its progress as `conformance` events of `run`; rejects with `cancelled` if cancelled. */
  async run({ run, ...suite }: HostMethods["conformance"]["params"]): Promise<ConformanceReport> {
    const controller = new AbortController();
    this.#runs.set(run, controller);
    try {
      const chunk = await this.#suite();
      controller.signal.throwIfAborted();
      const names = suite.suite === "host" ? chunk.HOST_CHECK_NAMES : chunk.PROVIDER_CHECK_NAMES;
      this.#post({ event: "conformance", run, progress: { type: "planned", names } });
      return await chunk.runSuite({
        ...suite,
        signal: controller.signal,
        onProgress: (progress) => this.#post({ event: "conformance", run, progress }),
        // A new session per connection, opened over the host's own link to the provider's Worker.
        openPort: this.#openPort,
        peers: this.#peers,
      });
    } finally {
      this.#runs.delete(run);
    }
  }

  /** Cancels a run (a run already over is left alone). */
  cancel(run: number): null {
    this.#runs.get(run)?.abort(new PlaygroundError("cancelled", "the conformance run was cancelled"));
    return null;
  }

  /** The in-page provider's Worker died: every session a run holds with it ends now, not at a timeout. */
  providerGone(): void {
    for (const end of this.#peers) end();
  }
}
