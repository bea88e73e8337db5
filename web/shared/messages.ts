/**
 * What the page and its two Workers say to each other (types only). The host
 * (connections, consent, audits, every signature check) runs in a Worker so the
 * page's main thread only renders; the page owns Web Storage and the DOM. The
 * host reaches the in-page provider's Worker over a channel of their own
 * (`ProviderLink`): the page starts that Worker and hands each end to one
 * side, and then carries none of their sessions.
 */
import type { ConformanceReport, ProgressEvent } from "../../src/conformance/index.ts";
import type {
  AuditEntry,
  ConsentState,
  HostErrorDetails,
  HostErrorKind,
  QueryInput,
  TrustAnchor,
} from "../../src/host/index.ts";
import type {
  AttesterKey,
  Capabilities,
  ContextFrame,
  FrameId,
  ProviderInfo,
  Violation,
} from "../../src/protocol/index.ts";
import type { PlaygroundErrorKind } from "./playground-error.ts";

/** Where to connect: a URL (with an optional bearer token), or the in-page provider over a MessagePort. */
export type Target =
  | { readonly kind: "http"; readonly url: string; readonly token?: string }
  | { readonly kind: "in-page" };

/** How a badge reads: the four kinds of the issue, plus "cannot check" for keys or algorithms the host lacks. */
export type BadgeTone = "verified" | "identity" | "invalid" | "unsigned" | "unchecked";

/** One frame's (or the result's) attestation, in words. `verdict` is the machine name (a verdict or state kind). */
export interface Badge {
  readonly tone: BadgeTone;
  readonly label: string;
  readonly detail: string;
  readonly verdict: string;
  readonly keyId?: string;
  readonly tier?: TrustAnchor;
}

/** A handshake as the page shows it. */
export interface HandshakeView {
  readonly localId: string;
  readonly target: Target["kind"];
  readonly url?: string;
  /** The provider as the host treats it: over HTTP `data_flow.egress` is forced true (C4). */
  readonly provider: ProviderInfo;
  /** What the provider itself declared for `egress`. */
  readonly declaredEgress: boolean | undefined;
  readonly protocolVersion: string;
  readonly hostVersion: string;
  readonly capabilities: Capabilities;
  readonly attesterKeys: readonly { readonly key: AttesterKey; readonly fingerprint: string }[];
  readonly violations: readonly Violation[];
  /** The Ed25519 engine that checks signatures here. */
  readonly engine: "webcrypto" | "noble";
}

/** One frame of an answer, audited. */
export interface FrameView {
  readonly index: number;
  readonly frame: ContextFrame;
  readonly frameId: FrameId;
  readonly badge: Badge;
  readonly cost: { readonly declared: number; readonly canonical: number };
  readonly violations: readonly Violation[];
}

/** One answer (live or imported), audited and checked. */
export interface AnswerView {
  readonly answer: number;
  readonly source: "live" | "import";
  readonly providerName: string;
  readonly query: QueryInput;
  readonly frames: readonly FrameView[];
  readonly truncated: boolean;
  /** The root recomputed from exactly these frames (F12), the one signed, and the result attestation's badge. */
  readonly root: { readonly recomputed: string; readonly signed?: string; readonly badge: Badge };
  readonly budget: {
    readonly maxTokens: number;
    readonly maxFrames: number;
    readonly declared: number;
    readonly canonical: number;
    readonly violations: readonly Violation[];
  };
  /** Set when the host dropped the whole answer (B2): the frames are shown, marked as not accepted. */
  readonly dropped?: { readonly outcome: "budget_lie" | "frame_flood"; readonly violations: readonly Violation[] };
  readonly violations: readonly Violation[];
}

/** An inclusion path ready to draw, leaf to root. */
export interface PathView {
  readonly frameId: string;
  readonly source: "provider" | "derived";
  readonly commitment: string;
  readonly leaf: string;
  readonly steps: readonly { readonly sibling: string; readonly siblingIsLeft: boolean; readonly node: string }[];
  readonly root: string;
  readonly signedRoot?: string;
  readonly leafIndex: number;
  readonly leafCount: number;
  readonly problem?: string;
}

/** One revalidated frame (spec §4.7). */
export interface RevalidationView {
  readonly frameId: FrameId;
  readonly status: "valid" | "stale" | "gone" | "unknown" | "no_digest" | "verify_unsupported" | "verify_failed";
  readonly detail: string;
}

/** The compose view: what `composeForPrompt` built and its audit (spec §4.8). */
export interface ComposeView {
  readonly prompt: string;
  readonly globalBudget: number;
  readonly tokensUsed: number;
  readonly entries: readonly AuditEntry[];
}

/** An imported transcript, re-verified. */
export interface ImportView {
  readonly conversations: number;
  readonly answers: readonly AnswerView[];
  readonly failures: readonly string[];
  readonly problems: readonly string[];
}

/** One entry of the session's transcript, for the inspector: its line (absent for a line that did not decode). */
export interface WireEntry {
  readonly direction: "sent" | "received";
  readonly type: string;
  readonly line?: string;
  /** When it was recorded (ms since the epoch). */
  readonly at: number;
}

