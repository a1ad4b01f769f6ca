// Which "Validation" message a zod issue reads as, and the values it names: the server's 400 (lib/platform/http/route.ts) and
// the forms (components/forms) pick the same words for the same mistake, and "at most {max} characters" is filled with
// the schema's own bound whichever key the schema gave.
import type { z } from "zod";

export type ValidationParams = { max?: number; min?: number };

/**
 * `isKey` says whether a message is a Validation key; `value` is what was sent at the issue's path. A schema's own key
 * wins; else a missing value (or a string that must not be blank) is "required", and a string or list over its bound
 * "tooLong" or "tooMany"; anything else "invalid".
 */
export function validationMessage(
  issue: z.core.$ZodIssue,
  value: unknown,
  isKey: (key: string) => boolean,
): { key: string; params: ValidationParams } {
  const params: ValidationParams =
    issue.code === "too_big" ? { max: Number(issue.maximum) } : issue.code === "too_small" ? { min: Number(issue.minimum) } : {};
  let key = "invalid";
  if (isKey(issue.message)) key = issue.message;
  else if (value === undefined || value === null) key = "required";
  else if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) <= 1) key = "required";
  else if (issue.code === "too_big" && issue.origin === "string") key = "tooLong";
  else if (issue.code === "too_big" && issue.origin === "array") key = "tooMany";
  return { key, params };
}

/**
 * The issue to read for a union that matched no branch: the closest branch's first (fewest issues, then one about the
 * value rather than its type), its path from the top. "Services: at most 50" beats "Services is not valid".
 */
export function leafIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const rank = (branch: z.core.$ZodIssue[]) => branch.length * 2 + (branch[0]?.code === "invalid_type" ? 1 : 0);
  const [inner] = issue.errors.reduce((best, branch) => (rank(branch) < rank(best) ? branch : best));
  return inner ? leafIssue({ ...inner, path: [...issue.path, ...inner.path] }) : issue;
}

/** What was sent at `path` in `input` (undefined when the path does not exist). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const p of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[p];
  }
  return node;
}
