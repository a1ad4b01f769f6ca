// The tools every kind of business gives its assistant, as JSON, byte for byte: our definitions and what Vapi is sent of
// them. A change to a tool's name, description, parameter or spoken line shows here as a diff to read and commit.
import { describe, expect, it } from "vitest";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { CallKnowledge } from "@/lib/receptionist/knowledge/knowledge.service";
import type { CallRouting } from "@/lib/receptionist/routing/routing.service";
import { toolDefinitions } from "@/lib/receptionist/assistant/tool-definitions";
import { testBusiness } from "@/tests/helpers/business";
import { buildAssistant } from "./assistant";

// Tuesday 1 December 2026, 10:00 in Paris: within opening hours, so a routing "open" transfers.
const NOW = new Date("2026-12-01T09:00:00Z");
const practitioner = (id: string, name: string, services: string[] = []): Business["practitioners"][number] => ({
  id,
  name,
  services: services.map((s) => ({ name: s, durationMinutes: 30 })),
  workingHours: null,
  calendar: null,
  closures: [],
});
const TEAM = [
  practitioner("5b2e1c9a-7f4d-4e2a-9c3b-1d2e3f4a5b6c", "Claire Martin"),
  practitioner("6c3f2d0b-8a5e-4f3b-8d4c-2e3f4a5b6c7d", "Dr Camille Roux"),
];
const TEAM_WITH_SERVICES = [
  practitioner("5b2e1c9a-7f4d-4e2a-9c3b-1d2e3f4a5b6c", "Claire Martin", ["Coupe"]),
  practitioner("6c3f2d0b-8a5e-4f3b-8d4c-2e3f4a5b6c7d", "Dr Camille Roux"),
];
const ROUTING: CallRouting = {
  warmTransfer: true,
  hours: "always",
  destinations: [{ name: "Accueil", phone: "+33144556601", when: null, backup: null }],
  fallbackPhone: "+33123456789",
};

type Case = {
  name: string;
  business: Partial<Business>;
  canBook?: boolean;
  knowledge?: CallKnowledge;
  bookingPage?: boolean;
  routing?: CallRouting | null;
};

const CASES: Case[] = [
  { name: "fr-solo-services", business: { locale: "fr" } },
  { name: "en-solo-no-services", business: { locale: "en", services: [], timeZone: "America/New_York" } },
  { name: "es-solo", business: { locale: "es", timeZone: "Europe/Madrid" } },
  { name: "fr-team", business: { locale: "fr", practitioners: TEAM } },
  { name: "en-team-own-services", business: { locale: "en", practitioners: TEAM_WITH_SERVICES, services: [] } },
  { name: "es-team-own-services-birthdate", business: { locale: "es", practitioners: TEAM_WITH_SERVICES, birthDateCheck: true } },
  { name: "fr-birthdate", business: { locale: "fr", birthDateCheck: true } },
  { name: "en-no-line", business: { locale: "en", line: null } },
  { name: "fr-booking-page", business: { locale: "fr" }, bookingPage: true },
  { name: "en-no-line-booking-page", business: { locale: "en", line: null }, bookingPage: true },
  { name: "es-knowledge-tool", business: { locale: "es" }, knowledge: { mode: "tool", count: 40 } },
  { name: "fr-cannot-book", business: { locale: "fr", entitled: false }, canBook: false, knowledge: { mode: "tool", count: 40 } },
  { name: "en-cannot-book-team", business: { locale: "en", entitled: false, practitioners: TEAM }, canBook: false },
  { name: "fr-transfer", business: { locale: "fr" }, routing: ROUTING },
  {
    name: "en-everything",
    business: { locale: "en", practitioners: TEAM_WITH_SERVICES, birthDateCheck: true },
    bookingPage: true,
    knowledge: { mode: "tool", count: 40 },
    routing: ROUTING,
  },
];

const SERVER = { serverUrl: "https://recepta.example/api/webhooks/vapi", webhookSecret: "s3cret", callerNumber: "+33611223344" };

describe("the assistant's tools, as JSON", () => {
  for (const c of CASES) {
    it(`are unchanged for ${c.name}`, async () => {
      const b = testBusiness(c.business);
      const language: CallLanguage = c.business.locale ?? "fr";
      const ours = toolDefinitions(b, c.canBook ?? true, language, c.knowledge, null, c.bookingPage);
      const vapi = buildAssistant(b, {
        ...SERVER,
        now: NOW,
        knowledge: c.knowledge,
        bookingPage: c.bookingPage,
        routing: c.routing === undefined ? null : c.routing,
      });
      const sent = vapi.model?.tools;
      await expect(`${JSON.stringify({ toolDefinitions: ours, vapiTools: sent }, null, 2)}\n`).toMatchFileSnapshot(
        `./__snapshots__/assistant-tools/${c.name}.json`,
      );
    });
  }
});
