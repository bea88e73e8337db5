/** The C7 loopback test for HTTP provider URLs (spec §4.4). */

function isLoopbackIpv4(host: string): boolean {
  const parts = host.split(".");
  return (
    parts.length === 4 &&
    parts[0] === "127" &&
    parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255)
  );
}

/**
 * Whether a URL's host is loopback (spec §4.4): `localhost` (any case), any
 * IPv4 in 127.0.0.0/8, or `[::1]`. `127.0.0.1.example.com` is not.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || isLoopbackIpv4(host);
}

/** C7: `https` anywhere, `http` only to loopback. */
export function isSecureEnough(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackUrl(url));
}
