import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/platform/i18n/routing";
import {
  type AppointmentFacts,
  callerEmail,
  callerSms,
  callerWhatsApp,
  escapeHtml,
  type Kind,
  ownerBookingEmail,
  ownerMessageEmail,
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

  it("writes the French texts in French", () => {
    expect(callerSms("fr", "confirmation", facts)).toBe(
      "Cabinet Dupont : votre rendez-vous est confirmé le mardi 1 décembre 2026 à 09:30. Une question ? Appelez le +33 1 23 45 67 89. Répondez STOP pour ne plus recevoir de messages.",
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
    expect(callerSms("fr", "reminder", withRoux)).toContain("Avec Dr Camille Roux.");
    expect(callerSms("es", "confirmation", withRoux)).toContain("Con Dr Camille Roux.");
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
