/**
 * The host's tools chunk (`chunks/host-tools-*.js`): what the page asks of a
 * kept answer only when a person does — importing a transcript (spec
 * §3.11–§3.13, §4.6), composing a prompt (§4.8), an inclusion path (§3.8), a
 * revalidation's verdicts (§4.7) and the verdicts export. Bundled on its own
 * by scripts/build-web.ts and imported by the host Worker once the page has
 * loaded (web/host/chunks.ts), so the page's first load does not carry them.
 * It has its own copy of the library parts it uses: what it gets and returns
 * is plain data.
 */
import { composeView } from "./compose.ts";
import { verdictsJson } from "./export.ts";
import { importTranscript } from "./import.ts";
import { pathView, revalidationView } from "./views.ts";

/** What the host Worker uses of the chunk. */
export interface HostTools {
  readonly importTranscript: typeof importTranscript;
  readonly composeView: typeof composeView;
  readonly pathView: typeof pathView;
  readonly revalidationView: typeof revalidationView;
  readonly verdictsJson: typeof verdictsJson;
}

export default { importTranscript, composeView, pathView, revalidationView, verdictsJson } satisfies HostTools;
