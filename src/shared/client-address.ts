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

/**
 * The key throttling counts against: an IPv4 address as is (IPv4-mapped IPv6 unwrapped), an IPv6
 * address by its /64 prefix. One subscriber usually holds a whole /64, so counting per full IPv6
 * address would hand an attacker 2^64 fresh addresses.
 */
export function addressKey(address: string): string {
  const plain = address.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = plain.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return mapped[1]!;
  if (!plain.includes(":")) return plain;
  const [head = "", tail = ""] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = plain.includes("::") && tail ? tail.split(":") : [];
  const groups = plain.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  if (groups.length < 4) return plain;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}
