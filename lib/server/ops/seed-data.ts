// What the demo practice is: its hours, its details and its assistant, the appointments and calls it finds on first
// sign-in (French, all with fictional numbers), the message a caller left. lib/server/ops/seed.ts writes them.
import { type WorkingHours } from "@/db/schema";

export const TIME_ZONE = "Europe/Paris";
export const DAY_MS = 24 * 60 * 60 * 1000;

export const open = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
export const HOURS: WorkingHours = {
  monday: open("09:00", "18:00"),
  tuesday: open("09:00", "18:00"),
  wednesday: open("09:00", "18:00"),
  thursday: open("09:00", "18:00"),
  friday: open("09:00", "18:00"),
  saturday: open("09:00", "12:00"),
  sunday: { isOpen: false, openTime: "09:00", closeTime: "12:00" },
};

// The practice, in its owner's language. Every phone number here is fictional: 01 99 00 xx xx and 06 39 98 xx xx are
// the blocks commonly cited as set aside for fiction in France.
export const PRACTICE = {
  fullName: "Dr Claire Martin",
  phone: "+33199001234",
  businessName: "Cabinet Dentaire Martin",
  businessType: "dental",
  specialty: "dentistry",
  businessSize: "small",
  businessAddress: "12 rue de la Paix, 75002 Paris",
  serviceFrequency: "Tous les 6 mois (contrôle et détartrage)",
  services: ["Contrôle et bilan", "Détartrage", "Soin de carie", "Blanchiment", "Urgence dentaire"],
  appointmentDuration: "30",
  aiInstructions:
    "Accueillez les patients chaleureusement et vouvoyez-les. Une urgence (douleur forte, gonflement, dent cassée) " +
    "reçoit le premier créneau libre de la journée. Pour un devis (couronne, implant, orthodontie), prenez un message : " +
    "le docteur rappelle le soir même. Le cabinet est au 2e étage avec ascenseur.",
  timeZone: TIME_ZONE,
  locale: "fr" as const,
  workingHours: HOURS,
};

export const AI = {
  language: "fr" as const,
  voiceId: "voice_french_female_1" as const,
  firstMessage: "Que puis-je faire pour vous ?",
  agentName: "Camille",
};

/** The caller the Try page plays by default in France (lib/receptionist/simulator/try-call.ts): one demo patient is theirs. */
export const TRY_CALLER = "+33639980142";

export type DemoCall = {
  key: string;
  from: string;
  /** Where the call falls: a day (relative to today, or the day of an appointment) and a local time. */
  at: { day: number } | { appointment: string; dayOffset: number };
  time: string;
  seconds: number;
  endedReason: "customer-ended-call" | "assistant-ended-call";
  outcome: "booked" | "message" | "no_action";
  summary: string;
  transcript: string[];
};

export type DemoAppointment = {
  key: string;
  /** Open days from today: negative in the past, positive ahead. */
  openDay: number;
  time: string;
  name: string;
  phone: string;
  email: string | null;
  reason: string;
  source: "phone" | "dashboard";
  call?: string;
};

export const APPOINTMENTS: DemoAppointment[] = [
  {
    key: "past-1",
    openDay: -5,
    time: "09:30",
    name: "Lucas Bernard",
    phone: "+33639980101",
    email: null,
    reason: "Détartrage",
    source: "phone",
    call: "call-1",
  },
  {
    key: "past-2",
    openDay: -3,
    time: "14:00",
    name: "Emma Petit",
    phone: "+33639980102",
    email: "emma.petit@example.com",
    reason: "Contrôle annuel",
    source: "dashboard",
  },
  {
    key: "past-3",
    openDay: -1,
    time: "11:00",
    name: "Hugo Moreau",
    phone: "+33639980103",
    email: null,
    reason: "Douleur à une molaire",
    source: "phone",
    call: "call-2",
  },
  {
    key: "next-1",
    openDay: 2,
    time: "15:00",
    name: "Jeanne Dupont",
    phone: TRY_CALLER,
    email: null,
    reason: "Contrôle et bilan",
    source: "phone",
    call: "call-3",
  },
  {
    key: "next-2",
    openDay: 3,
    time: "09:00",
    name: "Léa Garnier",
    phone: "+33639980104",
    email: "lea.garnier@example.com",
    reason: "Blanchiment",
    source: "dashboard",
  },
  {
    key: "next-3",
    openDay: 5,
    time: "16:30",
    name: "Thomas Roux",
    phone: "+33639980105",
    email: null,
    reason: "Soin de carie",
    source: "dashboard",
  },
];

