"use client";
// Business information: view and edit. The specialty shows only for a medical business; services are typed
// comma-separated. The assistant's special instructions are saved in the same request, so they cannot half-fail.
import { useTranslations } from "next-intl";
import { lazy } from "react";
import { TimeZoneName } from "@/components/forms/time-zone-select";
import { Details, EditableCard, SectionHeader, StaleNotice } from "../ui";
import { useProfile } from "../session";

// The form, and react-hook-form with it, is loaded when the owner opens it: reading the page does not need it.
const BusinessForm = lazy(() => import("./business-form"));

export function BusinessInfo() {
  const t = useTranslations("BusinessSection");
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  const { profile, failed } = useProfile();
  if (!profile) return null;
  const option = (group: string, v: string | null) => (v ? (options.has(`${group}.${v}`) ? options(`${group}.${v}`) : v) : null);
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {failed && <StaleNotice message={t("loadFailed")} />}
      <EditableCard
        title={t("cardTitle")}
        edit={(done) => <BusinessForm onDone={done} />}
        view={
          <Details
            rows={[
              { label: fields("businessName"), value: profile.businessName, testId: "business-name" },
              { label: fields("businessType"), value: option("businessTypes", profile.businessType), testId: "business-type" },
              ...(profile.businessType === "medical"
                ? [{ label: fields("specialty"), value: option("specialties", profile.specialty), testId: "business-specialty" }]
                : []),
              { label: fields("businessSize"), value: option("businessSizes", profile.businessSize) },
              { label: fields("businessAddress"), value: profile.businessAddress },
              { label: fields("timeZone"), value: <TimeZoneName zone={profile.timeZone} />, testId: "business-time-zone" },
              { label: fields("serviceFrequency"), value: profile.serviceFrequency },
              {
                label: fields("services"),
                testId: "business-services",
                value: profile.services.length ? (
                  <ul className="flex flex-wrap gap-2">
                    {profile.services.map((s, i) => (
                      <li key={`${i}-${s}`} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
                        {s}
                      </li>
                    ))}
                  </ul>
                ) : null,
              },
              {
                label: fields("aiInstructions"),
                value: profile.aiInstructions ? <p className="whitespace-pre-line">{profile.aiInstructions}</p> : null,
              },
            ]}
          />
        }
      />
    </>
  );
}
