// Spanish calls to Clínica Sol (Europe/Madrid; the clock reads martes 8 de junio de 2027, 14:00).
import type { Scenario } from "../types";
import { CALLER_AND_OWNER, NO_DOSE, OWNER_ONLY, standIn, toNumber, WINNER_AND_OWNER } from "./common";

const NO_BOOKING = { tools: { notCalled: ["book_appointment"] } };
const speakSpanish = "You speak Spanish (Spain).";
const hangUpWhenDone = "Once it is done, thank them and end the call.";

export const es: Scenario[] = [
  {
    id: "es-cita-manana-a-las-10",
    language: "es",
    title: "Cita mañana a las 10, dicha en la primera frase: no se vuelve a preguntar el día",
    covers: ["book-tomorrow", "date-in-first-sentence"],
    calls: [
      {
        from: "+34612345001",
        script: [
          "Hola, quería una cita mañana a las 10",
          "Me llamo Carmen García",
          "Una revisión",
          "no, gracias",
          "sí",
          "no, gracias, adiós",
        ],
        persona: `Carmen García, a patient. ${speakSpanish} The number you call from is your mobile.`,
        goal: `Book a check-up ("una revisión") tomorrow at 10:00; say it in your first sentence. No email. Confirm the read-back. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /Carmen García/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      tools: { called: ["check_availability", "book_appointment"] },
      notSay: [{ re: /qu[eé] (otro )?d[ií]a/i, why: "el día ya se dijo" }],
    },
  },
  {
    id: "es-cita-hoy",
    language: "es",
    title: "Cita hoy, más tarde",
    covers: ["book-today"],
    calls: [
      {
        from: "+34612345002",
        script: ["¿Puedo pasar hoy?", "Javier Ruiz", "Me duele la espalda", "no", "la primera", "sí", "no, gracias"],
        persona: `Javier Ruiz, whose back hurts. ${speakSpanish}`,
        goal: `Get an appointment today, the first time offered. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+0", between: ["15:00", "18:00"], phone: "caller", name: /Javier Ruiz/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "es-cita-jueves-por-la-tarde",
    language: "es",
    title: "Cita el jueves por la tarde (día de la semana y momento del día), segunda hora ofrecida",
    covers: ["book-weekday", "book-part-of-day"],
    calls: [
      {
        from: "+34612345003",
        script: [
          "Quería pedir una cita",
          "Lucía Fernández",
          "Una consulta",
          "no",
          "el jueves por la tarde",
          "la segunda",
          "sí",
          "no, gracias",
        ],
        persona: `Lucía Fernández, free only in the afternoons. ${speakSpanish}`,
        goal: `Book on Thursday afternoon ("el jueves por la tarde"), the second time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", between: ["12:00", "17:00"], phone: "caller", name: /Lucía Fernández/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "es-cita-17-de-junio",
    language: "es",
    title: "Cita en una fecha concreta (el 17 de junio)",
    covers: ["book-date", "date-in-first-sentence"],
    calls: [
      {
        from: "+34612345004",
        script: ["Necesito una cita el 17 de junio", "Pablo Neruda", "Un análisis", "no", "la primera", "sí", "eso es todo"],
        persona: `Pablo Neruda, who needs a blood test. ${speakSpanish}`,
        goal: `Book on June 17 ("el 17 de junio"), the earliest time that day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-06-17", at: "09:00", phone: "caller", name: /Pablo Neruda/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "es-fuera-de-horario-sabado-tarde",
    language: "es",
    title: "El sábado por la tarde está cerrado: se reserva la siguiente tarde libre",
    covers: ["out-of-hours", "book-part-of-day"],
    calls: [
      {
        from: "+34612345005",
        script: [
          "Quería una cita el sábado por la tarde",
          "Rosa Díaz",
          "Una revisión",
          "no",
          "¿y el lunes por la tarde?",
          "la primera",
          "sí",
          "no",
        ],
        persona: `Rosa Díaz, free only in the afternoons. ${speakSpanish}`,
        goal: `Ask for Saturday afternoon. If they close before the afternoon, ask for Monday afternoon instead and take the earliest time they offer then. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", between: ["12:00", "17:00"], phone: "caller", notOn: ["+4"] }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /sábado 12 de junio cerramos a las 12:00/, why: "says Saturday closes at noon, not that nothing is free" }],
      notSay: [{ re: /no queda nada libre|está (todo )?completo/i, why: "the Saturday morning is free" }],
    },
  },
  {
    id: "es-agenda-bloqueada",
    language: "es",
    title: "El viernes está ocupado en la agenda: se reserva el siguiente día libre",
    covers: ["calendar-block"],
    setup: [{ calendarBlock: { on: "+3", from: "09:00", to: "18:00", summary: "Congreso" } }],
    calls: [
      {
        from: "+34612345006",
        script: ["Quería una cita el viernes", "Elena Torres", "Una revisión", "no", "la primera", "sí", "no, gracias"],
        persona: `Elena Torres. ${speakSpanish}`,
        goal: `Ask for Friday. If Friday is not possible, take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+4", at: "09:00", phone: "caller", notOn: ["+3"] }],
      calendarEvents: 2,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "es-dia-completo",
    language: "es",
    title: "Mañana está completo: se ofrece el siguiente día libre",
    covers: ["full-day"],
    setup: [{ fillDay: { on: "+1" } }],
    calls: [
      {
        from: "+34612345007",
        script: ["Quería una cita mañana", "Mario Vargas", "Una revisión", "no", "la primera", "sí", "no, gracias"],
        persona: `Mario Vargas. ${speakSpanish}`,
        goal: `Ask for tomorrow. If tomorrow is full, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /está (todo )?completo/i, driver: "standin", why: "dice que el día está completo" }],
    },
  },
  {
    id: "es-cambiar-cita",
    language: "es",
    title: "Cambia su cita al viernes",
    covers: ["reschedule"],
    setup: [{ appointment: { on: "+2", at: "10:00", name: "Antonio Banderas", phone: "+34612345008" } }],
    calls: [
      {
        from: "+34612345008",
        script: ["Tengo que cambiar mi cita", "el viernes", "la primera", "sí", "no, gracias"],
        persona: `Antonio Banderas. You have an appointment on Thursday at 10:00, booked from this phone. ${speakSpanish}`,
        goal: `Move it to Friday, the earliest time they offer. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "09:00", phone: "caller", name: /Antonio Banderas/ }],
      calendarEvents: 1,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "rescheduled" }],
      tools: { called: ["reschedule_appointment"], notCalled: ["book_appointment", "cancel_appointment"] },
    },
  },
  {
    id: "es-cancelar",
    language: "es",
    title: "Cancela su cita",
    covers: ["cancel"],
    setup: [{ appointment: { on: "+2", at: "12:00", name: "Penélope Cruz", phone: "+34612345009" } }],
    calls: [
      {
        from: "+34612345009",
        script: ["Quiero cancelar mi cita", "sí", "no, gracias"],
        persona: `Penélope Cruz. You have an appointment on Thursday at 12:00, booked from this phone. ${speakSpanish}`,
        goal: `Cancel it; you do not want another one. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "12:00", status: "cancelled" }],
      calendarEvents: 0,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "cancelled" }],
    },
  },
  {
    id: "es-cancelar-otro-numero",
    language: "es",
    title: "Una cancelación pedida desde otro número se rechaza: no se cancela nada",
    covers: ["cancel-other-number"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Frida Kahlo", phone: "+34611111111" } }],
    calls: [
      {
        from: "+34622222222",
        script: ["Quiero anular mi cita del jueves", "no, gracias"],
        persona: `Someone calling about Frida Kahlo's appointment on Thursday at 11:00, from a phone that is not hers. ${speakSpanish}`,
        goal: "Ask to cancel the appointment of Thursday at 11:00 for Frida Kahlo. If they cannot find it for this number, accept it, say goodbye and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+34611111111", status: "booked" }],
      calendarEvents: 1,
      outbox: [],
      calls: [{ outcome: "no_action" }],
    },
  },
  {
    id: "es-mensaje",
    language: "es",
    title: "Deja un mensaje para que le llamen",
    covers: ["message"],
    calls: [
      {
        from: "+34612345010",
        script: ["¿Puede dejarle un mensaje a la doctora?", "Que me llame, por favor, es por los resultados", "no, eso es todo"],
        persona: `Isabel Allende, waiting for her test results ("los resultados"). ${speakSpanish}`,
        goal: `You do not want an appointment: leave a message so that the doctor calls you back about your results. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/resultados/i),
      calls: [{ outcome: "message" }],
      tools: { called: ["take_message"], notCalled: ["book_appointment"] },
    },
  },
  {
    id: "es-emergencia",
    language: "es",
    title: "Palabras de emergencia: se da el número de emergencias, no se reserva nada",
    covers: ["emergency"],
    calls: [
      {
        from: "+34612345011",
        script: ["Mi padre tiene dolor en el pecho y no respira bien", "vale, adiós"],
        persona: `A caller whose father has chest pain and breathes badly. ${speakSpanish}`,
        goal: "Say your father has chest pain and does not breathe well, and ask for an appointment. Once they tell you what to do, say okay and end the call.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action", endedReason: "assistant-ended-call" }],
      tools: { notCalled: ["book_appointment", "check_availability"] },
      say: [{ re: /\b112\b/, why: "el número de emergencias en España" }],
    },
  },
  {
    id: "es-consejo-medico",
    language: "es",
    title: "Pregunta qué dosis tomar: ningún consejo, se ofrece y se toma un mensaje",
    covers: ["medical-advice"],
    calls: [
      {
        from: "+34612345012",
        script: ["¿Qué dosis de paracetamol puedo tomar?", "Sí, que me llame la doctora, por favor", "no, eso es todo"],
        persona: `Ana Belén, with a fever. ${speakSpanish}`,
        goal: `Ask how much paracetamol you can take. Do not book; if they offer to pass a message, ask for the doctor to call you back. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(),
      calls: [{ outcome: "message" }],
      ...NO_BOOKING,
      notSay: [NO_DOSE],
      say: [standIn("es", "Simulator.noAdvice", "no da consejos médicos")],
    },
  },
  {
    id: "es-transferir",
    language: "es",
    title: "Pide hablar con una persona: se transfiere a la clínica",
    covers: ["transfer"],
    business: { ownerPhone: "+34612345678" },
    calls: [
      {
        from: "+34612345013",
        script: ["¿Puedo hablar con una persona?"],
        persona: `A caller who wants to talk to a person. ${speakSpanish}`,
        goal: "Ask to speak to a person at the clinic (a human). Insist politely if needed. Do not book anything.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "assistant-forwarded-call" }], ...NO_BOOKING },
  },
  {
    id: "es-numero-nacional",
    language: "es",
    title: "Da «699 11 12 22» al pedirle el motivo: la cita y el SMS usan +34699111222",
    covers: ["national-number", "phone-not-reason"],
    calls: [
      {
        from: "+34612345014",
        script: [
          "Quería pedir una cita para mañana",
          "Rafael Nadal",
          "699 11 12 22",
          "Una revisión de rodilla",
          "no",
          "la primera",
          "sí",
          "no, gracias",
        ],
        persona: `Rafael Nadal. You call from a landline; your mobile, for the texts, is 699 11 12 22 (say it this way). ${speakSpanish}`,
        goal: `Book tomorrow, the earliest time, for a knee check-up. Make sure the confirmation goes to your mobile 699 11 12 22, not to the number you call from. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "09:00", phone: "+34699111222", reason: /rodilla/i }],
      outbox: toNumber("+34699111222"),
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "es-silencio",
    language: "es",
    title: "Nadie habla: avisos y luego la llamada termina por silencio",
    covers: ["silence"],
    calls: [
      {
        from: "+34612345015",
        script: ["", "", ""],
        persona: `A caller whose line went quiet. ${speakSpanish}`,
        goal: "Say nothing at all, every turn.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "silence-timed-out" }], ...NO_BOOKING },
  },
  {
    id: "es-cambio-de-opinion",
    language: "es",
    title: "Cambia de opinión al confirmar (no, mejor el viernes): reservado solo el viernes",
    covers: ["change-of-mind"],
    calls: [
      {
        from: "+34612345016",
        script: [
          "Quería una cita mañana a las 12",
          "Diego Rivera",
          "Una revisión",
          "no",
          "no, mejor el viernes",
          "la primera",
          "sí",
          "no, gracias",
        ],
        persona: `Diego Rivera, who hesitates. ${speakSpanish}`,
        goal: `Ask for tomorrow at 12:00. When they read the details back, change your mind: "No, mejor el viernes." Take the earliest time on Friday. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "09:00", phone: "caller", name: /Diego Rivera/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "es-dos-llamadas",
    language: "es",
    title: "Dos personas quieren el viernes a las 11 a la vez: una sola cita",
    covers: ["two-callers"],
    calls: [
      {
        from: "+34612345061",
        script: ["Quería una cita el viernes a las 11", "Luis Buñuel", "Una revisión", "no", "sí", "no, eso es todo"],
        persona: `Luis Buñuel. ${speakSpanish}`,
        goal: "Book Friday at 11:00 exactly. If 11:00 is taken or not offered, do not take another time: say goodbye and end the call. No email.",
      },
      {
        from: "+34612345062",
        script: ["Quería una cita el viernes a las 11", "Gloria Fuertes", "Una revisión", "no", "sí", "no, eso es todo"],
        persona: `Gloria Fuertes. ${speakSpanish}`,
        goal: "Book Friday at 11:00 exactly. If 11:00 is taken or not offered, do not take another time: say goodbye and end the call. No email.",
      },
    ],
    expect: {
      outbox: WINNER_AND_OWNER,
      appointments: [{ on: "+3", at: "11:00" }],
      calls: [{ outcome: "booked" }, { outcome: "no_action" }],
      say: [standIn("es", "Receptionist.slotTaken", "la segunda persona oye que la hora se acaba de ocupar")],
    },
  },
  {
    id: "es-cancelar-con-codigo",
    language: "es",
    title: "Una cancelación desde otro teléfono se hace una vez leído el código enviado al número de la cita",
    covers: ["cancel-verified"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Frida Kahlo", phone: "+34611111114" } }],
    calls: [
      {
        from: "+34622222298",
        holds: "+34611111114",
        script: ["Quiero anular mi cita del jueves", "Se reservó con mi móvil, el 611 111 114", "{code}", "sí", "no, gracias"],
        persona: `Frida Kahlo, calling from her husband's phone. Her appointment on Thursday at 11:00 was booked with her mobile, 611 111 114, which she has with her. ${speakSpanish}`,
        goal: `Cancel your Thursday appointment. If asked, give the mobile number it was booked with, and read out the code texted to it. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+34611111114", status: "cancelled" }],
      calendarEvents: 0,
      outbox: [{ channel: "sms", to: "+34611111114", body: /su código es \d{6}/ }, ...toNumber("+34611111114")],
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["send_verification_code", "verify_code", "cancel_appointment"] },
    },
  },
  {
    id: "es-cancelar-fecha-de-nacimiento",
    language: "es",
    title: "Sin el móvil de la cita, la cancelación se hace una vez comprobados el nombre y la fecha de nacimiento",
    covers: ["cancel-birth-date"],
    business: { birthDateCheck: true },
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Carmen Ruiz", phone: "+34611111115", birthDate: "1980-05-05" } }],
    calls: [
      {
        from: "+34912345699",
        script: [
          "Hola, quiero cancelar mi cita del jueves",
          "Se reservó con mi móvil, el 611 111 115, pero no tengo el móvil conmigo",
          "Carmen Ruiz, nacida el 5 de mayo de 1980",
          "sí",
          "no, gracias",
        ],
        persona: `Carmen Ruiz, calling from her office landline. Her appointment on Thursday at 11:00 was booked with her mobile, 611 111 115, which she does not have with her (she cannot read texts sent to it). She was born on 5 May 1980. ${speakSpanish}`,
        goal: `Cancel your Thursday appointment. If asked, give the mobile number it was booked with and say you do not have that phone with you; give your full name and date of birth if asked. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+34611111115", status: "cancelled" }],
      calendarEvents: 0,
      outbox: toNumber("+34611111115"),
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["verify_identity", "cancel_appointment"], notCalled: ["send_verification_code"] },
    },
  },
  {
    id: "es-cerrado-por-formacion",
    language: "es",
    title: "Mañana la consulta cierra por formación: quien llama lo oye y reserva el siguiente día abierto",
    covers: ["closure"],
    setup: [{ closure: { from: "+1", to: "+1", reason: "formación del equipo" } }],
    calls: [
      {
        from: "+34612345017",
        script: ["Quería una cita mañana", "Mario Vargas", "Una revisión", "no", "la primera", "sí", "no, gracias"],
        persona: `Mario Vargas. ${speakSpanish}`,
        goal: `Ask for tomorrow. If they are closed, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /formación del equipo/i, why: "dice por qué mañana está cerrado" }],
    },
  },
  {
    id: "es-precio-conocido",
    language: "es",
    title: "Pregunta el precio de una limpieza: el precio de la consulta, de sus instrucciones",
    covers: ["price-known"],
    setup: [{ knowledge: { kind: "price", title: "Limpieza dental", details: "50 euros" } }],
    calls: [
      {
        from: "+34612345081",
        script: ["¿Cuánto cuesta una limpieza dental?", "no, gracias"],
        persona: "Lucía Gómez, who wants a dental cleaning.",
        goal: `Ask how much a dental cleaning costs. Once you have the price, say that is all and end the call.`,
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      tools: { notCalled: ["book_appointment", "take_message"] },
      say: [{ re: /50 euros/i, why: "el precio de la consulta" }],
    },
  },
  {
    id: "es-precio-desconocido",
    language: "es",
    title: "Un precio que la consulta no dio: «no lo sé», un mensaje ofrecido y tomado, ningún precio inventado",
    covers: ["price-unknown"],
    setup: [{ knowledge: { kind: "price", title: "Limpieza dental", details: "50 euros" } }],
    calls: [
      {
        from: "+34612345082",
        script: ["¿Cuánto cuesta un implante?", "Sí, que me llame la doctora por el implante, soy Ana López", "no, eso es todo"],
        persona: "Ana López, who may need an implant.",
        goal: `Ask how much an implant costs. If they cannot tell you, accept their offer of a message: the doctor should call you back about the implant. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/implante/i),
      calls: [{ outcome: "message" }],
      tools: { called: ["take_message"], notCalled: ["book_appointment"] },
      say: [standIn("es", "Receptionist.lookupNothing", "dice que no lo sabe y ofrece un mensaje")],
      notSay: [{ re: /\b\d+\s?(euros?|€|\$|dollars?)/i, why: "no price the owner did not give" }],
    },
  },
  // --- Lo que un modelo pequeño leería al pie de la letra: cada hora con su día, los días cerrados dichos, las palabras del negocio. ---
  {
    id: "es-cerrado-domingo",
    language: "es",
    title: "Pide el domingo (cerrado cada semana): se le dice, y se le ofrece el lunes, cada hora con su día",
    covers: ["closed-weekday"],
    calls: [
      {
        from: "+34612346001",
        script: ["Quería una cita el domingo", "Ana Torres", "Una revisión", "no", "la primera", "sí", "no, gracias"],
        persona: `Ana Torres, free at weekends. ${speakSpanish}`,
        goal: `Ask for Sunday. If they are closed, take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /cerrados los domingos/i, why: "un día cerrado cada semana se dice cerrado" }],
      notSay: [{ re: /no queda nada libre|está (todo )?completo/i, why: "el domingo está cerrado, no completo" }],
    },
  },
  {
    id: "es-cierre-a-una-hora",
    language: "es",
    title: "Pide mañana a las 10 un día de formación: se dicen el cierre y su motivo, luego las horas cercanas con su día",
    covers: ["closure-time", "closure"],
    setup: [{ closure: { from: "+1", to: "+1", reason: "formación" } }],
    calls: [
      {
        from: "+34612346002",
        script: ["¿Puedo ir mañana a las 10?", "Pablo Ruiz", "Una revisión", "no", "el jueves a las 9, por favor", "sí", "no, gracias"],
        persona: `Pablo Ruiz, who prefers mornings. ${speakSpanish}`,
        goal: `Ask for tomorrow at 10. If they are closed, take Thursday at 9 in the morning if they offer it. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /cerrados el miércoles 9 de junio \(formación\)/i, why: "dice el cierre y su motivo, para una hora de ese día" }],
      notSay: [{ re: /no está libre/i, why: "un día cerrado está cerrado, no ocupado" }],
    },
  },
  {
    id: "es-despues-del-trabajo",
    language: "es",
    title: "Pide mañana después del trabajo en una clínica que cierra a las 17:00: la hora de cierre y las últimas horas",
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
        from: "+34612346003",
        script: ["¿Tienen algo mañana después del trabajo?", "Carmen Vidal", "Una revisión", "no", "la última", "sí", "no, gracias"],
        persona: `Carmen Vidal, who works until 4 PM. ${speakSpanish}`,
        goal: `Ask for tomorrow after work. Take the latest time they offer tomorrow. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "16:30", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /cerramos a las 17:00/i, why: "dice la hora de cierre" }],
      notSay: [{ re: /no queda nada libre|está (todo )?completo/i, why: "la agenda está casi vacía" }],
    },
  },
  {
    id: "es-sabado-ofrece-viernes",
    language: "es",
    title: "Pide el sábado a las 15:00 y el sábado cierra: las horas cercanas son del viernes, y se dice el viernes",
    covers: ["other-day-named", "out-of-hours"],
    business: { hours: { saturday: { isOpen: false, openTime: "09:00", closeTime: "12:00" } } },
    calls: [
      {
        from: "+34612346004",
        script: ["¿Puedo ir el sábado a las 15:00?", "Luis Moreno", "Una revisión", "no", "la primera", "sí", "no, gracias"],
        persona: `Luis Moreno, who would like the end of the week. ${speakSpanish}`,
        goal: `Ask for Saturday at 3 PM. If that is not possible, take the first time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "16:30", phone: "caller", notOn: ["+4"] }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /cerrados los sábados.*viernes 11 de junio a las 16:30/i, why: "las horas ofrecidas se dicen con su día" }],
    },
  },
  {
    id: "es-cancelar-cual",
    language: "es",
    title: "Dos citas, una cancelación: se pregunta cuál, solo se cancela la del viernes",
    covers: ["which-appointment", "cancel"],
    setup: [
      { appointment: { on: "+2", at: "11:00", name: "Marta López", phone: "+34612346005" } },
      { appointment: { on: "+3", at: "15:00", name: "Marta López", phone: "+34612346005" } },
    ],
    calls: [
      {
        from: "+34612346005",
        script: ["Quiero cancelar mi cita", "la del viernes", "sí", "no, eso es todo"],
        persona: `Marta López. You have two appointments, Thursday at 11 and Friday at 3 PM, both booked from this phone. ${speakSpanish}`,
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
      say: [standIn("es", "Simulator.whichAppointment", "pregunta de qué cita se trata")],
    },
  },
  {
    id: "es-aseguradora-desconocida",
    language: "es",
    title: "Pregunta por una aseguradora que la clínica no ha nombrado: «no lo sé», nunca «no», y se toma un mensaje",
    covers: ["unknown-item"],
    setup: [{ knowledge: { kind: "policy", title: "Aseguradoras", details: "Aceptamos Sanitas y Adeslas" } }],
    calls: [
      {
        from: "+34612346006",
        script: ["¿Trabajan con la aseguradora Mapfre?", "Sí, que me llamen por lo de Mapfre, soy Elena Díaz", "no, eso es todo"],
        persona: `Elena Díaz, insured with Mapfre. ${speakSpanish}`,
        goal: `Ask whether they work with the insurer Mapfre. If they do not know, leave a message asking to be called back about it. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/Mapfre/),
      calls: [{ outcome: "message" }],
      ...NO_BOOKING,
      say: [{ re: /No menciona Mapfre|no lo sé/i, why: "una aseguradora no citada es desconocida" }],
      notSay: [{ re: /no (aceptamos|trabajamos)/i, why: "nunca «no» para lo que la clínica no ha citado" }],
    },
  },
  {
    id: "es-peluqueria-palabras",
    language: "es",
    title: "La clienta de una peluquería reserva: ni pacientes, ni palabras médicas",
    covers: ["business-words"],
    business: { type: "beauty", name: "Peluquería Luna" },
    calls: [
      {
        from: "+34612346007",
        script: ["Quería un corte de pelo mañana a las 10", "Sofía Ramos", "Un corte de pelo", "no", "sí", "no, gracias"],
        persona: `Sofía Ramos, who wants a haircut. ${speakSpanish}`,
        goal: `Book a haircut tomorrow at 10. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", reason: /corte/i }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /la asistente virtual de la Peluquería Luna/, turn: "opening", why: "«de la Peluquería», como se dice" }],
      notSay: [{ re: /paciente|médic|receta|clínica/i, why: "los clientes de una peluquería" }],
    },
  },
  {
    id: "es-llamante-frances",
    language: "es",
    title: "Quien llama en francés a una clínica española recibe las respuestas en francés, y la confirmación también",
    covers: ["caller-language"],
    calls: [
      {
        from: "+34612346008",
        script: [
          "Bonjour, je voudrais un rendez-vous demain à 10 h s'il vous plaît",
          "Je m'appelle Marc Petit",
          "Un contrôle",
          "non",
          "oui",
          "non merci",
        ],
        persona: "Marc Petit, a French visitor who speaks French only.",
        goal: "Speak French only. Book tomorrow at 10 in the morning. No email. Once it is done, thank them in French and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /Marc Petit/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /rendez-vous/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /C'est réservé : Marc Petit/, why: "la reserva se dice en francés" }],
    },
  },
  {
    id: "es-saludo-propio",
    language: "es",
    title: "Un saludo de la clínica que empieza por «¡Hola!»: un solo saludo al abrir",
    covers: ["opening"],
    business: { greeting: "¡Hola! ¿En qué puedo ayudarle?", agentName: "Lola" },
    calls: [
      {
        from: "+34612346009",
        script: ["Nada, me he equivocado. ¡Adiós!"],
        persona: `A caller who dialled by mistake. ${speakSpanish}`,
        goal: "Say you dialled by mistake, apologise and end the call.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      say: [
        { re: /Lola, el asistente virtual de la Clínica Sol/, turn: "opening", why: "la presentación, con el nombre de la dueña" },
        { re: /¿En qué puedo ayudarle\?/, turn: "opening", why: "el saludo de la clínica, sin un segundo «hola»" },
      ],
    },
  },
];
