// Runs in Chromium for http-redirect-browser.test.ts: connects to a same-origin provider URL that answers
// 307, and reports the HostError kind and status it got on window.__redirect.
import { connect, HostError, httpTransport } from "../../support/lib.ts";

declare global {
  interface Window {
    __redirect?: { kind?: string; status?: number; error?: string };
  }
}

connect(httpTransport(new URL("/contextgraph", location.href))).then(
  () => (window.__redirect = { error: "connected: the redirect was followed" }),
  (error: unknown) =>
    (window.__redirect =
      error instanceof HostError
        ? { kind: error.kind, ...(error.details.status === undefined ? {} : { status: error.details.status }) }
        : { error: String(error) }),
);
