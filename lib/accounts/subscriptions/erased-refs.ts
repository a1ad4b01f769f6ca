// An erased account's billing ids (customer, subscription, checkout) are remembered as digests, so that a late event
// of the billing provider about them is recognised and dropped, while the table names no customer. Written by the
// erasure, read by the billing events.
import { createHash } from "node:crypto";

/** The digest under which an erased account's provider id is remembered. */
export function erasedRefHash(id: string): string {
  return createHash("sha256").update(`billing:${id}`).digest("hex");
}
