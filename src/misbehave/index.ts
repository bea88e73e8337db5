/**
 * `frameline/conformance/misbehave`: the docs provider breaking one guarantee on purpose (spec §5.2),
 * one mode per guarantee, for a conformance suite (this repo's, or another implementation's) to catch:
 * `misbehavingDocsProvider` for a corpus, `misbehavingApp` for its HTTP binding, and the modes with
 * what each breaks (`MISBEHAVE_MODES`). The conformance side of the docs provider, so `frameline/docs`
 * serves only honest answers.
 */
export { type MisbehaveMode, type MisbehaveModeInfo, MISBEHAVE_MODES, isMisbehaveMode } from "./modes.ts";
export {
  MisbehaveError,
  type MisbehavingAnswer,
  type MisbehavingProvider,
  misbehavingDocsProvider,
  ProviderCrash,
} from "./provider.ts";
export { type FetchApp, misbehavingApp } from "./http.ts";
