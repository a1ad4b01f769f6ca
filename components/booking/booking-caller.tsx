"use client";
// The booking page's two forms, loaded once a time is picked (the form library stays out of the page's first load):
// the caller's name and number, then the code texted to that number. Each is checked by the booking route's own schema,
// loaded on the first submit, and a field left empty is said under it; what the server refuses is said above the form.
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, type RefObject } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, ok, failureText, ApiError, type Answer } from "@/lib/platform/client/api";
import { formatFullDate, formatTime } from "@/lib/platform/format/intl";
import { formatPhone } from "@/lib/platform/phone/format";
import type { BookingDetails, bookingCodeFormSchema, bookingDetailsFormSchema } from "@/lib/booking-page/booking-page.forms";

type View = Answer<"/api/book/{slug}">;
type Booked = Answer<"/api/book/{slug}", "post">;
// A 401 here would not be a dashboard session's: nothing to clear.
const KEEP = { keepSessionOn401: true };

/** What the caller typed, kept by the page while they are back among the times. */
export type CallerDraft = { name: string; phone: string; email: string; smsCode: string; callConsent: boolean };
/** The visit whose code was texted, and to which number as checked: changing the number asks for a new code. */
export type Visit = { id: string; typed: string; phone: string };

export function CallerSteps({
  slug,
  view,
  step,
  start,
  choice,
  draft,
  visit,
  headingRef,
  onDraft,
  onStep,
  onCodeSent,
  onBooked,
  onTaken,
}: {
  slug: string;
  view: View;
  step: "details" | "code";
  start: string;
  /** The service, the practitioner and how the caller came, as the booking sends them. */
  choice: { service?: string; practitionerId?: string; via?: "recall" };
  draft: CallerDraft;
  visit: Visit | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDraft: (draft: CallerDraft) => void;
  onStep: (step: "time" | "details") => void;
  onCodeSent: (visit: Visit) => void;
  onBooked: (booked: Booked) => void;
  /** The time went meanwhile: the server's words. */
  onTaken: (message: string) => void;
}) {
  const t = useTranslations("BookingPage");
  const locale = useLocale();
  const errorText = useErrorText();
  const ids = { name: useId(), phone: useId(), email: useId(), code: useId(), consent: useId() };
  const details = useForm({
    resolver: lazyZodResolver<typeof bookingDetailsFormSchema>(() =>
      import("@/lib/booking-page/booking-page.forms").then((f) => f.bookingDetailsFormSchema),
    ),
    defaultValues: { name: draft.name, phone: draft.phone, email: draft.email, callConsent: draft.callConsent },
  });
  const code = useForm({
    resolver: lazyZodResolver<typeof bookingCodeFormSchema>(() =>
      import("@/lib/booking-page/booking-page.forms").then((f) => f.bookingCodeFormSchema),
    ),
    defaultValues: { smsCode: draft.smsCode },
  });
  const keep = () => {
    const { name, phone, email, callConsent } = details.getValues();
    onDraft({ name, phone, email: email ?? "", smsCode: code.getValues("smsCode"), callConsent: callConsent === true });
  };
  const typed = useWatch({ control: details.control, name: "phone" });
  const proven = visit !== null && visit.typed === typed.trim();

  // These forms mount when the caller leaves the times (their heading then takes the focus, as every step's does), and
  // stay while the caller goes between the two.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step, headingRef]);

  const sendCode = useMutation({
    mutationFn: (phone: string) =>
      ok(api.POST("/api/book/{slug}/code", { params: { path: { slug } }, body: { phone, language: locale } }), KEEP),
    onSuccess: (res, phone) => {
      code.reset({ smsCode: "" });
      onCodeSent({ id: res.verificationId, typed: phone, phone: res.phone });
    },
  });
  const confirm = useMutation({
    mutationFn: ({
      caller: { callConsent, ...caller },
      smsCode,
      verificationId,
    }: {
      caller: BookingDetails;
      smsCode: string;
      verificationId: string;
    }) =>
      ok(
        api.POST("/api/book/{slug}", {
          params: { path: { slug } },
          // Consent is sent only when given: an unticked box says nothing, as a caller who was never asked.
          body: { verificationId, smsCode, ...caller, start, ...choice, ...(callConsent ? { callConsent: true } : {}), language: locale },
        }),
        KEEP,
      ),
    onSuccess: onBooked,
    onError: (e) => {
      // The time went meanwhile: back to the day, the number still proven and what was typed kept.
      if (e instanceof ApiError && e.status === 409) {
        keep();
        onTaken(failureText(e, t("bookFailed")));
      }
    },
  });

  const when = `${formatFullDate(start, locale, view.timeZone)}, ${formatTime(start, locale, view.timeZone)}`;
  const { errors } = details.formState;

  if (step === "details")
    return (
      <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="details-heading" data-testid="booking-details">
        <h2 id="details-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none text-slate-900">
          {t("detailsTitle")}
        </h2>
        <p className="mt-1 text-slate-800" data-testid="booking-picked">
          {when}
        </p>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={details.handleSubmit((caller) => {
            if (visit?.typed === caller.phone) confirm.mutate({ caller, smsCode: code.getValues("smsCode"), verificationId: visit.id });
            else sendCode.mutate(caller.phone);
          })}
        >
          {(sendCode.isError || confirm.isError) && (
            <FormAlert testId="booking-error">{failureText(sendCode.error ?? confirm.error, t("codeFailed"))}</FormAlert>
          )}
          <TextField
            id={ids.name}
            label={t("name")}
            autoComplete="name"
            error={errorText("name", errors.name)}
            {...details.register("name")}
          />
          <TextField
            id={ids.phone}
            label={t("phone")}
            hint={t("phoneHint")}
            type="tel"
            autoComplete="tel"
            error={errorText("phone", errors.phone)}
            {...details.register("phone")}
          />
          <TextField
            id={ids.email}
            label={t("email")}
            type="email"
            autoComplete="email"
            error={errorText("email", errors.email)}
            {...details.register("email")}
          />
          <div className="flex items-start gap-3">
            <input
              id={ids.consent}
              type="checkbox"
              className="mt-1 size-5"
              aria-describedby={`${ids.consent}-hint`}
              {...details.register("callConsent")}
            />
            <div>
              <label htmlFor={ids.consent} className="text-slate-800">
                {t("callConsent")}
              </label>
              <p id={`${ids.consent}-hint`} className="field-hint">
                {t("callConsentHint")}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className="btn-primary"
              disabled={sendCode.isPending || confirm.isPending || details.formState.isSubmitting}
            >
              {proven ? t("book") : sendCode.isPending ? t("sendingCode") : t("sendCode")}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                keep();
                onStep("time");
              }}
            >
              {t("back")}
            </button>
          </div>
        </form>
      </section>
    );

  if (!visit) return null;
  return (
    <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="code-heading" data-testid="booking-code">
      <h2 id="code-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none text-slate-900">
        {t("codeTitle")}
      </h2>
      <p className="mt-1 text-slate-800">{t("codeSent", { phone: formatPhone(visit.phone, view.country) })}</p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={code.handleSubmit(({ smsCode }) => {
          sendCode.reset();
          // The details were checked when the code was asked for, and cannot change on this step.
          confirm.mutate({ caller: details.getValues(), smsCode, verificationId: visit.id });
        })}
      >
        {/* A code asked again too soon is refused with how long to wait: said here, where it was asked. */}
        {(confirm.isError || sendCode.isError) && (
          <FormAlert testId="booking-error">
            {confirm.isError ? failureText(confirm.error, t("bookFailed")) : failureText(sendCode.error, t("codeFailed"))}
          </FormAlert>
        )}
        <TextField
          id={ids.code}
          label={t("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          error={errorText("smsCode", code.formState.errors.smsCode)}
          {...code.register("smsCode")}
        />
        <p className="text-slate-800">{t("bookingFor", { time: when })}</p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={confirm.isPending || code.formState.isSubmitting}>
            {confirm.isPending ? t("booking") : t("book")}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={sendCode.isPending}
            onClick={() => {
              confirm.reset();
              sendCode.mutate(visit.typed);
            }}
          >
            {t("sendAgain")}
          </button>
          <button type="button" className="btn-secondary" onClick={() => onStep("details")}>
            {t("back")}
          </button>
        </div>
      </form>
    </section>
  );
}
