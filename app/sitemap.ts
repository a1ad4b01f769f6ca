import type { MetadataRoute } from "next";
import { locales } from "@/lib/platform/i18n/routing";
import { absoluteUrl, localizedPath } from "@/lib/platform/site/page-metadata";

// Rendered per request so it carries the deployment's APP_URL, not the build machine's.
export const dynamic = "force-dynamic";

const PUBLIC_PAGES = ["/", "/register", "/login", "/privacy", "/terms"];

export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PAGES.flatMap((path) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(locale, path)),
      changeFrequency: path === "/" ? ("weekly" as const) : ("monthly" as const),
      priority: path === "/" ? 1 : 0.5,
      alternates: { languages: Object.fromEntries(locales.map((l) => [l, absoluteUrl(localizedPath(l, path))])) },
    })),
  );
}
