"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Renders the server page again every `seconds` while it is shown (a payment being confirmed, an email on its way), in
 * place: no reload, so nothing a reader is on moves and the page's status line says what changed.
 */
export function AutoRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
