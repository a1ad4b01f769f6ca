import { json } from "@/lib/http/route";
import { listAvailable } from "@/lib/numbers/numbers.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.admin({}, async ({ ctx }) => json({ phoneNumbers: await listAvailable(ctx.db) }));
