import { describe, expect, it } from "vitest";
import { holidayAreaOf, regionNameOf, regionOfAddress, splitArea } from "./holiday-area";
import { holidayInSentence, publicHolidays } from "./holiday-calendar";

describe("the region of an address", () => {
  it.each([
    // Spain: the province from the postal code, whatever else the address names.
    ["Calle de Alcalá 45, 28014 Madrid", "MD"],
    ["C/ de Valencia 5, 28012 Madrid, España", "MD"],
    ["Carrer de Mallorca 401, 08013 Barcelona", "CT"],
    ["Avinguda Diagonal 640 08017 BARCELONA", "CT"],
    ["Plaza Nueva 1, 41001 Sevilla", "AN"],
    ["Calle Colón 10, 46004 València", "VC"],
    ["Gran Vía 1, 48001 Bilbao (Bizkaia)", "PV"],
    ["Calle Mayor 3, 35002 Las Palmas de Gran Canaria", "CN"],
    ["Rúa do Vilar 20, 15705 Santiago de Compostela, A Coruña", "GA"],
    ["Paseo Independencia 8, 50004 Zaragoza", "AR"],
    ["Calle Real 5, 51001 Ceuta", "CE"],
    ["Avenida Juan Carlos I, 52001 Melilla", "ML"],
    ["Calle Laurel 4, 26001 Logroño", "RI"],
    ["Plaza del Castillo 1, 31001 Pamplona", "NC"],
    // Without a postal code: the place named last, the street left out.
    ["Calle de Sevilla 3, Madrid", "MD"],
    ["Passeig de Gràcia 43, Barcelona", "CT"],
    ["Avenida de Barcelona 12, Getafe", "MD"],
    ["Gijón, Asturias", "AS"],
    ["Palma de Mallorca", "IB"],
    ["Donostia / San Sebastián", "PV"],
    ["Barcelona, Spain", "CT"],
    ["Calle de Barcelona 3, Pozuelo de Alarcón", null],
  ])("in Spain: %s → %s", (address, region) => {
    expect(regionOfAddress("ES", address)).toBe(region);
  });

  it.each([
    ["100 Congress Ave, Austin, TX 78701", "TX"],
    ["100 Congress Ave, Austin, TX 78701, USA", "TX"],
    ["100 Congress Ave\nAustin TX 78701-1234\nUnited States", "TX"],
    ["350 Fifth Avenue, New York, NY 10118", "NY"],
    ["1 Infinite Loop, Cupertino, Ca. 95014", "CA"],
    ["1600 Pennsylvania Avenue NW, Washington, DC 20500", "DC"],
    ["1200 NE 5th Ave, Portland, OR 97232", "OR"],
    ["233 S Wacker Dr, Chicago, IL", "IL"],
    ["12 Main Street, Springfield, Massachusetts", "MA"],
    ["400 Capitol St, Charleston, West Virginia", "WV"],
    ["500 Broad St, Little Rock, Arkansas", "AR"],
    // A ZIP code alone: its state (Austin's 733 is Texas, inside Oklahoma's range).
    ["4500 Main St 73301", "TX"],
    ["12 Harbor Road 02108", "MA"],
    ["88 Ocean Drive 33139", "FL"],
    // A street named after a state, the city unknown: no state.
    ["100 Texas Avenue, Houston", null],
  ])("in the United States: %s → %s", (address, region) => {
    expect(regionOfAddress("US", address)).toBe(region);
  });

  it.each([
    ["10 Downing Street, London SW1A 2AA", "ENG"],
    ["221B Baker Street, London NW1 6XE", "ENG"],
    ["12 Princes Street, Edinburgh EH2 2AN", "SCT"],
    ["1 George Square, Glasgow G2 1DU", "SCT"],
    ["Castle Street, Cardiff CF10 1BS", "WLS"],
    ["Royal Avenue, Belfast BT1 1DA", "NIR"],
    ["Marygate, Berwick-upon-Tweed TD15 1BN", "ENG"],
    ["Market Street, Kelso TD5 7AH", "SCT"],
    ["High Street, Mold CH7 1AP", "WLS"],
    ["Eastgate Street, Chester CH1 1LE", "ENG"],
    ["Broad Street, Welshpool SY21 7JQ", "WLS"],
    ["Pride Hill, Shrewsbury SY1 1DQ", "ENG"],
    ["ec1a1bb", "ENG"],
    ["12 Edinburgh Road, London", "ENG"],
    ["Aberdeen", "SCT"],
    ["Swansea, Wales", "WLS"],
    ["Edinburgh, UK", "SCT"],
    // Jersey and Guernsey are not in the United Kingdom's holidays.
    ["King Street, St Helier JE2 4WF", null],
  ])("in the United Kingdom: %s → %s", (address, region) => {
    expect(regionOfAddress("GB", address)).toBe(region);
  });

  it.each([
    ["Marienplatz 8, 80331 München", "BY"],
    ["Königstraße 1, 70173 Stuttgart", "BW"],
    ["Unter den Linden 77, 10117 Berlin", "BE"],
    ["Berliner Straße 5, 01067 Dresden", "SN"],
    ["Domkloster 4, 50667 Köln", "NW"],
    ["Jungfernstieg 1, Hamburg", "HH"],
    ["Hauptstraße 3, 99084 Erfurt", "TH"],
    ["Am Markt 1, 04109 Leipzig", "SN"],
    ["Römerberg 27, 60311 Frankfurt am Main", "HE"],
  ])("in Germany: %s → %s", (address, region) => {
    expect(regionOfAddress("DE", address)).toBe(region);
  });

  it.each([
    ["100 Queen St W, Toronto, ON M5H 2N2", "ON"],
    ["1000 rue De La Gauchetière O, Montréal (Québec) H3B 4W5", "QC"],
    ["800 Robson St, Vancouver, BC V6Z 3B7", "BC"],
    ["Iqaluit, NU X0A 0H0", "NU"],
    ["4910 52 St, Yellowknife, NT X1A 3N4", "NT"],
    ["Calgary, Alberta", "AB"],
    ["Halifax, NS", "NS"],
  ])("in Canada: %s → %s", (address, region) => {
    expect(regionOfAddress("CA", address)).toBe(region);
  });

  it.each([
    ["1 place de la Cathédrale, 67000 Strasbourg", "67"],
    ["Place d'Armes, 57000 Metz", "57"],
    ["12 rue du Sauvage, 68100 Mulhouse", "68"],
    ["12 rue de la Paix, 75002 Paris", null],
    ["12 avenue de Strasbourg, 75010 Paris", null],
    ["5 rue de Metz, Toulouse", null],
    ["Avenue de Strasbourg, Paris", null],
    ["Strasbourg", "67"],
  ])("in France: %s → %s", (address, region) => {
    expect(regionOfAddress("FR", address)).toBe(region);
  });

  it("gives none for an empty address, a country it has no regions for, or one date-holidays does not know", () => {
    expect(regionOfAddress("ES", "")).toBeNull();
    expect(regionOfAddress("ES", null)).toBeNull();
    expect(regionOfAddress("ES", "   ")).toBeNull();
    expect(regionOfAddress("IT", "Via Roma 1, 20121 Milano")).toBeNull();
    expect(regionOfAddress("ES", "Calle sin número")).toBeNull();
  });
});

