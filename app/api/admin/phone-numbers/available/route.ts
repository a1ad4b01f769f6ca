import { json } from "@/lib/platform/http/route";
import { availableNumbersResponse } from "@/lib/accounts/numbers/numbers.responses";
import { listAvailable } from "@/lib/accounts/numbers/numbers.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.admin({ response: { 200: availableNumbersResponse } }, async ({ ctx }) =>
  json({ phoneNumbers: await listAvailable(ctx.db) }),
);
