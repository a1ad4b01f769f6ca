"use client";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver for one of the shared zod schemas, loaded on the first validation (the first submit)
 * instead of with the page: zod is most of a form page's JavaScript, and nobody needs it to read the page.
 */
export function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  return async (values, context, options) => {
    ready ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
      (e: unknown) => {
        ready = null; // a failed download (offline) is retried on the next submit
        throw e;
      },
    );
    return (await ready)(values, context, options);
  };
}
