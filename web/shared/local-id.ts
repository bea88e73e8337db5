/**
 * The local id the playground knows a provider by (spec §3.13, §4.5): it names
 * the provider in FrameIds, and keys consent, pinned keys and a remembered
 * token. An HTTP provider is its host and path; the in-page one is `in-page`.
 */
export function localIdOf(target: { kind: "http"; url: string } | { kind: "in-page" }): string {
  if (target.kind === "in-page") return "in-page";
  const url = new URL(target.url);
  return `${url.host}${url.pathname}`;
}
