"use client";
// The booking page's client: choose a service (and a person, in a practice of several), a day and a free time, give a
// name and the phone number, read back the code texted to it, and the appointment is booked. Nothing is booked with a
// number that was not proven; a time taken meanwhile sends the caller back to the day, their number still proven.
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { FormAlert, SelectField } from "@/components/forms/fields";
import { api, ok, failureText, type Answer } from "@/lib/platform/client/api";
import { useModule } from "@/lib/platform/client/use-module";
import { bookingSlotKeys } from "@/lib/platform/client/queries/booking-slots";
import { formatFullDate, formatTime } from "@/lib/platform/format/intl";
import type { CallerDraft, Visit } from "./booking-caller";
import { DayNav, DaySlots, dateIn, slotsState } from "./day-slots";

type View = Answer<"/api/book/{slug}">;
type Booked = Answer<"/api/book/{slug}", "post">;
// A 401 here would not be a dashboard session's: nothing to clear.
const KEEP = { keepSessionOn401: true };
// The caller's forms (and the form library) load once a time is picked, not with the page.
const loadCallerSteps = () => import("./booking-caller");

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
  const ids = { service: useId(), practitioner: useId() };
  const today = dateIn(new Date(), view.timeZone);
  const [service, setService] = useState(view.services[0]?.name ?? "");
  const [practitioner, setPractitioner] = useState("");
  // The server's first day with a free time (never before today: a page cached over midnight opens on today).
  const [date, setDate] = useState(firstDay && firstDay > today ? firstDay : today);
  const [picked, setPicked] = useState<string | null>(null);
  const [step, setStep] = useState<Step>("time");
  // The forms are on their way as soon as a time is picked, while the caller reads it back.
  const caller = useModule(loadCallerSteps, picked !== null);
  // What the caller typed, kept while they go back to the times; the visit whose code was texted.
  const [draft, setDraft] = useState<CallerDraft>({ name: "", phone: "", email: "", smsCode: "", callConsent: false });
  const [visit, setVisit] = useState<Visit | null>(null);
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
          {`${formatFullDate(booked.startsAt, locale, view.timeZone)}, ${formatTime(booked.startsAt, locale, view.timeZone)}`}
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
            onPick={(start) => {
              setNotice(null);
              setPicked(start);
            }}
            timeZone={view.timeZone}
            testIds="booking"
          />
          <button type="button" className="btn-primary mt-5" disabled={!picked} onClick={() => setStep("details")}>
            {picked ? t("continueWith", { time: formatTime(picked, locale, view.timeZone) }) : t("pickATime")}
          </button>
        </section>
      )}
      {(step === "details" || step === "code") &&
        picked &&
        (caller.module ? (
          <caller.module.CallerSteps
            slug={slug}
            view={view}
            step={step}
            start={picked}
            choice={{
              ...(service ? { service } : {}),
              ...(practitioner ? { practitionerId: practitioner } : {}),
              ...(via ? { via } : {}),
            }}
            draft={draft}
            visit={visit}
            headingRef={heading}
            onDraft={setDraft}
            onStep={setStep}
            onCodeSent={(sent) => {
              setVisit(sent);
              setStep("code");
            }}
            onBooked={(res) => {
              setBooked(res);
              setStep("done");
            }}
            onTaken={(message) => {
              setNotice(message);
              setPicked(null);
              setStep("time");
              void slots.refetch();
            }}
          />
        ) : caller.failed ? (
          <div className="space-y-3 rounded-2xl border border-slate-200 p-6">
            <FormAlert testId="booking-form-failed">{t("formLoadFailed")}</FormAlert>
            <button type="button" className="btn-primary" onClick={caller.retry}>
              {t("formRetry")}
            </button>
          </div>
        ) : (
          <p role="status" className="rounded-2xl border border-slate-200 p-6 text-slate-600">
            {t("loadingForm")}
          </p>
        ))}
    </div>
  );
}
