"use client";
// Schedule: the appointment duration, online changes, how confirmations and reminders go to callers' phones (text
// message, WhatsApp or both), and the hours of each weekday, view and edit. View mode writes times the
// way the page's language does (9:00 AM in English, 09:00 in French, 9:00 in Spanish).
import { useLocale, useTranslations } from "next-intl";
import { lazy } from "react";
import { WEEKDAYS } from "@/lib/accounts/account/options";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { formatClock } from "@/lib/platform/format/intl";
import { Details, EditableCard, SectionHeader, StaleNotice } from "../ui";
import { useProfile } from "../session";
import { Closures } from "./closures";
import { PublicHolidays } from "./public-holidays";

// The form, and react-hook-form with it, is loaded when the owner opens it: reading the page does not need it.
const ScheduleForm = lazy(() => import("./schedule-form"));

export function Schedule() {
  const t = useTranslations("ScheduleSection");
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  const hoursText = useTranslations("WorkingHoursFields");
  const locale = useLocale();
  const { profile, failed } = useProfile();
  if (!profile) return null;
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {failed && <StaleNotice message={t("loadFailed")} />}
      <EditableCard
        title={t("cardTitle")}
        edit={(done) => <ScheduleForm onDone={done} />}
        view={
          <Details
            rows={[
              {
                label: fields("appointmentDuration"),
                value: options(`durations.${profile.appointmentDuration}`),
                testId: "schedule-duration",
              },
              {
                label: fields("selfServiceCutoffHours"),
                value: profile.selfServiceCutoffHours ? t("cutoffView", { hours: profile.selfServiceCutoffHours }) : t("cutoffNone"),
                testId: "schedule-cutoff",
              },
              {
                label: fields("confirmationChannel"),
                value: options(`confirmationChannels.${profile.confirmationChannel}`),
                testId: "schedule-confirmation-channel",
              },
              {
                label: fields("clockFormat"),
                value: options(`clockFormats.${profile.clockFormat ?? "12h"}`),
                testId: "schedule-clock-format",
              },
              ...WEEKDAYS.map((d) => {
                const day = profile.workingHours[d];
                return {
                  label: fields(d),
                  testId: `schedule-${d}`,
                  value: day?.isOpen ? (
                    // Each range of a day with a break: "09:00 – 14:00, 16:00 – 20:00".
                    dayRanges(day)
                      .map((r) => `${formatClock(r.openTime, locale)} – ${formatClock(r.closeTime, locale)}`)
                      .join(", ")
                  ) : (
                    <span className="text-slate-600">{hoursText("closed")}</span>
                  ),
                };
              }),
            ]}
          />
        }
      />
      {/* The navigation's "Closures" opens the page here. */}
      <div id="closures" className="mt-6 scroll-mt-20">
        <Closures />
      </div>
      <div className="mt-6">
        <PublicHolidays />
      </div>
    </>
  );
}