/** A failure the page explains in words: a `HostError` kind (spec §4.12), or one of the playground's own. */
export interface ErrorView {
  readonly kind: HostErrorKind | PlaygroundErrorKind;
  readonly message: string;
  readonly details: HostErrorDetails;
}

/**
 * What a query gets back (spec §4.5, §4.6): the answer, audited (a dropped one
 * too, marked), or the consent the host needs before anything is sent (C1,
 * C2; C6 names the scopes still missing). A failure is an `ErrorView`.
 */
export type QueryReply =
  | { readonly outcome: "answered"; readonly answer: AnswerView }
  | { readonly outcome: "consent_required" }
  | { readonly outcome: "consent_scope_required"; readonly missing: readonly string[] };

/** Requests from the page, by method. */
export interface HostMethods {
  connect: {
    /** The in-page provider is reached over the link the page handed over (`link`). */
    params: { target: Target; pinned: readonly AttesterKey[]; handshakeTimeoutMs: number };
    result: HandshakeView;
  };
  /**
   * The in-page provider's Worker started: `port` (transferred) is the host's end of a channel straight to it,
   * over which each session gets a port of its own (`ProviderLink`); outside the request queue.
   */
  link: { params: { port: MessagePort }; result: null };
  /** The in-page provider's Worker died: its link and every session over it end now; outside the request queue. */
  providerGone: { params: Record<string, never>; result: null };
  pin: { params: { keys: readonly AttesterKey[] }; result: null };
  query: { params: { input: QueryInput }; result: QueryReply };
  grant: { params: { scope?: string }; result: null };
  revoke: { params: Record<string, never>; result: null };
  verify: { params: Record<string, never>; result: readonly RevalidationView[] };
  compose: { params: { answer: number; budgetTokens: number }; result: ComposeView };
  path: { params: { answer: number; frame: number }; result: PathView };
  exportSession: { params: Record<string, never>; result: { ndjson: string; verdicts: string } };
  /** The session's transcript entry by entry from entry `from` on (it only grows), for the inspector. */
  wire: { params: { from: number }; result: readonly WireEntry[] };
  /** Loads the host's chunks now (the suites, the tools), so a later use needs no network; outside the request queue. */
  warm: { params: Record<string, never>; result: null };
  /** The transcript's bytes (UTF-8 NDJSON), transferred. */
  importTranscript: { params: { bytes: ArrayBuffer }; result: ImportView };
  /**
   * Runs a conformance suite, outside the request queue; progress arrives as `conformance` events of the
   * same `run`. Rejects with `cancelled` when cancelled.
   */
  conformance: { params: { readonly run: number } & ConformanceSuite; result: ConformanceReport };
  /** Cancels a run: every connection it made is ended at once. */
  cancelConformance: { params: { run: number }; result: null };
}

/** A request on the wire between page and host Worker. */
export type HostRequest = {
  [M in keyof HostMethods]: { readonly id: number; readonly method: M; readonly params: HostMethods[M]["params"] };
}[keyof HostMethods];

/** A reply or an event from the host Worker. */
export type HostMessage =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: ErrorView }
  | { readonly event: "consent"; readonly state: ConsentState }
  /** Frames of a large answer, sent ahead of the reply in slices, so no single message takes long to receive. */
  | { readonly event: "frames"; readonly answer: number; readonly frames: readonly FrameView[] }
  /** A conformance run's progress: the checks it will run, then each check as it starts and finishes. */
  | { readonly event: "conformance"; readonly run: number; readonly progress: ConformanceProgress };

/**
 * Which suite a run is: the provider checks against a target (spec §5.1), or the host and composition
 * checks against frameline's own host, beside scripted providers (spec §5.3, §5.4).
 */
export type ConformanceSuite =
  | { readonly suite: "provider"; readonly target: Target; readonly handshakeTimeoutMs: number }
  | { readonly suite: "host" };

/** What a conformance run reports as it goes: the plan (every check's name, in order), then the suite's events. */
export type ConformanceProgress = { readonly type: "planned"; readonly names: readonly string[] } | ProgressEvent;

/** The first message to the host Worker: the consent the page remembers. */
export interface HostInit {
  readonly consent: ConsentState;
}

/** What the page tells the in-page provider Worker: its end of the link to the host (once), or a tamper order. */
export type ProviderControl =
  | { readonly type: "link"; readonly port: MessagePort }
  | { readonly type: "tamper"; readonly frameId: string; readonly kind: TamperKind };

/** What the host tells the in-page provider over their link: serve a new session (NDJSON both ways) on `port`. */
export interface ProviderLink {
  readonly type: "serve";
  readonly port: MessagePort;
}

/** The tamper panel's choices: one frame of the next answer is corrupted after signing. */
export type TamperKind = "content" | "provenance" | "signature" | "lift";

/** What the in-page provider Worker tells the page: it is ready (its script, corpus and key loaded), or it tampered. */
export type ProviderEvent =
  | { readonly type: "ready" }
  | { readonly type: "tampered"; readonly frameId: string; readonly kind: TamperKind };
