import { describe, expect, it } from "vitest";
import { csvField, numbersCsv, toCsv } from "./csv";

const labels = {
  phoneNumber: "Phone Number",
  region: "Region",
  phoneNumberType: "Phone Number Type",
  assignedTo: "Assigned To",
  created: "Created",
  available: "Available",
  assigned: "Assigned",
};

describe("csv", () => {
  it("quotes every field and doubles inner quotes, so commas, quotes and line breaks survive", () => {
    expect(toCsv([["a,b", 'say "hi"', "two\nlines"]])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });

  it("neutralises anything a spreadsheet would run as a formula", () => {
    for (const evil of ['=HYPERLINK("http://x")', "+1+cmd|' /C calc'!A0", "+15550100123+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvField(evil).startsWith(`"'`)).toBe(true);
    }
    expect(csvField("Dr. Smith")).toBe('"Dr. Smith"');
    expect(csvField("+15550100123")).toBe('"+15550100123"'); // a phone number is data, not a formula
    expect(csvField(null)).toBe('""');
  });

  it("exports the pool with the spec's columns, Available for free numbers and the assignee's name otherwise", () => {
    const csv = numbersCsv(
      [
        {
          phoneNumber: "+15550100001",
          region: "US",
          phoneNumberType: "local",
          assignedToUserName: null,
          isAssigned: false,
          createdAt: "2026-11-01T09:00:00.000Z",
        },
        {
          phoneNumber: "+33100000002",
          region: "FR",
          phoneNumberType: "local",
          assignedToUserName: '=Dr, "Who"',
          isAssigned: true,
          createdAt: "2026-11-02T09:00:00.000Z",
        },
      ],
      labels,
    );
    expect(csv.split("\r\n")).toEqual([
      '"Phone Number","Region","Phone Number Type","Assigned To","Created"',
      `"+15550100001","US","local","Available","2026-11-01T09:00:00.000Z"`,
      `"+33100000002","FR","local","'=Dr, ""Who""","2026-11-02T09:00:00.000Z"`,
      "",
    ]);
  });
});
