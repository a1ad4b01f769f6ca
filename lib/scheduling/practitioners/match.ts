// Which practitioner a caller asked for, from the words a voice model passes on: "Dr Roux", "doctor roo", "la docteure
// Camille Roux", "Roux", in any supported language. Pure: the receptionist's tools and their tests call it alike.
//
// The rules: accents, case and punctuation do not count; titles ("Dr", "docteur", "doctora", "Mme", "señor"…) are left
// out; every word left must be one of the practitioner's, or, when no name fits so, one letter away from it (a word of
// five letters or more: speech-to-text misspells names). One match is the answer; several are "which one"; none is "who we have".
// "The same as last time" is not a name: `asksForSame` tells it, and the caller's history answers it.

const TITLES = new Set([
  "dr",
  "doctor",
  "doctora",
  "dra",
  "docteur",
  "docteure",
  "doc",
  "prof",
  "professor",
  "professeur",
  "profesor",
  "profesora",
  "mr",
  "mrs",
  "ms",
  "miss",
  "mme",
  "mlle",
  "madame",
  "mademoiselle",
  "monsieur",
  "m",
  "sr",
  "sra",
  "srta",
  "senor",
  "senora",
  "senorita",
  "don",
  "dona",
  "the",
  "le",
  "la",
  "el",
  "with",
  "avec",
  "con",
  "de",
  "du",
]);

/** Lower case, no accents, words of letters and digits only. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const SAME =
  /\b(same|usual|last time|previous|meme|habitude|habituel|habituelle|derniere fois|mismo|misma|de siempre|ultima vez|anterior)\b/;

/** Whether the words ask for whoever the caller saw last time ("the same dentist", "le même", "el de siempre"). */
export function asksForSame(asked: string): boolean {
  return SAME.test(nameWords(asked).join(" "));
}

/** The practitioners whose names the asked words fit, in the list's order; empty when the words name no one. */
export function matchPractitioners<P extends { name: string }>(asked: string, practitioners: readonly P[]): P[] {
  const wanted = nameWords(asked).filter((w) => !TITLES.has(w));
  if (!wanted.length) return [];
  const fits = (near: boolean) =>
    practitioners.filter((p) => {
      const own = nameWords(p.name);
      return wanted.every((w) => own.some((o) => o === w || (near && w.length >= 5 && o.length >= 5 && oneEditApart(w, o))));
    });
  // Names spelled exactly first: "Martin" is Dr Martin, not also Martine.
  const exact = fits(false);
  return exact.length ? exact : fits(true);
}

/** Whether two words differ by at most one letter changed, added or left out. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * Whether two service names are the same service as a caller or a model says it: the same words without accents or
 * case, or the one's words all inside the other's ("détartrage" and "Détartrage complet").
 */
export function sameService(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (!x.length || !y.length) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.every((w) => long.includes(w));
}

/**
 * The services of `list` the asked words name: the one spelled the same (accents and case aside) when there is one,
 * else every one sameService fits ("consultation" fits both "Consultation" and "Consultation enfant": the first alone).
 */
export function servicesNamed<S>(list: readonly S[], asked: string, nameOf: (s: S) => string): S[] {
  const words = nameWords(asked).join(" ");
  const exact = list.filter((s) => nameWords(nameOf(s)).join(" ") === words);
  return exact.length ? exact : list.filter((s) => sameService(nameOf(s), asked));
}

const ANYONE =
  /\b(any|anyone|anybody|anything|whoever|whatever|no preference|n importe|peu importe|qui que|quiconque|cualquiera|da igual|quien sea|lo que sea|me da igual)\b/;

/** Whether the words leave the choice to the practice ("anyone", "peu importe", "cualquiera"). */
export function asksForAnyone(asked: string): boolean {
  return ANYONE.test(nameWords(asked).join(" "));
}
