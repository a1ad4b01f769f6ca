import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/platform/i18n/routing";
import {
  type AppointmentFacts,
  callerEmail,
  callerReplyText,
  callerSms,
  callerWhatsApp,
  escapeHtml,
  type Kind,
  ownerBookingEmail,
  ownerMessageEmail,
  type ReplyKind,
  taskDoneText,
} from "./templates";

const locales: Locale[] = ["en", "fr", "es"];
const kinds: Kind[] = ["confirmation", "reschedule", "cancellation", "reminder"];

// 08:30 UTC on a winter day is 09:30 in Paris (UTC+1): the texts must show the business's clock, not the server's.
const facts: AppointmentFacts = {
  businessName: "Cabinet Dupont",
  businessPhone: "+33 1 23 45 67 89",
  businessAddress: "12 rue de la Paix, Paris",
  patientName: "Marie Curie",
  start: new Date("2026-12-01T08:30:00Z"),
  end: new Date("2026-12-01T09:00:00Z"),
  timeZone: "Europe/Paris",
  reason: "Douleur thoracique",
};
const owner = {
  ...facts,
  patientPhone: "+33 6 11 22 33 44",
  patientEmail: "marie@example.com",
  dashboardUrl: "https://app.recepta.test/dashboard",
};

// What the business's clock reads, per locale: "9:30 AM" in English (12-hour), "09:30" in French, "9:30" in Spanish.
const clock: Record<Locale, RegExp> = { en: /9:30\sAM/, fr: /09:30/, es: /\b9:30\b/ };
const day: Record<Locale, string> = { en: "December 1, 2026", fr: "1 décembre 2026", es: "1 de diciembre de 2026" };
const leftover = /\{\w+\}/;

describe.each(locales)("templates in %s", (locale) => {
  describe.each(kinds)("%s", (kind) => {
    it("writes a short SMS in the business's time zone, without the reason, ending with the opt-out hint", () => {
      const sms = callerSms(locale, kind, facts);
      expect(sms).toMatch(clock[locale]);
      expect(sms).toContain(day[locale]);
      expect(sms).toContain("Cabinet Dupont");
      expect(sms).not.toContain(facts.reason);
      expect(sms).not.toMatch(leftover);
      expect(sms.length).toBeLessThan(300);
      expect(sms).toMatch(/STOP[^.]*\.$/);
      // Plain spaces only: ICU's narrow no-break space would make the SMS UCS-2.
      expect(sms).not.toMatch(/[\u00a0\u202f]/);
    });

    it("gives WhatsApp the template name, the Meta language code and three parameters, without the reason", () => {
      const { text, template } = callerWhatsApp(locale, kind, facts);
      expect(template.name).toBe(`appointment_${kind}`);
      expect(template.language).toBe({ en: "en_US", fr: "fr", es: "es_ES" }[locale]);
      expect(template.parameters).toHaveLength(3);
      expect(template.parameters[0]).toBe("Cabinet Dupont");
      expect(template.parameters[1]).toContain(day[locale]);
      expect(template.parameters[2]).toMatch(clock[locale]);
      expect(text).toMatch(clock[locale]);
      expect(text).not.toContain(facts.reason);
      expect(text).not.toMatch(leftover);
    });

    it("writes the caller's email with subject, text and html, and leaves the reason out", () => {
      const mail = callerEmail(locale, kind, facts);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(leftover);
        expect(part).not.toContain(facts.reason);
      }
      expect(mail.subject).toContain("Cabinet Dupont");
      expect(mail.text).toMatch(clock[locale]);
      expect(mail.text).toContain(day[locale]);
      expect(mail.text).toContain("Marie Curie");
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).toMatch(clock[locale]);
    });

    it("writes the owner's email with the reason and the caller's contact details", () => {
      const mail = ownerBookingEmail(locale, kind, owner);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(leftover);
      expect(mail.subject).toContain("Marie Curie");
      expect(mail.subject).toMatch(clock[locale]);
      expect(mail.text).toContain(facts.reason);
      expect(mail.text).toContain("+33 6 11 22 33 44");
      expect(mail.text).toContain("marie@example.com");
      expect(mail.html).toContain('href="https://app.recepta.test/dashboard"');
    });
  });

  it("writes the owner's message email with the caller's words and the time of the message", () => {
    const mail = ownerMessageEmail(locale, {
      businessName: "Cabinet Dupont",
      callerName: "Jean Martin",
      callerPhone: "+33 6 99 88 77 66",
      body: "Please call me back.\nAfter 5 pm.",
      at: facts.start,
      timeZone: facts.timeZone,
      dashboardUrl: "https://app.recepta.test/dashboard",
    });
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(leftover);
    expect(mail.subject).toContain("Jean Martin");
    expect(mail.text).toContain("Please call me back.\nAfter 5 pm.");
    expect(mail.text).toMatch(clock[locale]);
    expect(mail.html).toContain("+33 6 99 88 77 66");
  });
});