describe("the holiday area of a business", () => {
  it("is its country (time zone first, then line, then language) and the region its address names", () => {
    expect(holidayAreaOf({ timeZone: "Europe/Paris", businessAddress: "12 rue de la Paix, 75002 Paris" })).toBe("FR");
    expect(holidayAreaOf({ timeZone: "Europe/Madrid", businessAddress: "Calle de Alcalá 45, 28014 Madrid" })).toBe("ES-MD");
    expect(holidayAreaOf({ timeZone: "Europe/London", businessAddress: "12 Princes Street, Edinburgh EH2 2AN" })).toBe("GB-SCT");
    expect(holidayAreaOf({ timeZone: "America/Chicago", businessAddress: "100 Congress Ave, Austin, TX 78701" })).toBe("US-TX");
    // A Paris business whose address is in Madrid is still in France: the country is the business's, the address only
    // chooses a region inside it.
    expect(holidayAreaOf({ timeZone: "Europe/Paris", businessAddress: "Calle de Alcalá 45, 28014 Madrid" })).toBe("FR");
    expect(holidayAreaOf({ timeZone: "UTC", line: "+34910000000", locale: "en" })).toBe("ES");
    expect(holidayAreaOf({ timeZone: "UTC", locale: "es" })).toBe("ES");
  });

  it("is England for a UK business that gave no address: the UK's own list lacks England's August bank holiday", () => {
    expect(holidayAreaOf({ timeZone: "Europe/London" })).toBe("GB-ENG");
    expect(holidayAreaOf({ timeZone: "Europe/London", businessAddress: "Unit 4, Business Park" })).toBe("GB-ENG");
    const august = publicHolidays("GB-ENG", "en", "2027-08-01", "2027-08-31").map((h) => h.from);
    expect(august).toEqual(["2027-08-30"]);
  });

  it("splits back into country and region, and names the region as date-holidays does", () => {
    expect(splitArea("ES-MD")).toEqual({ country: "ES", region: "MD" });
    expect(splitArea("FR")).toEqual({ country: "FR", region: null });
    expect(regionNameOf("GB-SCT")).toBe("Scotland");
    expect(regionNameOf("US-TX")).toBe("Texas");
    expect(regionNameOf("FR")).toBeNull();
  });
});

