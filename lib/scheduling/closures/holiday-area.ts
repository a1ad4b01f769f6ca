// The area a business's public holidays are those of: its country (countryOfBusiness: the time zone's, else the line's,
// else the language's), and the region of it when the address names one, in date-holidays' codes ("ES-MD", "US-TX",
// "GB-SCT", "DE-BY", "CA-QC", "FR-67"). Regions matter where the holidays differ inside a country: Madrid keeps 2 May,
// Catalonia 26 December, Scotland 2 January and St Andrew's Day, Texas the day after Thanksgiving, Bavaria Epiphany,
// Alsace and Moselle Good Friday. Pure: read from what the owner typed, however they typed it.
//
// What an address gives, most trusted first:
// - a postal code that only one region can have (a Spanish postal code's first two digits are its province, a UK
//   postcode's letters its area, a Canadian postal code's first letter its province, a French one's département);
// - a US state or Canadian province code written as the post writes it ("Austin, TX 78701", "Montréal, QC H2X 1Y4");
// - the name of a region or of a city in it, the last one named winning ("Calle de Valencia 5, Madrid" is in Madrid);
// - a US ZIP code, or the Land a German postal code mostly lies in.
// Nothing found: the country alone (its nationwide holidays).
import Holidays from "date-holidays";
import { countryOfBusiness } from "@/lib/platform/phone/phone";

/** What the area is read from: the business's time zone, line and language (its country) and its address (its region). */
export type AreaSource = { timeZone?: string | null; line?: string | null; locale?: string | null; businessAddress?: string | null };

/**
 * Where no region is named, the one most businesses of the country are in, when its holidays differ from the
 * country's own list: date-holidays' United Kingdom alone lacks England's August bank holiday, so a UK practice that
 * typed no address gets England's (most of its people), never a day fewer than any nation has.
 */
const DEFAULT_REGION: Record<string, string> = { GB: "ENG" };

/** "FR", "ES-MD", "US-TX", "GB-SCT": the country, and the region when the address gives one. */
export function holidayAreaOf(b: AreaSource): string {
  const country = countryOfBusiness(b);
  const region = regionOfAddress(country, b.businessAddress) ?? DEFAULT_REGION[country] ?? null;
  return region ? `${country}-${region}` : country;
}

/** "ES-MD" → { country: "ES", region: "MD" }; "FR" → { country: "FR", region: null }. */
export function splitArea(area: string): { country: string; region: string | null } {
  const at = area.indexOf("-");
  return at < 0 ? { country: area, region: null } : { country: area.slice(0, at), region: area.slice(at + 1) };
}

/** The region of `country` the address names, in date-holidays' code, or null (none named, or none it knows). */
export function regionOfAddress(country: string, address: string | null | undefined): string | null {
  if (!address?.trim()) return null;
  const read = READERS[country];
  const region = read ? read(address) : null;
  return region && knownRegion(country, region) ? region : null;
}

let known: Holidays | null = null;
function regionsOf(country: string): Record<string, string> {
  known ??= new Holidays();
  // Undefined for a country without regions, whatever its types say.
  const states: Record<string, string> | undefined = known.getStates(country);
  return states ?? {};
}
function knownRegion(country: string, region: string): boolean {
  return Object.hasOwn(regionsOf(country), region);
}

/** The region's name as date-holidays writes it ("Comunidad de Madrid", "Scotland", "Texas"), or null for a country alone. */
export function regionNameOf(area: string): string | null {
  const { country, region } = splitArea(area);
  return region ? (regionsOf(country)[region] ?? null) : null;
}

// ---- reading an address ------------------------------------------------------------------------------------------------

/** Lower case, no accents, punctuation as spaces, padded: " calle de valencia 5 madrid ". */
function plain(text: string): string {
  const folded = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return ` ${folded} `;
}

/**
 * The region of the place named last in the address, the street left out: "Calle de Valencia 5, Madrid" is in Madrid.
 * The street is the first of several parts (split at commas or lines) when it has a number; "Barcelona, Spain" is read
 * whole. Two names ending at the same place: the longer ("West Virginia" over "Virginia"). A name mapped to "" is a
 * place in no region of its own ("Avenue de Strasbourg, Paris": Paris). Names are written plain (see plain).
 */
