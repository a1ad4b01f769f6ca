"use client";
// The booking page's client: choose a service (and a person, in a practice of several), a day and a free time, give a
// name and the phone number, read back the code texted to it, and the appointment is booked. Nothing is booked with a
// number that was not proven; a time taken meanwhile sends the caller back to the day, their number still proven.
import { QueryClient, QueryClientProvider, useMutation, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { SelectField, TextField } from "@/components/forms/fields";
import { api, ok, failureText, ApiError, type Answer } from "@/lib/platform/client/api";
import { bookingSlotKeys } from "@/lib/platform/client/queries/booking-slots";
import { formatFullDate, formatTime } from "@/lib/platform/format/intl";
import { formatPhone } from "@/lib/platform/phone/format";
import { DayNav, DaySlots, dateIn, slotsState } from "./day-slots";

type View = Answer<"/api/book/{slug}">;
type Booked = Answer<"/api/book/{slug}", "post">;
// A 401 here would not be a dashboard session's: nothing to clear.
const KEEP = { keepSessionOn401: true };

export function BookingFlowRoot(props: { slug: string; view: View; firstDay?: string; via?: "recall" }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  useEffect(() => {
    // The page's client code is running (end-to-end tests wait for this before they click).
    document.documentElement.dataset.bookingPageReady = "true";
  }, []);
  return (
    <QueryClientProvider client={client}>
      <BookingFlow {...props} />
    </QueryClientProvider>
  );
}

type Step = "time" | "details" | "code" | "done";

function BookingFlow({ slug, view, firstDay, via }: { slug: string; view: View; firstDay?: string; via?: "recall" }) {
  const t = useTranslations("BookingPage");
  const days = useTranslations("DaySlots");
  const locale = useLocale();
  const ids = { service: useId(), practitioner: useId(), name: useId(), phone: useId(), email: useId(), code: useId() };
  const today = dateIn(new Date(), view.timeZone);
  const [service, setService] = useState(view.services[0]?.name ?? "");
  const [practitioner, setPractitioner] = useState("");
  // The server's first day with a free time (never before today: a page cached over midnight opens on today).
  const [date, setDate] = useState(firstDay && firstDay > today ? firstDay : today);
  const [picked, setPicked] = useState<string | null>(null);
  const [step, setStep] = useState<Step>("time");
  const [details, setDetails] = useState({ name: "", phone: "", email: "" });
  const [missing, setMissing] = useState<Partial<Record<"name" | "phone" | "code", string>>>({});
  const [code, setCode] = useState("");
  // The visit whose code was texted, and to which number as typed: changing the number asks for a new code.
  const [visit, setVisit] = useState<{ id: string; typed: string; phone: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<Step | null>(null);
  // Focus follows the caller from one step to the next (a screen reader reads the new step's heading); the page as it
  // loads keeps the browser's own start, with no heading ringed before anyone has pressed a key.
  useEffect(() => {
    if (shown.current !== null && shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  const people = view.practitioners.filter((p) => !service || p.services.includes(service));
  const slots = useQuery({
    queryKey: bookingSlotKeys.day(slug, date, service, practitioner),
    queryFn: () =>
      ok(
        api.GET("/api/book/{slug}/slots", {
          params: { path: { slug }, query: { date, ...(service ? { service } : {}), ...(practitioner ? { practitioner } : {}) } },
        }),
        KEEP,
      ),
    enabled: step === "time",
  });
  const sendCode = useMutation({
    mutationFn: () =>
      ok(api.POST("/api/book/{slug}/code", { params: { path: { slug } }, body: { phone: details.phone, language: locale } }), KEEP),
    onSuccess: (res) => {
      setVisit({ id: res.verificationId, typed: details.phone, phone: res.phone });
      setCode("");
      setStep("code");
    },
  });
  const confirm = useMutation({
    mutationFn: () =>
      ok(
        api.POST("/api/book/{slug}", {
          params: { path: { slug } },
          body: {
            verificationId: visit!.id,
            smsCode: code,
            name: details.name,
            phone: details.phone,
            email: details.email,
            start: picked!,
            ...(service ? { service } : {}),
            ...(practitioner ? { practitionerId: practitioner } : {}),
            ...(via ? { via } : {}),
            language: locale,
          },
        }),
        KEEP,
      ),
    onSuccess: (res) => {
      setBooked(res);
      setStep("done");
    },
    onError: (e) => {
      // The time went meanwhile: back to the day, the number still proven.
      if (e instanceof ApiError && e.status === 409) {
        setNotice(failureText(e, t("bookFailed")));
        setPicked(null);
        setStep("time");
        void slots.refetch();
      }
    },
  });

  const when = (start: string) => `${formatFullDate(start, locale, view.timeZone)}, ${formatTime(start, locale, view.timeZone)}`;
  const proven = visit !== null && visit.typed === details.phone;

  if (step === "done" && booked)
    return (
      <section
        className="mt-6 rounded-2xl border border-green-300 bg-green-50 p-6"
        aria-labelledby="booked-heading"
        data-testid="booking-done"
      >
        <h2 id="booked-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none text-green-900">
          {t("doneTitle")}
        </h2>
        <p className="mt-2 text-lg font-semibold text-slate-900" data-testid="booking-done-when">
          {when(booked.startsAt)}
        </p>
        {booked.service && <p className="text-slate-800">{booked.service}</p>}
        {booked.practitioner && <p className="text-slate-800">{t("withPractitioner", { name: booked.practitioner })}</p>}
        <p className="mt-3 text-slate-800">{t("doneText", { business: booked.businessName })}</p>
      </section>
    );

  return (
    <div className="mt-6 space-y-6">
      {notice && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-950" data-testid="booking-notice">
          {notice}
        </p>
      )}
      {step === "time" && (
        <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="time-heading" data-testid="booking-time">
          <h2 id="time-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none text-slate-900">
            {t("pickTitle")}
          </h2>
          {view.services.length > 0 && (
            <div className="mt-4">
              <SelectField
                id={ids.service}
                label={t("service")}
                value={service}
                onChange={(e) => (setService(e.target.value), setPractitioner(""), setPicked(null))}
              >
                {view.services.map((s) => (
                  <option key={s.name} value={s.name}>
                    {t("serviceOption", { name: s.name, minutes: s.durationMinutes })}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          {people.length > 1 && (
            <div className="mt-4">
              <SelectField
                id={ids.practitioner}
                label={t("practitioner")}
                value={practitioner}
                onChange={(e) => (setPractitioner(e.target.value), setPicked(null))}
              >
                <option value="">{t("anyone")}</option>
                {people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <DayNav date={date} today={today} onChange={(d) => (setPicked(null), setDate(d))} />
          <DaySlots
            state={slotsState(slots, (e) => failureText(e, days("slotsFailed")))}
            picked={picked}
            onPick={(start) => (setNotice(null), setPicked(start))}
            timeZone={view.timeZone}
            testIds="booking"
          />
          <button type="button" className="btn-primary mt-5" disabled={!picked} onClick={() => setStep("details")}>
            {picked ? t("continueWith", { time: formatTime(picked, locale, view.timeZone) }) : t("pickATime")}
          </button>
        </section>
      )}
      {step === "details" && picked && (
        <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="details-heading" data-testid="booking-details">
          <h2 id="details-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none text-slate-900">
            {t("detailsTitle")}
          </h2>
          <p className="mt-1 text-slate-800" data-testid="booking-picked">
            {when(picked)}
          </p>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const gaps = {
                ...(details.name.trim() ? {} : { name: t("nameRequired") }),
                ...(details.phone.trim() ? {} : { phone: t("phoneRequired") }),
              };
              setMissing(gaps);
              if (Object.keys(gaps).length) return;
              if (proven) confirm.mutate();
              else sendCode.mutate();
            }}
          >
            <TextField
              id={ids.name}
              label={t("name")}
              autoComplete="name"
              value={details.name}
              onChange={(e) => setDetails({ ...details, name: e.target.value })}
              error={missing.name}
            />
            <TextField
              id={ids.phone}
              label={t("phone")}
              hint={t("phoneHint")}
              type="tel"
              autoComplete="tel"
              value={details.phone}
              onChange={(e) => setDetails({ ...details, phone: e.target.value })}
              error={missing.phone}
            />
            <TextField
              id={ids.email}
              label={t("email")}
              type="email"
              autoComplete="email"
              value={details.email}
              onChange={(e) => setDetails({ ...details, email: e.target.value })}
            />
            {(sendCode.isError || confirm.isError) && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900" data-testid="booking-error">
                {failureText(sendCode.error ?? confirm.error, t("codeFailed"))}
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={sendCode.isPending || confirm.isPending}>
                {proven ? t("book") : sendCode.isPending ? t("sendingCode") : t("sendCode")}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setStep("time")}>
                {t("back")}
              </button>
            </div>
          </form>
        </section>
      )}
      {step === "code" && picked && visit && (
        <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="code-heading" data-testid="booking-code">
          <h2 id="code-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none text-slate-900">
            {t("codeTitle")}
          </h2>
          <p className="mt-1 text-slate-800">{t("codeSent", { phone: formatPhone(visit.phone, view.country) })}</p>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!code.trim()) return setMissing({ code: t("codeRequired") });
              setMissing({});
              sendCode.reset();
              confirm.mutate();
            }}
          >
            <TextField
              id={ids.code}
              label={t("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={missing.code}
            />
            {/* A code asked again too soon is refused with how long to wait: said here, where it was asked. */}
            {(confirm.isError || sendCode.isError) && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900" data-testid="booking-error">
                {confirm.isError ? failureText(confirm.error, t("bookFailed")) : failureText(sendCode.error, t("codeFailed"))}
              </p>
            )}
            <p className="text-slate-800">{t("bookingFor", { time: when(picked) })}</p>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={confirm.isPending}>
                {confirm.isPending ? t("booking") : t("book")}
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={sendCode.isPending}
                onClick={() => {
                  confirm.reset();
                  sendCode.mutate();
                }}
              >
                {t("sendAgain")}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setStep("details")}>
                {t("back")}
              </button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
