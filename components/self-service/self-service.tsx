"use client";
// The caller's page for one appointment (the link in their texts): whose, what for, when and where, and, until the owner's
// cut-off, cancel it or move it to a free time of the day they pick. Dates and times are the business's clock.
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { DayNav, DaySlots, dateIn, slotsState } from "@/components/booking/day-slots";
import { api, ok, failureText, type Answer } from "@/lib/platform/client/api";
import { selfServiceKeys } from "@/lib/platform/client/queries/self-service";
import { formatDateTime, formatFullDate, formatTime } from "@/lib/platform/format/intl";
import { formatPhone, phoneHref } from "@/lib/platform/phone/format";
type SelfServiceView = Answer<"/api/self-service/{token}">;
// A 401 here is the link's, not a dashboard session's: nothing to clear.
const KEEP = { keepSessionOn401: true };

/** The page's client: its own query cache (the page lives outside the dashboard and its session). */
export function SelfServiceRoot({ token }: { token: string }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  useEffect(() => {
    // The page's client code is running (end-to-end tests wait for this before they click).
    document.documentElement.dataset.selfServiceReady = "true";
  }, []);
  return (
    <QueryClientProvider client={client}>
      <SelfService token={token} />
    </QueryClientProvider>
  );
}

function SelfService({ token }: { token: string }) {
  const t = useTranslations("SelfService");
  const locale = useLocale();
  const key = selfServiceKeys.appointment(token);
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: () => ok(api.GET("/api/self-service/{token}", { params: { path: { token } } }), KEEP),
    retry: false,
  });
  const [mode, setMode] = useState<"view" | "move" | "cancel">("view");
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  const cancel = useMutation({
    mutationFn: () => ok(api.POST("/api/self-service/{token}/cancel", { params: { path: { token } } }), KEEP),
    onSuccess: (v) => {
      qc.setQueryData(key, v);
      setMode("view");
      setDone(t("cancelledDone", { business: v.businessName }));
    },
  });

  if (query.isPending) return <p className="text-slate-600">{t("loading")}</p>;
  if (query.isError)
    return (
      <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900" data-testid="self-service-problem">
        {failureText(query.error, t("loadFailed"))}
      </div>
    );
  const v = query.data;
  const phone = v.businessPhone ? formatPhone(v.businessPhone, v.country) : null;
  const tel = v.businessPhone ? phoneHref(v.businessPhone) : null;
  const callUs = phone && (
    <p className="mt-4 text-slate-700">
      {t.rich("callUs", {
        phone: () =>
          tel ? (
            <a href={tel} className="font-semibold text-indigo-800 underline">
              {phone}
            </a>
          ) : (
            <span>{phone}</span>
          ),
      })}
    </p>
  );
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-800">{v.businessName}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{t("title")}</h1>
      </div>
      {done && (
        <p
          ref={status}
          tabIndex={-1}
          role="status"
          className="rounded-lg bg-green-50 p-4 font-medium text-green-900"
          data-testid="self-service-done"
        >
          {done}
        </p>
      )}
      <section
        className="rounded-2xl border border-slate-200 p-6"
        aria-labelledby="appointment-heading"
        data-testid="self-service-appointment"
      >
        <h2 id="appointment-heading" className="sr-only">
          {t("title")}
        </h2>
        {/* Booked by someone else (a parent for a child): whose it is, for the one who booked, who holds the link. */}
        {v.bookedByFirstName ? (
          <p className="text-slate-700" data-testid="self-service-whose">
            {t("forPatientBookedBy", { patient: v.patientFirstName, caller: v.bookedByFirstName })}
          </p>
        ) : (
          v.patientFirstName && <p className="text-slate-700">{t("hello", { name: v.patientFirstName })}</p>
        )}
        <p
          className={`mt-2 text-xl font-semibold ${v.status === "cancelled" ? "text-slate-500 line-through" : "text-slate-900"}`}
          data-testid="self-service-when"
        >
          {formatFullDate(v.startsAt, locale, v.timeZone)}, {formatTime(v.startsAt, locale, v.timeZone)}
          {v.purpose && (
            <>
              , <span data-testid="self-service-purpose">{v.purpose}</span>
            </>
          )}
        </p>
        <p className="text-slate-700">{t("duration", { minutes: v.durationMinutes })}</p>
        {v.practitioner && (
          <p className="text-slate-700" data-testid="self-service-practitioner">
            {t("withPractitioner", { name: v.practitioner })}
          </p>
        )}
        {v.businessAddress && <p className="mt-2 text-slate-700">{v.businessAddress}</p>}
        {v.status === "cancelled" && (
          <p className="mt-3 font-semibold text-red-800" data-testid="self-service-cancelled">
            {t("isCancelled")}
          </p>
        )}
        {v.changeable && v.changeUntil && (
          <p className="mt-3 text-sm text-slate-600">{t("changeUntil", { when: formatDateTime(v.changeUntil, locale, v.timeZone) })}</p>
        )}
        {v.closedReason === "cutoff" && (
          <p className="mt-3 font-medium text-slate-900" role="status" data-testid="self-service-closed">
            {t("closedCutoff", { hours: v.cutoffHours, business: v.businessName })}
          </p>
        )}
        {v.closedReason === "started" && <p className="mt-3 text-slate-800">{t("closedStarted")}</p>}
        {callUs}
      </section>
      {v.changeable && mode === "view" && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => (setDone(null), setMode("move"))}>
            {t("move")}
          </button>
          <button type="button" className="btn-secondary" onClick={() => (setDone(null), setMode("cancel"))}>
            {t("cancel")}
          </button>
        </div>
      )}
      {v.changeable && mode === "cancel" && (
        <section className="rounded-2xl border border-red-200 bg-red-50 p-6" aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className="text-lg font-semibold text-red-900">
            {t("cancelConfirm")}
          </h2>
          {cancel.isError && (
            <p role="alert" className="mt-2 text-red-900">
              {failureText(cancel.error, t("cancelFailed"))}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {cancel.isPending ? t("cancelling") : t("cancelYes")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setMode("view")}>
              {t("keep")}
            </button>
          </div>
        </section>
      )}
      {v.changeable && mode === "move" && (
        <MovePicker
          view={v}
          token={token}
          onMoved={(moved) => {
            qc.setQueryData(key, moved);
            setMode("view");
            setDone(
              t("movedDone", {
                when: `${formatFullDate(moved.startsAt, locale, moved.timeZone)}, ${formatTime(moved.startsAt, locale, moved.timeZone)}`,
              }),
            );
          }}
          onClose={() => setMode("view")}
        />
      )}
      <p className="text-xs text-slate-600">{t("footer", { business: v.businessName })}</p>
    </div>
  );
}