function lastNamed(address: string, names: Record<string, string>): string | null {
  const parts = address.split(/[,;\n]/).filter((p) => p.trim());
  const text = plain(parts.length > 1 && /\d/.test(parts[0]!) ? parts.slice(1).join(" , ") : address);
  let best: { end: number; length: number; region: string } | null = null;
  for (const [name, region] of Object.entries(names)) {
    const needle = ` ${name} `;
    const at = text.lastIndexOf(needle);
    if (at < 0) continue;
    const end = at + needle.length;
    if (!best || end > best.end || (end === best.end && needle.length > best.length)) best = { end, length: needle.length, region };
  }
  return best?.region || null;
}

/** Every match of a global pattern, last one last. */
function matches(address: string, pattern: RegExp): RegExpExecArray[] {
  return [...address.matchAll(pattern)];
}

// ---- Spain: the province from the postal code, else the community or a city named ----------------------------------------

/** A Spanish postal code's first two digits are its province (01 Álava … 52 Melilla); each province is in one community. */
const ES_PROVINCES: Record<string, string> = {
  "01": "PV", "02": "CM", "03": "VC", "04": "AN", "05": "CL", "06": "EX", "07": "IB", "08": "CT", "09": "CL", "10": "EX",
  "11": "AN", "12": "VC", "13": "CM", "14": "AN", "15": "GA", "16": "CM", "17": "CT", "18": "AN", "19": "CM", "20": "PV",
  "21": "AN", "22": "AR", "23": "AN", "24": "CL", "25": "CT", "26": "RI", "27": "GA", "28": "MD", "29": "AN", "30": "MC",
  "31": "NC", "32": "GA", "33": "AS", "34": "CL", "35": "CN", "36": "GA", "37": "CL", "38": "CN", "39": "CB", "40": "CL",
  "41": "AN", "42": "CL", "43": "CT", "44": "AR", "45": "CM", "46": "VC", "47": "CL", "48": "PV", "49": "CL", "50": "AR",
  "51": "CE", "52": "ML",
}; // prettier-ignore

const ES_NAMES: Record<string, string> = {
  // Communities, in Spanish and in their own languages.
  andalucia: "AN", andalusia: "AN", aragon: "AR", asturias: "AS", "principado de asturias": "AS", cantabria: "CB",
  ceuta: "CE", "castilla y leon": "CL", "castilla la mancha": "CM", canarias: "CN", "islas canarias": "CN",
  cataluna: "CT", catalunya: "CT", catalonia: "CT", extremadura: "EX", galicia: "GA", "illes balears": "IB",
  "islas baleares": "IB", baleares: "IB", mallorca: "IB", menorca: "IB", ibiza: "IB", eivissa: "IB", murcia: "MC",
  "region de murcia": "MC", madrid: "MD", "comunidad de madrid": "MD", melilla: "ML", navarra: "NC", nafarroa: "NC",
  "pais vasco": "PV", euskadi: "PV", "la rioja": "RI", "comunidad valenciana": "VC", "comunitat valenciana": "VC",
  // Provinces and cities.
  alava: "PV", araba: "PV", "vitoria gasteiz": "PV", vitoria: "PV", gasteiz: "PV", bilbao: "PV", bizkaia: "PV", vizcaya: "PV",
  gipuzkoa: "PV", guipuzcoa: "PV", donostia: "PV", "san sebastian": "PV", albacete: "CM", toledo: "CM", "ciudad real": "CM",
  cuenca: "CM", guadalajara: "CM", alicante: "VC", alacant: "VC", valencia: "VC", castellon: "VC", "castello de la plana": "VC",
  elche: "VC", elx: "VC", almeria: "AN", cadiz: "AN", cordoba: "AN", granada: "AN", huelva: "AN", jaen: "AN", malaga: "AN",
  sevilla: "AN", seville: "AN", marbella: "AN", "jerez de la frontera": "AN", avila: "CL", burgos: "CL", leon: "CL",
  palencia: "CL", salamanca: "CL", segovia: "CL", soria: "CL", valladolid: "CL", zamora: "CL", badajoz: "EX", caceres: "EX",
  merida: "EX", barcelona: "CT", girona: "CT", gerona: "CT", lleida: "CT", lerida: "CT", tarragona: "CT", sabadell: "CT",
  terrassa: "CT", "l hospitalet de llobregat": "CT", badalona: "CT", "a coruna": "GA", "la coruna": "GA", lugo: "GA",
  ourense: "GA", orense: "GA", pontevedra: "GA", vigo: "GA", "santiago de compostela": "GA", palma: "IB",
  "palma de mallorca": "IB", huesca: "AR", teruel: "AR", zaragoza: "AR", logrono: "RI", pamplona: "NC", irunea: "NC",
  oviedo: "AS", gijon: "AS", xixon: "AS", santander: "CB", cartagena: "MC", "las palmas": "CN",
  "las palmas de gran canaria": "CN", "gran canaria": "CN", tenerife: "CN", "santa cruz de tenerife": "CN", lanzarote: "CN",
  fuerteventura: "CN", "alcala de henares": "MD", mostoles: "MD", getafe: "MD", alcorcon: "MD", leganes: "MD", fuenlabrada: "MD",
}; // prettier-ignore

