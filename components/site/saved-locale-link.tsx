"use client";
import type { ComponentProps, MouseEvent } from "react";
import type { Locale } from "@/lib/platform/i18n/routing";

/**
 * Saves `locale` as the signed-in account's language (PUT /api/account/locale), then opens `href`. One preference: the
 * account's language is the one its dashboard and its messages speak, so the switch changes it, not this visit alone.
 * Resolves false when the save failed. The session is the cookie's: the server drew this link because it holds one.
 */
export async function saveAccountLocale(locale: Locale): Promise<boolean> {
  try {
    const res = await fetch("/api/account/locale", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ locale }),
      credentials: "same-origin",
    });
    return res.ok;
  } catch {
    return false; // offline
  }
}

/**
 * The public header's language link for a signed-in visitor: saves the language to the account first. A failed save
 * still opens the page in that language (the cookie rules of a visitor); without JavaScript the link is a plain one.
 */
export function SavedLocaleLink({
  locale,
  href,
  ...rest
}: Omit<ComponentProps<"a">, "href" | "onClick"> & { locale: Locale; href: string }) {
  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return; // a new tab: a visit, not a choice
    e.preventDefault();
    await saveAccountLocale(locale);
    window.location.assign(href);
  };
  return <a href={href} onClick={onClick} {...rest} />;
}
