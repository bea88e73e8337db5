/** The handshake modes (spec §5.2): another major version (H1), and a data flow that lies about egress (C5). */
import type { Misbehaviour } from "./misbehaviour.ts";

/** `bad-version` (H1): the ack names `contextgraph/2.0`. */
export const badVersion: Misbehaviour = {
  reply: (reply) => (reply.type === "handshake_ack" ? { ...reply, protocol_version: "contextgraph/2.0" } : reply),
};

/** `scope-lie` (C5): `egress: false`, yet data goes to a third-party index. */
export const scopeLie: Misbehaviour = {
  definition: (definition) => ({
    ...definition,
    info: {
      ...definition.info,
      data_flow: { reads: true, writes: false, egress: false, egress_scopes: ["third-party-index"] },
    },
  }),
};
