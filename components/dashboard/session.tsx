"use client";
// The dashboard's client state: one QueryClient, the profile query (fetched on load, refreshed every
// 300000 ms, falling back to the server's copy), toasts, and the one place a 401 turns into "/login?expired=true".
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import type { Profile } from "@/lib/accounts/account/profile";
import { ApiError, api, ok, SessionExpiredError } from "@/lib/platform/client/api";
import { profileKeys } from "@/lib/platform/client/queries/profile";
import { clearSession, sessionExpiredHere } from "@/lib/platform/client/browser-session";
import { getPathname } from "@/lib/platform/i18n/navigation";
import type { Locale } from "@/lib/platform/i18n/routing";

const PROFILE_REFRESH_MS = 300_000;
const TOAST_DURATION_MS = 5000;

function expiredUrl(locale: Locale): string {
  return getPathname({ href: { pathname: "/login", query: { expired: "true" } }, locale });
}

/** Full navigation: nothing of the signed-out session stays in memory. */
function goToExpiredLogin(locale: Locale): void {
  window.location.replace(expiredUrl(locale));
}

export function DashboardSession({ initialProfile, children }: { initialProfile: Profile; children: ReactNode }) {
  const locale = useLocale();
  const t = useTranslations("Dashboard");
  const [client] = useState(() => {
    const onError = (error: unknown) => {
      if (error instanceof SessionExpiredError) goToExpiredLogin(locale);
    };
    const qc = new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        // An answer from the server will not change by asking again at once; a dropped connection might.
        queries: { retry: (count, error) => count < 1 && error instanceof ApiError && error.status === 0 },
        mutations: { retry: false },
      },
    });
    // The server's copy paints the page at once; updatedAt 0 makes it stale, so the profile is still fetched on load.
    qc.setQueryData(profileKeys.all, initialProfile, { updatedAt: 0 });
    return qc;
  });

  // A 401 earlier in this tab (its flag still set) means this session is over too.
  useEffect(() => {
    // The dashboard's client code is running (end-to-end tests wait for this before they click).
    document.documentElement.dataset.dashboardReady = "true";
    if (sessionExpiredHere()) {
      clearSession();
      goToExpiredLogin(locale);
    }
  }, [locale]);

  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
        containerAriaLabel={t("notifications")}
        toastOptions={{ closeButtonAriaLabel: t("closeNotification") }}
      />
    </QueryClientProvider>
  );
}

/**
 * The signed-in user's profile. When a refresh fails, react-query keeps the last copy it had (the server's at first):
 * that is the cached-user fallback, and `failed` says the copy may be stale. No copy at all: `profile` null.
 */
export function useProfile() {
  const query = useQuery({
    queryKey: profileKeys.all,
    queryFn: () => ok(api.GET("/api/auth/profile")),
    refetchInterval: PROFILE_REFRESH_MS,
    // Every section reads the profile: opening one must not fetch it again each time (saves update it directly).
    staleTime: 60_000,
  });
  // The server's render is updatedAt 0: `fresh` turns true once the browser has its own answer (or a save's).
  return { profile: query.data ?? null, failed: query.isError, fresh: query.dataUpdatedAt > 0, refetch: query.refetch };
}

/** After a save the server's answer is the new profile: every section and the header see it at once. */
export function useSetProfile() {
  const qc = useQueryClient();
  return (profile: Profile) => qc.setQueryData(profileKeys.all, profile);
}
