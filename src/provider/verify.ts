/** Answering `verify` (spec §1.10, V1–V4, §4.13, §5.5). */
import type { FrameId } from "../protocol/frame-id.ts";
import type { FrameVerdict } from "../protocol/verify.ts";
import type { Provider } from "./definition.ts";

/**
 * One verdict per requested identity, the identity echoed verbatim (§5.5):
 * `provider_id` is ignored (a 2.0.0 host sends its local id); no presented
 * digest ⇒ `unknown`; equal ⇒ `valid`; any other digest, malformed included ⇒
 * `stale` with the current digest; a frame that no longer exists ⇒ `gone`.
 * Without a `verify` handler every identity is `unknown`.
 */
export async function verdictsFor(provider: Provider, identities: readonly FrameId[]): Promise<FrameVerdict[]> {
  return Promise.all(
    identities.map(async (frame): Promise<FrameVerdict> => {
      const status = provider.verify ? await provider.verify(frame.frame_id) : undefined;
      if (status === "gone") return { frame, status: "gone" };
      if (status === undefined || frame.content_digest === undefined || status.digest === undefined)
        return { frame, status: "unknown" };
      if (status.digest === frame.content_digest) return { frame, status: "valid" };
      return { frame, status: "stale", replacement_digest: status.digest };
    }),
  );
}
