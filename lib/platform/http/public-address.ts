// Whether an address is one of the public internet's. An owner types addresses our servers then call (a calendar server,
// a webhook receiver); a private one would reach what only we can reach (the database's host, a cloud's metadata service
// at 169.254.169.254), so only ordinary public unicast passes.
import ipaddr from "ipaddr.js";

/**
 * Loopback, RFC 1918, link-local (the metadata service), CGNAT 100.64/10, unique local fc00::/7, site-local, multicast,
 * unspecified, and every reserved, benchmarking, documentation or translation range (6to4, NAT64, Teredo can carry a
 * private IPv4 inside) are refused, by ipaddr.js's ranges: anything it does not call plain unicast. An IPv4-mapped IPv6
 * address (::ffff:127.0.0.1) is judged as the IPv4 it carries; the deprecated IPv4-compatible form (::127.0.0.1, ::/96),
 * which the library calls unicast, is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  return ip.range() === "unicast";
}
