// The landing page's social proof shows only what the operator measured and configured (PUBLIC_RATING,
// PUBLIC_CUSTOMER_COUNT): a rating or a customer count nobody measured is misleading advertising. With neither set
// there is no line at all. Numbers are written the locale's way by the messages ("4,9", "2 000").

export type SocialProofFacts = { PUBLIC_RATING?: number; PUBLIC_CUSTOMER_COUNT?: number };

/** The HomePage translator (next-intl's, or createTranslator's in tests). */
export type SocialProofTranslator = (key: "socialProof.rating" | "socialProof.customers", values: Record<string, number>) => string;

/** The sentence for the configured facts, or null when none is configured. */
export function socialProof(facts: SocialProofFacts, t: SocialProofTranslator): string | null {
  const parts: string[] = [];
  if (facts.PUBLIC_RATING !== undefined) parts.push(t("socialProof.rating", { rating: facts.PUBLIC_RATING }));
  if (facts.PUBLIC_CUSTOMER_COUNT !== undefined) parts.push(t("socialProof.customers", { count: facts.PUBLIC_CUSTOMER_COUNT }));
  return parts.length ? parts.join(" · ") : null;
}
