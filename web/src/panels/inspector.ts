/**
 * The inspector: what MCP Inspector shows a developer, for CGP. Every envelope
 * of the session in order (spec §1.1) with its direction, type, size and time,
 * each one copyable; the queries asked, each one askable again; a curl command
 * for the latest query to an HTTP provider (one envelope per POST, spec §1.1
 * "HTTP binding"), its bearer token a shell variable, never the token (C8);
 * and the page's log. A chunk of its own, loaded once the page has loaded; it
 * imports no page code (its helpers come in a `Kit`).
 */
import type { QueryInput } from "../../../src/host/index.ts";
import type { Target, WireEntry } from "../../shared/messages.ts";
import type { LogEntry } from "../announce.ts";
import type { HostClient } from "../rpc.ts";
import type { Kit } from "../kit.ts";

/** One answered query of the session. */
export interface HistoryEntry {
  readonly at: number;
  /** The provider's URL, or `in-page`. */
  readonly provider: string;
  readonly query: QueryInput;
  readonly frames: number;
  readonly verified: number;
}

/** What the inspector reads of the page's session, and how it asks again. */
export interface InspectedSession {
  readonly log: readonly LogEntry[];
  readonly history: readonly HistoryEntry[];
  /** Calls `changed` whenever the page logs something (every step it takes does). */
  readonly watch: (changed: () => void) => void;
  readonly target: () => Target | undefined;
  readonly ask: (query: QueryInput) => void;
}

/** The shell variable the curl command reads the bearer token from. */
export const TOKEN_VARIABLE = "CGP_TOKEN";

/** `text` as one single-quoted shell word. */
export function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * A curl command that POSTs exactly `line` (an NDJSON line, its newline included) to `url`, through a quoted
 * here-document, so no byte of it is read by the shell; with `token`, an Authorization header naming
 * `$CGP_TOKEN`, which the person sets in their shell.
 */
export function curlCommand(url: string, line: string, token: boolean): string {
  const auth = token ? [`-H "authorization: Bearer $${TOKEN_VARIABLE}"`] : [];
  return `${[`curl -sS -X POST ${shellWord(url)}`, "-H 'content-type: application/json'", ...auth, "--data-binary @- <<'CGP'"].join(" \\\n  ")}\n${line}CGP\n`;
}

const time = (at: number) => new Date(at).toISOString().slice(11, 23);
const utf8 = new TextEncoder();

/** The inspector (see the file comment). */
export class InspectorPanel {
  readonly #host: HostClient;
  readonly #kit: Kit;
  readonly #session: InspectedSession;
  /** The curl command shown, exactly (the page shows its hidden characters as markers; a copy has them). */
  #command = "";
  #queued = false;
  /** How many of the session's envelopes are listed: the transcript only grows, so each render asks for the rest. */
  #listed = 0;
  /** The latest query sent, exactly as sent (the curl command's body). */
  #lastQuery: string | undefined;

  constructor(host: HostClient, kit: Kit, session: InspectedSession) {
    this.#host = host;
    this.#kit = kit;
    this.#session = session;
    session.watch(() => {
      if (this.#queued) return;
      this.#queued = true;
      setTimeout(() => void this.show(), 0);
    });
    kit.byId("copy-curl").addEventListener("click", () => this.#copy(this.#command));
  }

  /** Renders everything, when the inspector is open. */
  async show(): Promise<void> {
    this.#queued = false;
    if (!this.#kit.byId<HTMLDetailsElement>("inspector-body").open) return;
    const from = this.#listed;
    const entries = await this.#host.call("wire", { from });
    // A render that overlapped this one may have listed some of them already.
    this.#envelopes(entries.slice(this.#listed - from));
    this.#history();
    this.#curl();
    this.#log();
  }

  /** Lists the envelopes not listed yet, after the others: one opened, or being copied, stays as it is. */
  #envelopes(fresh: readonly WireEntry[]): void {
    const { el, fill, byId, quote } = this.#kit;
    const list = byId("wire-list");
    if (this.#listed === 0) fill(list, ...(fresh.length ? [] : [el("li", {}, "Nothing sent or received yet.")]));
    const items = fresh.map((entry, i) => {
      const index = this.#listed + i;
      const arrow = entry.direction === "sent" ? "→ sent" : "← received";
      const size = entry.line === undefined ? "" : ` · ${utf8.encode(entry.line).length} bytes`;
      const pre = el("pre", { class: "content" });
      const body = el(
        "details",
        {},
        el("summary", {}, `${index + 1}. ${arrow} ${entry.type}${size} · ${time(entry.at)}`),
        pre,
      );
      // Filled when opened: a session can hold a few large answers.
      body.addEventListener("toggle", () => fill(pre, quote(entry.line ?? "", { class: "bare" })), { once: true });
      const copy = el("button", { type: "button", class: "quiet" }, `Copy envelope ${index + 1}`);
      copy.addEventListener("click", () => this.#copy(entry.line ?? ""));
      return el("li", { "data-direction": entry.direction, "data-type": entry.type }, body, entry.line ? copy : "");
    });
    list.append(...items);
    this.#listed += fresh.length;
    this.#lastQuery = fresh.findLast((e) => e.direction === "sent" && e.type === "query")?.line ?? this.#lastQuery;
  }

  #history(): void {
    const { el, fill, byId, quote } = this.#kit;
    const items = this.#session.history.map((h) => {
      const again = el("button", { type: "button", class: "quiet" }, "Ask again");
      again.addEventListener("click", () => this.#session.ask(h.query));
      const to = h.provider === "in-page" ? ["the in-page provider"] : [quote(h.provider)];
      return el(
        "li",
        {},
        `${time(h.at)} · `,
        quote(h.query.goal),
        " to ",
        ...to,
        ` · ${h.frames} frames, ${h.verified} verified `,
        again,
      );
    });
    fill(byId("history-list"), ...(items.length ? items : [el("li", {}, "No query yet.")]));
  }

  #curl(): void {
    const { fill, byId, quote } = this.#kit;
    const target = this.#session.target();
    const line = this.#lastQuery;
    const ready = target?.kind === "http" && line !== undefined;
    const note = !target
      ? "Connect to a provider URL and ask: the command appears here."
      : target.kind === "in-page"
        ? "The in-page provider runs in this page, so there is no URL to send a query to."
        : !line
          ? "Ask a query: the command appears here."
          : target.token
            ? `It sends the latest query exactly as the page did. Set ${TOKEN_VARIABLE} to your bearer token first: the command never holds it.`
            : "It sends the latest query exactly as the page did.";
    fill(byId("curl-note"), note);
    this.#command = ready ? curlCommand(target.url, line, target.token !== undefined) : "";
    fill(byId("curl"), quote(this.#command, { class: "bare" }));
    byId<HTMLButtonElement>("copy-curl").disabled = !ready;
  }

  #log(): void {
    const { el, fill, byId } = this.#kit;
    const items = this.#session.log.map((entry) =>
      // The page's own words: every provider string in them was isolated when they were written.
      el("li", { "data-level": entry.level }, `${time(entry.at)} ${entry.text}`),
    );
    fill(byId("log-list"), ...items);
  }

  #copy(text: string): void {
    navigator.clipboard.writeText(text).then(
      () => this.#kit.announce("Copied."),
      () => this.#kit.announce("Could not copy here: select the text and copy it."),
    );
  }
}
