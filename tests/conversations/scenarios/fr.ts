// French calls to Cabinet Martin (Europe/Paris; the clock reads mardi 8 juin 2027, 14:00).
import type { Scenario } from "../types";
import { CALLER_AND_OWNER, NO_DOSE, OWNER_ONLY, standIn, toNumber, WINNER_AND_OWNER } from "./common";

const NO_BOOKING = { tools: { notCalled: ["book_appointment"] } };
const speakFrench = "You speak French.";
const hangUpWhenDone = "Once it is done, thank them and end the call.";

export const fr: Scenario[] = [
  {
    id: "fr-rdv-demain-10h",
    language: "fr",
    title: "Rendez-vous demain à 10h, dit dès la première phrase : le jour n'est pas redemandé",
    covers: ["book-tomorrow", "date-in-first-sentence"],
    calls: [
      {
        from: "+33612345001",
        script: [
          "Bonjour, je voudrais un rendez-vous demain à 10h",
          "Je m'appelle Louis Pasteur",
          "Un contrôle",
          "non merci",
          "oui",
          "non merci, au revoir",
        ],
        persona: `Louis Pasteur, a patient. ${speakFrench} The number you call from is your mobile.`,
        goal: `Book a check-up ("un contrôle") tomorrow at 10:00; say it in your first sentence. No email. Confirm the read-back. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /Louis Pasteur/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      tools: { called: ["check_availability", "book_appointment"] },
      notSay: [{ re: /quel (autre )?jour/i, why: "le jour a déjà été donné" }],
    },
  },
  {
    id: "fr-rdv-aujourdhui",
    language: "fr",
    title: "Rendez-vous aujourd'hui, plus tard dans l'après-midi",
    covers: ["book-today"],
    calls: [
      {
        from: "+33612345002",
        script: ["Est-ce que je peux venir aujourd'hui ?", "Marie Dubois", "Une douleur au genou", "non", "le premier", "oui", "non merci"],
        persona: `Marie Dubois, whose knee hurts. ${speakFrench}`,
        goal: `Get an appointment today, the first time offered. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+0", between: ["15:00", "18:00"], phone: "caller", name: /Marie Dubois/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-rdv-jeudi-email",
    language: "fr",
    title: "Rendez-vous un jour de semaine (jeudi), deuxième créneau, confirmation par e-mail",
    covers: ["book-weekday"],
    calls: [
      {
        from: "+33612345003",
        script: [
          "Je voudrais prendre rendez-vous",
          "Jean Moulin",
          "Un certificat médical",
          "jean.moulin@example.com",
          "jeudi",
          "le deuxième",
          "oui",
          "non merci",
        ],
        persona: `Jean Moulin, who needs a medical certificate. Email: jean.moulin@example.com. ${speakFrench}`,
        goal: `Book on Thursday (this week), the second time offered; you want the confirmation by email too. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", phone: "caller", name: /Jean Moulin/ }],
      outbox: [...CALLER_AND_OWNER, { channel: "email", to: "jean.moulin@example.com" }],
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-rdv-17-juin",
    language: "fr",
    title: "Rendez-vous à une date précise (le 17 juin)",
    covers: ["book-date", "date-in-first-sentence"],
    calls: [
      {
        from: "+33612345004",
        script: [
          "Bonjour, un rendez-vous le 17 juin, c'est possible ?",
          "Simone Veil",
          "Un bilan",
          "non",
          "le premier",
          "oui",
          "c'est tout, merci",
        ],
        persona: `Simone Veil. ${speakFrench}`,
        goal: `Book on June 17 ("le 17 juin"), the earliest time that day, for a check-up ("un bilan"). No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-06-17", at: "09:00", phone: "caller", name: /Simone Veil/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-rdv-demain-matin",
    language: "fr",
    title: "Rendez-vous demain matin (un moment de la journée)",
    covers: ["book-part-of-day", "book-tomorrow"],
    calls: [
      {
        from: "+33612345005",
        script: ["Je voudrais un rendez-vous demain matin", "Albert Camus", "Une consultation", "non", "le dernier", "oui", "non merci"],
        persona: `Albert Camus, free only in the morning. ${speakFrench}`,
        goal: `Book tomorrow morning (before noon); take the latest morning time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", between: ["09:00", "12:00"], phone: "caller", name: /Albert Camus/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-journee-complete",
    language: "fr",
    title: "Jeudi est complet : le jour libre suivant est proposé",
    covers: ["full-day", "full-day-said", "book-weekday"],
    setup: [{ fillDay: { on: "+2" } }],
    calls: [
      {
        from: "+33612345006",
        script: ["Je voudrais un rendez-vous jeudi", "Émile Zola", "Un contrôle", "non", "le premier", "oui", "non merci"],
        persona: `Émile Zola. ${speakFrench}`,
        goal: `Ask for Thursday. If Thursday is full, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /c'est complet/i, driver: "standin", why: "dit que le jour est complet" }],
      notSay: [{ re: /au plus tôt/i, why: "le plus tôt serait aujourd'hui : ce n'est pas dit des créneaux de vendredi" }],
    },
  },
  {
    id: "fr-hors-horaires-dimanche",
    language: "fr",
    title: "Dimanche, le cabinet est fermé : lundi est proposé",
    covers: ["out-of-hours"],
    calls: [
      {
        from: "+33612345007",
        script: ["Je voudrais un rendez-vous dimanche", "Victor Hugo", "Une visite", "non", "le premier", "oui", "non merci"],
        persona: `Victor Hugo, who would like Sunday. ${speakFrench}`,
        goal: `Ask for Sunday. If they are closed, take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", at: "09:00", phone: "caller", notOn: ["+5"] }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-agenda-bloque",
    language: "fr",
    title: "L'après-midi de demain est pris dans l'agenda : l'après-midi libre suivant est réservé",
    covers: ["calendar-block", "book-part-of-day"],
    setup: [{ calendarBlock: { on: "+1", from: "12:00", to: "18:00", summary: "Réunion" } }],
    calls: [
      {
        from: "+33612345008",
        script: [
          "Un rendez-vous demain après-midi, s'il vous plaît",
          "Colette Renard",
          "Un vaccin",
          "non",
          "le premier",
          "oui",
          "non merci",
        ],
        persona: `Colette Renard, free only in the afternoons. ${speakFrench}`,
        goal: `Ask for tomorrow afternoon. If it is not possible, take the earliest afternoon time they offer another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", between: ["12:00", "17:00"], phone: "caller", notOn: ["+1"] }],
      calendarEvents: 2,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-deplacer-lundi",
    language: "fr",
    title: "Déplace son rendez-vous à lundi, dit dès la première phrase",
    covers: ["reschedule", "date-in-first-sentence"],
    setup: [{ appointment: { on: "+3", at: "10:00", name: "Marcel Proust", phone: "+33612345009" } }],
    calls: [
      {
        from: "+33612345009",
        script: ["Bonjour, je voudrais déplacer mon rendez-vous à lundi", "le premier", "oui", "non merci"],
        persona: `Marcel Proust. You have an appointment on Friday at 10:00, booked from this phone. ${speakFrench}`,
        goal: `Move it to next Monday, the earliest time they offer. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", at: "09:00", phone: "caller", name: /Marcel Proust/ }],
      calendarEvents: 1,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "rescheduled" }],
      tools: { called: ["reschedule_appointment"], notCalled: ["book_appointment", "cancel_appointment"] },
    },
  },
  {
    id: "fr-annuler",
    language: "fr",
    title: "Annule son rendez-vous",
    covers: ["cancel"],
    setup: [{ appointment: { on: "+2", at: "16:00", name: "Coco Chanel", phone: "+33612345010" } }],
    calls: [
      {
        from: "+33612345010",
        script: ["Je voudrais annuler mon rendez-vous", "oui", "non merci"],
        persona: `Coco Chanel. You have an appointment on Thursday at 16:00, booked from this phone. ${speakFrench}`,
        goal: `Cancel it; you do not want another one. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "16:00", status: "cancelled" }],
      calendarEvents: 0,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "cancelled" }],
    },
  },
  {
    id: "fr-annuler-autre-numero",
    language: "fr",
    title: "Une annulation demandée depuis un autre numéro est refusée : rien n'est annulé",
    covers: ["cancel-other-number"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Édith Piaf", phone: "+33611111111" } }],
    calls: [
      {
        from: "+33622222222",
        script: ["Bonjour, je voudrais annuler mon rendez-vous de jeudi", "non merci, au revoir"],
        persona: `Someone calling about Édith Piaf's appointment on Thursday at 11:00, from a phone that is not hers. ${speakFrench}`,
        goal: "Ask to cancel the appointment of Thursday at 11:00 for Édith Piaf. If they cannot find it for this number, accept it, say goodbye and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+33611111111", status: "booked" }],
      calendarEvents: 1,
      outbox: [],
      calls: [{ outcome: "no_action" }],
    },
  },
  {
    id: "fr-message",
    language: "fr",
    title: "Laisse un message pour être rappelé",
    covers: ["message"],
    calls: [
      {
        from: "+33612345011",
        script: [
          "Pouvez-vous dire au docteur de me rappeler ?",
          "Oui, c'est au sujet de mes résultats d'analyse, merci",
          "non, c'est tout",
        ],
        persona: `Paul Valéry, waiting for his blood test results. ${speakFrench}`,
        goal: `You do not want an appointment: leave a message so that the doctor calls you back about your test results ("mes résultats d'analyse"). ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/résultats/i),
      calls: [{ outcome: "message" }],
      tools: { called: ["take_message"], notCalled: ["book_appointment"] },
    },
  },
  {
    id: "fr-urgence",
    language: "fr",
    title: "Mots d'urgence : le numéro d'urgence est donné, rien n'est réservé",
    covers: ["emergency"],
    calls: [
      {
        from: "+33612345012",
        script: ["J'ai une douleur à la poitrine et je respire mal", "d'accord, au revoir"],
        persona: `A caller with sudden chest pain who breathes badly. ${speakFrench}`,
        goal: "Say you have chest pain and breathe badly, and ask for an appointment. Once they tell you what to do, say okay and end the call.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action", endedReason: "assistant-ended-call" }],
      tools: { notCalled: ["book_appointment", "check_availability"] },
      say: [{ re: /\b(15|112)\b/, why: "le numéro d'urgence en France" }],
    },
  },
  {
    id: "fr-conseil-medical",
    language: "fr",
    title: "Demande quel médicament prendre : aucun conseil, un message est proposé et pris",
    covers: ["medical-advice"],
    calls: [
      {
        from: "+33612345013",
        script: [
          "Quel médicament dois-je prendre pour ma fièvre ?",
          "Oui, dites au docteur de me rappeler pour ma fièvre",
          "non, c'est tout",
        ],
        persona: `Jeanne Moreau, who has had a fever since yesterday. ${speakFrench}`,
        goal: `Ask which medicine you should take for your fever. Do not book; if they offer to pass a message, ask for the doctor to call you back about your fever. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/fièvre/i),
      calls: [{ outcome: "message" }],
      ...NO_BOOKING,
      notSay: [NO_DOSE, { re: /\b(parac[eé]tamol|doliprane|ibuprof[eè]ne)\b/i, why: "aucun médicament conseillé" }],
      say: [standIn("fr", "Simulator.noAdvice", "refuse le conseil médical")],
    },
  },
  {
    id: "fr-transfert",
    language: "fr",
    title: "Demande à parler à quelqu'un : transféré au cabinet",
    covers: ["transfer"],
    business: { ownerPhone: "+33612345678" },
    calls: [
      {
        from: "+33612345014",
        script: ["Je voudrais parler à quelqu'un, s'il vous plaît"],
        persona: `A caller who wants to talk to a person. ${speakFrench}`,
        goal: "Ask to speak to someone at the practice (a human). Insist politely if needed. Do not book anything.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "assistant-forwarded-call" }], ...NO_BOOKING },
  },
  {
    id: "fr-parler-au-docteur-sans-transfert",
    language: "fr",
    title: "Demande le docteur sans transfert possible : un message est pris",
    covers: ["person-without-transfer"],
    calls: [
      {
        from: "+33612345015",
        script: ["Je voudrais parler au docteur Martin", "Dites-lui de me rappeler au sujet de mon ordonnance", "non merci"],
        persona: `Sophie Marceau, with a question about her prescription ("mon ordonnance"). ${speakFrench}`,
        goal: `Ask to talk to Dr Martin. If you cannot, leave a message asking her to call you back about your prescription. ${hangUpWhenDone}`,
      },
    ],
    expect: { appointments: [], outbox: OWNER_ONLY(/ordonnance/i), calls: [{ outcome: "message" }], ...NO_BOOKING },
  },
  {
    id: "fr-numero-national",
    language: "fr",
    title: "Donne « 06 98 76 54 32 » au lieu du motif : le rendez-vous et le SMS utilisent +33698765432",
    covers: ["national-number", "phone-not-reason"],
    calls: [
      {
        from: "+33612345016",
        script: [
          "Bonjour, je voudrais un rendez-vous vendredi",
          "Claire Fontaine",
          "06 98 76 54 32",
          "Une consultation",
          "non",
          "le premier",
          "oui",
          "non merci",
        ],
        persona: `Claire Fontaine. You call from a landline; your mobile, for the texts, is 06 98 76 54 32 (say it this way, in French). ${speakFrench}`,
        goal: `Book on Friday, the earliest time, for a consultation. Make sure the confirmation goes to your mobile 06 98 76 54 32, not to the number you call from. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "09:00", phone: "+33698765432", reason: /consultation/i }],
      outbox: toNumber("+33698765432"),
      calls: [{ outcome: "booked" }],
      say: [standIn("fr", "Simulator.askReasonAgain", "redemande le motif après le numéro")],
    },
  },
  {
    id: "fr-silence-puis-rdv",
    language: "fr",
    title: "Un silence d'abord (relance), puis un rendez-vous normal",
    covers: ["silence", "book-tomorrow", "date-in-first-sentence"],
    calls: [
      {
        from: "+33612345017",
        script: ["", "Je voudrais un rendez-vous demain à 9h", "Anne Frank", "Un contrôle", "non", "oui", "non merci"],
        persona: `Anne Frank, slow to start talking. ${speakFrench}`,
        goal: `Your first turn is silence: answer exactly [SILENCE] once. Then book tomorrow at 9:00 for a check-up. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: { appointments: [{ on: "+1", at: "09:00", phone: "caller" }], outbox: CALLER_AND_OWNER, calls: [{ outcome: "booked" }] },
  },
  {
    id: "fr-silence",
    language: "fr",
    title: "Personne ne parle : relances, puis l'appel se termine sur le silence",
    covers: ["silence"],
    calls: [
      {
        from: "+33612345018",
        script: ["", "", ""],
        persona: `A caller whose line went quiet. ${speakFrench}`,
        goal: "Say nothing at all, every turn.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "silence-timed-out" }], ...NO_BOOKING },
  },
  {
    id: "fr-change-d-avis",
    language: "fr",
    title: "Change d'avis à la relecture (non, plutôt jeudi) : réservé jeudi seulement",
    covers: ["change-of-mind"],
    calls: [
      {
        from: "+33612345019",
        script: [
          "Je voudrais un rendez-vous demain à 11h",
          "Paul Éluard",
          "Un suivi",
          "non",
          "non, plutôt jeudi",
          "le premier",
          "oui",
          "non merci",
        ],
        persona: `Paul Éluard, who hesitates. ${speakFrench}`,
        goal: `Ask for tomorrow at 11:00. When they read the details back, change your mind: "Non, plutôt jeudi." Take the earliest time on Thursday. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller", name: /Paul Éluard/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "fr-deux-appelants",
    language: "fr",
    title: "Deux appelants veulent vendredi à 15h en même temps : un seul rendez-vous",
    covers: ["two-callers"],
    calls: [
      {
        from: "+33612345061",
        script: ["Je voudrais un rendez-vous vendredi à 15h", "Jules Verne", "Un contrôle", "non", "oui", "non, c'est tout"],
        persona: `Jules Verne. ${speakFrench}`,
        goal: "Book Friday at 15:00 exactly. If 15:00 is taken or not offered, do not take another time: say goodbye and end the call. No email.",
      },
      {
        from: "+33612345062",
        script: ["Je voudrais un rendez-vous vendredi à 15h", "George Sand", "Un contrôle", "non", "oui", "non, c'est tout"],
        persona: `George Sand. ${speakFrench}`,
        goal: "Book Friday at 15:00 exactly. If 15:00 is taken or not offered, do not take another time: say goodbye and end the call. No email.",
      },
    ],
    expect: {
      outbox: WINNER_AND_OWNER,
      appointments: [{ on: "+3", at: "15:00" }],
      calls: [{ outcome: "booked" }, { outcome: "no_action" }],
      say: [standIn("fr", "Receptionist.slotTaken", "le second appelant apprend que l'heure vient d'être prise")],
    },
  },
  {
    id: "fr-accueil-bonjour",
    language: "fr",
    title: "Un accueil du cabinet qui commence par « Bonjour » : un seul bonjour à l'ouverture",
    covers: ["opening"],
    business: { greeting: "Bonjour, que puis-je faire pour vous ?", agentName: "Léa" },
    calls: [
      {
        from: "+33612345020",
        script: ["Rien, merci, au revoir"],
        persona: `A caller who dialled by mistake. ${speakFrench}`,
        goal: "Say you dialled by mistake, apologise and end the call.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      say: [
        { re: /assistant(e)? virtuel/i, turn: "opening", why: "la mention d'un assistant virtuel" },
        { re: /Cabinet Martin/, turn: "opening", why: "le nom du cabinet" },
      ],
    },
  },
  {
    id: "fr-annuler-apres-code",
    language: "fr",
    title: "Une annulation depuis un autre téléphone aboutit une fois lu le code envoyé au numéro du rendez-vous",
    covers: ["cancel-verified"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Édith Piaf", phone: "+33611111114" } }],
    calls: [
      {
        from: "+33622222298",
        holds: "+33611111114",
        script: [
          "Bonjour, je voudrais annuler mon rendez-vous de jeudi",
          "Il a été pris avec mon portable, le 06 11 11 11 14",
          "{code}",
          "oui",
          "non merci, au revoir",
        ],
        persona: `Édith Piaf, calling from a friend's phone. Her appointment on Thursday at 11:00 was booked with her mobile, 06 11 11 11 14, which she has with her. ${speakFrench}`,
        goal: `Cancel your Thursday appointment. If asked, give the mobile number it was booked with, and read out the code texted to it. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+33611111114", status: "cancelled" }],
      calendarEvents: 0,
      outbox: [{ channel: "sms", to: "+33611111114", body: /votre code est \d{6}/ }, ...toNumber("+33611111114")],
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["send_verification_code", "verify_code", "cancel_appointment"] },
    },
  },
  {
    id: "fr-annuler-date-de-naissance",
    language: "fr",
    title: "Sans le portable du rendez-vous, l'annulation aboutit une fois le nom et la date de naissance vérifiés",
    covers: ["cancel-birth-date"],
    business: { birthDateCheck: true },
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Marie-Hélène Dupont", phone: "+33611111115", birthDate: "1962-11-02" } }],
    calls: [
      {
        from: "+33145678999",
        script: [
          "Bonjour, je voudrais annuler mon rendez-vous de jeudi",
          "Il a été pris avec mon portable, le 06 11 11 11 15, mais je n'ai pas mon portable sur moi",
          "Marie-Hélène Dupont, née le 2 novembre 1962",
          "oui",
          "non merci, au revoir",
        ],
        persona: `Marie-Hélène Dupont, calling from her landline at home. Her appointment on Thursday at 11:00 was booked with her mobile, 06 11 11 11 15, which she does not have with her (she cannot read texts sent to it). She was born on 2 November 1962. ${speakFrench}`,
        goal: `Cancel your Thursday appointment. If asked, give the mobile number it was booked with and say you do not have that phone with you; give your full name and date of birth if asked. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+33611111115", status: "cancelled" }],
      calendarEvents: 0,
      outbox: toNumber("+33611111115"),
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["verify_identity", "cancel_appointment"], notCalled: ["send_verification_code"] },
    },
  },
  {
    id: "fr-ferme-pour-conges",
    language: "fr",
    title: "Le cabinet est fermé jeudi pour congés : l'appelant l'apprend et prend le jour ouvert suivant",
    covers: ["closure"],
    setup: [{ closure: { from: "+2", to: "+2", reason: "congés" } }],
    calls: [
      {
        from: "+33612345017",
        script: ["Je voudrais un rendez-vous jeudi", "Émile Zola", "Un contrôle", "non", "le premier", "oui", "non merci"],
        persona: `Émile Zola. ${speakFrench}`,
        goal: `Ask for Thursday. If they are closed, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /congés/i, why: "dit pourquoi jeudi est fermé" }],
    },
  },
  {
    id: "fr-tarif-cherche",
    language: "fr",
    title: "Une grille de tarifs trop longue pour les instructions : le détartrage est cherché, son prix est dit",
    covers: ["price-known"],
    setup: [{ knowledge: { kind: "price", title: "Détartrage", details: "60 euros, remboursé par l'Assurance maladie", many: 30 } }],
    calls: [
      {
        from: "+33612345081",
        script: ["Combien coûte un détartrage ?", "non merci"],
        persona: "Claire Petit, who wants her teeth scaled.",
        goal: `Ask how much a scaling (détartrage) costs. Once you have the price, say that is all and end the call.`,
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      tools: { called: ["lookup_info"], notCalled: ["book_appointment"] },
      say: [{ re: /60 euros/i, why: "le tarif du cabinet" }],
    },
  },
  {
    id: "fr-tarif-inconnu",
    language: "fr",
    title: "Un tarif que le cabinet n'a pas donné : « je ne sais pas », un message proposé et pris, aucun prix inventé",
    covers: ["price-unknown"],
    setup: [{ knowledge: { kind: "price", title: "Consultation", details: "30 euros" } }],
    calls: [
      {
        from: "+33612345082",
        script: [
          "Quel est le prix d'un blanchiment des dents ?",
          "Oui, dites au docteur de me rappeler pour le blanchiment, c'est Julie Martin",
          "non, c'est tout",
        ],
        persona: "Julie Martin, thinking about teeth whitening.",
        goal: `Ask the price of teeth whitening. If they cannot tell you, accept their offer of a message: the doctor should call you back about whitening. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/blanchiment/i),
      calls: [{ outcome: "message" }],
      tools: { called: ["take_message"], notCalled: ["book_appointment"] },
      say: [standIn("fr", "Receptionist.lookupNothing", "dit ne pas savoir et propose un message")],
      notSay: [{ re: /\b\d+\s?(euros?|€|\$|dollars?)/i, why: "no price the owner did not give" }],
    },
  },
  // --- Ce qu'un petit modèle lirait à la lettre : chaque heure avec son jour, les jours fermés dits, les mots de l'entreprise. ---
  {
    id: "fr-ferme-dimanche",
    language: "fr",
    title: "Demande dimanche (fermé chaque semaine) : on le lui dit, et on propose lundi, chaque heure avec son jour",
    covers: ["closed-weekday"],
    calls: [
      {
        from: "+33612346001",
        script: ["Je voudrais un rendez-vous dimanche", "Amélie Poulain", "Un contrôle", "non", "le premier", "oui", "non merci"],
        persona: `Amélie Poulain, free at weekends. ${speakFrench}`,
        goal: `Ask for Sunday. If they are closed, take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /fermés le dimanche/i, why: "un jour fermé chaque semaine est dit fermé" }],
      notSay: [{ re: /plus de place|c'est complet/i, why: "dimanche est fermé, pas complet" }],
    },
  },
  {
    id: "fr-fermeture-a-une-heure",
    language: "fr",
    title: "Demande demain à 10 h un jour de formation : la fermeture et sa raison sont dites, puis les heures proches avec leur jour",
    covers: ["closure-time", "closure"],
    setup: [{ closure: { from: "+1", to: "+1", reason: "formation" } }],
    calls: [
      {
        from: "+33612346002",
        script: [
          "Est-ce que je peux venir demain à 10 h ?",
          "Nino Quincampoix",
          "Un contrôle",
          "non",
          "jeudi à 9 h s'il vous plaît",
          "oui",
          "non merci",
        ],
        persona: `Nino Quincampoix, who prefers mornings. ${speakFrench}`,
        goal: `Ask for tomorrow at 10. If they are closed, take Thursday at 9 in the morning if they offer it. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /fermés mercredi 9 juin \(formation\)/i, why: "dit la fermeture et sa raison, pour une heure ce jour-là" }],
      notSay: [{ re: /ce n'est pas libre/i, why: "un jour fermé est fermé, pas occupé" }],
    },
  },
  {
    id: "fr-le-soir-apres-la-fermeture",
    language: "fr",
    title: "Demande demain soir dans un cabinet qui ferme à 17 h : l'heure de fermeture et les dernières heures",
    covers: ["part-after-closing", "book-part-of-day"],
    business: {
      hours: {
        monday: { isOpen: true, openTime: "09:00", closeTime: "17:00" },
        tuesday: { isOpen: true, openTime: "09:00", closeTime: "17:00" },
        wednesday: { isOpen: true, openTime: "09:00", closeTime: "17:00" },
        thursday: { isOpen: true, openTime: "09:00", closeTime: "17:00" },
        friday: { isOpen: true, openTime: "09:00", closeTime: "17:00" },
      },
    },
    calls: [
      {
        from: "+33612346003",
        script: ["Vous avez quelque chose demain soir ?", "Lucien Bazin", "Un contrôle", "non", "le dernier", "oui", "non merci"],
        persona: `Lucien Bazin, who works until 4 PM. ${speakFrench}`,
        goal: `Ask for tomorrow evening. Take the latest time they offer tomorrow. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "16:30", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /nous fermons à 17 h/i, why: "dit l'heure de fermeture" }],
      notSay: [{ re: /plus de place|plus aucune place|c'est complet/i, why: "l'agenda est presque vide" }],
    },
  },
  {
    id: "fr-samedi-propose-vendredi",
    language: "fr",
    title: "Demande samedi à 15 h alors que le samedi est fermé : les heures proches sont celles de vendredi, et vendredi est dit",
    covers: ["other-day-named", "out-of-hours"],
    business: { hours: { saturday: { isOpen: false, openTime: "09:00", closeTime: "12:00" } } },
    calls: [
      {
        from: "+33612346004",
        script: ["Est-ce que je peux venir samedi à 15 h ?", "Georgette Lupin", "Un contrôle", "non", "le premier", "oui", "non merci"],
        persona: `Georgette Lupin, who would like the end of the week. ${speakFrench}`,
        goal: `Ask for Saturday at 3 PM. If that is not possible, take the first time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "16:30", phone: "caller", notOn: ["+4"] }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /fermés le samedi.*vendredi 11 juin à 16 h 30/i, why: "les heures proposées sont dites avec leur jour" }],
    },
  },
  {
    id: "fr-annuler-lequel",
    language: "fr",
    title: "Deux rendez-vous, une annulation : on demande lequel, seul celui de vendredi est annulé",
    covers: ["which-appointment", "cancel"],
    setup: [
      { appointment: { on: "+2", at: "11:00", name: "Raymond Dufayel", phone: "+33612346005" } },
      { appointment: { on: "+3", at: "15:00", name: "Raymond Dufayel", phone: "+33612346005" } },
    ],
    calls: [
      {
        from: "+33612346005",
        script: ["Je voudrais annuler mon rendez-vous", "celui de vendredi", "oui", "non, c'est tout"],
        persona: `Raymond Dufayel. You have two appointments, Thursday at 11 and Friday at 3 PM, both booked from this phone. ${speakFrench}`,
        goal: `Cancel your Friday appointment only; keep Thursday's. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [
        { on: "+2", at: "11:00", status: "booked" },
        { on: "+3", at: "15:00", status: "cancelled" },
      ],
      calendarEvents: 1,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "cancelled" }],
      say: [standIn("fr", "Simulator.whichAppointment", "demande de quel rendez-vous il s'agit")],
    },
  },
  {
    id: "fr-mutuelle-inconnue",
    language: "fr",
    title: "Demande une mutuelle que le cabinet n'a pas nommée : « je ne sais pas », jamais « non », et un message est pris",
    covers: ["unknown-item"],
    setup: [{ knowledge: { kind: "policy", title: "Mutuelle", details: "Nous acceptons la MGEN et Malakoff" } }],
    calls: [
      {
        from: "+33612346006",
        script: [
          "Vous acceptez la mutuelle Harmonie ?",
          "Oui, qu'on me rappelle au sujet de la mutuelle Harmonie, c'est Paul Durand",
          "non, c'est tout",
        ],
        persona: `Paul Durand, insured with Harmonie Mutuelle. ${speakFrench}`,
        goal: `Ask whether they accept the Harmonie mutual insurance. If they do not know, leave a message asking to be called back about it. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/Harmonie/),
      calls: [{ outcome: "message" }],
      ...NO_BOOKING,
      say: [{ re: /ne mentionne pas Harmonie|je ne sais pas/i, why: "une mutuelle non citée est inconnue" }],
      notSay: [{ re: /n'accept(ons|e) pas|ne (la )?prenons pas|non, nous/i, why: "jamais « non » pour ce que le cabinet n'a pas cité" }],
    },
  },
  {
    id: "fr-salon-mots",
    language: "fr",
    title: "La cliente d'un salon de coiffure prend rendez-vous : ni patients, ni mots médicaux",
    covers: ["business-words"],
    business: { type: "beauty", name: "Salon Élégance" },
    calls: [
      {
        from: "+33612346007",
        script: ["Je voudrais une coupe demain à 10 h", "Léa Martin", "Une coupe", "non", "oui", "non merci"],
        persona: `Léa Martin, who wants a haircut. ${speakFrench}`,
        goal: `Book a haircut tomorrow at 10. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", reason: /coupe/i }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /l'assistante virtuelle du Salon Élégance/, turn: "opening", why: "« du Salon », comme on le dit" }],
      notSay: [{ re: /patient|médic|ordonnance|cabinet/i, why: "les clients d'un salon" }],
    },
  },
  {
    id: "fr-appelant-anglais",
    language: "fr",
    title: "Un appelant qui parle anglais à un cabinet français reçoit les réponses en anglais, et la confirmation aussi",
    covers: ["caller-language", "language-kept"],
    calls: [
      {
        from: "+33612346008",
        script: ["Hello, I'd like an appointment tomorrow at 10 please", "My name is John Smith", "A check-up", "no", "yes", "no thanks"],
        persona: "John Smith, an English tourist who speaks English only.",
        goal: "Speak English only. Book tomorrow at 10 in the morning. No email. Once it is done, thank them and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /John Smith/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /appointment/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /Booked: John Smith/, why: "la réservation est dite en anglais" }],
    },
  },
  {
    id: "fr-deux-praticiens",
    language: "fr",
    title: "Un cabinet de deux : deux appelants veulent vendredi à 15h en même temps, chacun l'a, avec un praticien différent",
    covers: ["two-practitioners", "two-callers"],
    business: { practitioners: [{ name: "Dr Paul Roux" }] },
    calls: [
      {
        from: "+33612345071",
        script: ["Je voudrais un rendez-vous vendredi à 15h", "Jules Verne", "Un contrôle", "non", "oui", "non, c'est tout"],
        persona: `Jules Verne. ${speakFrench}`,
        goal: `Book Friday at 15:00 with whoever is free. No email. ${hangUpWhenDone}`,
      },
      {
        from: "+33612345072",
        script: ["Je voudrais un rendez-vous vendredi à 15h", "George Sand", "Un contrôle", "non", "oui", "non, c'est tout"],
        persona: `George Sand. ${speakFrench}`,
        goal: `Book Friday at 15:00 with whoever is free. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [
        { on: "+3", at: "15:00", practitioner: "owner" },
        { on: "+3", at: "15:00", practitioner: "Dr Paul Roux" },
      ],
      outbox: [
        ...toNumber("+33612345071").slice(0, 2),
        ...toNumber("+33612345072").slice(0, 2),
        { channel: "email", to: "owner", count: 2 },
      ],
      calls: [{ outcome: "booked" }, { outcome: "booked" }],
      say: [
        { re: /avec le Dr Claire Martin/, why: "l'un entend avec qui" },
        { re: /avec le Dr Paul Roux/, why: "l'autre aussi" },
      ],
    },
  },
  {
    id: "fr-praticien-demande",
    language: "fr",
    title: "Un appelant demande le Dr Roux : le rendez-vous est avec lui, même si la titulaire est libre",
    covers: ["practitioner-asked", "practitioner-kept"],
    business: { practitioners: [{ name: "Dr Paul Roux" }] },
    calls: [
      {
        from: "+33612345073",
        script: [
          "Je voudrais un rendez-vous jeudi à 10h avec le Dr Roux",
          "Colette Willy",
          "Un détartrage",
          "non",
          "oui",
          "non, c'est tout",
        ],
        persona: `Colette Willy, a patient of Dr Roux. ${speakFrench}`,
        goal: `Book Thursday at 10:00 with Dr Roux, and nobody else. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "10:00", phone: "caller", name: /Colette Willy/, practitioner: "Dr Paul Roux" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /avec le Dr Paul Roux/, why: "la réservation dit avec qui" }],
      tools: { called: ["book_appointment"] },
    },
  },
  // --- Ce qu'un appel retient, et des réglages fidèles à la vie réelle. ---
  {
    id: "fr-14-juillet",
    language: "fr",
    title: "Demande le 14 juillet, fête nationale : fermé, le jour férié nommé, rendez-vous le lendemain",
    covers: ["public-holiday"],
    calls: [
      {
        from: "+33612346101",
        script: ["Je voudrais un rendez-vous le 14 juillet", "Marcel Proust", "Un contrôle", "non", "le premier", "oui", "non merci"],
        persona: `Marcel Proust, who is on holiday in mid-July. ${speakFrench}`,
        goal: `Ask for an appointment on 14 July ("le 14 juillet"). If they are closed that day, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-07-15", at: "09:00", phone: "caller", name: /Marcel Proust/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /fermés le mercredi 14 juillet pour la Fête nationale/, why: "le jour férié est dit fermé, par son nom" }],
      notSay: [{ re: /14 juillet à \d/, why: "aucune heure un jour férié" }],
    },
  },
  {
    id: "fr-31-fevrier",
    language: "fr",
    title: "Demande le 31 février : la date n'existe pas, puis le rendez-vous au jour donné à la place",
    covers: ["impossible-date"],
    calls: [
      {
        from: "+33612346102",
        script: [
          "Je voudrais un rendez-vous le 31 février",
          "Louise Michel",
          "Un bilan",
          "non",
          "Alors le 30 juin",
          "le premier",
          "oui",
          "non merci",
        ],
        persona: `Louise Michel, who mixed up her dates. ${speakFrench}`,
        goal: `Ask for an appointment on 31 February ("le 31 février"). If they say that date does not exist, ask for 30 June instead and take the first time. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-06-30", at: "09:00", phone: "caller", name: /Louise Michel/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /Le 31 février n'existe pas/, why: "une date qui n'existe pas est dite inexistante" }],
      notSay: [{ re: /pas compris/, why: "la date était claire : elle n'existe pas" }],
    },
  },
  {
    id: "fr-touriste-britannique",
    language: "fr",
    title:
      "Un Britannique, depuis son portable anglais, réserve en anglais : réponses en anglais tout l'appel, SMS avec le numéro du cabinet en +33",
    covers: ["uk-caller", "language-kept", "caller-language"],
    calls: [
      {
        from: "+447700900456",
        script: ["Hello, I'd like an appointment tomorrow at 10 please", "My name is James Bond", "A check-up", "no", "yes", "no thanks"],
        persona: "James Bond, a British tourist in Paris who speaks English only, calling from his UK mobile.",
        goal: "Speak English only. Book a check-up tomorrow at 10 in the morning. No email. Once it is done, thank them and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /James Bond/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /appointment[\s\S]*\+33 1 99 00/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /Booked: James Bond/, why: "la réservation, dite sans redonner la langue, est en anglais" }],
      notSay: [{ re: /C'est réservé/, why: "jamais de français à un appelant anglophone" }],
    },
  },
  {
    id: "fr-facture-secretariat-absent",
    language: "fr",
    title: "Veut parler de sa facture ; le secrétariat ne répond pas : son relais, l'assistante, jamais le portable du médecin",
    covers: ["transfer-fallback", "transfer"],
    business: {
      routing: {
        destinations: [
          { name: "Secrétariat", phone: "+33612340170", when: "questions de facturation et de remboursement", backup: 1, answers: false },
          { name: "Assistante", phone: "+33612340171", when: "prise de rendez-vous et dossiers" },
          { name: "Portable du Dr Martin", phone: "+33612340172", when: "urgences médicales des patients" },
        ],
      },
    },
    calls: [
      {
        from: "+33612346103",
        script: ["Bonjour, je voudrais parler à quelqu'un au sujet de ma facture"],
        persona: `Albert Camus, who has a question about his last invoice. ${speakFrench}`,
        goal: "Ask to speak to someone about your invoice. Accept being put through to whoever they suggest. Do not book anything.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action", endedReason: "assistant-forwarded-call" }],
      transfers: [
        { to: "+33612340170", answered: false },
        { to: "+33612340171", answered: true },
      ],
      notSay: [{ re: /portable/i, why: "jamais le portable du médecin pour une facture" }],
      ...NO_BOOKING,
    },
  },
  {
    id: "fr-celui-de-lea",
    language: "fr",
    title: "Deux enfants, un numéro, deux rendez-vous le même jour : « celui de Léa » est annulé, celui d'Hugo reste",
    covers: ["appointments-told-apart", "cancel"],
    setup: [
      { appointment: { on: "+1", at: "11:00", name: "Léa Martin", phone: "+33612346104" } },
      { appointment: { on: "+1", at: "17:00", name: "Hugo Martin", phone: "+33612346104" } },
    ],
    calls: [
      {
        from: "+33612346104",
        script: ["Bonjour, je voudrais annuler un rendez-vous", "Celui de Léa", "oui", "non, c'est tout"],
        persona: `Sophie Martin, mother of Léa and Hugo Martin, who both have an appointment tomorrow, booked from this phone (Léa at 11:00, Hugo at 17:00). ${speakFrench}`,
        goal: `Cancel Léa's appointment only; keep Hugo's. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [
        { on: "+1", at: "11:00", status: "cancelled", name: /Léa Martin/ },
        { on: "+1", at: "17:00", status: "booked", name: /Hugo Martin/ },
      ],
      calendarEvents: 1,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "cancelled" }],
      say: [{ re: /pour Léa Martin[\s\S]*pour Hugo Martin/, why: "chaque rendez-vous est dit avec la personne qu'il concerne" }],
    },
  },
  {
    id: "fr-mere-pour-sa-fille",
    language: "fr",
    title: "Une mère prend rendez-vous pour sa fille après l'école : le rendez-vous est celui de l'enfant, le SMS dit pour qui et par qui",
    covers: ["booking-for-child", "afternoon-by-language"],
    calls: [
      {
        from: "+33612346105",
        script: [
          "Bonjour, je voudrais prendre rendez-vous",
          "C'est pour ma fille Léa Martin, je suis sa mère, Sophie Martin",
          "Une otite",
          "non",
          "demain après l'école",
          "le premier",
          "oui",
          "non merci",
        ],
        persona: `Sophie Martin, booking for her 7-year-old daughter Léa Martin, who has an ear infection and is at school until 16:30. ${speakFrench}`,
        goal: `Book an appointment for Léa tomorrow after school. Say it is for your daughter Léa Martin and that you are her mother, Sophie Martin. Take the first time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", between: ["16:30", "18:00"], phone: "caller", name: /Léa Martin/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /\(.*pour Léa, pris par Sophie\)/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      notSay: [{ re: /\b1[234] h/, why: "après l'école n'est pas midi" }],
    },
  },
  {
    id: "fr-dentiste-urgent",
    language: "fr",
    title: "Rage de dents urgente chez un dentiste : la question du gonflement avant toute heure, puis le créneau le plus proche",
    covers: ["trade-red-flag"],
    business: { type: "dental" },
    calls: [
      {
        from: "+33612346106",
        script: [
          "Bonjour, j'ai très mal aux dents, c'est urgent",
          "Non, pas de gonflement",
          "Émile Zola",
          "Une rage de dents",
          "non",
          "le premier",
          "oui",
          "non merci",
        ],
        persona: `Émile Zola, with a bad toothache since last night; no swelling, no trouble swallowing or breathing. ${speakFrench}`,
        goal: `Say you have a bad toothache and it is urgent. If asked about swelling or trouble swallowing or breathing, say no. Take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+0", at: "15:00", phone: "caller", name: /Émile Zola/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      sayBefore: [
        { first: /gonflement/i, then: /\d{1,2} h/, why: "la question du dentiste sur les signes d'alerte vient avant toute heure" },
      ],
    },
  },
  {
    id: "fr-juste-sms",
    language: "fr",
    title: "Demande la confirmation juste par SMS : un SMS, pas de WhatsApp",
    covers: ["one-channel"],
    calls: [
      {
        from: "+33612346107",
        script: [
          "Je voudrais un rendez-vous demain à 11h",
          "Simone Veil",
          "Un contrôle",
          "Juste par SMS, s'il vous plaît",
          "oui",
          "non merci",
        ],
        persona: `Simone Veil, who does not use WhatsApp. ${speakFrench}`,
        goal: `Book tomorrow at 11:00. You want the confirmation by SMS only: no email, no WhatsApp. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "11:00", phone: "caller", name: /Simone Veil/ }],
      outbox: [
        { channel: "sms", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /par SMS\./, why: "la réservation dit le seul moyen utilisé" }],
      notSay: [{ re: /WhatsApp/, why: "pas de WhatsApp demandé" }],
    },
  },
];
