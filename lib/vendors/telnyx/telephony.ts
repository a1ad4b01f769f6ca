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

export function createTelnyxTelephony(opts: { apiKey: string; baseUrl?: string; maxRetries?: number }): TelephonyPort {
  // baseURL is passed explicitly so the SDK does not fall back to reading process.env itself.
  const client = new Telnyx({ apiKey: opts.apiKey, baseURL: opts.baseUrl ?? DEFAULT_BASE_URL, maxRetries: opts.maxRetries });
  return {
    kind: "telnyx",
    async listOwnedNumbers() {
      const out: OwnedNumber[] = [];
      // The SDK's page iterator follows meta.page_number / meta.total_pages, keeping the size and filter on every page.
      for await (const n of client.phoneNumbers.list({ "page[size]": 100, filter: { status: "active" } })) {
        const mapped = toOwnedNumber(n as RawNumber);
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
