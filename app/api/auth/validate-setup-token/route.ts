import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

export const runtime = "nodejs";

export const GET = route(async () => {
  throw new AppError("bad_request", "noTokenProvided");
});