describe("the public holidays of an area", () => {
  it("names them as a caller there would hear them", () => {
    const names = (area: string, language: "en" | "fr" | "es", from: string, to: string) =>
      publicHolidays(area, language, from, to).map((h) => `${h.from} ${h.name}`);
    expect(names("FR", "fr", "2026-12-01", "2027-01-31")).toEqual(["2026-12-25 Noël", "2027-01-01 Nouvel An"]);
    expect(names("ES-MD", "es", "2026-12-08", "2026-12-31")).toEqual(["2026-12-08 Inmaculada Concepción", "2026-12-25 Navidad"]);
    expect(names("ES-CT", "es", "2026-12-25", "2026-12-26")).toEqual(["2026-12-25 Navidad", "2026-12-26 Sant Esteve"]);
    expect(names("GB-SCT", "en", "2027-01-01", "2027-01-02")).toEqual(["2027-01-01 New Year's Day", "2027-01-02 2nd January"]);
    expect(names("GB-SCT", "en", "2027-11-30", "2027-11-30")).toEqual(["2027-11-30 St Andrew’s Day"]);
    expect(names("GB-ENG", "en", "2027-01-02", "2027-01-02")).toEqual([]);
    // Ascension Thursday, which date-holidays calls "La Asunción" (15 August's name) in Spanish.
    expect(names("FR", "es", "2027-05-06", "2027-05-06")).toEqual(["2027-05-06 Ascensión"]);
  });

  it("keeps in the United States the six holidays businesses close for, each with the weekday it is observed on", () => {
    const days = publicHolidays("US-TX", "en", "2027-01-01", "2027-12-31").map((h) => `${h.from} ${h.name}`);
    expect(days).toEqual([
      "2027-01-01 New Year's Day",
      "2027-05-31 Memorial Day",
      "2027-07-04 Independence Day",
      "2027-07-05 Independence Day (observed)",
      "2027-09-06 Labor Day",
      "2027-11-25 Thanksgiving Day",
      "2027-12-24 Christmas Day (observed)",
      "2027-12-25 Christmas Day",
      "2027-12-31 New Year's Day (observed)",
    ]);
  });

  it("has none for a country date-holidays does not know", () => {
    expect(publicHolidays("XX", "en", "2027-01-01", "2027-12-31")).toEqual([]);
  });
});

describe("a holiday's name in a sentence", () => {
  it.each([
    ["Noël", "fr", "Noël"],
    ["Toussaint", "fr", "la Toussaint"],
    ["Lundi de Pâques", "fr", "le lundi de Pâques"],
    ["Ascension", "fr", "l'Ascension"],
    ["Nouvel An", "fr", "le Nouvel An"],
    ["Lendemain de Noël", "fr", "le lendemain de Noël"],
    ["Fête du travail", "fr", "la Fête du travail"],
    ["l’Épiphanie", "fr", "l’Épiphanie"],
    ["Navidad", "es", "Navidad"],
    ["Día del Trabajador", "es", "el Día del Trabajador"],
    ["Inmaculada Concepción", "es", "la Inmaculada Concepción"],
    ["Viernes Santo", "es", "Viernes Santo"],
    ["Sant Esteve", "es", "Sant Esteve"],
    ["Christmas Day", "en", "Christmas Day"],
    ["Spring bank holiday", "en", "the Spring bank holiday"],
  ] as const)("%s (%s) → %s", (name, language, said) => {
    expect(holidayInSentence(name, language)).toBe(said);
  });
});
