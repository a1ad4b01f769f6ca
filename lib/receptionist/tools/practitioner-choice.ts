// Who the caller wants to see, in a practice of several: a name as the model passes it, matched loosely, or "the same as
// last time", from the caller's history. A practice of one has no choice to make.
import { lastPractitionerOf } from "@/lib/scheduling/booking/commands";
import { asksForSame, matchPractitioners } from "@/lib/scheduling/practitioners/match";
import { identitiesOf } from "./identity";
import { spoken, type ToolReply } from "./replies";
import type { ToolContext } from "./tools";
import { speakList, type Say } from "../speech/speech";

/** Whose agenda: `only` the practitioners the caller asked for (unset: anyone), and the name to say. */
export type Who = { only?: string[]; name?: string };

/**
 * Who the caller asked to see: no one in particular (`only` unset: anyone free then), the practitioner a name fits, or
 * the one they saw last ("the same as last time", from the appointments of the numbers this call holds). A reply instead
 * when it cannot be told: a name that fits no one or several, "the same" with no history. A practice of one has no
 * choice to make: the argument is ignored.
 */
export async function practitionerAsked(ctx: ToolContext, say: Say, args: Record<string, unknown>): Promise<Who | { reply: ToolReply }> {
  const team = ctx.biz.practitioners;
  const raw = args.practitioner ?? args.practitionerName ?? args.doctor;
  const asked = typeof raw === "string" ? raw.trim().replace(/\s+/g, " ").slice(0, 120) : "";
  if (team.length < 2 || !asked) return {};
  const everyone = speakList(
    team.map((p) => p.name),
    ctx.language,
    "disjunction",
  );
  if (asksForSame(asked)) {
    const phones = await identitiesOf(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, ctx.callerNumber);
    const last = await lastPractitionerOf(
      ctx.deps,
      ctx.biz.userId,
      phones,
      team.map((p) => p.id),
    );
    const p = team.find((x) => x.id === last);
    if (!p) return { reply: spoken(say("practitioners.noHistory", { names: everyone })) };
    return { only: [p.id], name: p.name };
  }
  const fits = matchPractitioners(asked, team);
  if (fits.length === 1) return { only: [fits[0]!.id], name: fits[0]!.name };
  if (fits.length > 1) {
    return {
      reply: spoken(
        say("practitioners.which", {
          names: speakList(
            fits.map((p) => p.name),
            ctx.language,
            "disjunction",
          ),
        }),
      ),
    };
  }
  return { reply: spoken(say("practitioners.unknown", { asked, names: everyone })) };
}

/** An answer about one practitioner's agenda says whose it is first. */
export function withWhom(say: Say, who: Who, reply: ToolReply): ToolReply {
  return who.name ? { ...reply, say: `${say("practitioners.for", { name: who.name })} ${reply.say}` } : reply;
}
