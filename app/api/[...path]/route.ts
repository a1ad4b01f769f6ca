import { AppError } from "@/lib/platform/errors";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

// Any /api path the contract does not define: a JSON 404 rather than the HTML not-found page, the same for everyone.
// (The proxy still asks a session of a caller here: it does not tell strangers which addresses exist.)
const notFound = route.public({}, async () => {
  throw new AppError("not_found", "notFound");
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