function spain(address: string): string | null {
  const code = matches(address, /(?<![\d])(0[1-9]|[1-4]\d|5[0-2])\d{3}(?![\d])/g).at(-1);
  return (code && ES_PROVINCES[code[1]!]) || lastNamed(address, ES_NAMES);
}

// ---- United States: the state code the post writes, else the state named, else the ZIP code ------------------------------

const US_STATES: Record<string, string> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO", connecticut: "CT",
  delaware: "DE", "district of columbia": "DC", florida: "FL", georgia: "GA", hawaii: "HI", idaho: "ID", illinois: "IL",
  indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY", louisiana: "LA", maine: "ME", maryland: "MD", massachusetts: "MA",
  michigan: "MI", minnesota: "MN", mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE", nevada: "NV",
  "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND",
  ohio: "OH", oklahoma: "OK", oregon: "OR", pennsylvania: "PA", "rhode island": "RI", "south carolina": "SC",
  "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT", virginia: "VA", washington: "WA",
  "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
}; // prettier-ignore
const US_CODES = new Set(Object.values(US_STATES));

/**
 * The state of a ZIP code's first three digits, as ranges [first, last, state] (USPS's sectional centers). Codes of
 * military post and territories are left out (no state holidays to add).
 */
const US_ZIP3: [number, number, string][] = [
  [10, 27, "MA"], [28, 29, "RI"], [30, 38, "NH"], [39, 49, "ME"], [50, 54, "VT"], [55, 55, "MA"], [56, 59, "VT"],
  [60, 69, "CT"], [70, 89, "NJ"], [100, 149, "NY"], [150, 196, "PA"], [197, 199, "DE"], [200, 200, "DC"], [201, 201, "VA"],
  [202, 205, "DC"], [206, 219, "MD"], [220, 246, "VA"], [247, 268, "WV"], [270, 289, "NC"], [290, 299, "SC"],
  [300, 319, "GA"], [320, 339, "FL"], [341, 349, "FL"], [350, 369, "AL"], [370, 385, "TN"], [386, 397, "MS"],
  [398, 399, "GA"], [400, 427, "KY"], [430, 459, "OH"], [460, 479, "IN"], [480, 499, "MI"], [500, 528, "IA"],
  [530, 549, "WI"], [550, 567, "MN"], [569, 569, "DC"], [570, 577, "SD"], [580, 588, "ND"], [590, 599, "MT"],
  [600, 629, "IL"], [630, 658, "MO"], [660, 679, "KS"], [680, 693, "NE"], [700, 714, "LA"], [716, 729, "AR"],
  [730, 732, "OK"], [733, 733, "TX"], [734, 749, "OK"], [750, 799, "TX"], [800, 816, "CO"], [820, 831, "WY"],
  [832, 838, "ID"], [840, 847, "UT"], [850, 865, "AZ"], [870, 884, "NM"], [885, 885, "TX"], [889, 898, "NV"],
  [900, 961, "CA"], [967, 968, "HI"], [970, 979, "OR"], [980, 994, "WA"], [995, 999, "AK"],
]; // prettier-ignore