export const CALLS: DemoCall[] = [
  {
    key: "call-1",
    from: "+33639980101",
    at: { appointment: "past-1", dayOffset: -4 },
    time: "10:05",
    seconds: 104,
    endedReason: "customer-ended-call",
    outcome: "booked",
    summary: "L'appelant a pris rendez-vous pour un détartrage.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonjour, je voudrais prendre rendez-vous pour un détartrage.",
      "AI: Bien sûr. À quel nom, s'il vous plaît ?",
      "User: Lucas Bernard.",
      "AI: Merci, monsieur Bernard. Quel jour vous conviendrait ?",
      "User: Dans quelques jours, plutôt le matin.",
      "AI: Je peux vous proposer 9 h 30 ou 10 h. Lequel préférez-vous ?",
      "User: 9 h 30.",
      "AI: C'est réservé : Lucas Bernard à 9 h 30. Une confirmation vous est envoyée par SMS. Puis-je faire autre chose pour vous ?",
      "User: Non, merci. Au revoir.",
    ],
  },
  {
    key: "call-2",
    from: "+33639980103",
    at: { appointment: "past-3", dayOffset: 0 },
    time: "08:12",
    seconds: 96,
    endedReason: "assistant-ended-call",
    outcome: "booked",
    summary: "L'appelant avait mal à une molaire : rendez-vous en urgence le jour même.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: J'ai très mal à une molaire depuis cette nuit, est-ce que le docteur peut me voir aujourd'hui ?",
      "AI: Je suis désolé. Le premier créneau libre aujourd'hui est à 11 h. Puis-je le réserver ? À quel nom ?",
      "User: Oui, Hugo Moreau.",
      "AI: C'est réservé : Hugo Moreau, aujourd'hui à 11 h. Une confirmation vous est envoyée par SMS. Autre chose ?",
      "User: Non, c'est tout, merci.",
      "AI: Merci de votre appel. Au revoir !",
    ],
  },
  {
    key: "call-3",
    from: TRY_CALLER,
    at: { day: -1 },
    time: "18:47",
    seconds: 131,
    endedReason: "customer-ended-call",
    outcome: "booked",
    summary: "L'appelant a pris rendez-vous pour un contrôle, en dehors des heures d'ouverture.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonsoir, je sais que le cabinet est fermé, mais je voudrais un rendez-vous pour un contrôle.",
      "AI: Pas de souci, je peux le prendre maintenant. À quel nom ?",
      "User: Jeanne Dupont.",
      "AI: Merci, madame Dupont. Quel jour vous arrangerait ?",
      "User: Plutôt l'après-midi, d'ici quelques jours.",
      "AI: Je peux vous proposer 15 h ou 16 h 30. Lequel préférez-vous ?",
      "User: 15 h, c'est parfait.",
      "AI: C'est réservé : Jeanne Dupont à 15 h. Une confirmation vous est envoyée par SMS. Autre chose ?",
      "User: Non merci, bonne soirée.",
    ],
  },
  {
    key: "call-4",
    from: "+33639980106",
    at: { day: -3 },
    time: "12:20",
    seconds: 78,
    endedReason: "assistant-ended-call",
    outcome: "message",
    summary: "L'appelant souhaite un devis pour une couronne et demande à être rappelé après 17 h.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonjour, c'est Marc Lefèvre. J'aimerais un devis pour une couronne.",
      "AI: Le docteur établit les devis elle-même. Je lui laisse un message pour qu'elle vous rappelle. Quand êtes-vous joignable ?",
      "User: Après 17 h, sur ce numéro.",
      "AI: C'est noté : le docteur vous rappellera après 17 h. Autre chose ?",
      "User: Non, merci.",
      "AI: Merci de votre appel. Au revoir !",
    ],
  },
  {
    key: "call-5",
    from: "+33639980107",
    at: { day: -2 },
    time: "09:41",
    seconds: 42,
    endedReason: "customer-ended-call",
    outcome: "no_action",
    summary: "L'appelant voulait connaître les horaires d'ouverture du samedi.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonjour, vous êtes ouverts le samedi ?",
      "AI: Oui, le cabinet est ouvert le samedi de 9 h à 12 h. Souhaitez-vous prendre rendez-vous ?",
      "User: Non, je rappellerai. Merci.",
    ],
  },
];

export const MESSAGE = {
  call: "call-4",
  name: "Marc Lefèvre",
  phone: "+33639980106",
  body: "Souhaite un devis pour une couronne. À rappeler après 17 h.",
};

/** A patient with an appointment to come asks a question by text: the inbox has something to answer. */
export const PATIENT_TEXT = {
  phone: "+33639980104",
  minutesAgo: 45,
  body: "Bonjour, le blanchiment est-il pris en charge par ma mutuelle\u00a0? Et combien de temps dure la séance\u00a0? Merci, Léa Garnier",
};

/** Every number the demo shows: the practice's, its patients' and callers', the Try page's caller. */
export const DEMO_PHONES: string[] = [
  ...new Set([PRACTICE.phone, TRY_CALLER, ...APPOINTMENTS.map((a) => a.phone), ...CALLS.map((c) => c.from), MESSAGE.phone]),
];
