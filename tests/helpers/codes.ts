// A one-time code is never stored readable in the notifications table: the body holds "••••••" and the code is sealed
// in secret_enc. Tests that play the phone that received a code open it here, as the phone would have read it.
import { CODE_MASK } from "@/lib/messaging/delivery/logged-sender";
import { appContext } from "@/lib/server/context";

type Stored = { body: string; secretEnc: string | null };

/** The code a stored text carried, opened from its seal; null for a text that carried none. */
export function codeOf(row: Stored | undefined): string | null {
  return row?.secretEnc ? appContext().secrets.open(row.secretEnc) : null;
}

/** The text as the phone received it: the stored body with its code put back. */
export function receivedText(row: Stored): string {
  const code = codeOf(row);
  return code ? row.body.split(CODE_MASK).join(code) : row.body;
}
