// CSV for spreadsheets (RFC 4180): every field quoted, quotes doubled, CRLF rows, and a leading apostrophe on any
// field a spreadsheet would otherwise run as a formula (=, +, -, @, tab, CR; OWASP "CSV injection"). An E.164 phone
// number ("+15550100123": a plus and digits only) cannot carry a formula and stays as it is, so importers get the
// number itself.
const FORMULA_START = /^[=+\-@\t\r]/;
const E164 = /^\+\d{6,15}$/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !E164.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export type CsvNumber = {
  phoneNumber: string;
  region: string;
  phoneNumberType: string;
  assignedToUserName: string | null;
  isAssigned: boolean;
  createdAt: string;
};

/**
 * The columns: Phone Number, Region, Phone Number Type, Assigned To (or Available), Created. Headers and "Available" in the
 * admin's language; the date stays ISO 8601 so a spreadsheet can sort it.
 */
export function numbersCsv(
  numbers: readonly CsvNumber[],
  labels: {
    phoneNumber: string;
    region: string;
    phoneNumberType: string;
    assignedTo: string;
    created: string;
    available: string;
    assigned: string;
  },
): string {
  return toCsv([
    [labels.phoneNumber, labels.region, labels.phoneNumberType, labels.assignedTo, labels.created],
    ...numbers.map((n) => [
      n.phoneNumber,
      n.region,
      n.phoneNumberType,
      n.isAssigned ? (n.assignedToUserName ?? labels.assigned) : labels.available,
      n.createdAt,
    ]),
  ]);
}
