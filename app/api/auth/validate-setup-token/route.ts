import { AppError } from "@/lib/errors";
import { messageResponse } from "@/lib/http/http.responses";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.public({ response: { 400: messageResponse } }, async () => {
  throw new AppError("bad_request", "noTokenProvided");
});
