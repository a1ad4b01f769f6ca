// A commit subject fits in 72 characters, the width `git log --oneline`, shortlogs and review tools show whole; the
// why goes in the body. Checked on the commits after the point the rule was set; history already landed cannot be
// rewritten, so its longer subjects are listed once, by hash.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const MAX_SUBJECT = 72;
/** The last commit before the rule was checked: its descendants are held to it. */
const BASE = "4811097e9743868a6afd88863243329530efd0eb";

/** Subjects that landed too long before this check existed: shared history, which a rewrite would break for everyone. */
const LANDED_EXCEPTIONS: Record<string, string> = {
  d1d2eddd91678334372f236dd34f3f336aab35f3: "landed on main before the check (76 characters)",
  "998deb679b2955b3c266e3aa2f0171fd079e20c2": "a merge landed before the check (84 characters)",
  "741ab12f0cb1a1293c88194b6527203a6b3cc728": "landed on main before the check (86 characters)",
  dabbe52336ae1617edeca9c8cecac33e2d50af46: "landed on main before the check (80 characters)",
  "30ba030ff492f6ae58e12480944fd51b7dc24e65": "a merge landed before the check (83 characters)",
  "3472782bffd0f0d38e80301db05a9128783d7148": "landed on main before the check (73 characters)",
};

function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
}

/** The commits after BASE as [full hash, subject], or why they cannot be read (no git, a shallow clone without BASE). */
function commitsAfterBase(): { commits: [string, string][] } | { skip: string } {
  if (git(["rev-parse", "--git-dir"]) === null) return { skip: "git or the repository is not available" };
  if (git(["cat-file", "-e", `${BASE}^{commit}`]) === null) return { skip: `the base commit ${BASE.slice(0, 7)} is not in this clone` };
  const log = git(["log", "--format=%H%x09%s", `${BASE}..HEAD`]);
  if (log === null) return { skip: "git log failed" };
  const commits = log
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t", 2) as [string, string]);
  return { commits };
}

/** The subjects over the limit that are not known exceptions, as "hash (length): subject". */
function longSubjects(commits: [string, string][], exceptions: Record<string, string> = LANDED_EXCEPTIONS): string[] {
  return commits
    .filter(([hash, subject]) => subject.length > MAX_SUBJECT && !(hash in exceptions))
    .map(([hash, subject]) => `${hash.slice(0, 7)} (${subject.length}): ${subject}`);
}

const history = commitsAfterBase();
if ("skip" in history) console.warn(`tests/commits.test.ts skipped: ${history.skip}`);

describe("commit subjects", () => {
  it.skipIf("skip" in history)(`are at most ${MAX_SUBJECT} characters after ${BASE.slice(0, 7)}, landed exceptions aside`, () => {
    const { commits } = history as { commits: [string, string][] };
    expect(commits.length).toBeGreaterThan(0);
    expect(longSubjects(commits)).toEqual([]);
  });

  it.skipIf("skip" in history)("list as exceptions only commits that are in the history and over the limit", () => {
    const { commits } = history as { commits: [string, string][] };
    const long = new Set(commits.filter(([, subject]) => subject.length > MAX_SUBJECT).map(([hash]) => hash));
    expect(Object.keys(LANDED_EXCEPTIONS).filter((hash) => !long.has(hash))).toEqual([]);
  });

  it("find a subject one character over the limit, and let an exception pass", () => {
    const over = "x".repeat(MAX_SUBJECT + 1);
    const commits: [string, string][] = [
      ["a".repeat(40), "x".repeat(MAX_SUBJECT)],
      ["b".repeat(40), over],
      ["c".repeat(40), over],
    ];
    expect(longSubjects(commits, { ["c".repeat(40)]: "known" })).toEqual([`bbbbbbb (73): ${over}`]);
  });
});
