// Host.add given something that is neither a transport nor a connection (issue 21.2): a TypeError naming
// what was given, thrown before anything is sent or registered, never a failed exchange later. Every
// message below is written out here, not taken from the code under test.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { connect, Host, inPageTransport } from "../../support/lib.ts";
import { echoProvider } from "../../support/providers.ts";

const PREFIX =
  'host.add("faq", provider): provider must be a transport (streamTransport, httpTransport, inPageTransport, stdioTransport) or a connection; got ';

/** Calls `host.add("faq", given)` and returns the TypeError it must reject with; the id stays free. */
async function refusal(given: unknown): Promise<TypeError> {
  const host = new Host();
  let caught: unknown;
  await host.add("faq", given as never).then(
    () => assert.fail("host.add accepted it"),
    (error) => (caught = error),
  );
  assert.ok(caught instanceof TypeError, `a TypeError, not ${String(caught)}`);
  assert.equal(host.connection("faq"), undefined, "nothing was registered");
  return caught;
}

describe("host.add refuses what is not a transport or a connection", () => {
  test("the old { transport, child } pair is named, with what to pass instead; nothing is sent", async () => {
    let handshakes = 0;
    const provider = echoProvider();
    const transport = inPageTransport({
      ...provider,
      handle: (envelope, session) => {
        if (envelope.type === "handshake") handshakes++;
        return provider.handle(envelope, session);
      },
    });
    const error = await refusal({ transport, child: { pid: 1 } });
    assert.equal(
      error.message,
      `${PREFIX}an object with members transport, child; its \`transport\` is a transport: pass that`,
    );
    assert.equal(handshakes, 0);
  });

  test("a string is named as a string, its text never repeated (it could be a URL with a token)", async () => {
    const error = await refusal("https://user:s3cret-token@example.com/contextgraph");
    assert.equal(error.message, `${PREFIX}a string`);
  });

  test("null, undefined, a number, a promise not awaited, a factory not called, a plain object", async () => {
    assert.equal((await refusal(null)).message, `${PREFIX}null`);
    assert.equal((await refusal(undefined)).message, `${PREFIX}undefined`);
    assert.equal((await refusal(8787)).message, `${PREFIX}a number`);
    const pending = connect(inPageTransport(echoProvider()));
    assert.equal((await refusal(pending)).message, `${PREFIX}a promise (await it first)`);
    await (await pending).close();
    assert.equal((await refusal(() => inPageTransport(echoProvider()))).message, `${PREFIX}a function (call it first)`);
    assert.equal((await refusal({ kind: "stream" })).message, `${PREFIX}an object with members kind`);
    assert.equal((await refusal({})).message, `${PREFIX}an object with no members`);
  });

  test("a transport and a connection are still taken, and the id is then in use", async () => {
    const host = new Host();
    const added = await host.add("faq", inPageTransport(echoProvider()));
    assert.equal(added.provider.name, "echo");
    const connection = await connect(inPageTransport(echoProvider()));
    assert.equal(await host.add("other", connection), connection);
    await assert.rejects(host.add("faq", inPageTransport(echoProvider())), { name: "HostError", kind: "duplicate_id" });
    await host.close();
  });
});
