import { getTranslations } from "next-intl/server";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";

/** Tells the owner which services are sandbox stand-ins (nothing leaves this machine for those). */
export async function SandboxBadge() {
  const modes = providerModes(env());
  const sandboxed = Object.entries(modes)
    .filter(([, mode]) => mode === "sandbox")
    .map(([kind]) => kind);
  if (sandboxed.length === 0) return null;
  const t = await getTranslations("Sandbox");
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900"
      title={t("hint", { services: sandboxed.map((k) => t(`kinds.${k}`)).join(", ") })}
    >
      {t("label")}
    </span>
  );
}
