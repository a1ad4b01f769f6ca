import { addedPoolNumberResponse } from "@/lib/accounts/numbers/numbers.responses";
import { addPoolNumberSchema } from "@/lib/accounts/numbers/numbers.schemas";
import { addPoolNumber } from "@/lib/accounts/numbers/pool-add";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Adds a number to the pool, free and active: 201 with its row, 409 when the pool already holds it. */
export const POST = route.admin({ body: addPoolNumberSchema, response: { 201: addedPoolNumberResponse } }, async ({ ctx, auth, input }) =>
  json(await addPoolNumber(ctx.db, auth.userId, input.body.phoneNumber), { status: 201 }),
);
