// Who a signed-in person is in the practice they are working in. The owner is the account itself; the others are its
// members, invited by email. Pure data: the route declarations, the generated route table, the dashboard's navigation
// and the Team page all read these lists.

export const MEMBER_ROLES = ["admin", "staff", "practitioner"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PRACTICE_ROLES = ["owner", ...MEMBER_ROLES] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];

/**
 * The sets of roles routes and pages allow, by what they touch:
 * - `owner`: the plan and its billing, deleting the account, the account's own setup;
 * - `managers`: the practice's settings, its team, its keys and webhooks, exports and erasure;
 * - `frontDesk`: the day's work: agenda, appointments, inbox, calls, tasks, waitlist, the Try page;
 * - `everyone`: what each role reads or changes of their own (a practitioner's rows are their own only).
 */
export const ROLES = {
  owner: ["owner"],
  managers: ["owner", "admin"],
  frontDesk: ["owner", "admin", "staff"],
  everyone: ["owner", "admin", "staff", "practitioner"],
} as const satisfies Record<string, readonly PracticeRole[]>;

export type RoleSet = readonly PracticeRole[];

export function allows(roles: RoleSet, role: PracticeRole): boolean {
  return roles.includes(role);
}