function unitedStates(address: string): string | null {
  // "Austin, TX 78701", "Austin TX 78701-1234", "Austin, Tx. 78701", or ", TX" ending the address (a trailing "USA" aside).
  const trimmed = address.replace(/(?:^|[\s,]+)(?:u\.?\s?s\.?(?:\s?a\.?)?|united states(?: of america)?)\s*$/i, "");
  const coded = matches(trimmed, /\b([A-Za-z]{2})\.?,?\s+\d{5}(?:-\d{4})?\b/g)
    .map((m) => m[1]!.toUpperCase())
    .filter((c) => US_CODES.has(c))
    .at(-1);
  if (coded) return coded;
  const ending = /,\s*([A-Z]{2})\.?\s*$/.exec(trimmed)?.[1];
  if (ending && US_CODES.has(ending)) return ending;
  const named = lastNamed(trimmed, US_STATES);
  if (named) return named;
  const zip = matches(trimmed, /(?<![\d-])(\d{3})\d{2}(?:-\d{4})?(?![\d])/g).at(-1);
  if (!zip) return null;
  const prefix = Number(zip[1]);
  return US_ZIP3.find(([first, last]) => prefix >= first && prefix <= last)?.[2] ?? null;
}

// ---- Canada: the postal code's first letter, the province code, or its name -----------------------------------------

const CA_POSTAL: Record<string, string> = {
  A: "NL", B: "NS", C: "PE", E: "NB", G: "QC", H: "QC", J: "QC", K: "ON", L: "ON", M: "ON", N: "ON", P: "ON", R: "MB", S: "SK",
  T: "AB", V: "BC", Y: "YT",
}; // prettier-ignore
const CA_CODES = new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);
const CA_NAMES: Record<string, string> = {
  alberta: "AB", "british columbia": "BC", "colombie britannique": "BC", manitoba: "MB", "new brunswick": "NB",
  "nouveau brunswick": "NB", newfoundland: "NL", "newfoundland and labrador": "NL", "terre neuve": "NL",
  "terre neuve et labrador": "NL", "nova scotia": "NS", "nouvelle ecosse": "NS", "northwest territories": "NT",
  "territoires du nord ouest": "NT", nunavut: "NU", ontario: "ON", "prince edward island": "PE",
  "ile du prince edouard": "PE", quebec: "QC", saskatchewan: "SK", yukon: "YT", toronto: "ON", ottawa: "ON",
  mississauga: "ON", hamilton: "ON", montreal: "QC", laval: "QC", gatineau: "QC", sherbrooke: "QC", vancouver: "BC",
  surrey: "BC", calgary: "AB", edmonton: "AB", winnipeg: "MB", halifax: "NS", regina: "SK", saskatoon: "SK",
  fredericton: "NB", moncton: "NB", "st john s": "NL", charlottetown: "PE", whitehorse: "YT", yellowknife: "NT", iqaluit: "NU",
}; // prettier-ignore

function canada(address: string): string | null {
  const postal = matches(address, /\b([ABCEGHJ-NPRSTVXY])(\d)([A-Z])\s?\d[A-Z]\d\b/gi).at(-1);
  if (postal) {
    const letter = postal[1]!.toUpperCase();
    // X is the two northern territories: X0A, X0B and X0C are Nunavut, the rest the Northwest Territories.
    if (letter === "X") return postal[2] === "0" && /[ABC]/i.test(postal[3]!) ? "NU" : "NT";
    return CA_POSTAL[letter] ?? null;
  }
  const coded = matches(address, /(?:^|[\s,])([A-Z]{2})\.?(?=\s*(?:,?\s*canada)?\s*$|\s*,)/g)
    .map((m) => m[1]!)
    .filter((c) => CA_CODES.has(c))
    .at(-1);
  return coded ?? lastNamed(address, CA_NAMES);
}

// ---- United Kingdom: the nation of the postcode's area, else the nation or a city named ---------------------------------

