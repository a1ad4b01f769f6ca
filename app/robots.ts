import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/platform/site/page-metadata";

export const dynamic = "force-dynamic";

// Private and per-user pages stay out of crawlers' way; they also carry noindex themselves.
const PRIVATE = ["/api/", "/dashboard", "/setup-account", "/reset-password", "/onboarding", "/thankyou", "/sandbox/"];

export default function robots(): MetadataRoute.Robots {
  const disallow = PRIVATE.flatMap((p) => [p, `/fr${p}`, `/es${p}`]);
  return { rules: { userAgent: "*", allow: "/", disallow }, sitemap: absoluteUrl("/sitemap.xml") };
}
