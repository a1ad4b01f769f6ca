// Locale-aware redirects and paths for server components, without next-intl's navigation module: importing that one
// registers its client Link with the page, which then ships the i18n runtime to the browser.
import { redirect } from "next/navigation";
import { localizedPath } from "./paths";
import type { Locale } from "./routing";

export { localizedPath };

export function localeRedirect(locale: Locale, path: string): never {
  redirect(localizedPath(locale, path));
}
