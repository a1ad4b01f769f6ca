import { AppError } from "@/lib/platform/errors";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.public({ response: { 400: messageResponse } }, async () => {
  throw new AppError("bad_request", "noTokenProvided");
});
