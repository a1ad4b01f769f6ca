"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Renders the server page again every `seconds` while it is shown (a payment being confirmed, an email on its way), in
 * place: no reload, so nothing a reader is on moves and the page's status line says what changed. It gives up after
 * `times` (a session id nobody will ever confirm must not poll the server for as long as the tab stays open).
 */
export function AutoRefresh({ seconds, times = 20 }: { seconds: number; times?: number }) {
  const router = useRouter();
  useEffect(() => {
    let left = times;
    const timer = setInterval(() => {
      if (--left < 0) return clearInterval(timer);
      router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds, times]);
  return null;
}
