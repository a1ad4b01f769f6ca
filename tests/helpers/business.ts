// A business as a call reads it (lib/accounts/business/business.ts), for the unit tests of what the assistant is and says: a
// dental practice in Paris, open Monday to Friday, entitled, with a line; each test overrides what it is about.
import type { Business } from "@/lib/accounts/business/business";

const open = { isOpen: true, openTime: "09:00", closeTime: "18:00" };
const closed = { isOpen: false, openTime: "09:00", closeTime: "18:00" };

export function testBusiness(over: Partial<Business> = {}): Business {
  return {
    userId: "8f0c7a52-5d4f-4d43-9a39-4f3d1c2b9e11",
    ownerName: "Claire Martin",
    ownerEmail: "claire@example.test",
    ownerPhone: "+33123456789",
    businessName: "Cabinet Dentaire Martin",
    businessType: "dental",
    specialty: null,
    businessAddress: "12 rue de la Paix, Paris",
    services: ["Détartrage", "Consultation"],
    workingHours: { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: closed, sunday: closed },
    appointmentDuration: "30",
    aiInstructions: null,
    timeZone: "Europe/Paris",
    locale: "fr",
    line: "+33700000001",
    servedCountries: [],
    ai: null,
    calendarConnected: true,
    entitled: true,
    recordingEnabled: true,
    selfServiceCutoffHours: 24,
    birthDateCheck: false,
    confirmationChannel: "both",
    clockFormat: null,
    reminderCalls: false,
    closures: [],
    practitioners: [
      { id: "5b2e1c9a-7f4d-4e2a-9c3b-1d2e3f4a5b6c", name: "Claire Martin", services: [], workingHours: null, calendar: null, closures: [] },
    ],
    ...over,
  };
}
