"use client";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { APPOINTMENT_DURATIONS, BUSINESS_SIZES, BUSINESS_TYPES, SPECIALTIES } from "@/lib/accounts/account/options";
import { SelectField } from "./fields";
import { useErrorText } from "./use-error-text";

// An empty choice is "not given": null for the API, never the empty string (which no enum accepts).
const orNull = (v: unknown) => (v === "" ? null : v);

/** Business type, specialty (only for a medical business) and size. */
export function BusinessTypeFields({ form, idPrefix }: { form: UseFormReturn<FieldValues>; idPrefix: string }) {
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  const common = useTranslations("Common");
  const errorText = useErrorText();
  const { errors } = form.formState;
  const medical = form.watch("businessType") === "medical";
  return (
    <>
      <SelectField
        id={`${idPrefix}-businessType`}
        label={fields("businessType")}
        error={errorText("businessType", errors.businessType as never)}
        {...form.register("businessType", { setValueAs: orNull })}
      >
        <option value="">{common("choose")}</option>
        {BUSINESS_TYPES.map((v) => (
          <option key={v} value={v}>
            {options(`businessTypes.${v}`)}
          </option>
        ))}
      </SelectField>
      {medical && (
        <SelectField
          id={`${idPrefix}-specialty`}
          label={fields("specialty")}
          error={errorText("specialty", errors.specialty as never)}
          {...form.register("specialty", { setValueAs: orNull })}
        >
          <option value="">{common("choose")}</option>
          {SPECIALTIES.map((v) => (
            <option key={v} value={v}>
              {options(`specialties.${v}`)}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        id={`${idPrefix}-businessSize`}
        label={fields("businessSize")}
        error={errorText("businessSize", errors.businessSize as never)}
        {...form.register("businessSize", { setValueAs: orNull })}
      >
        <option value="">{common("choose")}</option>
        {BUSINESS_SIZES.map((v) => (
          <option key={v} value={v}>
            {options(`businessSizes.${v}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

export function DurationField({ form, idPrefix }: { form: UseFormReturn<FieldValues>; idPrefix: string }) {
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
