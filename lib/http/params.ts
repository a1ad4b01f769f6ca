import { isUuid } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";

/** An id from the path; anything that is not a uuid cannot name a row, so it is a 404 like an unknown id. */
export function idParam(value: string | undefined, notFoundKey: string): string {
  if (!value || !isUuid(value)) throw new AppError("not_found", notFoundKey);
  return value.toLowerCase();
}
