import { API_ROUTE_MODULES } from "@/app/api/route-modules.generated";
import { API_ROUTES } from "@/app/api/routes.generated";
import { openApiResponse } from "@/lib/platform/http/http.responses";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";
import { openApiDocument } from "@/lib/platform/http/openapi";

export const runtime = "nodejs";

/** The API's OpenAPI 3.1 document, built from the route declarations themselves (policies and zod schemas). */
export const GET = route.public({ response: { 200: openApiResponse } }, async ({ ctx }) =>
  json(await openApiDocument(API_ROUTES, (address) => API_ROUTE_MODULES[address]!(), ctx.session.appUrl)),
);
