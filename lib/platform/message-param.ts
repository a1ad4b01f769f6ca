// A message's parameter is shown as given, whoever wrote it: a caller named "@Api.unauthorized" is called that, not
// "Authentication required". A parameter that is itself a message (a field's label, a country's name in the answer's
// language) is an object only code builds, with keyParam / regionParam: no text a caller types can become one.

// Registered globally (Symbol.for): the production build can hold two copies of this module, as errors.ts says.
const REF = Symbol.for("recepta.messageParam");

export type MessageParam = { readonly [REF]: { readonly key: string } | { readonly region: string } };

/** A parameter read as another catalogue key: `{ field: keyParam("Fields.email") }` says "E-mail" in French. */
export function keyParam(key: string): MessageParam {
  return { [REF]: { key } };
}

/**
 * A parameter that reads as a country's name in the answer's language: `regionParam("FR")` is "France" in English,
 * "Francia" in Spanish (Intl.DisplayNames, so every country has its name without a message key of its own).
 */
export function regionParam(code: string): MessageParam {
  return { [REF]: { region: code } };
}

/** What a parameter refers to, or null for a value shown as given. */
export function messageRef(value: unknown): { key: string } | { region: string } | null {
  if (typeof value !== "object" || value === null) return null;
  return (value as Partial<MessageParam>)[REF] ?? null;
}

export type ParamValue = string | number | MessageParam;
