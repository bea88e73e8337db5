/** The consent receipt (spec §4.11, C1, C6). */
import { formatTimestamp } from "../../protocol/grammars.ts";

/** Who granted consent (spec §4.11): a `human` or a `policy`, by id. */
export interface ConsentGrantor {
  readonly kind: "human" | "policy";
  readonly id: string;
}

/**
 * `ConsentReceipt` (spec §4.11), members in the reference's order: the
 * provider's local id, the egress scope consented to (C6), the provider's
 * declared name and version, the grantor, when it was granted and, unless
 * consent is open-ended, when it expires.
 */
export interface ConsentReceipt {
  readonly provider_id: string;
  readonly scope: string;
  readonly provider_name: string;
  readonly provider_version: string;
  readonly grantor: ConsentGrantor;
  readonly granted_at: string;
  readonly expires_at?: string;
}

/**
 * Records a grant of consent as a receipt (spec §4.11, C1, C6): `provider` is
 * the handshake's declared `provider` (name, version); `grantedAt` defaults to
 * now; `expires_at` is omitted when `expiresAt` is (open-ended consent).
 * Timestamps are stamped without fraction (F4).
 */
export function consentReceipt(input: {
  readonly providerId: string;
  readonly scope: string;
  readonly provider: { readonly name: string; readonly version: string };
  readonly grantor: ConsentGrantor;
  readonly grantedAt?: Date;
  readonly expiresAt?: Date;
}): ConsentReceipt {
  return {
    provider_id: input.providerId,
    scope: input.scope,
    provider_name: input.provider.name,
    provider_version: input.provider.version,
    grantor: { kind: input.grantor.kind, id: input.grantor.id },
    granted_at: formatTimestamp(input.grantedAt ?? new Date()),
    ...(input.expiresAt === undefined ? {} : { expires_at: formatTimestamp(input.expiresAt) }),
  };
}
