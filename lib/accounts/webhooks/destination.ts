// Where a webhook may go. An owner types any address; sent from our servers, a request to a private address would reach
// what only we can reach (the database's host, a cloud's metadata service at 169.254.169.254), so the address must name
// a public one. The check runs when the endpoint is saved and again before every attempt, and the attempt connects to
// the very address that passed: a name answering a public address to the check and 127.0.0.1 to the connection (DNS
// rebinding) reaches nothing. WEBHOOK_ALLOW_PRIVATE=true lifts these rules, for a receiver on a private network or in tests.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { env } from "@/lib/platform/env";
import { isPublicAddress } from "@/lib/platform/http/public-address";

/** Every address a name has. Injectable so tests can make a public-looking name resolve to 127.0.0.1. */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** Why an address is refused, each a key of the "Api" namespace's webhookUrl… messages. */
export type DestinationProblem =
  "webhookUrlInvalid" | "webhookUrlNotHttps" | "webhookUrlCredentials" | "webhookUrlPrivate" | "webhookUrlUnresolvable";

export class DestinationRefused extends Error {
  constructor(readonly problem: DestinationProblem) {
    super(problem);
    this.name = "DestinationRefused";
  }
}

export type DestinationOptions = { resolve?: Resolver; allowPrivate?: boolean };

export const allowPrivateDefault = () => env().WEBHOOK_ALLOW_PRIVATE;

/**
 * The rules an address is read by, without the network: http(s) only, https unless private addresses are allowed, no
 * user or password in it (they would be sent in clear to whoever logs URLs along the way, and shown in our list).
 */
export function readUrl(value: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new DestinationRefused("webhookUrlInvalid");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new DestinationRefused("webhookUrlInvalid");
  if (url.protocol === "http:" && !allowPrivate) throw new DestinationRefused("webhookUrlNotHttps");
  if (url.username || url.password) throw new DestinationRefused("webhookUrlCredentials");
  if (!url.hostname) throw new DestinationRefused("webhookUrlInvalid");
  return url;
}

/** A name that takes longer than this to resolve is refused (a receiver's DNS must not hold a delivery worker). */
const RESOLVE_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("resolve timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|local|internal|home\.arpa)\.?$/i;

/**
 * The address an attempt connects to: the URL's own when it is an IP, else the first of the name's addresses, every
 * one of which must be public (a name with one private address among public ones could be answered either way).
 */
export async function checkDestination(url: URL, options: DestinationOptions = {}): Promise<LookupAddress> {
  const allowPrivate = options.allowPrivate ?? allowPrivateDefault();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  if (family) {
    if (!allowPrivate && !isPublicAddress(host)) throw new DestinationRefused("webhookUrlPrivate");
    return { address: host, family };
  }
  if (!allowPrivate && LOCAL_NAMES.test(host)) throw new DestinationRefused("webhookUrlPrivate");
  let addresses: LookupAddress[];
  try {
    addresses = await withTimeout((options.resolve ?? systemResolver)(host), RESOLVE_TIMEOUT_MS);
  } catch {
    throw new DestinationRefused("webhookUrlUnresolvable");
  }
  if (addresses.length === 0) throw new DestinationRefused("webhookUrlUnresolvable");
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new DestinationRefused("webhookUrlPrivate");
  return addresses[0]!;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that answers the checked address whatever the name would resolve to now. Node's
 * happy-eyeballs connect asks for every address (`all`), a plain connect for one.
 */
export function pinnedLookup(pinned: LookupAddress) {
  return (_host: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    if (typeof options === "object" && options?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
