"use client";
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { leafIssue, validationMessage, valueAt, type ValidationParams } from "@/lib/platform/format/validation-message";

/** A form error as this resolver makes it: `message` is a "Validation" key, `params` the values its text names. */
export type ValidationFieldError = FieldError & { params?: ValidationParams };

/**
 * A react-hook-form resolver for one of the shared zod schemas, loaded on the first validation (the first submit)
 * instead of with the page: zod is most of a form page's JavaScript, and nobody needs it to read the page. Each field's
 * first issue becomes its error, chosen as the server chooses its 400 (lib/platform/format/validation-message.ts) and carrying
 * the schema's bound, so "at most {max} characters" reads with the number.
 */
export function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<S> | null = null;
  return async (values, _context, options) => {
    ready ??= load().catch((e: unknown) => {
      ready = null; // a failed download (offline) is retried on the next submit
      throw e;
    });
    const result = await (await ready).safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, ValidationFieldError> = Object.create(null);
    for (const first of result.error.issues) {
      const issue = leafIssue(first);
      const path = issue.path.join(".");
      if (errors[path]) continue;
      // A schema's message is a key (an identifier); zod's own are sentences. useErrorText reads an unknown key as "invalid".
      const { key, params } = validationMessage(issue, valueAt(values, issue.path), (m) => /^[A-Za-z]+$/.test(m));
      errors[path] = { type: issue.code, message: key, params };
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}
