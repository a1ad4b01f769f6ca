import type { NextRequest } from "next/server";
import { route } from "@/lib/server/api-route";
import { handlers } from "@/lib/server/auth";

export const runtime = "nodejs";
// Auth.js answers its own requests (redirects, form posts, its own errors): outside our JSON edge.
const authJs = { response: { 200: { "application/json": null, "text/html": null }, 302: null } };
export const GET = route.raw("public", authJs, (req: NextRequest) => handlers.GET(req));
export const POST = route.raw("public", authJs, (req: NextRequest) => handlers.POST(req));
