import { describe, expect, it } from "vitest";
import { frenchSpaced, misspaced } from "./french-spaces";

describe("frenchSpaced", () => {
  it("binds ; ! ? with a narrow no-break space and : with a full one", () => {
    expect(frenchSpaced("Annuler ? Oui ; vraiment ! Code : 12")).toBe("Annuler\u202f? Oui\u202f; vraiment\u202f! Code\u00a0: 12");
  });
  it("puts a no-break space inside guillemets, whether the text had a space there or none", () => {
    expect(frenchSpaced("Touchez « ANNULER » ou «OK»")).toBe("Touchez «\u00a0ANNULER\u00a0» ou «\u00a0OK\u00a0»");
  });
  it("leaves times, addresses and header values alone", () => {
    expect(frenchSpaced("à 14:00 sur https://recepta.app (Content-Type: application/json)")).toBe(
      "à 14:00 sur https://recepta.app (Content-Type: application/json)",
    );
  });
});

describe("misspaced", () => {
  it("finds a breakable space before the punctuation or inside the guillemets", () => {
    expect(misspaced("Nom : « Marie »")).toEqual([" :", "« ", " »"]);
  });
  it("finds guillemets glued to their word", () => {
    expect(misspaced("«OK»")).toEqual(["«O", "K»"]);
  });
  it("finds nothing in text already spaced", () => {
    expect(misspaced(frenchSpaced("Nom : « Marie » ? Oui !"))).toEqual([]);
  });
});
