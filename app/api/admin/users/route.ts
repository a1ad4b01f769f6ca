import { listProfiles } from "@/lib/accounts/account/profile";
import { userListResponse } from "@/lib/accounts/admin/admin.responses";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.admin({ response: { 200: userListResponse } }, async ({ ctx }) => json({ users: await listProfiles(ctx.db) }));
