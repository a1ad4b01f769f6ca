import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { EXPORT_COVERAGE } from "./export";
import { csvFileName, exportKeys, exportReadme, exportZip, flattenRow, rowsCsv } from "./export-zip";

const doc = {
  format: "recepta-account-export/1",
  exportedAt: "2026-03-01T09:30:00.000Z",
  profile: {
    email: "ines@example.com",
    services: ["Consultation", "Vaccination"],
    workingHours: { monday: { isOpen: true, openTime: "09:00" } },
  },
  calendars: [],
  messagesTaken: [
    { callerName: 'Inès "Dr" Moreau, MD', body: '=HYPERLINK("http://x")' },
    { callerName: "Bob", extra: 3 },
  ],
  checkouts: [],
};
// Keeps the byte order mark (TextDecoder drops it by default, and fflate's strFromU8 with it).
const text = (bytes: Uint8Array | undefined) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const readmeText = (key: string, params: Record<string, string | number> = {}) => {
  let node: unknown = en.ExportReadme;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node.replace(/\{(\w+)\}/g, (m, n: string) => String(params[n] ?? m)) : `MISSING ${key}`;
};

describe("flattenRow", () => {
  it("spreads nested records over dotted columns and keeps plain values as they are", () => {
    expect(
      flattenRow({ id: "a", n: 2, ok: false, none: null, workingHours: { monday: { isOpen: true, openTime: "09:00" } }, details: {} }),
    ).toEqual({
      id: "a",
      n: 2,
      ok: "false",
      none: null,
      "workingHours.monday.isOpen": "true",
      "workingHours.monday.openTime": "09:00",
    });
  });

  it("puts a list of plain values in one cell, a list of records as JSON", () => {
    expect(
      flattenRow({
        services: ["Consultation", "Vaccination"],
        links: [],
        attachments: [{ filename: "invite.ics", contentType: "text/calendar" }],
      }),
    ).toEqual({
      services: "Consultation; Vaccination",
      links: "",
      attachments: '[{"filename":"invite.ics","contentType":"text/calendar"}]',
    });
  });
});

describe("rowsCsv", () => {
  it("writes a BOM, a header of every column seen, then one quoted line per row", () => {
    expect(rowsCsv(doc.messagesTaken)).toBe(
      '\uFEFF"callerName","body","extra"\r\n' + '"Inès ""Dr"" Moreau, MD","\'=HYPERLINK(""http://x"")",""\r\n' + '"Bob","","3"\r\n',
    );
  });

  it("writes one record as one row, and nothing at all as an empty file", () => {
    expect(rowsCsv({ a: 1 })).toBe('\uFEFF"a"\r\n"1"\r\n');
    expect(rowsCsv(null)).toBe("\uFEFF");
    expect(rowsCsv([])).toBe("\uFEFF");
  });
});

describe("exportZip", () => {
  it("holds one CSV per data key, the document as export.json and the README", () => {
    expect(exportKeys(doc)).toEqual(["profile", "calendars", "messagesTaken", "checkouts"]);
    const files = unzipSync(exportZip(doc, exportReadme(doc, readmeText)));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "calendars.csv",
      "checkouts.csv",
      "export.json",
      "messages-taken.csv",
      "profile.csv",
    ]);
    expect(JSON.parse(text(files["export.json"]))).toEqual(doc);
    expect([...files["profile.csv"]!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(files["profile.csv"]).split("\r\n")).toEqual([
      '\uFEFF"email","services","workingHours.monday.isOpen","workingHours.monday.openTime"',
      '"ines@example.com","Consultation; Vaccination","true","09:00"',
      "",
    ]);
    const readme = text(files["README.txt"]);
    expect(readme).toContain("2026-03-01 09:30 UTC");
    expect(readme).toContain("- messages-taken.csv — ");
    expect(readme).not.toContain("MISSING");
  });

  it("gives the same bytes for the same document", () => {
    expect(exportZip(doc, "x")).toEqual(exportZip(doc, "x"));
  });

  it("has README wording for every key the export writes", () => {
    const keys = Object.values(EXPORT_COVERAGE).filter((k) => !k.startsWith("excluded:"));
    expect(Object.keys(en.ExportReadme.files).sort()).toEqual(keys.sort());
    expect(csvFileName("signInAttempts")).toBe("sign-in-attempts.csv");
  });
});
