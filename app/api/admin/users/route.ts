import { listProfiles } from "@/lib/accounts/profile";
import { userListResponse } from "@/lib/admin/admin.responses";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.admin({ response: { 200: userListResponse } }, async ({ ctx }) => json({ users: await listProfiles(ctx.db) }));
