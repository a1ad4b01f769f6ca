import { getTranslations } from "next-intl/server";

/** The page a dead self-service link gets: what happened to the link, in the caller's language. */
export async function LinkProblem({ reason }: { reason: "invalid" | "expired" }) {
  const t = await getTranslations("SelfService");
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="rounded-2xl border border-red-300 bg-red-50 p-6" data-testid="self-service-problem">
        <h1 className="text-2xl font-bold text-red-900">{t(reason === "expired" ? "expiredTitle" : "invalidTitle")}</h1>
        <p className="mt-2 text-red-900">{t(reason === "expired" ? "expiredText" : "invalidText")}</p>
      </div>
    </main>
  );
}
