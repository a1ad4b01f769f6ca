// The proofs that open another number's appointments, when the caller ID is another number or hidden:
// send_verification_code and verify_code (a one-time code texted to the number the appointment was booked with), and
// verify_identity (the full name and date of birth, when the owner turned it on). The answers never tell whether a
// number is a patient's.
import { countryOfBusiness, toE164 } from "@/lib/platform/phone/phone";
import { textRefusal } from "@/lib/platform/phone/number-kinds";
import { upcomingForCaller } from "@/lib/scheduling/booking/commands";
import { readBirthDate, stillNeeded } from "./context";
import { checkBirthDate, checkCode, identitiesOf, sendCode } from "./identity";
import { appointmentRefs, mine } from "./my-appointments";
import { needed, words } from "./params";
import { answer, defineTool } from "./tool";

const PHONE_ALIASES = { phoneNumber: "phone" } as const;

/**
 * Texts a one-time code to the number the caller says the appointment was booked with. The answer is the same whether
 * or not that number has an appointment here: a caller must never learn who is a patient.
 */
export const sendVerificationCode = defineTool({
  name: "send_verification_code",
  spokenKey: "sendingCode",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: (_, p) => ({ phone: needed(p.text("verifyPhone", words(40))) }),
  aliases: PHONE_ALIASES,
  async run(ctx, say, args) {
    const raw = args.phone;
    if (!raw || !/\d/.test(raw)) return answer(say("verificationNeedsPhone"));
    const phone = toE164(raw, countryOfBusiness(ctx.biz));
    if (!phone) return answer(say("phoneUnreadable"));
    if (phone === ctx.callerNumber) return answer(say("verificationSameNumber"));
    // A landline or a premium number takes no text: the caller hears so now rather than waiting for a code that never
    // comes. It says nothing about who is a patient (any number of that kind gets the same answer).
    if (textRefusal(phone)) return answer(say("verificationNoText"));
    const call = { userId: ctx.biz.userId, providerCallId: ctx.providerCallId };
    if ((await identitiesOf(ctx.deps, call, null)).includes(phone)) return answer(say("verificationAlreadyDone"));
    if (!ctx.biz.line) return answer(say("verificationUnavailable"));
    const has = (await upcomingForCaller(ctx.deps, ctx.biz.userId, phone)).length > 0;
    // No text to a number with nothing booked here, but the same words and the same code bookkeeping: the caller learns
    // nothing either way, now or when they read back a code.
    if ((await sendCode(ctx.deps, call, phone, ctx.language, has)) === "limit") return answer(say("verificationLimit"));
    return answer(say("verificationSent"));
  },
});

export const verifyCode = defineTool({
  name: "verify_code",
  spokenKey: "checkingCode",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: (_, p) => ({ code: needed(p.shaped("code", words(20), { pattern: "^\\d{6}$" })) }),
  async run(ctx, say, args) {
    if (!args.code) return answer(say("verificationNeedsCode"));
    const checked = await checkCode(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, args.code);
    if (!checked.ok) return answer(say(`verification.${checked.reason}`));
    const { words: list, refs } = appointmentRefs(await mine(ctx), ctx);
    return answer({ say: say("verificationDone", { list }), appointments: refs });
  },
});

/**
 * The other proof, when the owner turned it on: the full name and date of birth of an upcoming appointment booked with
 * the number the caller gives (for a landline, or a phone not to hand). The same answer whether the number has nothing
 * booked or the details differ.
 */
export const verifyIdentity = defineTool({
  name: "verify_identity",
  spokenKey: "checkingIdentity",
  entitled: true,
  offered: (b, o) => o.canBook && b.birthDateCheck,
  params: (_, p) => ({
    phone: needed(p.text("identityPhone", words(40))),
    name: needed(p.text("identityName", words(120))),
    dateOfBirth: needed({ ...p.date("birthDate", {}), read: words(40) }),
  }),
  aliases: { ...PHONE_ALIASES, patientName: "name", fullName: "name", birthDate: "dateOfBirth", date_of_birth: "dateOfBirth" },
  async run(ctx, say, args) {
    // Not offered without the owner's check: a model that calls it anyway is told there is no such tool.
    if (!ctx.biz.birthDateCheck) return { error: say("unknownTool") };
    const { phone: rawPhone, name, dateOfBirth: birthRaw } = args;
    const missing = [!(rawPhone && /\d/.test(rawPhone)) && "phone", !name && "name", !birthRaw && "dateOfBirth"].filter(
      Boolean,
    ) as string[];
    if (missing.length) return answer(stillNeeded(ctx, say, missing));
    const phone = toE164(rawPhone!, countryOfBusiness(ctx.biz));
    if (!phone) return answer(say("phoneUnreadable"));
    if (phone === ctx.callerNumber) return answer(say("verificationSameNumber"));
    const birthDate = readBirthDate(birthRaw!, ctx);
    if (!birthDate) return answer(say("birthDateUnreadable"));
    const call = { userId: ctx.biz.userId, providerCallId: ctx.providerCallId };
    if (!(await identitiesOf(ctx.deps, call, null)).includes(phone)) {
      const checked = await checkBirthDate(ctx.deps, call, phone, name!, birthDate);
      if (checked !== "ok") return answer(say(`identity.${checked}`));
    }
    const { words: list, refs } = appointmentRefs(await mine(ctx), ctx);
    return answer({ say: say("identityDone", { list }), appointments: refs });
  },
});
