/**
 * What a panel loaded as a chunk of its own (conformance, inspector) gets from
 * the page: its helpers, passed in rather than imported, so the chunk shares
 * no module with app.js and splitting the page moves nothing into a chunk
 * that would load up front.
 */
import type { announce, keepFocus } from "./announce.ts";
import type { byId, download, el, fill, quote } from "./dom.ts";

/** The page's helpers a lazily loaded panel uses (web/src/dom.ts, announce.ts). */
export interface Kit {
  readonly byId: typeof byId;
  readonly el: typeof el;
  readonly fill: typeof fill;
  readonly quote: typeof quote;
  readonly announce: typeof announce;
  readonly keepFocus: typeof keepFocus;
  readonly download: typeof download;
}
