// The profile as the API answers it (GET /api/auth/profile, sign-in, the admin's user list, the dashboard's session):
// the business's profile view (lib/accounts/business/profile.ts) under the field names the API contract fixes. Two of those
// name vendors; the domain does not, so they are mapped here and nowhere else.
import type { Db } from "@/db/client";
import { listBusinessProfiles, loadBusinessProfile, type BusinessProfile } from "@/lib/accounts/business/profile";

export type Profile = Omit<BusinessProfile, "calendarConnected" | "line"> & {
  /** A calendar grant the provider has not refused (the contract's name for calendarConnected). */
  hasGoogleOAuth: boolean;
  /** The business's dedicated number (the contract's name for its line). */
  telnyxPhoneNumber: string | null;
};

function toProfile(p: BusinessProfile): Profile {
  const { calendarConnected, line, ...rest } = p;
  return { ...rest, hasGoogleOAuth: calendarConnected, telnyxPhoneNumber: line };
}

export async function findProfileById(db: Db, id: string, now = new Date()): Promise<Profile | null> {
  const profile = await loadBusinessProfile(db, id, now);
  return profile ? toProfile(profile) : null;
}

export async function listProfiles(db: Db, now = new Date()): Promise<Profile[]> {
  return (await listBusinessProfiles(db, now)).map(toProfile);
}
