// The demo accounts `npm run db:seed` creates (lib/server/ops/seed.ts). Published in the README and printed by the script:
// local use only. A module of its own so the end-to-end tests can sign in without loading the seed's dependencies.
export const DEMO_OWNER = { email: "demo@recepta.test", password: "recepta-demo-owner" } as const;
export const DEMO_ADMIN = { email: "admin@recepta.test", password: "recepta-demo-admin" } as const;
/** The practice's front desk: a member with the staff role (their own sign-in, working in the demo practice). */
export const DEMO_FRONT_DESK = { email: "accueil@recepta.test", password: "recepta-demo-accueil" } as const;