function MovePicker({
  view,
  token,
  onMoved,
  onClose,
}: {
  view: SelfServiceView;
  token: string;
  onMoved: (v: SelfServiceView) => void;
  onClose: () => void;
}) {
  const t = useTranslations("SelfService");
  const days = useTranslations("DaySlots");
  const locale = useLocale();
  const today = dateIn(new Date(), view.timeZone);
  const [date, setDate] = useState(() => dateIn(view.startsAt, view.timeZone));
  const [picked, setPicked] = useState<string | null>(null);
  const slots = useQuery({
    queryKey: selfServiceKeys.slots(token, date),
    queryFn: () => ok(api.GET("/api/self-service/{token}/slots", { params: { path: { token }, query: { date } } }), KEEP),
    retry: false,
  });
  const move = useMutation({
    mutationFn: (start: string) => ok(api.POST("/api/self-service/{token}/move", { params: { path: { token } }, body: { start } }), KEEP),
    onSuccess: onMoved,
    onError: () => {
      setPicked(null);
      void slots.refetch();
    },
  });
  return (
    <section className="rounded-2xl border border-slate-200 p-6" aria-labelledby="move-heading" data-testid="self-service-move">
      <h2 id="move-heading" className="text-lg font-semibold text-slate-900">
        {t("pickTitle")}
      </h2>
      <DayNav
        date={date}
        today={today}
        onChange={(d) => {
          setPicked(null);
          setDate(d);
        }}
      />
      {move.isError && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-900" data-testid="self-service-move-error">
          {failureText(move.error, t("moveFailed"))}
        </p>
      )}
      <DaySlots
        state={slotsState(slots, (e) => failureText(e, days("slotsFailed")))}
        picked={picked}
        onPick={setPicked}
        timeZone={view.timeZone}
        testIds="self-service"
      />
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={!picked || move.isPending} onClick={() => picked && move.mutate(picked)}>
          {move.isPending ? t("moving") : picked ? t("confirmMove", { time: formatTime(picked, locale, view.timeZone) }) : t("pickATime")}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t("back")}
        </button>
      </div>
    </section>
  );
}
