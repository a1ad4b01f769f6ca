import Telnyx from "telnyx";
import type { OwnedNumber, TelephonyPort } from "@/lib/ports/telephony";

const DEFAULT_BASE_URL = "https://api.telnyx.com/v2";

// Telnyx owned numbers have no region field; the only geography is the country. The admin numbers view reads
// region → iso_country → "US" and phone_number_type → "local", so the same fallbacks apply here, country first.
type RawNumber = {
  id?: string | null;
  phone_number?: string | null;
  phone_number_type?: string | null;
  country_iso_alpha2?: string | null;
  region?: string | null;
  iso_country?: string | null;
};

type TelephonyOptions = {
  apiKey: string;
  baseUrl?: string;
  maxRetries?: number;
  /** Where the provider posts a profile's inbound texts and delivery receipts (our Telnyx webhook). */
  webhookUrl?: string;
  /** The profile the pool's numbers are on (TELNYX_MESSAGING_PROFILE_ID): a business's profile copies its destinations. */
  poolProfileId?: string;
};

export function createTelnyxTelephony(opts: TelephonyOptions): TelephonyPort {
  // baseURL is passed explicitly so the SDK does not fall back to reading process.env itself.
  const client = new Telnyx({ apiKey: opts.apiKey, baseURL: opts.baseUrl ?? DEFAULT_BASE_URL, maxRetries: opts.maxRetries });
  return {
    kind: "telnyx",
    async listOwnedNumbers() {
      const out: OwnedNumber[] = [];
      // The SDK's page iterator follows meta.page_number / meta.total_pages, keeping the size and filter on every page.
      for await (const n of client.phoneNumbers.list({ "page[size]": 100, filter: { status: "active" } })) {
        const mapped = toOwnedNumber(n);
        if (mapped) out.push(mapped);
      }
      return out;
    },
    async releaseNumber(providerId) {
      try {
        await client.phoneNumbers.delete(providerId);
      } catch (e) {
        // Already gone at Telnyx (released in the portal, or a retry after a timeout): the goal is reached.
        if (e instanceof Telnyx.NotFoundError) return;
        throw e;
      }
    },
    async createMessagingProfile({ name, country }) {
      // The countries the pool's profile may text, else the business's own: a profile allows no destination by itself.
      const pool = opts.poolProfileId ? (await client.messagingProfiles.retrieve(opts.poolProfileId)).data : undefined;
      const destinations = pool?.whitelisted_destinations?.length ? pool.whitelisted_destinations : [country];
      const { data } = await client.messagingProfiles.create({
        name,
        whitelisted_destinations: destinations,
        webhook_url: opts.webhookUrl ?? null,
        webhook_api_version: "2",
      });
      if (!data?.id) throw new Error("Telnyx: the new messaging profile has no id");
      return data.id;
    },
    async moveToMessagingProfile(providerId, messagingProfileId) {
      // "" unassigns the number from every profile.
      await client.phoneNumbers.messaging.update(providerId, { messaging_profile_id: messagingProfileId ?? opts.poolProfileId ?? "" });
    },
    async deleteMessagingProfile(messagingProfileId) {
      try {
        await client.messagingProfiles.delete(messagingProfileId);
      } catch (e) {
        if (e instanceof Telnyx.NotFoundError) return;
        throw e;
      }
    },
  };
}

export function toOwnedNumber(n: RawNumber): OwnedNumber | null {
  if (!n.id || !n.phone_number) return null;
  return {
    phoneNumber: n.phone_number,
    region: firstOf(n.region, n.country_iso_alpha2, n.iso_country) ?? "US",
    // Numbers bought before July 2023 may still say "tollfree"; one spelling keeps the admin table and CSV consistent.
    phoneNumberType: (firstOf(n.phone_number_type) ?? "local").replace(/^tollfree$/, "toll_free"),
    providerId: n.id,
  };
}

function firstOf(...values: (string | null | undefined)[]): string | undefined {
  return values.map((v) => v?.trim()).find((v): v is string => !!v);
}
