// What the calendar routes read: a consent popup's code (Google, Microsoft) or a CalDAV account, and whose calendar it
// is. A route that names no practitioner acts for the practice's first (its owner), as for a practice of one.
import { z } from "zod";

const practitionerId = z.uuid().optional().describe("Whose calendar; none: the practice's first practitioner (the owner).");

export const oauthConnectSchema = z.object({
  code: z.string().trim().min(1).max(2048),
  practitionerId,
});

export const caldavConnectSchema = z.object({
  serverUrl: z
    .url({ protocol: /^https?$/ })
    .trim()
    .max(2048)
    .describe("The CalDAV server: https://caldav.icloud.com, https://caldav.fastmail.com, https://<host>/remote.php/dav."),
  username: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(512).describe("An app password made for Recepta at the calendar provider; kept encrypted."),
  practitionerId,
});

export const disconnectSchema = z.object({ practitionerId });
