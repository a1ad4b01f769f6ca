// The parameters the receptionist's tools take, each declared once: what the model is asked for (`ask`, zod, described
// in the call's language; its JSON Schema is what the assistant gets) and how what it sends is read (`read`, lenient).
import { z } from "zod";
import { countryOfBusiness, exampleFor } from "@/lib/platform/phone/phone";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { Say } from "../speech/speech";
import { text } from "./context";

/**
 * One parameter. `read` never fails: a value it cannot read is left out (undefined), for the handler to ask again or do
 * without, as a receptionist would; a value it reads is always one `ask` takes. `required`: the model is told to send
 * it (the handler still says what is missing when it does not). `offered`: false for one read when the model sends it
 * but not shown to this business's assistant (a practitioner in a practice of one, a combined date-time).
 */
export type Param<T> = { ask: z.ZodType<T>; read: (v: unknown) => T | undefined; required: boolean; offered: boolean };
export type Params = Record<string, Param<unknown>>;

/** Words, spaces collapsed, at most `max` characters; a number the model sends is read as its digits. */
export const words =
  (max: number) =>
  (v: unknown): string | undefined =>
    text(v, max) ?? undefined;

/** The value as sent, when it is a string or a number: for a reading that needs the call (a date, a phone number). */
export const given = (v: unknown): string | undefined => (typeof v === "string" || typeof v === "number" ? String(v) : undefined);

/** A string only (a name to match, a service): anything else is not read. */
export const said = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** The languages a caller may switch to. */
export const CALL_LANGUAGES = ["en", "fr", "es"] as const satisfies readonly CallLanguage[];

/** The language the model says the caller switched to, in any case ("FR"); undefined for none or one we do not speak. */
export const readLanguage = (v: unknown): CallLanguage | undefined => CALL_LANGUAGES.find((l) => l === text(v, 5)?.toLowerCase());

const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const TIME = "^([01]\\d|2[0-3]):[0-5]\\d$";

/** The parameters' makers for one business, described in the call's language. */
export function paramKit(b: Business, say: Say) {
  const param = (key: string, vars?: Record<string, string>) => say(`tools.params.${key}`, vars);
  const of = <T>(ask: z.ZodType<T>, read: (v: unknown) => T | undefined): Param<T> => ({ ask, read, required: false, offered: true });
  const optional = (description: string) => `${param("optional")} ${description}`;
  // Patterns and formats are metadata for the model, never checked when reading (see readArgs in tool.ts).
  const dated = (pattern: string, description: string) => of(z.string().meta({ pattern, description }), given);
  return {
    /** Words in the call's language, for a description made of several. */
    say,
    /** An example number of the business's country, for a phone parameter's description. */
    example: exampleFor(countryOfBusiness(b)),
    /** A string described by `tools.params.<key>`. */
    text: (key: string, read: (v: unknown) => string | undefined, vars?: Record<string, string>) =>
      of(z.string().meta({ description: param(key, vars) }), read),
    /** A string with a pattern or a format the model is told. */
    shaped: (key: string, read: (v: unknown) => string | undefined, shape: { pattern: string } | { format: "email" }) =>
      of(z.string().meta({ description: param(key), ...shape }), read),
    /** One of `values`, read by `read` (which maps a model's own words to one, or leaves it out). */
    choice: <V extends string>(values: readonly V[], read: (v: unknown) => V | undefined, key: string, vars?: Record<string, string>) =>
      of<V>(z.enum(values).meta({ description: param(key, vars) }), read),
    /** A day, YYYY-MM-DD, read as sent (lib/receptionist/speech/when.ts reads it). */
    date: (key = "date", vars: Record<string, string> = { example: "2026-11-24" }, opts: { optional?: boolean } = {}) =>
      dated(DATE, opts.optional ? optional(param(key, vars)) : param(key, vars)),
    /** A time of day, HH:mm, read as sent. */
    time: (opts: { optional?: boolean } = {}) => dated(TIME, opts.optional ? optional(param("time")) : param("time")),
    /** The language a caller switched to: the answer comes back in it. */
    language: (language: CallLanguage) =>
      of(z.enum(CALL_LANGUAGES).meta({ description: param("language", { language: say(`languages.${language}`) }) }), readLanguage),
    /** Read when the model sends it, never offered: a name models use that the tool does not ask for. */
    unoffered: (read: (v: unknown) => string | undefined): Param<string> => ({ ...of(z.string(), read), offered: false }),
  };
}

export type ParamKit = ReturnType<typeof paramKit>;

/** The model is told to send it. */
export const needed = <T>(p: Param<T>): Param<T> => ({ ...p, required: true });

/** Offered to this business's assistant only when `offered`; read whenever the model sends it. */
export const offeredIf = <T>(offered: boolean, p: Param<T>): Param<T> => ({ ...p, offered: offered && p.offered });

/**
 * Who with and for what: the practitioner, offered in a practice of several (a name as the caller says it, matched
 * loosely: practitioner-choice.ts); the service, offered when `services` (it decides who and for how long, or is kept
 * on the appointment, recall counting from it); the reason, read for the service a caller gave as their reason.
 */
export function whoParams(b: Business, p: ParamKit, services: boolean) {
  return {
    practitioner: offeredIf(b.practitioners.length > 1, p.text("practitioner", said)),
    service: offeredIf(services, p.text("service", said)),
  };
}

/** Other names models give a practitioner. */
export const WHO_ALIASES = { practitionerName: "practitioner", doctor: "practitioner" } as const;

/** A date and time sent as one (`start`, or one of the names models give it), read before `date` (when.ts). */
export const WHEN_ALIASES = { dateTime: "start", datetime: "start", date_time: "start" } as const;
