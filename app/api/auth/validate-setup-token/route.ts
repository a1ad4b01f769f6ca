import { AppError } from "@/lib/errors";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.public({}, async () => {
  throw new AppError("bad_request", "noTokenProvided");
});
