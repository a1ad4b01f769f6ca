import { ImageResponse } from "next/og";
import { getTranslations } from "next-intl/server";
import { formatPlanPrice } from "@/lib/accounts/subscriptions/plan";
import type { Locale } from "@/lib/platform/i18n/routing";

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "Recepta";

/** The social-share card of every public page, in the page's language. */
export default async function OpenGraphImage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "HomePage" });
  const plan = await getTranslations({ locale, namespace: "Plan" });
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        background: "linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)",
        color: "#0f172a",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 44, fontWeight: 700 }}>
        <div style={{ width: 72, height: 72, borderRadius: 18, background: "#4338ca", display: "flex" }} />
        Recepta
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
        <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.1 }}>{`${t("heroTitle")} ${t("professions.dentists")}`}</div>
        <div style={{ fontSize: 30, color: "#334155", lineHeight: 1.4 }}>{t("metaDescription")}</div>
      </div>
      <div style={{ display: "flex", gap: 24, fontSize: 30, fontWeight: 600 }}>
        <div style={{ display: "flex", background: "#d1fae5", color: "#064e3b", padding: "10px 24px", borderRadius: 999 }}>
          {t("trialBadge")}
        </div>
        <div style={{ display: "flex", padding: "10px 0" }}>{plan("pricePerMonth", { price: formatPlanPrice(locale) })}</div>
      </div>
    </div>,
    size,
  );
}
