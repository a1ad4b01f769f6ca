import { AppError } from "@/lib/platform/errors";

/** An id from the path; anything that is not a uuid cannot name a row, so it is a 404 like an unknown id. */
export function idParam(value: string | undefined, notFoundKey: string): string {
  if (!value || !isUuid(value)) throw new AppError("not_found", notFoundKey);
  return value.toLowerCase();
}

/** Whether `value` can be one of our ids: they are all uuids, so anything else names no row. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
