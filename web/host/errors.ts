/**
 * Failures as the page explains them: every `HostError` keeps its kind and
 * details (never a credential, C8), every `PlaygroundError` its kind; a fetch
 * that failed without an HTTP status is diagnosed, because a browser hides why
 * (CSP, CORS, or nobody listening).
 */
import type { HostError } from "../../src/host/index.ts";
import type { ErrorView } from "../shared/messages.ts";
import type { PlaygroundError } from "../shared/playground-error.ts";

let lastCspBlock: string | undefined;

/** Remembers the last URL this Worker's Content-Security-Policy blocked (the browser's only trace of it). */
export function watchCsp(scope: { addEventListener(type: string, listener: (event: Event) => void): void }): void {
  scope.addEventListener("securitypolicyviolation", (event) => {
    lastCspBlock = (event as SecurityPolicyViolationEvent).blockedURI;
  });
}

const DIAGNOSED = {
  blocked_by_csp: "this page's Content-Security-Policy does not allow connecting to",
  cors_refused: "the provider answered, but does not allow this page's origin (CORS) at",
  unreachable: "nothing answered at",
} as const;

/** Forgets earlier CSP reports: called before each request to a provider. */
export function resetCspWatch(): void {
  lastCspBlock = undefined;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Why a request to `url` failed with no response: the page's CSP refused it
 * (its violation report arrives as a task of its own), the provider refused
 * this page's origin (CORS: an opaque `no-cors` GET gets through, so something
 * answers), or nothing answered. The probe carries no payload, no credential.
 */
async function diagnose(url: string): Promise<keyof typeof DIAGNOSED> {
  const target = new URL(url);
  const blocked = () => lastCspBlock?.startsWith(target.origin) === true;
  await nextTask();
  if (blocked()) return "blocked_by_csp";
  try {
    // A no-cors request must follow redirects (Fetch standard); the probe is a bodiless, credential-free GET.
    await fetch(target, { mode: "no-cors", credentials: "omit", cache: "no-store" });
    return "cors_refused";
  } catch {
    await nextTask();
    return blocked() ? "blocked_by_csp" : "unreachable";
  }
}

/** Known by its name: a chunk's copy of the library, or of `PlaygroundError`, is another class (web/host/chunks.ts). */
function named<T extends Error>(error: unknown, name: string): error is T {
  return (
    error instanceof Error && error.name === name && typeof (error as Error & { kind?: unknown }).kind === "string"
  );
}

/** The page's view of any failure; `url` is the HTTP provider being talked to, if any. */
export async function errorView(error: unknown, url?: string): Promise<ErrorView> {
  if (named<PlaygroundError>(error, "PlaygroundError"))
    return { kind: error.kind, message: error.message, details: {} };
  if (!named<HostError>(error, "HostError"))
    return { kind: "internal", message: "the host failed unexpectedly", details: {} };
  if (url !== undefined && error.kind === "transport" && error.details.status === undefined) {
    const kind = await diagnose(url);
    return { kind, message: `${DIAGNOSED[kind]} ${new URL(url).origin}`, details: {} };
  }
  return { kind: error.kind, message: error.message, details: error.details };
}
