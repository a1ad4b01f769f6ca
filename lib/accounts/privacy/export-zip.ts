// The right-of-access export for people who open it in a spreadsheet: one CSV per export key, the JSON document itself
// (export.json, for programs) and a README.txt guide, in one ZIP. Pure: the route hands in the document and the README's
// wording, and gets the bytes back.
import { strToU8, zipSync, type Zippable } from "fflate";
import { toCsv } from "@/lib/platform/format/csv";

type ExportDocument = { exportedAt: string } & Record<string, unknown>;
type Cell = string | number | null;
export type ReadmeText = (key: string, params?: Record<string, string | number>) => string;

// Excel reads a CSV without a byte order mark as the system's code page: "Inès" would open as "InÃ¨s".
const BOM = "\uFEFF";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;

/** The document's data keys: every value that holds rows (a list, one record, or null for none); not format/exportedAt. */
export function exportKeys(doc: ExportDocument): string[] {
  return Object.keys(doc).filter((k) => doc[k] === null || Array.isArray(doc[k]) || isRecord(doc[k]));
}

/** "messagesTaken" → "messages-taken.csv". */
export function csvFileName(key: string): string {
  return `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.csv`;
}

/**
 * One spreadsheet row: nested records become dotted columns (workingHours.monday.openTime), a list of plain values one
 * cell with "; " between items (services: "Consultation; Vaccination"), a list of records one JSON cell (notification
 * attachments). export.json keeps the exact structure for anyone who needs it.
 */
export function flattenRow(row: Record<string, unknown>, prefix = "", out: Record<string, Cell> = {}): Record<string, Cell> {
  for (const [key, value] of Object.entries(row)) {
    if (isRecord(value)) flattenRow(value, `${prefix}${key}.`, out);
    else out[`${prefix}${key}`] = cell(value);
  }
  return out;
}

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return value.join("; ");
  return JSON.stringify(value);
}

/**
 * A header row of every column any row has (in first-seen order: rows of one table differ only in their JSON fields,
 * e.g. the audit log's details), then one line per row. Nothing at all (null or no rows) is an empty file: there is no
 * row to take the columns from.
 */
export function rowsCsv(value: unknown): string {
  const rows = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map((r) =>
    flattenRow(isRecord(r) ? r : { value: r }),
  );
  if (rows.length === 0) return BOM;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return BOM + toCsv([columns, ...rows.map((r) => columns.map((c) => r[c] ?? null))]);
}

/** README.txt: what each file holds and how to read the cells, in the wording `t` gives (ExportReadme messages). */
export function exportReadme(doc: ExportDocument, t: ReadmeText): string {
  // "file — description": no colon, whose spacing differs between English and French.
  const files = exportKeys(doc).map((k) => `- ${csvFileName(k)} — ${t(`files.${k}`)}`);
  const notes = ["encoding", "dates", "nested", "lists", "apostrophe", "empty"].map((k) => `- ${t(`notes.${k}`)}`);
  const lines = [
    t("title", { exportedAt: doc.exportedAt.slice(0, 16).replace("T", " ") }),
    "",
    t("intro"),
    "",
    t("filesHeading"),
    ...files,
    `- export.json — ${t("exportJson")}`,
    "",
    t("notesHeading"),
    ...notes,
  ];
  // CRLF and a BOM: Notepad and TextEdit then show the accents right.
  return BOM + lines.join("\r\n") + "\r\n";
}

/** The ZIP: README.txt, export.json (the JSON download's document, indented) and one CSV per export key. */
export function exportZip(doc: ExportDocument, readme: string): Uint8Array {
  // Every entry dated at the export, so the same document always gives the same bytes.
  const mtime = new Date(doc.exportedAt);
  const files: Zippable = {
    "README.txt": strToU8(readme),
    "export.json": strToU8(`${JSON.stringify(doc, null, 2)}\n`),
  };
  for (const key of exportKeys(doc)) files[csvFileName(key)] = strToU8(rowsCsv(doc[key]));
  return zipSync(files, { level: 6, mtime });
}
