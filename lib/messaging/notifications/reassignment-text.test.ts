import { describe, expect, it } from "vitest";
import { reassignmentChannels, reassignmentEmail, reassignmentSms, reassignmentWhatsApp } from "./reassignment-text";

// 16:00 UTC on a winter Thursday is 17:00 in Madrid (UTC+1).
const facts = {
  businessName: "Clínica Sol",
  businessPhone: "+34 912 345 678",
  businessAddress: null,
  patientName: "Ana García",
  start: new Date("2026-12-10T16:00:00Z"),
  end: new Date("2026-12-10T16:30:00Z"),
  timeZone: "Europe/Madrid",
  reason: "Dolor de espalda",
  practitioner: "Javier Ortega",
  manageUrl: "https://app.recepta.test/es/a/token",
};

describe("the reassignment text", () => {
  it("names the new practitioner and says the time is unchanged, in the patient's language", () => {
    expect(reassignmentSms("en", facts)).toMatch(
      /^Clínica Sol: your appointment on Thursday, December 10, 2026 at 5:00 PM \(for Ana\) is now with Javier Ortega; the time is unchanged\./,
    );
    expect(reassignmentSms("es", facts)).toMatch(
      /^Clínica Sol: su cita del jueves, 10 de diciembre de 2026 a las 17:00 .* ahora es con Javier Ortega; la hora no cambia\./,
    );
    expect(reassignmentSms("fr", facts)).toMatch(
      /votre rendez-vous du jeudi 10 décembre 2026 à 17:00 .* est désormais avec Javier Ortega ; l’heure ne change pas\./,
    );
  });

  it("never carries the reason for the visit, in any message", () => {
    for (const locale of ["en", "fr", "es"] as const) {
      const wa = reassignmentWhatsApp(locale, facts);
      const mail = reassignmentEmail(locale, facts);
      for (const text of [reassignmentSms(locale, facts), wa.text, wa.template.parameters.join(" "), mail.text, mail.html])
        expect(text).not.toContain("Dolor");
    }
  });

  it("goes as the approved WhatsApp template with the practitioner as its fourth parameter", () => {
    const wa = reassignmentWhatsApp("es", facts);
    expect(wa.template.name).toBe("appointment_practitioner_change");
    expect(wa.template.language).toBe("es_ES");
    expect(wa.template.parameters[3]).toBe("Javier Ortega");
  });
});

describe("the channel a reassignment goes by", () => {
  it("is the patient's own choice, else the channel they last wrote on, else one: SMS when the practice uses both", () => {
    expect(reassignmentChannels("whatsapp", "sms", "both")).toEqual(["whatsapp"]);
    expect(reassignmentChannels("both", null, "sms")).toEqual(["sms", "whatsapp"]);
    expect(reassignmentChannels(null, "whatsapp", "both")).toEqual(["whatsapp"]);
    expect(reassignmentChannels(null, null, "both")).toEqual(["sms"]);
    expect(reassignmentChannels(undefined, null, "whatsapp")).toEqual(["whatsapp"]);
  });
});
