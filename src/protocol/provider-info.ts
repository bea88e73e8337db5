/** ProviderInfo and DataFlow, as carried by `handshake_ack` (spec §1.4). */
import * as v from "valibot";
import { listOmittedWhenEmpty, withDefault } from "./primitives.ts";

const no = () => false as const;

/**
 * DataFlow (spec §1.4, C1–C6): what the provider does with what it is sent.
 * `egress_scopes` are kept verbatim whatever their spelling; `checkHandshakeAck`
 * reports a malformed or inconsistent one (C5) [inferred: the reference's
 * decoder behaviour on a malformed custom scope is not known].
 */
export const DataFlowSchema = v.object({
  reads: withDefault(v.boolean(), no),
  writes: withDefault(v.boolean(), no),
  egress: withDefault(v.boolean(), no),
  egress_scopes: listOmittedWhenEmpty(v.string()),
});
/** DataFlow (spec §1.4). */
export type DataFlow = v.InferOutput<typeof DataFlowSchema>;

/** ProviderInfo (spec §1.4, H2). `name` is the provider id inside every attestation commitment. */
export const ProviderInfoSchema = v.object({
  name: v.string(),
  version: v.string(),
  data_flow: DataFlowSchema,
});
/** ProviderInfo (spec §1.4). */
export type ProviderInfo = v.InferOutput<typeof ProviderInfoSchema>;
