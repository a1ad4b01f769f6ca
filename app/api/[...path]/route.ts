import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

export const runtime = "nodejs";

// Any /api path the contract does not define: a JSON 404 rather than the HTML not-found page.
const notFound = route(async () => {
  throw new AppError("not_found", "notFound");
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
