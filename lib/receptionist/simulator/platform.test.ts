// What the stand-in takes from the assistant it was answered, as a model reads its instructions.
import { describe, expect, it } from "vitest";
import type { Business } from "@/lib/accounts/business/business";
import { testBusiness } from "@/tests/helpers/business";
import { assistantFor } from "../assistant/assistant";
import { teamOf } from "./platform";

const NOW = new Date("2027-06-08T12:00:00Z");
const person = (id: string, name: string, services: Business["practitioners"][number]["services"] = []) => ({
  id,
  name,
  services,
  workingHours: null,
  calendar: null,
  closures: [],
});

describe("the practitioners the stand-in reads in the instructions", () => {
  it("are every name of their block, without the services and lengths in brackets after one", () => {
    const team = [
      person("5b2e1c9a-7f4d-4e2a-9c3b-1d2e3f4a5b6c", "Lucía Martín"),
      person("6c3f2d0b-8a5e-4f3b-8d4c-2e3f4a5b6c7d", "Javier Ortega", [
        { name: "Fisioterapia", durationMinutes: 45 },
        { name: "Masaje, descontracturante", durationMinutes: 30 },
      ]),
      person("7d4a3e1c-9b6f-4a4c-9e5d-3f4a5b6c7d8e", "Dra. Ana Ruiz"),
    ];
    const def = assistantFor(testBusiness({ locale: "es", practitioners: team }), { callerNumber: null, now: NOW });
    expect(teamOf(def)).toEqual(["Lucía Martín", "Javier Ortega", "Dra. Ana Ruiz"]);
  });

  it("are none in a practice of one, whose instructions name nobody to choose", () => {
    const def = assistantFor(testBusiness({ locale: "fr" }), { callerNumber: null, now: NOW });
    expect(teamOf(def)).toEqual([]);
  });
});
