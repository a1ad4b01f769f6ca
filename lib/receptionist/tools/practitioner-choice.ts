// Who the caller wants to see, in a practice of several: a name as the model passes it, matched loosely, or "the same as
// last time", from the caller's history; and for what, when practitioners offer different services. A practice of one
// has no choice to make.
import { lastPractitionerOf } from "@/lib/scheduling/booking/commands";
import { serviceLength } from "@/lib/scheduling/booking/core";
import { asksForAnyone, asksForSame, matchPractitioners, servicesNamed } from "@/lib/scheduling/practitioners/match";
import { identitiesOf } from "./identity";
import { sentence, spoken, type ToolReply } from "./replies";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { personName } from "@/lib/platform/format/person-name";
import { settle, type ToolContext } from "./context";
import { speakList, type Say } from "../speech/speech";

/** The service a caller named, and the reason they gave (a service said as the reason counts). */
type ServiceArgs = { service?: string; reason?: string };

/** Whose agenda: `only` the practitioners the caller asked for (unset: anyone), and the name to say. */
export type Who = { only?: string[]; name?: string };

/**
 * Who the caller asked to see: no one in particular (`only` unset: anyone free then), the practitioner a name fits, or
 * the one they saw last ("the same as last time", from the appointments of the numbers this call holds). A reply instead
 * when it cannot be told: a name that fits no one or several, "the same" with no history. A practice of one has no
 * choice to make: the argument is ignored.
 *
 * The choice holds for the rest of the call: a tool call that names no one sees whoever the caller asked for earlier
 * (the answer says whose agenda it is), until they name another or say anyone will do.
 */
export async function practitionerAsked(ctx: ToolContext, say: Say, args: { practitioner?: string }): Promise<Who | { reply: ToolReply }> {
  const team = ctx.biz.practitioners;
  const asked = args.practitioner?.trim().replace(/\s+/g, " ").slice(0, 120) ?? "";
  if (team.length < 2) return {};
  if (!asked) {
    const kept = ctx.memory.practitioner && team.find((p) => p.id === ctx.memory.practitioner!.id);
    return kept ? { only: [kept.id], name: kept.name } : {};
  }
  if (asksForAnyone(asked)) {
    if (ctx.memory.practitioner) await settle(ctx, { practitioner: null });
    return {};
  }
  const chosen = await whoIsAsked(ctx, say, team, asked);
  if ("only" in chosen && chosen.only?.length === 1 && ctx.memory.practitioner?.id !== chosen.only[0]) {
    await settle(ctx, { practitioner: { id: chosen.only[0]!, name: chosen.name! } });
  }
  return chosen;
}

/** The practitioner a name (or "the same as last time") names, or the reply that asks who. */
async function whoIsAsked(
  ctx: ToolContext,
  say: Say,
  team: ToolContext["biz"]["practitioners"],
  asked: string,
): Promise<Who | { reply: ToolReply }> {
  const everyone = speakList(
    team.map((p) => personName(p.name, ctx.language)),
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
            fits.map((p) => personName(p.name, ctx.language)),
            ctx.language,
            "disjunction",
          ),
        }),
      ),
    };
  }
  return { reply: spoken(say("practitioners.unknown", { asked, names: everyone })) };
}

/**
 * An answer about one practitioner's agenda says whose it is first, unless its words already name them ("Dr Patel does
 * not work on Wednesdays" needs no "For Dr Patel:" before it). French and Spanish go on after the colon in lower case
 * ("Pour le Dr Roux : oui, …"), English with the sentence's capital.
 */
export function withWhom(say: Say, who: Who, reply: ToolReply, language: CallLanguage): ToolReply {
  if (!who.name || reply.say.includes(who.name)) return reply;
  const rest = language === "en" ? reply.say : reply.say.replace(/^(\p{Lu})(?=\p{Ll})/u, (c) => c.toLowerCase());
  return { ...reply, say: `${say("practitioners.for", { name: personName(who.name, language) })} ${rest}` };
}

/**
 * The service the caller asked for, as the practice names it, when practitioners offer different ones (some list their
 * own): then only those who offer it are seen, for its length with them. When everyone offers the practice's services,
 * the one of them the caller named, if exactly one fits, and never a refusal. Null when none was asked. A reply instead for a service no one here offers (the list
 * said), words that fit several ("which one"), or one the practitioner asked for does not offer (who does said).
 */
export async function serviceAsked(
  ctx: ToolContext,
  say: Say,
  args: ServiceArgs,
  who: Who,
): Promise<{ service: string | null } | { reply: ToolReply }> {
  // "Any, it doesn't matter": the service asked for earlier no longer holds.
  if (words(args.service) && asksForAnyone(words(args.service))) {
    if (ctx.memory.service) await settle(ctx, { service: null });
    return { service: null };
  }
  const found = serviceNamed(ctx, say, args, who);
  // A service the caller named holds for the rest of the call: the next tool call that names none is for it too.
  if ("service" in found && found.service && words(args.service) && found.service !== ctx.memory.service) {
    await settle(ctx, { service: found.service });
  }
  return found;
}

const words = (v: unknown) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").slice(0, 100) : "");

function serviceNamed(ctx: ToolContext, say: Say, args: ServiceArgs, who: Who): { service: string | null } | { reply: ToolReply } {
  const { biz } = ctx;
  // The service asked for earlier in the call, when this tool call names none.
  const raw = words(args.service) || (ctx.memory.service ?? "");
  if (biz.practitioners.every((p) => !p.services.length)) {
    // Everyone offers the practice's services, at its length: nothing to refuse or tell apart. The one the caller named
    // (or gave as the reason) is still kept on the appointment, by the practice's own name: recall counts from it.
    const asked = raw || words(args.reason);
    const named = asked ? servicesNamed(biz.services, asked, (s) => s) : [];
    return { service: named.length === 1 ? named[0]! : null };
  }
  if (!raw) return { service: null };
  const listed = [
    ...new Set([
      ...biz.practitioners.flatMap((p) => p.services.map((s) => s.name)),
      ...(biz.practitioners.some((p) => !p.services.length) ? biz.services : []),
    ]),
  ];
  const named = servicesNamed(listed, raw, (s) => s);
  const list = (names: string[]) => speakList(names, ctx.language, "disjunction");
  if (!named.length) return { reply: spoken(say("services.unknown", { asked: raw, services: list(listed) })) };
  if (named.length > 1) return { reply: spoken(say("services.which", { services: list(named) })) };
  const service = named[0]!;
  const offering = biz.practitioners.filter((p) => serviceLength(biz, p, service) !== null);
  if (who.only && !offering.some((p) => who.only!.includes(p.id))) {
    const names = speakList(
      offering.map((p) => personName(p.name, ctx.language)),
      ctx.language,
      "disjunction",
    );
    const name = personName(who.name ?? "", ctx.language);
    return { reply: spoken(sentence(say("services.notWith", { name, service, names }))) };
  }
  return { service };
}
