/**
 * The Worker's `MISBEHAVE` variable (spec §5.2): when set to a mode, the
 * docs provider breaks that one guarantee on purpose, for conformance suites
 * to catch. Unset, nothing changes. A name that is no mode fails every
 * request (a misconfiguration should be loud, not a silently honest provider).
 */
import { Hono } from "hono";
import type { Signer } from "../src/attest/index.ts";
import type { D1DocsDatabase, DocsCorpus } from "../src/docs-provider/index.ts";
import { isMisbehaveMode, MISBEHAVE_MODES, misbehavingApp, misbehavingDocsProvider } from "../src/misbehave/index.ts";
import type { Provider } from "../src/provider/index.ts";

/** What the Worker serves when `MISBEHAVE` names a mode: the provider for the kit's app, and the app wrapped. */
interface Misbehaving {
  readonly provider: Provider;
  /** `app` with the mode applied to every envelope in and out (the app's own rules, auth and limits kept). */
  wrap(app: Hono): Hono;
}

/** The misbehaving docs provider `MISBEHAVE` names, or undefined when it is unset or empty. */
export function misbehaving(
  mode: string | undefined,
  source: DocsCorpus | D1DocsDatabase,
  signer: Signer | undefined,
): Misbehaving | undefined {
  const name = mode?.trim();
  if (!name) return undefined;
  if (!("chunks" in source)) throw new Error("MISBEHAVE works over the bundled corpus, not a DOCS_DB database");
  const corpus = source;
  if (!isMisbehaveMode(name))
    throw new Error(`MISBEHAVE names no mode; it must be one of ${Object.keys(MISBEHAVE_MODES).join(", ")}`);
  const fixture = misbehavingDocsProvider(corpus, name, signer ? { signer } : {});
  return {
    provider: fixture.provider,
    wrap(app) {
      const wrapped = misbehavingApp(fixture, app);
      return new Hono().all("*", (c) => wrapped.fetch(c.req.raw));
    },
  };
}
