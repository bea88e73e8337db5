// A stream transport that cannot write a query (spec §4.4, §4.12): whether its send rejects or throws, the
// query fails as provider_crashed in the host's own words; what the transport said (which may quote the
// payload) is not passed on, and no error of another layer leaves the host.
import assert from "node:assert/strict";
import { test } from "node:test";
import { connect, type StreamTransport } from "../../support/lib.ts";
import { afterAck, rejectsWith } from "../../support/host/adversaries.ts";

const Q = { goal: "the secret goal", max_frames: 2, max_tokens: 100 };

/** A provider that acks; its transport's send fails for queries, by rejecting or by throwing. */
function failingQueries(how: "rejects" | "throws"): StreamTransport {
  const inner = afterAck(async () => {}).transport;
  const failure = new TypeError(`cannot write ${Q.goal}`);
  return {
    ...inner,
    send(envelope) {
      if (envelope.type !== "query") return inner.send(envelope);
      if (how === "throws") throw failure;
      return Promise.reject(failure);
    },
  };
}

for (const how of ["rejects", "throws"] as const) {
  test(`a query whose send ${how} is provider_crashed, without the transport's words`, async () => {
    const connection = await connect(failingQueries(how), { closeGraceMs: 50 });
    const error = await rejectsWith(connection.query(Q), "provider_crashed");
    assert.equal(error.message, "the provider's input is closed");
    assert.ok(!JSON.stringify({ message: error.message, details: error.details }).includes("secret"));
    await connection.close();
  });
}
