// What `frameline inspect` makes of a report with frameline's extensions (src/node/inspect-output.ts): a
// failing extension does not make a host "not conformant" (the reference's checks decide that, spec §5), but
// it is named on a line of its own and the exit status is 1; a report without extensions is printed as before.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ConformanceReport } from "../support/lib.ts";
import { finish, type InspectOutput, progress } from "../support/node-lib.ts";

function captured(json = false): InspectOutput & { text: () => string } {
  let text = "";
  return { json, tty: false, color: false, write: (chunk) => void (text += chunk), text: () => text };
}

const check = (name: string, status: "pass" | "fail") => ({ name, status, evidence: `${name} seen` });

const REFERENCE = [check("host-version-reject", "pass"), check("composition-determinism", "pass")];

test("a failing extension: CGP conformant still, the extension named as failing, exit 1", () => {
  const output = captured();
  const report: ConformanceReport = {
    target: "a host",
    checks: REFERENCE,
    extensions: [check("host-content-binding", "fail")],
  };
  assert.equal(finish(output, report), 1);
  assert.deepEqual(output.text().split("\n"), [
    "CGP conformant: 2 checks, 2 passed, 0 failed, 0 skipped",
    "frameline extensions failed (host-content-binding): 1 check, 0 passed, 1 failed",
    "",
  ]);
});

test("--json: the report as it is, extensions after checks, and the same exit status", () => {
  const output = captured(true);
  const report: ConformanceReport = {
    target: "a host",
    checks: REFERENCE,
    extensions: [check("host-content-binding", "fail")],
  };
  assert.equal(finish(output, report), 1);
  assert.deepEqual(Object.keys(JSON.parse(output.text())), ["target", "checks", "extensions"]);
});

test("a report without extensions (a provider's) prints and exits exactly as before", () => {
  const output = captured();
  assert.equal(finish(output, { target: "a provider", checks: REFERENCE }), 0);
  assert.equal(output.text(), "CGP conformant: 2 checks, 2 passed, 0 failed, 0 skipped\n");
  const failing = captured();
  assert.equal(finish(failing, { target: "a provider", checks: [check("handshake", "fail")] }), 1);
  assert.equal(failing.text(), "not conformant: 1 check, 0 passed, 1 failed, 0 skipped\n");
});

test("progress: the extensions' heading once, before the first extension's line, never for reference checks", () => {
  const output = captured();
  const onProgress = progress(output)!;
  onProgress({ type: "started", name: "host-version-reject" });
  onProgress({ type: "finished", check: REFERENCE[0]! });
  onProgress({ type: "started", name: "host-content-binding", extension: true });
  onProgress({ type: "finished", check: check("host-content-binding", "pass"), extension: true });
  assert.deepEqual(output.text().split("\n"), [
    "  pass host-version-reject             host-version-reject seen",
    "frameline extensions (not reference checks; not counted in CGP conformant):",
    "  pass host-content-binding            host-content-binding seen",
    "",
  ]);
});
