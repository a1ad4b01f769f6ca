import { getLocale, getTranslations } from "next-intl/server";
import { formatPlanPrice } from "@/lib/accounts/subscriptions/plan";
import { PublicShell } from "./public-shell";

type Section = { title: string; paragraphs?: string[]; items?: string[] };

/** Privacy policy and terms: the text lives in messages/*.json (PrivacyPage, TermsPage), one section per heading. */
export async function LegalDocument({
  namespace,
  path,
  updated,
}: {
  namespace: "PrivacyPage" | "TermsPage";
  path: string;
  updated: string;
}) {
  const [t, legal, locale] = await Promise.all([getTranslations(namespace), getTranslations("LegalPage"), getLocale()]);
  const sections = Object.entries(t.raw("sections") as Record<string, Section>);
  // The sections are read raw (lists of sentences): the plan's price is filled in here, from the plan itself.
  const fill = (text: string) => text.replaceAll("{price}", formatPlanPrice(locale));
  const date = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(updated),
  );
  return (
    <PublicShell path={path} wide>
      <article>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("updated", { date })}</p>
        <p className="mt-6 text-lg leading-relaxed text-slate-800">{t("intro")}</p>
        <nav aria-labelledby="legal-contents" className="mt-8 rounded-xl bg-slate-50 p-5">
          <h2 id="legal-contents" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {legal("contents")}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
            {sections.map(([id, s]) => (
              <li key={id}>
                <a className="inline-block py-1 underline-offset-4 hover:underline" href={`#${id}`}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map(([id, s]) => (
          <section key={id} id={id} className="mt-10 scroll-mt-20" aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
              {s.title}
            </h2>
            {s.paragraphs?.map((p, i) => (
              <p key={i} className="mt-3 leading-relaxed text-slate-800">
                {fill(p)}
              </p>
            ))}
            {s.items && (
              <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-slate-800">
                {s.items.map((item, i) => (
                  <li key={i}>{fill(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </PublicShell>
  );
}
