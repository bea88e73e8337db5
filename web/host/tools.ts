/**
 * The host's tools chunk (`chunks/host-tools-*.js`): importing a transcript
 * (spec §3.11–§3.13, §4.6) and composing a prompt (§4.8). Bundled on its own
 * by scripts/build-web.ts and imported by the host Worker once the page has
 * loaded (web/host/chunks.ts), so the page's first load does not carry them.
 * It has its own copy of the library parts it uses: what it gets and returns
 * is plain data.
 */
import { composeView } from "./compose.ts";
import { importTranscript } from "./import.ts";

/** What the host Worker uses of the chunk. */
export interface HostTools {
  readonly importTranscript: typeof importTranscript;
  readonly composeView: typeof composeView;
}

export default { importTranscript, composeView } satisfies HostTools;
