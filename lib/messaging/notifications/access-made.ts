// The owner's email when an API key or a webhook endpoint is made on the account. Either one opens the practice's data
// to somewhere else for as long as it exists, and a session left open on someone else's screen is enough to make one:
// the account's address hears of it, in the account's language, with what it may do and where to revoke it. Never the
// key, the signing secret or the endpoint's full address (a receiver's path can hold a secret of its own): the key's
// name, the endpoint's host, and the scopes or events.
import type { Db } from "@/db/client";
import { formatDateTime } from "@/lib/platform/format/intl";
import { localizedPath } from "@/lib/platform/i18n/paths";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import type { JobData } from "@/lib/platform/jobs/queue";
import type { MessageSender } from "@/lib/ports/messaging";
import { activeAccount } from "./password-reset";
import { render, type EmailContent } from "./templates";

export type AccessMadeDeps = { db: Db; email: MessageSender; appUrl: string; supportEmail: string };
type AccessMade = JobData["access-made"];

/** "appointments:read" → "appointmentsRead", "appointment.booked" → "appointmentBooked": the Integrations page's keys. */
const textKey = (code: string) => code.replace(/[:._]([a-z])/g, (_, c: string) => c.toUpperCase());

export function accessMadeEmail(
  locale: Locale,
  f: Pick<AccessMade, "kind" | "name" | "grants"> & { email: string; at: Date; timeZone: string; url: string; support: string },
): EmailContent {
  const c = (key: string, params: Record<string, string> = {}) => translate(locale, `Notifications.accessMade.${key}`, params);
  const grant = (code: string) =>
    translate(
      locale,
      f.kind === "apiKey"
        ? `IntegrationsSection.apiKeys.scopes.${textKey(code)}.label`
        : `IntegrationsSection.webhooks.events.${textKey(code)}`,
    );
  const date = formatDateTime(f.at, locale, f.timeZone);
  return render(locale, {
    subject: c(`${f.kind}.subject`),
    paragraphs: [c(`${f.kind}.intro`, { email: f.email, date })],
    rows: [
      [c(`${f.kind}.nameLabel`), f.name],
      [c(`${f.kind}.grantsLabel`), f.grants.map(grant).join(", ")],
    ],
    after: [c("ifYou"), c(`${f.kind}.ifNotYou`, { support: f.support })],
    link: { label: c(`${f.kind}.action`), url: f.url },
    footer: translate(locale, "Notifications.account.footer", { support: f.support }),
  });
}

/** The job: once per key or endpoint, to the account's address (not when the account is gone or deactivated). */
export async function sendAccessMade(deps: AccessMadeDeps, data: AccessMade): Promise<void> {
  const user = await activeAccount(deps.db, data.userId);
  if (!user) return;
  const url = `${deps.appUrl}${localizedPath(user.locale, "/dashboard/integrations")}`;
  const mail = accessMadeEmail(user.locale, {
    ...data,
    email: user.email,
    at: new Date(data.at),
    timeZone: user.timeZone,
    url,
    support: deps.supportEmail,
  });
  await deps.email.send({ userId: data.userId, to: user.email, ...mail, links: [url], dedupeKey: `access-made:${data.kind}:${data.id}` });
}
