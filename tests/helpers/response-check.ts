// Every answer the integration tests receive through tests/helpers/api.ts is held to what its route declares
// (`response` on the declaration, lib/server/api-route.ts): a success with a status the route does not list, a body its
// schema refuses or a body where it declares none fails the test that received it. Production never runs this check;
// this is what keeps the OpenAPI document and docs/API.md true. Refusals are held to the one error shape, `{ message }`.
import { z } from "zod";
import { messageResponse } from "@/lib/platform/http/http.responses";
import type { ResponseBody, ResponseSpec } from "@/lib/server/api-route";

export class ResponseMismatch extends Error {
  override name = "ResponseMismatch";
}

/** The declared answers of an exported route handler, if it declares any. */
export function declaredResponses(handler: unknown): ResponseSpec | undefined {
  return (handler as { spec?: { response?: ResponseSpec } } | undefined)?.spec?.response;
}

function isSchema(body: ResponseBody): body is z.ZodType {
  return body !== null && typeof body === "object" && "_zod" in body;
}

/**
 * Throws a ResponseMismatch when the answer (`status`, its content type, its text and the JSON read from it) is not
 * one `declared` allows. A route that declares nothing is not checked (the catch-all: scripts/gen-api-routes.test.ts
 * requires a declaration of every other route).
 */
export function checkResponse(
  label: string,
  declared: ResponseSpec | undefined,
  answer: { status: number; contentType: string | null; text: string; body: unknown },
): void {
  if (!declared) return;
  const { status, text, body } = answer;
  const fail = (why: string) => {
    throw new ResponseMismatch(`${label} answered ${status}: ${why}`);
  };
  const parse = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) fail(`the body does not match the declared schema\n${z.prettifyError(result.error)}`);
  };
  const expected = declared[status];
  if (expected === undefined) {
    if (status < 400) fail(`a status the route's declaration does not list (${Object.keys(declared).join(", ") || "none"})`);
    if (text) parse(messageResponse, body);
    return;
  }
  if (expected === null) {
    if (text) fail("a body, where the declaration says there is none");
    return;
  }
  if (isSchema(expected)) return parse(expected, body);
  const mediaType = (answer.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(mediaType in expected)) fail(`content type "${mediaType}", not one declared (${Object.keys(expected).join(", ")})`);
  const schema = expected[mediaType];
  if (schema) parse(schema, body);
}
