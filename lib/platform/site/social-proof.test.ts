import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "@/lib/platform/env";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { socialProof } from "./social-proof";

const catalogues = { en, fr, es };
const proof = (locale: keyof typeof catalogues, facts: Parameters<typeof socialProof>[0]) =>
  socialProof(facts, createTranslator({ locale, messages: catalogues[locale], namespace: "HomePage" }));

describe("landing page social proof", () => {
  it("claims nothing unless configured: no rating, no customer count, no line", () => {
    const env = readEnv({});
    expect(env.PUBLIC_RATING).toBeUndefined();
    expect(env.PUBLIC_CUSTOMER_COUNT).toBeUndefined();
    for (const locale of ["en", "fr", "es"] as const) expect(proof(locale, env)).toBeNull();
    // An empty variable in a .env file is unset too.
    expect(proof("en", readEnv({ PUBLIC_RATING: "", PUBLIC_CUSTOMER_COUNT: " " }))).toBeNull();
  });

  it("shows the configured figures, written the locale's way", () => {
    const env = readEnv({ PUBLIC_RATING: "4.9", PUBLIC_CUSTOMER_COUNT: "2000" });
    expect(proof("en", env)).toBe("Rated 4.9/5 by our customers · Used by 2,000 businesses");
    // French groups thousands with a narrow no-break space.
    expect(proof("fr", env)).toBe("Noté 4,9/5 par nos clients · Utilisé par 2\u202f000 entreprises");
    expect(proof("es", env)).toBe("Valorada con 4,9/5 por nuestros clientes · Utilizada por 2000 empresas");
    expect(proof("en", readEnv({ PUBLIC_CUSTOMER_COUNT: "1" }))).toBe("Used by 1 business");
    expect(proof("fr", readEnv({ PUBLIC_RATING: "4.5" }))).toBe("Noté 4,5/5 par nos clients");
  });

  it("refuses a figure that is not one, rather than showing or silently dropping it", () => {
    for (const bad of [
      { PUBLIC_RATING: "4,9" },
      { PUBLIC_RATING: "6" },
      { PUBLIC_RATING: "great" },
      { PUBLIC_CUSTOMER_COUNT: "2k" },
      { PUBLIC_CUSTOMER_COUNT: "0" },
      { PUBLIC_CUSTOMER_COUNT: "12.5" },
    ]) {
      expect(() => readEnv(bad), JSON.stringify(bad)).toThrow(EnvError);
    }
  });
});
