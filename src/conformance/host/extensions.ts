/**
 * frameline's own host checks, beyond the reference suite (whose 9 host and
 * 4 composition checks are spec §5.3 and §5.4): each holds a host to a rule
 * the reference host itself does not keep, so each is reported under the
 * report's `extensions`, never among its `checks`, and none is part of the
 * claim "CGP conformant" (`passed`); `extensionsPassed` reads them.
 */
import { hostContentBinding } from "./checks/content-binding.ts";
import type { HostCheck } from "./host-check.ts";

/** The extensions, in report order: re-hashing signed content (spec §1.8 #5, §3.6, D1). */
export const HOST_EXTENSIONS: readonly HostCheck[] = [hostContentBinding];

/**
 * The names of frameline's host extensions (beyond spec §5.3, §5.4), in
 * report order: what a panel lists apart from `HOST_CHECK_NAMES`.
 */
export const HOST_EXTENSION_NAMES: readonly string[] = HOST_EXTENSIONS.map((check) => check.name);
