// The Try page's suggestions: what a caller can say next to the sandbox conversation engine. The page runs this file in
// the browser, so it stays pure: types only from the server's side (the dependency check follows its imports).
import type { CallLanguage } from "@/lib/accounts/business/business";
import { personName } from "@/lib/platform/format/person-name";

/** What the Try page knows of the business to suggest its own words: its type, its practitioners and its services. */
export type TryBusiness = { type: string | null; practitioners: string[]; services: string[] };

/**
 * What a caller can say next to the sandbox conversation engine, in the call's language (not the dashboard's: an English
 * dashboard can try a French receptionist): the answers to what the receptionist just asked (the conversation's stage),
 * in the business's own terms: a reason for the visit from its services (else one that fits its type), and, in a
 * practice of several, an appointment with one of its practitioners on a part of a day. They are the caller's words, so
 * they live here beside the engine's vocabulary (hearing.ts, which their test holds them to) rather than in the
 * interface's message catalogues. None for the checks of a caller's identity: those are the caller's own numbers and
 * codes to type.
 */
export function suggestionsFor(language: CallLanguage, stage: string, business: TryBusiness): string[] {
  const p = PHRASES[language];
  // The last practitioner added: in a practice of several, usually not the owner, whose agenda is the default.
  const someone = business.practitioners.length > 1 ? business.practitioners.at(-1)!.trim() : null;
  const withSomeone = someone ? [p.bookWith(personName(someone, language))] : [];
  switch (stage) {
    case "intent":
      return [p.book, ...withSomeone, p.move, p.cancel, p.message];
    case "name":
      return [p.name];
    case "reason":
      return [business.services.find((x) => x.trim())?.trim() ?? p.reasons[business.type ?? ""] ?? p.reasons.medical!];
    case "birthDate":
      return [p.birthDate];
    case "email":
      return [p.no, p.email];
    case "day":
      return [p.tomorrow, p.tomorrowAfternoon, p.nextMonday, ...(someone ? [p.dayWith(personName(someone, language))] : [])];
    case "choose":
    case "whichAppointment":
      return [p.first, p.second];
    case "confirm":
    case "confirmCancel":
      return [p.yes, p.no];
    case "urgent":
      // The answer to the trade's warning-sign question: no (the earliest time is looked for) or yes (an emergency).
      return [p.no, p.yes];
    case "country":
      return [p.country];
    case "transferWhat":
      return [p.about];
    case "message":
      return [p.messageText];
    case "anything":
      return [p.done, p.book];
    default:
      return [];
  }
}

type Phrases = {
  book: string;
  move: string;
  cancel: string;
  message: string;
  /** A booking with one of the practitioners (their name as a sentence says it) on a part of a day. */
  bookWith: (who: string) => string;
  /** The day, its part and whom, as an answer to "which day?". */
  dayWith: (who: string) => string;
  /** A caller's name as one is in the language (never a famous one). */
  name: string;
  /** By business type; "medical" also stands for a business that has not said its type. */
  reasons: Record<string, string>;
  birthDate: string;
  email: string;
  tomorrow: string;
  tomorrowAfternoon: string;
  nextMonday: string;
  first: string;
  second: string;
  yes: string;
  no: string;
  messageText: string;
  done: string;
  /** Where a number given in national form is from, when the receptionist asks. */
  country: string;
  /** What a call is about, when the receptionist asks before putting the caller through. */
  about: string;
};

const PHRASES: Record<CallLanguage, Phrases> = {
  en: {
    book: "I'd like to book an appointment",
    move: "I need to move my appointment",
    cancel: "I'd like to cancel my appointment",
    message: "I'd like to leave a message",
    bookWith: (who) => `I'd like an appointment with ${who} on Thursday afternoon`,
    dayWith: (who) => `Thursday afternoon with ${who}`,
    name: "Emma Wilson",
    reasons: {
      medical: "A check-up",
      dental: "A cleaning",
      restaurant: "Dinner for two",
      beauty: "A haircut",
      fitness: "A personal training session",
      consultancy: "A first meeting",
      legal: "A first consultation",
      accounting: "My tax return",
      real_estate: "A flat viewing",
      hotel: "A room for two nights",
      education: "A trial lesson",
      retail: "Picking up an order",
    },
    birthDate: "12 March 1985",
    email: "emma.wilson@example.com",
    tomorrow: "Tomorrow",
    tomorrowAfternoon: "Tomorrow afternoon",
    nextMonday: "Monday morning",
    first: "The first one",
    second: "The second one",
    yes: "Yes",
    no: "No",
    messageText: "Please call me back about my bill",
    done: "No, that's all",
    country: "It's a UK number",
    about: "It's about my bill",
  },
  fr: {
    book: "Je voudrais prendre rendez-vous",
    move: "Je dois déplacer mon rendez-vous",
    cancel: "Je voudrais annuler mon rendez-vous",
    message: "Je voudrais laisser un message",
    bookWith: (who) => `Je voudrais un rendez-vous avec ${who} jeudi après-midi`,
    dayWith: (who) => `Jeudi après-midi avec ${who}`,
    name: "Louise Bernard",
    reasons: {
      medical: "Un contrôle",
      dental: "Un détartrage",
      restaurant: "Un dîner pour deux",
      beauty: "Une coupe",
      fitness: "Une séance de coaching",
      consultancy: "Un premier échange",
      legal: "Une première consultation",
      accounting: "Ma déclaration d'impôts",
      real_estate: "Une visite d'appartement",
      hotel: "Une chambre pour deux nuits",
      education: "Un cours d'essai",
      retail: "Retirer une commande",
    },
    birthDate: "12 mars 1985",
    email: "louise.bernard@example.com",
    tomorrow: "Demain",
    tomorrowAfternoon: "Demain après-midi",
    nextMonday: "Lundi matin",
    first: "Le premier",
    second: "Le deuxième",
    yes: "Oui",
    no: "Non",
    messageText: "Rappelez-moi au sujet de ma facture",
    done: "Non, merci",
    country: "C'est un numéro anglais",
    about: "C'est au sujet de ma facture",
  },
  es: {
    book: "Quisiera pedir una cita",
    move: "Necesito cambiar mi cita",
    cancel: "Quisiera cancelar mi cita",
    message: "Quisiera dejar un recado",
    bookWith: (who) => `Quisiera una cita con ${who} el jueves por la tarde`,
    dayWith: (who) => `El jueves por la tarde con ${who}`,
    name: "Carmen López",
    reasons: {
      medical: "Una revisión",
      dental: "Una limpieza",
      restaurant: "Una cena para dos",
      beauty: "Un corte de pelo",
      fitness: "Una sesión de entrenamiento",
      consultancy: "Una primera reunión",
      legal: "Una primera consulta",
      accounting: "Mi declaración de la renta",
      real_estate: "Ver un piso",
      hotel: "Una habitación para dos noches",
      education: "Una clase de prueba",
      retail: "Recoger un pedido",
    },
    birthDate: "12 de marzo de 1985",
    email: "carmen.lopez@example.com",
    tomorrow: "Mañana",
    tomorrowAfternoon: "Mañana por la tarde",
    nextMonday: "El lunes por la mañana",
    first: "La primera",
    second: "La segunda",
    yes: "Sí",
    no: "No",
    messageText: "Llámenme por lo de mi factura",
    done: "No, gracias",
    country: "Es un número del Reino Unido",
    about: "Es por una factura",
  },
};
