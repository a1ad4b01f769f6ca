"use client";
// The business's fields, in one wording and one order wherever they are asked: registration, the account setup and the
// dashboard's business and schedule cards. Each form names the fields it asks (`show`) and provides itself to them
// through react-hook-form's FormProvider, so one component serves forms of different shapes.
import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { useFormContext } from "react-hook-form";
import { APPOINTMENT_DURATIONS, BUSINESS_SIZES, BUSINESS_TYPES, SPECIALTIES } from "@/lib/accounts/account/options";
import { SelectField, TextAreaField, TextField } from "./fields";
import { TimeZoneField } from "./time-zone-field";
import { useErrorText } from "./use-error-text";

export type BusinessField =
  | "businessName"
  | "businessType"
  | "businessAddress"
  | "timeZone"
  | "appointmentDuration"
  | "serviceFrequency"
  | "services"
  | "aiInstructions";

/** The order the fields come in, whichever a form asks. */
const ORDER: BusinessField[] = [
  "businessName",
  "businessType",
  "businessAddress",
  "timeZone",
  "appointmentDuration",
  "serviceFrequency",
  "services",
  "aiInstructions",
];

// An empty choice is "not given": null for the API, never the empty string (which no enum accepts).
const orNull = (v: unknown) => (v === "" ? null : v);

/**
 * The fields `show` names, of the form around them. `businessType` brings the specialty (for a medical business only)
 * and the size; `suggestTimeZone` preselects the browser's zone until the owner chooses one.
 */
export function BusinessFields({
  idPrefix,
  show,
  suggestTimeZone = false,
}: {
  idPrefix: string;
  show: BusinessField[];
  suggestTimeZone?: boolean;
}) {
  const form = useFormContext();
  const fields = useTranslations("Fields");
  const hints = useTranslations("BusinessFields");
  const errorText = useErrorText();
  const { errors } = form.formState;
  const field = (name: BusinessField) => {
    const common = { id: `${idPrefix}-${name}`, label: fields(name), error: errorText(name, errors[name]), ...form.register(name) };
    switch (name) {
      case "businessName":
        return <TextField autoComplete="organization" {...common} />;
      case "businessAddress":
        return <TextField autoComplete="street-address" {...common} />;
      case "serviceFrequency":
      case "services":
        return <TextField hint={hints(`${name}Hint`)} {...common} />;
      case "aiInstructions":
        return <TextAreaField hint={hints("aiInstructionsHint")} {...common} />;
      case "businessType":
        return <BusinessTypeFields idPrefix={idPrefix} />;
      case "timeZone":
        return <TimeZoneField idPrefix={idPrefix} suggest={suggestTimeZone} />;
      case "appointmentDuration":
        return <DurationField idPrefix={idPrefix} />;
    }
  };
  return ORDER.filter((name) => show.includes(name)).map((name) => <Fragment key={name}>{field(name)}</Fragment>);
}

/** Business type, specialty (only for a medical business) and size. */
function BusinessTypeFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext();
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  const common = useTranslations("Common");
  const errorText = useErrorText();
  const { errors } = form.formState;
  const medical = form.watch("businessType") === "medical";
  const select = (name: "businessType" | "specialty" | "businessSize", group: string, values: readonly string[]) => (
    <SelectField
      id={`${idPrefix}-${name}`}
      label={fields(name)}
      error={errorText(name, errors[name])}
      {...form.register(name, { setValueAs: orNull })}
    >
      <option value="">{common("choose")}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {options(`${group}.${v}`)}
        </option>
      ))}
    </SelectField>
  );
  return (
    <>
      {select("businessType", "businessTypes", BUSINESS_TYPES)}
      {medical && select("specialty", "specialties", SPECIALTIES)}
      {select("businessSize", "businessSizes", BUSINESS_SIZES)}
    </>
  );
}

function DurationField({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext();
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  return (
    <SelectField id={`${idPrefix}-appointmentDuration`} label={fields("appointmentDuration")} {...form.register("appointmentDuration")}>
      {APPOINTMENT_DURATIONS.map((v) => (
        <option key={v} value={v}>
          {options(`durations.${v}`)}
        </option>
      ))}
    </SelectField>
  );
}
