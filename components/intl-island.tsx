import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * Hands client components only the message namespaces they use. The layout's provider carries none, so a page does
 * not ship the whole catalogue (the legal pages alone are tens of KB) to the browser.
 */
export async function IntlIsland({ namespaces, children }: { namespaces: string[]; children: ReactNode }) {
  const all = await getMessages();
  const messages = Object.fromEntries(Object.entries(all).filter(([ns]) => namespaces.includes(ns)));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
