import { env } from "@/lib/env";

/**
 * The client address for rate limiting. `npm start` (scripts/server.mjs) rewrites X-Forwarded-For from the socket before
 * Next sees it: the socket address alone, or behind a trusted proxy (TRUST_PROXY=true) the proxy's chain with the
 * socket address last. So the last entry is the peer we can vouch for; behind a trusted proxy, the first is the client.
 */
export function clientIp(req: Request): string {
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const ip = env().TRUST_PROXY ? forwarded[0] : forwarded.at(-1);
  return (ip ?? req.headers.get("x-real-ip") ?? "unknown").slice(0, 64);
}
