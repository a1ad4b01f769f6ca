import { listProfiles } from "@/lib/accounts/accounts.repository";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.admin({}, async ({ ctx }) => json({ users: await listProfiles(ctx.db) }));
