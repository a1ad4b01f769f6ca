// Every owner route × every role in the practice, from the route table the declarations write: each route answers 403
// (in the member's language) to each role it does not allow, and lets each role it allows through to its handler (an
// unknown id's 404, a body's 400, its answer: anything but a refusal of who is asking). A route added later is covered
// by its declaration.
import { beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import { PRACTICE_ROLES, type PracticeRole } from "@/lib/platform/shared/roles";
import { api, registerOwner } from "../helpers/api";
import { joinTeam } from "../helpers/team";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const REFUSED = {
  en: "Your role in this practice does not allow this. Ask its owner or an admin.",
  fr: "Votre rôle dans ce cabinet ne le permet pas. Demandez à son titulaire ou à un administrateur.",
};

/** Routes whose handler itself refuses a request of this shape with a 403 of its own, whoever asks. */
const OWN_403 = new Set<string>([]);
/** Let through, these would end the practice this table runs in (a session signed in just now erases without a password). */
const ENDS_THE_PRACTICE = new Set(["DELETE /api/account"]);

const operations = API_ROUTES.filter((r) => r.policy === "owner").flatMap((r) =>
  r.methods.map((method) => ({ route: r, method, allowed: r.roles![method]! })),
);

const tokens = {} as Record<PracticeRole, string>;

beforeAll(async () => {
  // A French practice: its members' accounts speak French, so every refusal here must too.
  const owner = await registerOwner({ locale: "fr" });
  const practitioner = await api("POST", "/api/practitioners", { token: owner.token, body: { name: "Dr Roles" } });
  tokens.owner = owner.token;
  tokens.admin = (await joinTeam(owner, "admin")).token;
  tokens.staff = (await joinTeam(owner, "staff")).token;
  tokens.practitioner = (await joinTeam(owner, "practitioner", { practitionerId: practitioner.body.id })).token;
}, 60_000);

describe("every owner route states the roles it allows", () => {
  it("declares them for each method, and the owner is always among them", () => {
    expect(operations.length).toBeGreaterThan(90);
    for (const op of operations) {
      expect(op.allowed, `${op.method} ${op.route.path}`).toBeDefined();
      expect(op.allowed).toContain("owner");
    }
  });
});

describe.each(PRACTICE_ROLES)("as %s", (role) => {
  it.each(operations.map((op) => [`${op.method} ${op.route.path}`, op] as const))("%s", async (_name, { route, method, allowed }) => {
    const path = route.path
      .replace(/\[\.\.\.(\w+)\]/g, "x")
      .replace(/\[(day)\]/g, "2030-01-01")
      .replace(/\[phone\]/g, "%2B33612345678")
      .replace(/\[\w+\]/g, UNKNOWN_ID);
    // Never the owner's own account erased, nor the sessions used below switched away.
    const body = method === "GET" || method === "HEAD" ? undefined : {};
    if (allowed.includes(role) && ENDS_THE_PRACTICE.has(`${method} ${route.path}`)) return;
    const res = await api(method, path, { token: tokens[role], body });
    if (allowed.includes(role)) {
      expect(res.status, `${role} ${method} ${path}: ${JSON.stringify(res.body)}`).not.toBe(401);
      expect(res.status, `${role} ${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      if (!OWN_403.has(`${method} ${route.path}`))
        expect(res.status, `${role} ${method} ${path}: ${JSON.stringify(res.body)}`).not.toBe(403);
    } else {
      expect(res.status, `${role} ${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: REFUSED.fr });
    }
  });
});

it("a refusal speaks the member's language, not the browser's", async () => {
  const res = await api("GET", "/api/insights", { token: tokens.staff, headers: { "accept-language": "en" } });
  expect(res.status).toBe(403);
  expect(res.body.message).toBe(REFUSED.fr);
});