/** Postcode areas wholly or mostly in Scotland, Wales and Northern Ireland; every other area is in England. */
const GB_AREAS: Record<string, string> = {
  AB: "SCT", DD: "SCT", DG: "SCT", EH: "SCT", FK: "SCT", G: "SCT", HS: "SCT", IV: "SCT", KA: "SCT", KW: "SCT", KY: "SCT",
  ML: "SCT", PA: "SCT", PH: "SCT", TD: "SCT", ZE: "SCT", CF: "WLS", LD: "WLS", LL: "WLS", NP: "WLS", SA: "WLS", BT: "NIR",
}; // prettier-ignore
/** Areas across a border: these districts are on the other side (Berwick-upon-Tweed; Deeside and Flint; mid Wales). */
const GB_DISTRICTS: Record<string, string> = {
  TD15: "ENG", CH5: "WLS", CH6: "WLS", CH7: "WLS", CH8: "WLS", SY15: "WLS", SY16: "WLS", SY17: "WLS", SY18: "WLS",
  SY19: "WLS", SY20: "WLS", SY21: "WLS", SY22: "WLS", SY23: "WLS", SY24: "WLS", SY25: "WLS",
}; // prettier-ignore
/** Crown dependencies: not in the United Kingdom's holidays (they have their own). */
const NOT_GB = new Set(["GY", "JE", "IM"]);
const GB_NAMES: Record<string, string> = {
  england: "ENG", scotland: "SCT", alba: "SCT", wales: "WLS", cymru: "WLS", "northern ireland": "NIR", edinburgh: "SCT",
  glasgow: "SCT", aberdeen: "SCT", dundee: "SCT", inverness: "SCT", stirling: "SCT", paisley: "SCT", "east kilbride": "SCT",
  livingston: "SCT", cardiff: "WLS", caerdydd: "WLS", swansea: "WLS", abertawe: "WLS", wrexham: "WLS", aberystwyth: "WLS",
  belfast: "NIR", derry: "NIR", londonderry: "NIR", lisburn: "NIR", newry: "NIR", armagh: "NIR", london: "ENG",
  manchester: "ENG", birmingham: "ENG", liverpool: "ENG", leeds: "ENG", bristol: "ENG", sheffield: "ENG", nottingham: "ENG",
  leicester: "ENG", "newcastle upon tyne": "ENG", oxford: "ENG", cambridge: "ENG", brighton: "ENG", york: "ENG",
}; // prettier-ignore

function unitedKingdom(address: string): string | null {
  const postcode = matches(address, /\b([A-Z]{1,2})(\d[A-Z\d]?)\s*\d[A-Z]{2}\b/gi).at(-1);
  if (postcode) {
    const area = postcode[1]!.toUpperCase();
    if (NOT_GB.has(area)) return null;
    const district = `${area}${postcode[2]!.toUpperCase().replace(/[A-Z]$/, "")}`;
    return GB_DISTRICTS[district] ?? GB_AREAS[area] ?? "ENG";
  }
  return lastNamed(address, GB_NAMES);
}

// ---- Germany: the Land named, or a city in it; else the Land a postal code's zone lies in -------------------------------

const DE_NAMES: Record<string, string> = {
  "baden wurttemberg": "BW", "baden wuerttemberg": "BW", bayern: "BY", bavaria: "BY", berlin: "BE", brandenburg: "BB",
  bremen: "HB", hamburg: "HH", hessen: "HE", hesse: "HE", "mecklenburg vorpommern": "MV", niedersachsen: "NI",
  "lower saxony": "NI", "nordrhein westfalen": "NW", "north rhine westphalia": "NW", "rheinland pfalz": "RP",
  "rhineland palatinate": "RP", saarland: "SL", sachsen: "SN", saxony: "SN", "sachsen anhalt": "ST", "saxony anhalt": "ST",
  "schleswig holstein": "SH", thuringen: "TH", thueringen: "TH", thuringia: "TH", munchen: "BY", muenchen: "BY", munich: "BY",
  nurnberg: "BY", nuernberg: "BY", nuremberg: "BY", augsburg: "BY", regensburg: "BY", wurzburg: "BY", wuerzburg: "BY",
  stuttgart: "BW", karlsruhe: "BW", mannheim: "BW", freiburg: "BW", heidelberg: "BW", ulm: "BW", koln: "NW", koeln: "NW",
  cologne: "NW", dusseldorf: "NW", duesseldorf: "NW", dortmund: "NW", essen: "NW", duisburg: "NW", bochum: "NW",
  bonn: "NW", munster: "NW", muenster: "NW", aachen: "NW", bielefeld: "NW", frankfurt: "HE", "frankfurt am main": "HE",
  wiesbaden: "HE", kassel: "HE", darmstadt: "HE", hannover: "NI", hanover: "NI", braunschweig: "NI", osnabruck: "NI",
  oldenburg: "NI", gottingen: "NI", leipzig: "SN", dresden: "SN", chemnitz: "SN", magdeburg: "ST", halle: "ST",
  erfurt: "TH", jena: "TH", potsdam: "BB", cottbus: "BB", rostock: "MV", schwerin: "MV", kiel: "SH", lubeck: "SH",
  luebeck: "SH", mainz: "RP", koblenz: "RP", trier: "RP", saarbrucken: "SL", saarbruecken: "SL",
}; // prettier-ignore
/**
 * The Land of a postal code's first two digits, for the zones that lie in one Land (or nearly: a village across a
 * border is the price of reading a code alone). Zones split between Länder are left out: the name decides there.
 */
