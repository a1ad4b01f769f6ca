// Who acted in a practice, as the routes name them and the records keep them. Pure: the dashboard's components read the
// placeholder below as well as the server.

/**
 * Who made a change: a person signed in (the practice's owner, or one of its members), or one of the practice's API
 * keys. Derived from a route's caller in one place (`actorOf`, lib/server/api-route.ts) and passed down as a value.
 */
export type Actor = { kind: "owner" | "member"; userId: string } | { kind: "apiKey"; keyId: string };

/**
 * The name an erased person's records keep instead of theirs: the entry still says something was done by
 * someone in the practice, no longer who. Stored as is (exports show it); the dashboard shows its own words for it.
 */
export const FORMER_MEMBER = "Former member";

/** An actor's name as the dashboard shows it: its own words for the placeholder, the stored name otherwise. */
export function shownActorName(name: string, formerMember: string): string {
  return name === FORMER_MEMBER ? formerMember : name;
}
