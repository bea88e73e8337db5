/**
 * The session's transcript: exported as NDJSON (every envelope sent and
 * received) with its verdicts as JSON; and a transcript imported from a file,
 * every signed answer in it re-verified offline by the host (spec §3.11–§3.13).
 */
import { isolated } from "../../shared/visible.ts";
import { announce, busy } from "../announce.ts";
import { byId, download, fill } from "../dom.ts";
import { renderImport } from "../panels/transcript.ts";
import { guard, show } from "../state.ts";
import { host } from "../workers.ts";
import { showAnswer } from "./query.ts";

/** Downloads the session's transcript and verdicts; an empty session exports nothing, and says so. */
export async function exportSession(): Promise<void> {
  const { ndjson, verdicts } = await host.call("exportSession", {});
  const note = byId("export-note");
  if (!ndjson)
    return fill(note, "Nothing to export yet: this session has sent and received nothing. Connect and ask first.");
  fill(note);
  download("frameline-session.ndjson", "application/x-ndjson", ndjson);
  download("frameline-verdicts.json", "application/json", verdicts);
  announce("Exported the session transcript and its verdicts.");
}

/** Re-verifies a transcript file offline, and shows its first answer. */
export async function importFile(file: File): Promise<void> {
  show({ name: "querying" });
  performance.mark("frameline:asked");
  const view = await busy(byId("transcript"), `Re-verifying ${isolated(file.name)} offline…`, async () => {
    // The bytes move to the host Worker (transferred, not copied) and are decoded there.
    const bytes = await file.arrayBuffer();
    return host.call("importTranscript", { bytes }, [bytes]);
  });
  renderImport(view, (answer) => void guard(() => showAnswer(answer)));
  if (view.answers[0]) await showAnswer(view.answers[0]);
}
