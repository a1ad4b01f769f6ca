"use client";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Profile } from "@/lib/accounts/account/profile";
import { api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { useSetProfile } from "./session";

/** Shows a failed request as the section's own message, with the server's explanation underneath when it sent one. */
export function toastFailure(title: string, error: unknown): void {
  if (error instanceof SessionExpiredError) return; // the session handler is already on its way to the sign-in page
  toast.error(title, { description: failureText(error, undefined) });
}

/** PUT /auth/update-profile with the section's messages; the answer becomes the profile everywhere at once. */
export function useProfileSave(messages: { success: string; failure: string }, onSaved?: (p: Profile) => void) {
  const setProfile = useSetProfile();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => ok(api.PUT("/api/auth/update-profile", { body })),
    onSuccess: (profile) => {
      setProfile(profile);
      toast.success(messages.success);
      onSaved?.(profile);
    },
    onError: (e) => toastFailure(messages.failure, e),
  });
}