const DE_ZONES: Record<string, string> = {
  "01": "SN", "02": "SN", "03": "BB", "08": "SN", "09": "SN", "10": "BE", "12": "BE", "13": "BE", "15": "BB", "16": "BB",
  "18": "MV", "20": "HH", "24": "SH", "25": "SH", "26": "NI", "29": "NI", "30": "NI", "31": "NI", "32": "NW", "33": "NW",
  "35": "HE", "39": "ST", "40": "NW", "41": "NW", "42": "NW", "44": "NW", "45": "NW", "46": "NW", "47": "NW", "50": "NW",
  "51": "NW", "52": "NW", "54": "RP", "55": "RP", "56": "RP", "58": "NW", "59": "NW", "60": "HE", "61": "HE", "64": "HE",
  "65": "HE", "67": "RP", "70": "BW", "71": "BW", "72": "BW", "73": "BW", "74": "BW", "75": "BW", "77": "BW", "78": "BW",
  "79": "BW", "80": "BY", "81": "BY", "82": "BY", "83": "BY", "84": "BY", "85": "BY", "86": "BY", "87": "BY", "90": "BY",
  "91": "BY", "92": "BY", "93": "BY", "94": "BY", "95": "BY", "98": "TH", "99": "TH",
}; // prettier-ignore

function germany(address: string): string | null {
  const named = lastNamed(address, DE_NAMES);
  if (named) return named;
  const code = matches(address, /(?<![\d])(\d{2})\d{3}(?![\d])/g).at(-1);
  return code ? (DE_ZONES[code[1]!] ?? null) : null;
}

// ---- France: Alsace and Moselle, whose départements keep Good Friday and 26 December ------------------------------------

/** Départements with holidays of their own in date-holidays: Moselle, Bas-Rhin and Haut-Rhin. */
const FR_DEPARTMENTS = new Set(["57", "67", "68"]);
const FR_NAMES: Record<string, string> = {
  moselle: "57", metz: "57", thionville: "57", "bas rhin": "67", strasbourg: "67", alsace: "67", "haut rhin": "68",
  mulhouse: "68", colmar: "68",
  // Cities whose streets are often named after those above ("avenue de Strasbourg, Paris").
  paris: "", lyon: "", marseille: "", toulouse: "", nice: "", nantes: "", bordeaux: "", lille: "", rennes: "", reims: "",
  nancy: "", dijon: "", grenoble: "", montpellier: "", "le havre": "", rouen: "", toulon: "", angers: "", brest: "",
}; // prettier-ignore

function france(address: string): string | null {
  const code = matches(address, /(?<![\d])(\d{2})\d{3}(?![\d])/g).at(-1);
  if (code) return FR_DEPARTMENTS.has(code[1]!) ? code[1]! : null;
  return lastNamed(address, FR_NAMES);
}

const READERS: Record<string, (address: string) => string | null> = {
  ES: spain,
  US: unitedStates,
  CA: canada,
  GB: unitedKingdom,
  DE: germany,
  FR: france,
};
