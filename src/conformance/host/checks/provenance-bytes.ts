/**
 * `host-provenance-bytes` (spec §5.3, F5, §4.10): over a trusted local
 * fixture, a `file` link whose digest is that of the bytes it names is
 * `verified`, and its tampered twin (the digest of other bytes) a `mismatch`.
 * The expected digests are computed here by WebCrypto, not by the host.
 */
import type { FileSource } from "../../../host/sessions/file-provenance.ts";
import { fail, pass } from "../../checks/check.ts";
import { type HostCheck, inSession } from "../host-check.ts";

/** The fixture: three lines; the link names the second, `L2`. */
const FIXTURE_PATH = "/conformance/notes.md";
const FIXTURE = "alpha\r\nbravo\ncharlie\n";
const SECOND_LINE = "bravo\n";

async function sha256(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `sha256:${[...hash].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** An in-memory source of `files` (the default where no file system can hold the fixture). */
function memorySource(files: Readonly<Record<string, Uint8Array>>): Promise<FileSource> {
  return Promise.resolve(async (path) => (Object.hasOwn(files, path) ? files[path] : undefined));
}

/** `host-provenance-bytes` (spec §5.3, F5). */
export const hostProvenanceBytes: HostCheck = {
  name: "host-provenance-bytes",
  anchor: "F5",
  async run(context) {
    const files = await (context.fixtureFiles ?? memorySource)({ [FIXTURE_PATH]: new TextEncoder().encode(FIXTURE) });
    const link = { type: "file", uri: `file://${FIXTURE_PATH}`, range: "L2" };
    return inSession(context, async (session) => {
      const honest = await session.verifyFileProvenance({ ...link, digest: await sha256(SECOND_LINE) }, files);
      const tampered = await session.verifyFileProvenance({ ...link, digest: await sha256("bravo!\n") }, files);
      const evidence = `matching digest: ${honest.kind}; tampered digest: ${tampered.kind}`;
      return honest.kind === "verified" && tampered.kind === "mismatch"
        ? pass(evidence)
        : fail(`F5: ${evidence} (expected verified, then mismatch)`);
    });
  },
};
