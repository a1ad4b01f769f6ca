import { isIPv4, isIPv6 } from "node:net";
import { env } from "@/lib/platform/env";

/**
 * The client address for rate limiting. `npm start` (scripts/server.mjs) rewrites X-Forwarded-For from the socket before
 * Next sees it: the socket address alone, or behind trusted proxies (TRUST_PROXY=<hops>) the chain they passed on with
 * the socket address appended. Each proxy appends the address it was reached from, so counting the trusted hops from
 * the right lands on the client; whatever the client wrote itself sits further left and is never read.
 */
export function clientIp(req: Request, hops: number = env().TRUST_PROXY): string {
  const forwarded = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ip = forwarded.length > 0 ? forwarded[Math.max(0, forwarded.length - 1 - hops)] : undefined;
  return limiterAddress(ip ?? req.headers.get("x-real-ip") ?? "unknown");
}

/**
 * The unit a limit counts: an IPv4 address, or an IPv6 /64 (one subscriber's network: anyone who has one address in it
 * has all 2^64, so counting addresses one by one would count nothing). IPv4-mapped IPv6 is the IPv4 address.
 */
export function limiterAddress(raw: string): string {
  const ip = raw.trim().replace(/^\[|\](:\d+)?$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, zero-padded, "::" expanded (an embedded IPv4 tail counts as two groups). */
function expandIPv6(ip: string): string[] {
  const address = ip.split("%")[0]!;
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(":"),
  );
  const [head, tail] = withoutV4.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => g.toLowerCase().padStart(4, "0"));
}
