/**
 * frameline's own provider checks, beyond the reference suite's 14 (spec
 * §5.1): each holds a provider to a rule the reference inspector does not
 * check on that target, so each is reported under the report's `extensions`,
 * never among its `checks`, and none is part of the claim "CGP conformant"
 * (`passed`); `extensionsPassed` reads them. A report gets `extensions` only
 * when one of them applies to its target.
 */
import type { ProviderExtension } from "./checks/check.ts";
import { httpAttestation } from "./checks/http-attestation.ts";

/** The extensions, in report order: signatures and content binding over HTTP (spec §3.11–§3.13, §1.8 #5). */
export const PROVIDER_EXTENSIONS: readonly ProviderExtension[] = [httpAttestation];

/**
 * The names of frameline's provider extensions (beyond spec §5.1), in
 * report order: what a panel lists apart from `PROVIDER_CHECK_NAMES`.
 */
export const PROVIDER_EXTENSION_NAMES: readonly string[] = PROVIDER_EXTENSIONS.map((check) => check.name);
