// The project's own checks fail on what they are there to catch: each is run on a copy of the project with violations
// planted (an area importing one it does not declare, a folder cycle, a README out of step, a column without its
// migration).
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const scratches: string[] = [];

/** A copy of what the checks read (lib/, db/, what they import, the configuration, the documents), node_modules linked. */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), "recepta-checks-"));
  scratches.push(dir);
  for (const entry of ["lib", "db", "messages", "tests", "tsconfig.json", "ARCHITECTURE.md", "package.json"]) {
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
  it("fail on an undeclared area import, a folder cycle and a stale README or table, naming each", () => {
    const dir = copy();
    appendFileSync(join(dir, "lib/scheduling/booking/core.ts"), '\nexport { createProviders } from "@/lib/vendors/registry";\n');
    writeFileSync(join(dir, "lib/scheduling/availability/planted.ts"), 'export { book } from "@/lib/scheduling/booking/commands";\n');
    edit(dir, "lib/billing/README.md", (text) => text.replace(/^May import: .*$/m, "May import: `platform`."));
    edit(dir, "ARCHITECTURE.md", (text) => text.replace("| [`insights`]", "| [`insights-old`]"));
    const result = run("check-deps.ts", dir);
    expect(result.status).toBe(1);
    expect(result.output).toContain("scheduling → vendors");
    expect(result.output).toContain("lib/scheduling/booking/core.ts → lib/vendors/registry.ts");
    expect(result.output).toMatch(/Folder cycle between \d+ folders: .*lib\/scheduling\/availability/);
    expect(result.output).toContain('lib/billing/README.md: its "May import" line');
    expect(result.output).toContain("ARCHITECTURE.md: the table of areas and layers");
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