describe("localized texts", () => {
  it.each(["fr", "es"] as const)("%s differs from English in every channel", (locale) => {
    for (const kind of kinds) {
      expect(callerSms(locale, kind, facts)).not.toBe(callerSms("en", kind, facts));
      expect(callerWhatsApp(locale, kind, facts).text).not.toBe(callerWhatsApp("en", kind, facts).text);
      expect(callerEmail(locale, kind, facts).subject).not.toBe(callerEmail("en", kind, facts).subject);
      expect(callerEmail(locale, kind, facts).text).not.toBe(callerEmail("en", kind, facts).text);
      expect(ownerBookingEmail(locale, kind, owner).text).not.toBe(ownerBookingEmail("en", kind, owner).text);
    }
  });

  it("reads the same instant on another business's clock", () => {
    // 08:30 UTC is 3:30 AM in New York (UTC-5 in December).
    expect(callerSms("en", "confirmation", { ...facts, timeZone: "America/New_York" })).toMatch(/3:30\sAM/);
  });

  it("writes an English date the way the business's country does: the day first from the UK", () => {
    const london = { ...facts, timeZone: "Europe/London" };
    // (Intl writes "Tuesday, 1 December 2026" or "Tuesday 1 December 2026", by its version.)
    expect(callerSms("en", "confirmation", london)).toMatch(/confirmed for Tuesday,? 1 December 2026 at 8:30\sAM/);
    expect(callerWhatsApp("en", "confirmation", london).text).toMatch(/Tuesday,? 1 December 2026/);
    expect(callerSms("en", "confirmation", { ...facts, timeZone: "America/New_York" })).toMatch(/Tuesday, December 1, 2026/);
    // A practice in France or Spain writes its English texts as it says them: the month first.
    expect(callerSms("en", "confirmation", facts)).toMatch(/Tuesday, December 1, 2026/);
  });

  it("writes the French texts in French", () => {
    expect(callerSms("fr", "confirmation", facts)).toBe(
      "Cabinet Dupont : votre rendez-vous est confirmé le mardi 1 décembre 2026 à 09:30 (pour Marie). Une question ? Appelez le +33 1 23 45 67 89. Répondez STOP pour ne plus recevoir de messages.",
    );
  });
});

