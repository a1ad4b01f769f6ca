"use client";
// The owner's own fields, in one wording wherever they are asked: registration, the account setup and the profile. Like
// BusinessFields, each form names the ones it asks and provides itself through react-hook-form's FormProvider.
import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { useFormContext } from "react-hook-form";
import { TextField } from "./fields";
import { useErrorText } from "./use-error-text";

export type OwnerField = "fullName" | "email" | "phone";

const ORDER: OwnerField[] = ["fullName", "email", "phone"];

/** The fields `show` names; `phoneOptional` says so beside the phone's label (registration asks it as optional). */
export function OwnerFields({ idPrefix, show, phoneOptional = false }: { idPrefix: string; show: OwnerField[]; phoneOptional?: boolean }) {
  const form = useFormContext();
  const fields = useTranslations("Fields");
  const common = useTranslations("Common");
  const errorText = useErrorText();
  const { errors } = form.formState;
  const field = (name: OwnerField) => {
    const shared = { id: `${idPrefix}-${name}`, error: errorText(name, errors[name]), ...form.register(name) };
    switch (name) {
      case "fullName":
        return <TextField autoComplete="name" required label={fields("fullName")} {...shared} />;
      case "email":
        return <TextField type="email" autoComplete="email" required label={fields("email")} {...shared} />;
      case "phone": {
        const label = phoneOptional ? (
          <>
            {fields("phone")} <span className="font-normal text-slate-600">({common("optional")})</span>
          </>
        ) : (
          fields("phone")
        );
        return <TextField type="tel" autoComplete="tel" label={label} {...shared} />;
      }
    }
  };
  return ORDER.filter((name) => show.includes(name)).map((name) => <Fragment key={name}>{field(name)}</Fragment>);
}
