/**
 * The address login throttling counts attempts against. Without trusted proxies it is the socket's
 * peer: X-Forwarded-For is client-written and would let anyone pick a fresh address per attempt.
 * Behind `trustProxy` reverse proxies, each appends the address it saw, so the entry that many places
 * from the right is the one the outermost trusted proxy saw; entries left of it are the client's
 * own claims and are ignored.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustProxy: number): string {
  if (trustProxy > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const seen = hops[hops.length - trustProxy] ?? hops[0];
    if (seen) return seen;
  }
  return socketAddress ?? forwardedFor?.split(",")[0]?.trim() ?? "local";
}