describe("html safety", () => {
  it("escapes markup in the caller's name, the reason and a message body", () => {
    const evil = '<script>alert("x")</script>';
    const caller = callerEmail("en", "confirmation", { ...facts, patientName: evil });
    const own = ownerBookingEmail("en", "confirmation", { ...owner, patientName: evil, reason: evil });
    const msg = ownerMessageEmail("en", {
      businessName: "A & B <Clinic>",
      callerName: evil,
      callerPhone: null,
      body: evil,
      at: facts.start,
      timeZone: "UTC",
      dashboardUrl: "https://app.recepta.test/dashboard",
    });
    for (const html of [caller.html, own.html, msg.html]) {
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    }
    expect(msg.html).toContain("A &amp; B &lt;Clinic&gt;");
    // The plain-text part is text: it carries the name as written.
    expect(caller.text).toContain(evil);
  });

  it("keeps a caller's text that starts with @ or holds braces as written", () => {
    const mail = ownerMessageEmail("en", {
      businessName: "Cabinet Dupont",
      callerName: "@Fields.email",
      callerPhone: null,
      body: "{business} @Api.userNotFound",
      at: facts.start,
      timeZone: "UTC",
      dashboardUrl: "https://app.recepta.test/dashboard",
    });
    expect(mail.subject).toContain("@Fields.email");
    expect(mail.text).toContain("{business} @Api.userNotFound");
  });

  it("makes no link of a non-web dashboard URL", () => {
    const mail = ownerBookingEmail("en", "confirmation", { ...owner, dashboardUrl: "javascript:alert(1)" });
    expect(mail.html).not.toContain("javascript:");
  });

  it("keeps a line break in a name out of the subject", () => {
    const mail = ownerBookingEmail("en", "confirmation", { ...owner, patientName: "Eve\r\nBcc: x@y.z" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("escapes the five HTML-special characters", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  });

  it("keeps an SMS for a very long business name under 300 characters", () => {
    const sms = callerSms("fr", "reschedule", { ...facts, businessName: "Centre Médical ".repeat(12) });
    expect(sms.length).toBeLessThan(300);
    expect(sms).toMatch(/STOP[^.]*\.$/);
  });
});

describe("phone numbers in the messages", () => {
  const stored = { ...facts, businessPhone: "+33123456789" };

  it("writes the business's number nationally for a reader of its country, internationally for another", () => {
    expect(callerSms("fr", "confirmation", { ...stored, country: "FR" })).toContain("01 23 45 67 89");
    const abroad = callerSms("en", "confirmation", { ...stored, country: "US" });
    expect(abroad).toContain("+33 1 23 45 67 89");
    expect(abroad).not.toContain("01 23 45 67 89");
    const mail = callerEmail("fr", "confirmation", { ...stored, country: "FR" });
    expect(mail.text).toContain("01 23 45 67 89");
    // The link dials from anywhere: E.164.
    expect(mail.html).toContain('<a href="tel:+33123456789" style="color:#2563eb">01 23 45 67 89</a>');
  });

  it("writes the caller's number for the owner, linked in the HTML part", () => {
    const mail = ownerBookingEmail("fr", "confirmation", { ...owner, patientPhone: "+33611223344", country: "FR" });
    expect(mail.text).toContain("06 11 22 33 44");
    expect(mail.html).toContain('href="tel:+33611223344"');
    const message = ownerMessageEmail("en", {
      businessName: "Cabinet Dupont",
      callerName: null,
      callerPhone: "+12125550142",
      body: "Call me back",
      at: facts.start,
      timeZone: "Europe/Paris",
      dashboardUrl: "https://app.recepta.test/dashboard",
      country: "FR",
    });
    expect(message.subject).toContain("+1 212 555 0142");
    expect(message.html).toContain('href="tel:+12125550142"');
  });

  it("shows a number kept as typed (never normalized) as it is, without a link", () => {
    const mail = ownerBookingEmail("en", "confirmation", { ...owner, patientPhone: "06 11 22 33 44", country: "FR" });
    expect(mail.text).toContain("06 11 22 33 44");
    expect(mail.html).not.toContain("tel:");
  });
});

describe("in a practice of several practitioners", () => {
  const withRoux = { ...facts, practitioner: "Dr Camille Roux" };

  it("names who the appointment is with in the text, the WhatsApp template, the caller's and the owner's email", () => {
    expect(callerSms("fr", "reminder", withRoux)).toContain("Avec le Dr Camille Roux.");
    expect(callerSms("es", "confirmation", withRoux)).toContain("Con el Dr Camille Roux.");
    expect(callerWhatsApp("en", "confirmation", withRoux).template.parameters[0]).toBe("Cabinet Dupont (Dr Camille Roux)");
    expect(callerEmail("en", "confirmation", withRoux).text).toMatch(/Practitioner: Dr Camille Roux/);
    expect(ownerBookingEmail("fr", "confirmation", { ...owner, practitioner: "Dr Camille Roux" }).text).toMatch(
      /Praticien : Dr Camille Roux/,
    );
  });

  it("names no one in a practice of one", () => {
    for (const locale of locales) expect(callerSms(locale, "confirmation", facts)).not.toMatch(/With|Avec|Con /);
    expect(callerEmail("en", "confirmation", facts).text).not.toContain("Practitioner");
  });
});

describe("what an appointment is for, and whose it is", () => {
  // A hair salon: Sophie Martin books a colouring for her daughter Léa, on her own mobile.
  const salon: AppointmentFacts = {
    businessName: "Salon Éclat",
    businessPhone: "+33199000100",
    businessAddress: null,
    patientName: "Léa Martin",
    start: new Date("2026-12-09T10:00:00Z"),
    end: new Date("2026-12-09T11:00:00Z"),
    timeZone: "Europe/Paris",
    reason: "racines à reprendre",
    service: "coloration",
    country: "FR",
  };
  const forSophie = { ...salon, callerName: "Sophie Martin" };
  const replies: ReplyKind[] = ["confirmed", "cancelAsk", "kept", "change", "cancelStale", "cancelExpired", "tooLate"];
  const detail: Record<Locale, { alone: string; bookedBy: string }> = {
    en: { alone: "11:00 AM (coloration, for Léa)", bookedBy: "11:00 AM (coloration, for Léa, booked by Sophie)" },
    fr: { alone: "11:00 (coloration, pour Léa)", bookedBy: "11:00 (coloration, pour Léa, pris par Sophie)" },
    es: { alone: "11:00 (coloration, para Léa)", bookedBy: "11:00 (coloration, para Léa, reservada por Sophie)" },
  };

  it.each(locales)("names the service and the patient after the time in every %s text, never the reason", (locale) => {
    for (const kind of kinds) {
      const sms = callerSms(locale, kind, salon);
      const wa = callerWhatsApp(locale, kind, salon);
      expect(sms).toContain(detail[locale].alone);
      expect(wa.text).toContain(detail[locale].alone);
      // The approved template keeps its three parameters: the time carries the rest.
      expect(wa.template.parameters).toHaveLength(3);
      expect(wa.template.parameters[2]).toBe(detail[locale].alone);
      for (const text of [sms, wa.text]) expect(text).not.toContain("racines");
    }
    for (const kind of replies) expect(callerReplyText(locale, kind, { ...salon, changeUrl: null })).not.toContain("racines");
    // The answers to a caller's text that name the appointment name it the same way.
    for (const kind of ["confirmed", "kept", "cancelAsk", "tooLate"] as const)
      expect(callerReplyText(locale, kind, salon)).toContain(detail[locale].alone);
  });

  it.each(locales)("says in %s who booked it for the patient, in the texts, the caller's email and the owner's", (locale) => {
    expect(callerSms(locale, "confirmation", forSophie)).toContain(detail[locale].bookedBy);
    expect(callerWhatsApp(locale, "reminder", forSophie).template.parameters[2]).toBe(detail[locale].bookedBy);
    expect(callerReplyText(locale, "kept", forSophie)).toContain(detail[locale].bookedBy);
    const mail = callerEmail(locale, "confirmation", forSophie);
    // Sophie reads it: she is greeted, and the appointment is Léa's.
    expect(mail.text).toMatch(/^(Hello|Bonjour|Hola,) Sophie Martin/);
    expect(mail.text).toContain(
      {
        en: "For: Léa Martin (booked by Sophie Martin)",
        fr: "Pour : Léa Martin (rendez-vous pris par Sophie Martin)",
        es: "Para: Léa Martin (cita reservada por Sophie Martin)",
      }[locale],
    );
    expect(mail.text).toContain({ en: "Service: coloration", fr: "Prestation : coloration", es: "Servicio: coloration" }[locale]);
    expect(mail.text).not.toContain("racines");
    const own = ownerBookingEmail(locale, "confirmation", {
      ...forSophie,
      patientPhone: "+33611223344",
      patientEmail: null,
      dashboardUrl: "https://x",
    });
    expect(own.text).toContain(
      { en: "Booked by: Sophie Martin", fr: "Pris par : Sophie Martin", es: "Reservada por: Sophie Martin" }[locale],
    );
    expect(own.text).toContain("racines à reprendre");
  });

  it("writes the whole text as a French caller reads it", () => {
    expect(callerSms("fr", "cancellation", forSophie)).toBe(
      "Salon Éclat : votre rendez-vous du mercredi 9 décembre 2026 à 11:00 (coloration, pour Léa, pris par Sophie) a été annulé. Une question ? Appelez le 01 99 00 01 00. Répondez STOP pour ne plus recevoir de messages.",
    );
    expect(callerSms("es", "reschedule", salon)).toBe(
      "Salon Éclat: su cita se ha cambiado al miércoles, 9 de diciembre de 2026 a las 11:00 (coloration, para Léa). ¿Alguna pregunta? Llame al 01 99 00 01 00. Responda STOP para darse de baja.",
    );
  });

  it("says nothing of a service or a booker that is not there, and a nameless booking names no one", () => {
    const plain = callerSms("en", "confirmation", { ...salon, service: null });
    expect(plain).toContain("at 11:00 AM (for Léa).");
    expect(callerSms("en", "confirmation", { ...salon, service: null, patientName: " " })).toMatch(/at 11:00 AM\. /);
    expect(callerEmail("en", "confirmation", { ...salon, service: null }).text).not.toContain("Service:");
  });

  it("keeps the WhatsApp parameters on one line, whatever the names hold", () => {
    const odd = { ...salon, patientName: "Léa\n  Martin", callerName: "Sophie\tMartin" };
    const [, , time] = callerWhatsApp("en", "confirmation", odd).template.parameters;
    expect(time).toBe("11:00 AM (coloration, for Léa, booked by Sophie)");
  });
});

describe("a text to a number of another country", () => {
  // A French practice's number, read by a UK mobile: the recipient's country is none of ours (dispatch's readerCountry
  // gives null for the UK's fictional 07700 900xxx, "GB" for a real UK number): international either way.
  const abroad: AppointmentFacts = { ...facts, businessPhone: "+33199000100" };

  it.each([null, "GB"])("gives the business's number in international form (reader's country %s)", (country) => {
    for (const locale of locales) {
      for (const text of [
        callerSms(locale, "confirmation", { ...abroad, country }),
        callerSms(locale, "reminder", { ...abroad, country }),
        callerReplyText(locale, "tooLate", { ...abroad, country }),
        callerReplyText(locale, "change", { ...abroad, country, changeUrl: null }),
        taskDoneText(locale, { businessName: "Cabinet Dupont", businessPhone: "+33199000100", country }),
        callerEmail(locale, "confirmation", { ...abroad, country }).text,
      ]) {
        expect(text).toContain("+33 1 99 00 01 00");
        // The national form, which cannot be dialled from abroad.
        expect(text).not.toContain("01 99 00 01 00");
      }
    }
    expect(callerSms("en", "confirmation", { ...abroad, country })).toContain("Questions? Call +33 1 99 00 01 00.");
  });
});

describe("the owner's email about a phone booking", () => {
  const booked = { ...owner, patientPhone: "+33611223344", country: "FR" };

  it.each(locales)("in %s, shows the number that called and the number for confirmations, each named, when they differ", (locale) => {
    const mail = ownerBookingEmail(locale, "confirmation", { ...booked, callerPhone: "+447700900123" });
    const labels = {
      en: ["Number that called: +44 7700 900123", "Number for confirmations: 06 11 22 33 44"],
      fr: ["Numéro qui a appelé : +44 7700 900123", "Numéro pour les confirmations : 06 11 22 33 44"],
      es: ["Número que llamó: +44 7700 900123", "Número para las confirmaciones: 06 11 22 33 44"],
    }[locale];
    for (const label of labels) expect(mail.text).toContain(label);
    expect(mail.html).toContain('href="tel:+447700900123"');
    expect(mail.html).toContain('href="tel:+33611223344"');
  });

  it("shows one phone when the caller rang from the number confirmed to", () => {
    const mail = ownerBookingEmail("en", "confirmation", { ...booked, callerPhone: null });
    expect(mail.text).toContain("Phone: 06 11 22 33 44");
    expect(mail.text).not.toContain("Number that called");
  });

  it("shows the number a message's caller rang from beside the one to call back on", () => {
    const mail = ownerMessageEmail("fr", {
      businessName: "Cabinet Dupont",
      callerName: "Jean Martin",
      callerPhone: "+33611223344",
      calledFrom: "+442079460123",
      body: "Rappelez-moi",
      at: facts.start,
      timeZone: "Europe/Paris",
      dashboardUrl: "https://app.recepta.test/dashboard",
      country: "FR",
    });
    expect(mail.text).toContain("Numéro qui a appelé : +44 20 7946 0123");
    expect(mail.text).toContain("Numéro à rappeler : 06 11 22 33 44");
  });
});
