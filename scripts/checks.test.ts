// The project's own checks fail on what they are there to catch: each is run on a copy of the project with violations
// planted (an area importing one it does not declare, a folder cycle, lib/ importing components/, an import leading
// nowhere, a vendor's SDK outside lib/vendors, a README out of step, the browser's code reaching the server's, a column
// without its migration).
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const scratches: string[] = [];

/**
 * A copy of what the checks read (lib/, db/, the browser's code in app/ and components/, what they import, the
 * configuration, the documents), node_modules linked.
 */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), "recepta-checks-"));
  scratches.push(dir);
  const entries = ["lib", "db", "app", "components", "instrumentation-client.ts", "messages", "tests", "tsconfig.json"];
  for (const entry of [...entries, "ARCHITECTURE.md", "package.json"]) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** Runs a check script in `dir`: its exit status and everything it printed. */
function run(script: string, dir: string): { status: number; output: string } {
  try {
    const stdout = execFileSync(join(root, "node_modules/.bin/tsx"), [join(root, "scripts", script)], {
      cwd: dir,
      encoding: "utf8",
      stdio: "pipe",
    });
    return { status: 0, output: stdout };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, output: `${e.stdout}${e.stderr}` };
  }
}

function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = readFileSync(path, "utf8");
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(path, after);
}

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// On the project as it is, both checks pass: they are steps of `npm test` of their own. Each run here costs seconds,
// so one copy carries every violation of a check, each of which must be reported.
describe("the dependency rules (check-deps)", () => {
  it("fail on each rule's breach (areas, cycles, app imports, dead imports, SDKs, documents, the browser fence), naming each", () => {
    const dir = copy();
    appendFileSync(join(dir, "lib/scheduling/booking/core.ts"), '\nexport { createProviders } from "@/lib/vendors/registry";\n');
    writeFileSync(join(dir, "lib/scheduling/availability/planted.ts"), 'export { book } from "@/lib/scheduling/booking/commands";\n');
    // Rules 3, 4 and 5: lib/ importing the app's components, an import that leads nowhere, a vendor's SDK in the domain.
    writeFileSync(
      join(dir, "lib/billing/planted.ts"),
      'export { SiteHeader } from "@/components/site/site-header";\nexport { gone } from "@/lib/billing/no-such-file";\nexport { default as Stripe } from "stripe";\n',
    );
    edit(dir, "lib/billing/README.md", (text) => text.replace(/^May import: .*$/m, "May import: `platform`."));
    edit(dir, "ARCHITECTURE.md", (text) => text.replace("| [`insights`]", "| [`insights-old`]"));
    // Rule 7: the server's code importing the browser's folder.
    appendFileSync(
      join(dir, "lib/receptionist/events/call-events.ts"),
      '\nexport { httpUrl } from "@/lib/platform/client/receptionist";\n',
    );
    // Rule 8: a "use client" component reaching the database through a domain file, the browser's folder reaching a Node
    // built-in and, through the logger (an `import pino, { type … }` whose pino stays), a server-only package.
    writeFileSync(
      join(dir, "lib/receptionist/calls/planted.ts"),
      'import { createDb } from "@/db/client";\nexport const planted = createDb;\n',
    );
    appendFileSync(
      join(dir, "components/dashboard/sections/calls.tsx"),
      '\nimport { planted } from "@/lib/receptionist/calls/planted";\nexport const plantedDb = planted;\n',
    );
    appendFileSync(join(dir, "lib/platform/client/browser-session.ts"), '\nexport { randomUUID } from "node:crypto";\n');
    appendFileSync(join(dir, "lib/platform/client/speech.ts"), '\nexport { logger } from "@/lib/platform/log/logger";\n');
    // Not offences: types from the server's code (erased), and the server actions the components already call (sent
    // to the browser as references).
    appendFileSync(
      join(dir, "components/dashboard/sections/outbox.tsx"),
      '\nimport type { Db } from "@/db/client";\nimport { type Sql } from "@/db/client";\nexport type PlantedTypes = [Db, Sql];\n',
    );
    const result = run("check-deps.ts", dir);
    expect(result.status).toBe(1);
    expect(result.output).toContain("scheduling → vendors");
    expect(result.output).toContain("lib/scheduling/booking/core.ts → lib/vendors/registry.ts");
    expect(result.output).toMatch(/Folder cycle between \d+ folders: .*lib\/scheduling\/availability/);
    expect(result.output).toContain("lib/billing/planted.ts → components/site/site-header.tsx");
    expect(result.output).toContain("lib/billing/planted.ts → @/lib/billing/no-such-file");
    expect(result.output).toContain("lib/billing/planted.ts → stripe");
    expect(result.output).toContain('lib/billing/README.md: its "May import" line');
    expect(result.output).toContain("ARCHITECTURE.md: the table of areas and layers");
    expect(result.output).toContain("lib/receptionist/events/call-events.ts → lib/platform/client/receptionist.ts");
    expect(result.output).toContain("components/dashboard/sections/calls.tsx → lib/receptionist/calls/planted.ts → db/client.ts");
    expect(result.output).toContain("lib/platform/client/browser-session.ts → node:crypto");
    expect(result.output).toContain("lib/platform/client/speech.ts → lib/platform/log/logger.ts → pino");
    expect(result.output).not.toContain("outbox.tsx →");
    expect(result.output).not.toContain("lib/server/actions/");
  });
});

describe("the schema against the migrations (check-schema)", () => {
  it("fails on a column without its migration", () => {
    const dir = copy();
    edit(dir, "db/schema/accounts.ts", (text) =>
      text.replace('setupSteps: jsonb("setup_steps")', 'planted: text("planted"),\n    setupSteps: jsonb("setup_steps")'),
    );
    const result = run("check-schema.ts", dir);
    expect(result.status).toBe(1);
    expect(result.output).toContain("The schema differs from the migrations");
  });
});
