import { env } from "@/lib/env";

/**
 * The client address for rate limiting. Next's server appends the socket address to X-Forwarded-For, so without a
 * trusted proxy in front the last entry is the one nobody can forge; behind one (TRUST_PROXY=true) it is the first.
 */
export function clientIp(req: Request): string {
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const ip = env().TRUST_PROXY ? forwarded[0] : forwarded.at(-1);
  return (ip ?? req.headers.get("x-real-ip") ?? "unknown").slice(0, 64);
}
