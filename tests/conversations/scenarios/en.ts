// English calls to Smith Family Practice (America/New_York; the clock reads Tuesday 8 June 2027, 08:00).
import type { Scenario } from "../types";
import { CALLER_AND_OWNER, NO_DOSE, OWNER_ONLY, standIn, toNumber, WINNER_AND_OWNER } from "./common";

const NO_BOOKING = { tools: { notCalled: ["book_appointment"] } };
const hangUpWhenDone = "When it is done, thank them and end the call.";

export const en: Scenario[] = [
  {
    id: "en-book-tomorrow-at-10",
    language: "en",
    title: "Books tomorrow at 10, said in the first sentence: the day is not asked again",
    covers: ["book-tomorrow", "date-in-first-sentence"],
    calls: [
      {
        from: "+12025550101",
        script: [
          "Hi, I'd like an appointment tomorrow at 10",
          "My name is John Carter",
          "A check-up",
          "no thanks",
          "yes",
          "no, that's all",
        ],
        persona: "John Carter, a patient. The number you call from is your mobile.",
        goal: `Book a check-up tomorrow at 10 in the morning; say so in your first sentence ("I'd like an appointment tomorrow at 10"). You do not want an email. Confirm when the details are read back. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /John Carter/, reason: /check-up/i }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      tools: { called: ["check_availability", "book_appointment"] },
      notSay: [{ re: /\b(which|what) day\b/i, why: "the caller already named the day" }],
    },
  },
  {
    id: "en-book-today",
    language: "en",
    title: "Books later today",
    covers: ["book-today"],
    calls: [
      {
        from: "+12025550102",
        script: ["Hello, can I come in today?", "Emily Stone", "My back hurts", "no", "the first one", "yes please", "no thanks, bye"],
        persona: "Emily Stone, whose back hurts since this morning.",
        goal: `Get an appointment today, any time. Take the first time offered. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+0", between: ["09:00", "18:00"], phone: "caller", name: /Emily Stone/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "en-book-thursday-with-email",
    language: "en",
    title: "Books on a weekday (Thursday), second time offered, with an email confirmation",
    covers: ["book-weekday"],
    calls: [
      {
        from: "+12025550103",
        script: [
          "I'd like to book an appointment",
          "This is Robert Brown",
          "Follow-up visit",
          "robert.brown@example.com",
          "Thursday please",
          "the second one",
          "yes",
          "that's all",
        ],
        persona: "Robert Brown, coming for a follow-up visit. Email: robert.brown@example.com.",
        goal: `Book a follow-up visit on Thursday (this week), the second time they offer you. You want the confirmation by email too. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", phone: "caller", name: /Robert Brown/ }],
      outbox: [...CALLER_AND_OWNER, { channel: "email", to: "robert.brown@example.com" }],
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "en-book-june-17",
    language: "en",
    title: "Books on an explicit date (June 17)",
    covers: ["book-date", "date-in-first-sentence"],
    calls: [
      {
        from: "+12025550104",
        script: ["I need an appointment on June 17", "Alice Walker", "Vaccination", "no", "the first one", "yes", "no"],
        persona: "Alice Walker, who needs a vaccination.",
        goal: `Book an appointment on June 17 (this year), the earliest time that day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-06-17", at: "09:00", phone: "caller", name: /Alice Walker/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "en-book-tomorrow-afternoon",
    language: "en",
    title: "Books a part of the day: tomorrow afternoon",
    covers: ["book-part-of-day", "book-tomorrow"],
    calls: [
      {
        from: "+12025550105",
        script: ["Do you have anything tomorrow afternoon?", "Mark Lee", "Blood test", "no", "the first one", "yes", "bye"],
        persona: "Mark Lee, who needs a blood test and works in the mornings.",
        goal: `Book tomorrow afternoon (after noon), whatever time they offer then. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", between: ["12:00", "17:00"], phone: "caller", name: /Mark Lee/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "en-full-day",
    language: "en",
    title: "Tomorrow is fully booked: the next free day is offered and booked",
    covers: ["full-day", "full-day-said"],
    setup: [{ fillDay: { on: "+1" } }],
    calls: [
      {
        from: "+12025550106",
        script: ["I'd like an appointment tomorrow", "Nina Patel", "Check-up", "no", "the first one", "yes", "no thanks"],
        persona: "Nina Patel, wanting a check-up.",
        goal: `Ask for tomorrow. If tomorrow is full, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /fully booked/i, driver: "standin", why: "says the day is full" }],
      notSay: [{ re: /earliest/i, why: "the earliest would be today: Thursday's times are not it" }],
    },
  },
  {
    id: "en-out-of-hours-8pm",
    language: "en",
    title: "Asks for 8 pm (closed): no booking outside opening hours, nearest times offered",
    covers: ["out-of-hours"],
    calls: [
      {
        from: "+12025550107",
        script: ["Can I book an appointment tomorrow at 8 pm?", "Oliver Twist", "Sore throat", "no", "the first one", "yes", "no"],
        persona: "Oliver Twist, who has a sore throat and would prefer the evening.",
        goal: `Ask for tomorrow at 8 pm. If that is not possible, accept the first time they offer tomorrow. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", between: ["09:00", "18:00"], phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      notSay: [{ re: /\b8(:00)?\s?p\.?m\.?\s+(is|works|is free|is available)/i, why: "8 pm is outside opening hours" }],
    },
  },
  {
    id: "en-calendar-block",
    language: "en",
    title: "Thursday is blocked in the owner's calendar: booked on the next free day",
    covers: ["calendar-block", "book-weekday"],
    setup: [{ calendarBlock: { on: "+2", from: "08:00", to: "18:00", summary: "Medical conference" } }],
    calls: [
      {
        from: "+12025550108",
        script: ["I'd like an appointment on Thursday", "Grace Kim", "Annual physical", "no", "the first one", "yes", "no"],
        persona: "Grace Kim, due for her annual physical.",
        goal: `Ask for Thursday. If Thursday is not possible, take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "09:00", phone: "caller", notOn: ["+2"] }],
      calendarEvents: 2,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "en-beyond-horizon",
    language: "en",
    title: "A date six months ahead cannot be booked; no time is invented",
    covers: ["beyond-horizon"],
    calls: [
      {
        from: "+12025550109",
        script: ["I'd like an appointment on December 20", "Mary Poppins", "Check-up", "no", "no thanks, bye"],
        persona: "Mary Poppins, planning far ahead.",
        goal: "Ask for an appointment on December 20. If they cannot book it, do not ask for another date: say goodbye and end the call.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action" }], ...NO_BOOKING },
  },
  {
    id: "en-reschedule",
    language: "en",
    title: "Moves an existing appointment to Monday",
    covers: ["reschedule"],
    setup: [{ appointment: { on: "+3", at: "10:00", name: "Paul Newman", phone: "+12025550110", reason: "Check-up" } }],
    calls: [
      {
        from: "+12025550110",
        script: ["Hi, I need to move my appointment", "Monday", "the first one", "yes", "no, thank you"],
        persona: "Paul Newman. You have an appointment on Friday at 10 that you booked from this phone.",
        goal: `Move your Friday appointment to next Monday, the earliest time they offer. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", at: "09:00", phone: "caller", name: /Paul Newman/ }],
      calendarEvents: 1,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "rescheduled" }],
      tools: { called: ["find_my_appointments", "reschedule_appointment"], notCalled: ["book_appointment", "cancel_appointment"] },
    },
  },
  {
    id: "en-cancel",
    language: "en",
    title: "Cancels the caller's appointment",
    covers: ["cancel"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Sarah Connor", phone: "+12025550111" } }],
    calls: [
      {
        from: "+12025550111",
        script: ["I want to cancel my appointment", "yes", "no thanks"],
        persona: "Sarah Connor. You have an appointment on Thursday at 11, booked from this phone.",
        goal: `Cancel your Thursday appointment; you do not want another one. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", status: "cancelled" }],
      calendarEvents: 0,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["cancel_appointment"] },
    },
  },
  {
    id: "en-cancel-from-another-number",
    language: "en",
    title: "A cancel asked from another number is refused: nothing is cancelled",
    covers: ["cancel-other-number"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Sarah Connor", phone: "+12025550112" } }],
    calls: [
      {
        from: "+12025550199",
        script: ["I want to cancel my appointment", "no, that's all"],
        persona: "Someone calling about Sarah Connor's appointment on Thursday at 11, from a phone that is not hers.",
        goal: "Ask to cancel the appointment of Thursday at 11 for Sarah Connor. If they say they cannot find it for this number, accept it, say goodbye and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+12025550112", status: "booked" }],
      calendarEvents: 1,
      outbox: [],
      calls: [{ outcome: "no_action" }],
      tools: { notCalled: ["book_appointment", "reschedule_appointment"] },
    },
  },
  {
    id: "en-message",
    language: "en",
    title: "Leaves a message for a call back",
    covers: ["message"],
    calls: [
      {
        from: "+12025550113",
        script: [
          "Could you ask Dr Smith to call me back?",
          "Please call me back about my test results, this is Tom Hardy",
          "no, that's all",
        ],
        persona: "Tom Hardy, waiting for test results.",
        goal: `You do not want an appointment: leave a message asking Dr Smith to call you back about your test results. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/test results/i),
      calls: [{ outcome: "message" }],
      tools: { called: ["take_message"], notCalled: ["book_appointment"] },
    },
  },
  {
    id: "en-emergency",
    language: "en",
    title: "Emergency words: the emergency number is said, nothing is booked",
    covers: ["emergency"],
    calls: [
      {
        from: "+12025550114",
        script: ["I have chest pain and I can't breathe", "okay, bye"],
        persona: "A caller with sudden chest pain who struggles to breathe.",
        goal: "Say you have chest pain and cannot breathe well and ask what to do. Once they tell you what to do, say okay and end the call.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action", endedReason: "assistant-ended-call" }],
      tools: { notCalled: ["book_appointment", "check_availability"] },
      say: [{ re: /\b911\b/, why: "the emergency number in the US" }],
    },
  },
  {
    id: "en-medical-advice",
    language: "en",
    title: "Asks for a dose: no advice, a message is offered and taken",
    covers: ["medical-advice"],
    calls: [
      {
        from: "+12025550115",
        script: [
          "How much ibuprofen should I take for my headache?",
          "Yes, please ask the doctor to call me back about my headache",
          "no, that's all",
        ],
        persona: "Kate Moss, who has had a headache for two days.",
        goal: `Ask how much ibuprofen you should take. Whatever they say, do not book; if they offer to pass a message, ask for the doctor to call you back about your headache. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/headache/i),
      calls: [{ outcome: "message" }],
      ...NO_BOOKING,
      notSay: [NO_DOSE],
      say: [standIn("en", "Simulator.noAdvice", "refuses medical advice")],
    },
  },
  {
    id: "en-transfer",
    language: "en",
    title: "Asks for a person: put through to the owner",
    covers: ["transfer"],
    business: { ownerPhone: "+12025550123" },
    calls: [
      {
        from: "+12025550116",
        script: ["Can I speak to a real person, please?"],
        persona: "A caller who prefers to talk to a human.",
        goal: "Ask to speak to a real person at the practice. Insist politely if needed. Do not book anything.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "assistant-forwarded-call" }], ...NO_BOOKING },
  },
  {
    id: "en-person-without-transfer",
    language: "en",
    title: "Asks for the doctor where no transfer is possible: a message is offered and taken",
    covers: ["person-without-transfer"],
    calls: [
      {
        from: "+12025550117",
        script: ["I'd like to talk to the doctor", "Please ask her to call me back about my prescription", "no, thanks"],
        persona: "Ann Lee, who has a question about her prescription.",
        goal: `Ask to talk to the doctor. If you cannot, leave a message asking her to call you back about your prescription. ${hangUpWhenDone}`,
      },
    ],
    expect: { appointments: [], outbox: OWNER_ONLY(/prescription/i), calls: [{ outcome: "message" }], ...NO_BOOKING },
  },
  {
    id: "en-silence",
    language: "en",
    title: "Nobody speaks: idle prompts, then the call ends on silence",
    covers: ["silence"],
    calls: [
      {
        from: "+12025550118",
        script: ["", "", ""],
        persona: "A caller whose line went quiet.",
        goal: "Say nothing at all, every turn.",
      },
    ],
    expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "silence-timed-out" }], ...NO_BOOKING },
  },
  {
    id: "en-change-of-mind",
    language: "en",
    title: "Changes their mind at the read-back (no, actually Thursday): booked on Thursday only",
    covers: ["change-of-mind", "book-weekday"],
    calls: [
      {
        from: "+12025550119",
        script: [
          "I'd like an appointment tomorrow at 10",
          "Laura Palmer",
          "Check-up",
          "no",
          "no, actually Thursday",
          "the first one",
          "yes",
          "no",
        ],
        persona: "Laura Palmer, who hesitates between tomorrow and Thursday.",
        goal: `Ask for tomorrow at 10. When they read the details back, change your mind: "No, actually Thursday." Take the earliest time on Thursday. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller", name: /Laura Palmer/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
    },
  },
  {
    id: "en-two-callers-one-slot",
    language: "en",
    title: "Two callers want Friday at 11 at the same time: one booking, the other is offered alternatives",
    covers: ["two-callers"],
    calls: [
      {
        from: "+12025550161",
        script: ["I'd like an appointment on Friday at 11", "Ben Gold", "Check-up", "no", "yes", "no, that's all"],
        persona: "Ben Gold.",
        goal: "Book Friday at 11 exactly. If 11 is taken or not offered, do not take another time: say goodbye and end the call. No email.",
      },
      {
        from: "+12025550162",
        script: ["I'd like an appointment on Friday at 11", "Ruth Silver", "Check-up", "no", "yes", "no, that's all"],
        persona: "Ruth Silver.",
        goal: "Book Friday at 11 exactly. If 11 is taken or not offered, do not take another time: say goodbye and end the call. No email.",
      },
    ],
    expect: {
      outbox: WINNER_AND_OWNER,
      appointments: [{ on: "+3", at: "11:00" }],
      calls: [{ outcome: "booked" }, { outcome: "no_action" }],
      say: [standIn("en", "Receptionist.slotTaken", "the second caller hears the time was just taken")],
    },
  },
  {
    id: "en-phone-is-not-the-reason",
    language: "en",
    title: "Gives a national-format number when asked the reason: kept as the phone (+1…), the reason is asked again",
    covers: ["phone-not-reason", "national-number"],
    calls: [
      {
        from: "+12025550120",
        script: [
          "I'd like to book an appointment",
          "Henry Ford",
          "(202) 555-0187",
          "A flu shot",
          "no",
          "tomorrow",
          "the first one",
          "yes",
          "no",
        ],
        persona: "Henry Ford. You call from your office line; texts must go to your mobile, (202) 555-0187.",
        goal: `Book a flu shot tomorrow, the earliest time. When asked why you come, first give your mobile number ((202) 555-0187) for the texts, then say it is for a flu shot. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "09:00", phone: "+12025550187", reason: /flu shot/i }],
      outbox: toNumber("+12025550187"),
      calls: [{ outcome: "booked" }],
      say: [standIn("en", "Simulator.askReasonAgain", "asks the reason again after the number")],
    },
  },
  {
    id: "en-opening-own-greeting",
    language: "en",
    title: "An owner's greeting that starts with Hello: the opening greets once",
    covers: ["opening"],
    business: { greeting: "Hello! How can I help you today?", agentName: "Emma" },
    calls: [
      {
        from: "+12025550121",
        script: ["That's all, thanks. Bye!"],
        persona: "A caller who dialled by mistake.",
        goal: "Say you dialled by mistake, apologise and end the call.",
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      say: [
        { re: /virtual assistant/i, turn: "opening", why: "the disclosure" },
        { re: /Smith Family Practice/, turn: "opening", why: "names the business" },
      ],
    },
  },
  {
    id: "en-cancel-verified",
    language: "en",
    title: "A cancel from another phone goes through once the code texted to the appointment's number is read back",
    covers: ["cancel-verified"],
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Sarah Connor", phone: "+12025550114" } }],
    calls: [
      {
        from: "+12025550198",
        holds: "+12025550114",
        script: ["I want to cancel my appointment", "It was booked with my mobile, +1 202 555 0114", "{code}", "yes", "no, that's all"],
        persona:
          "Sarah Connor, calling from her office phone. Her appointment on Thursday at 11 was booked with her mobile, +1 202 555 0114, which she has with her.",
        goal: `Cancel your Thursday appointment. If asked, give the mobile number it was booked with, and read out the code texted to it. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+12025550114", status: "cancelled" }],
      calendarEvents: 0,
      outbox: [{ channel: "sms", to: "+12025550114", body: /your code is \d{6}/ }, ...toNumber("+12025550114")],
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["send_verification_code", "verify_code", "cancel_appointment"] },
    },
  },
  {
    id: "en-cancel-birth-date",
    language: "en",
    title: "Without the phone the appointment was booked with, a cancel goes through once the name and date of birth match",
    covers: ["cancel-birth-date"],
    business: { birthDateCheck: true },
    setup: [{ appointment: { on: "+2", at: "11:00", name: "Ellen Ripley", phone: "+12025550115", birthDate: "1971-03-09" } }],
    calls: [
      {
        from: "+12025550199",
        script: [
          "I need to cancel my appointment",
          "It was booked with my mobile, +1 202 555 0115, but I don't have my mobile with me",
          "Ellen Ripley, born on March 9, 1971",
          "yes",
          "no, that's all",
        ],
        persona:
          "Ellen Ripley, calling from a hotel phone. Her appointment on Thursday at 11 was booked with her mobile, +1 202 555 0115, which she does not have with her (she cannot read texts sent to it). She was born on 9 March 1971.",
        goal: `Cancel your Thursday appointment. If asked, give the mobile number it was booked with and say you do not have that phone with you; give your full name and date of birth if asked. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "11:00", phone: "+12025550115", status: "cancelled" }],
      calendarEvents: 0,
      outbox: toNumber("+12025550115"),
      calls: [{ outcome: "cancelled" }],
      tools: { called: ["verify_identity", "cancel_appointment"], notCalled: ["send_verification_code"] },
    },
  },
  {
    id: "en-book-birth-date",
    language: "en",
    title: "With the birth-date check on, a booking asks the date of birth and keeps it",
    covers: ["book-birth-date"],
    business: { birthDateCheck: true },
    calls: [
      {
        from: "+12025550116",
        script: [
          "Hi, I'd like an appointment tomorrow at 10",
          "My name is Tom Baker",
          "A check-up",
          "the 20th of January 1950",
          "no thanks",
          "yes",
          "no, that's all",
        ],
        persona: "Tom Baker, a patient born on 20 January 1950. The number you call from is your mobile.",
        goal: `Book a check-up tomorrow at 10 in the morning. Give your date of birth if asked. You do not want an email. Confirm when the details are read back. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /Tom Baker/, birthDate: "1950-01-20" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      tools: { called: ["check_availability", "book_appointment"] },
    },
  },
  {
    id: "en-closed-for-training",
    language: "en",
    title: "Tomorrow the practice is closed for staff training: the caller hears why and books the next open day",
    covers: ["closure"],
    setup: [{ closure: { from: "+1", to: "+1", reason: "staff training" } }],
    calls: [
      {
        from: "+12025550117",
        script: ["I'd like an appointment tomorrow", "Nina Patel", "Check-up", "no", "the first one", "yes", "no thanks"],
        persona: "Nina Patel, wanting a check-up.",
        goal: `Ask for tomorrow. If they are closed, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /staff training/i, why: "says why tomorrow is closed" }],
    },
  },
  {
    id: "en-price-from-knowledge",
    language: "en",
    title: "Asks the price of a whitening: the owner's price, from the instructions, and nothing is booked",
    covers: ["price-known"],
    setup: [
      { knowledge: { kind: "price", title: "Teeth whitening", details: "250 euros per session" } },
      { knowledge: { kind: "policy", title: "Parking", details: "Free parking behind the building" } },
    ],
    calls: [
      {
        from: "+12025550181",
        script: ["How much does teeth whitening cost?", "no thanks"],
        persona: "Lena Fox, thinking about teeth whitening.",
        goal: `Ask how much teeth whitening costs. Once you have the price, say that is all and end the call.`,
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      tools: { notCalled: ["book_appointment", "take_message"] },
      say: [{ re: /250 euros/i, why: "the price the owner wrote" }],
    },
  },
  {
    id: "en-price-searched",
    language: "en",
    title: "A price list too long for the instructions: the receptionist looks the crown up and says its price",
    covers: ["price-known"],
    setup: [{ knowledge: { kind: "price", title: "Crown", details: "From 600 euros, depending on the material", many: 30 } }],
    calls: [
      {
        from: "+12025550182",
        script: ["What is the price of a crown?", "no thanks"],
        persona: "Omar Reed, who was told he needs a crown.",
        goal: `Ask what a crown costs. Once you have the price, say that is all and end the call.`,
      },
    ],
    expect: {
      appointments: [],
      outbox: [],
      calls: [{ outcome: "no_action" }],
      tools: { called: ["lookup_info"], notCalled: ["book_appointment"] },
      say: [{ re: /600 euros/i, why: "the price the owner wrote" }],
    },
  },
  {
    id: "en-price-not-known",
    language: "en",
    title: "Asks a price the owner never gave: 'I don't know', a message offered and taken, no price invented",
    covers: ["price-unknown"],
    setup: [{ knowledge: { kind: "price", title: "Scaling", details: "60 euros" } }],
    calls: [
      {
        from: "+12025550183",
        script: ["How much do braces cost?", "Yes, please ask the dentist to call me back about braces, this is Sam Lee", "no, that's all"],
        persona: "Sam Lee, whose daughter may need braces.",
        goal: `Ask how much braces cost. If they cannot tell you, accept their offer of a message: the dentist should call you back about braces. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/braces/i),
      calls: [{ outcome: "message" }],
      tools: { called: ["take_message"], notCalled: ["book_appointment"] },
      say: [standIn("en", "Receptionist.lookupNothing", "says it does not know and offers a message")],
      notSay: [{ re: /\b\d+\s?(euros?|€|\$|dollars?)/i, why: "no price the owner did not give" }],
    },
  },
  // --- What a small model would read literally: every time with its day, closed days said, the business's words. ---
  {
    id: "en-closed-sunday",
    language: "en",
    title: "Asks for Sunday (closed every week): told so, and offered Monday's times, each with its day",
    covers: ["closed-weekday"],
    calls: [
      {
        from: "+12025550201",
        script: ["I'd like an appointment on Sunday", "Amy Pond", "Check-up", "no", "the first one", "yes", "no thanks"],
        persona: "Amy Pond, free at weekends.",
        goal: `Ask for Sunday. If they are closed, take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+6", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /closed on Sundays/i, why: "a weekly closed day is said closed" }],
      notSay: [{ re: /nothing is free|fully booked/i, why: "Sunday is closed, not full" }],
    },
  },
  {
    id: "en-closure-at-a-time",
    language: "en",
    title: "Asks for tomorrow at 10 on a training day: the closure and its reason are said, then the closest times with their days",
    covers: ["closure-time", "closure"],
    setup: [{ closure: { from: "+1", to: "+1", reason: "staff training" } }],
    calls: [
      {
        from: "+12025550202",
        script: ["Can I come tomorrow at 10?", "Rose Tyler", "Check-up", "no", "Thursday at 9 please", "yes", "no thanks"],
        persona: "Rose Tyler, who prefers mornings.",
        goal: `Ask for tomorrow at 10. If they are closed, take Thursday at 9 in the morning if they offer it. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /closed on Wednesday, June 9 \(staff training\)/i, why: "says the closure and why, for a time that day" }],
      notSay: [{ re: /is not free/i, why: "a closed day is closed, not busy" }],
    },
  },
  {
    id: "en-evening-after-closing",
    language: "en",
    title: "Asks for tomorrow evening at a practice that closes at 5 PM: told the closing time and offered the latest times",
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
        from: "+12025550203",
        script: ["Do you have anything tomorrow evening?", "Clara Oswald", "Check-up", "no", "the last one", "yes", "no thanks"],
        persona: "Clara Oswald, who works until 4 PM.",
        goal: `Ask for tomorrow evening. Take the latest time they offer tomorrow. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "16:30", phone: "caller" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /we close at 5:00 PM/i, why: "says the closing time" }],
      notSay: [{ re: /nothing is free|no free time|fully booked/i, why: "the calendar is nearly empty" }],
    },
  },
  {
    id: "en-saturday-offers-friday",
    language: "en",
    title: "Asks for Saturday at 3 PM where Saturdays are closed: the closest times are Friday's, and Friday is named",
    covers: ["other-day-named", "out-of-hours"],
    business: { hours: { saturday: { isOpen: false, openTime: "09:00", closeTime: "12:00" } } },
    calls: [
      {
        from: "+12025550204",
        script: ["Can I come on Saturday at 3 pm?", "Donna Noble", "Check-up", "no", "the first one", "yes", "no thanks"],
        persona: "Donna Noble, who would like the end of the week.",
        goal: `Ask for Saturday at 3 PM. If that is not possible, take the first time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+3", at: "16:30", phone: "caller", notOn: ["+4"] }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /closed on Saturdays.*Friday, June 11 at 4:30 PM/i, why: "the times offered are named with their day" }],
    },
  },
  {
    id: "en-cancel-which",
    language: "en",
    title: "A caller with two appointments asks to cancel: asked which, only Friday's is cancelled",
    covers: ["which-appointment", "cancel"],
    setup: [
      { appointment: { on: "+2", at: "11:00", name: "Martha Jones", phone: "+12025550205" } },
      { appointment: { on: "+3", at: "15:00", name: "Martha Jones", phone: "+12025550205" } },
    ],
    calls: [
      {
        from: "+12025550205",
        script: ["I want to cancel my appointment", "the one on Friday", "yes", "no, that's all"],
        persona: "Martha Jones. You have two appointments, Thursday at 11 and Friday at 3 PM, both booked from this phone.",
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
      say: [standIn("en", "Simulator.whichAppointment", "asks which appointment")],
    },
  },
  {
    id: "en-unknown-insurance",
    language: "en",
    title: "Asks about an insurer the owner never named: 'I don't know', never 'no', and a message is taken",
    covers: ["unknown-item"],
    setup: [{ knowledge: { kind: "policy", title: "Insurance", details: "We accept Delta Dental and Aetna" } }],
    calls: [
      {
        from: "+12025550206",
        script: [
          "Do you take Cigna insurance?",
          "Yes, please ask them to call me back about Cigna, this is Rory Williams",
          "no, that's all",
        ],
        persona: "Rory Williams, insured with Cigna.",
        goal: `Ask whether they take Cigna insurance. If they do not know, leave a message asking to be called back about Cigna. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/Cigna/),
      calls: [{ outcome: "message" }],
      ...NO_BOOKING,
      say: [{ re: /does not mention Cigna|don't know/i, why: "an insurer not listed is unknown" }],
      notSay: [{ re: /\b(don't|do not|doesn't|does not) (take|accept)\b|\bno, we\b/i, why: "never 'no' for what the owner did not list" }],
    },
  },
  {
    id: "en-salon-words",
    language: "en",
    title: "A hair salon's caller books: no patients, no medical words",
    covers: ["business-words"],
    business: { type: "beauty", name: "Studio Bella" },
    calls: [
      {
        from: "+12025550207",
        script: ["I'd like to book a haircut tomorrow at 10", "Amy Santiago", "A haircut", "no", "yes", "no thanks"],
        persona: "Amy Santiago, who wants a haircut.",
        goal: `Book a haircut tomorrow at 10. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", reason: /haircut/i }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      notSay: [{ re: /patient|medical|prescription|practice/i, why: "a salon's callers are clients" }],
    },
  },
  {
    id: "en-spanish-caller",
    language: "en",
    title: "A caller who speaks Spanish to an English practice is answered in Spanish, and confirmed in Spanish",
    covers: ["caller-language", "language-kept"],
    calls: [
      {
        from: "+12025550208",
        script: ["Hola, quisiera una cita mañana a las 10 por favor", "Me llamo Lucía Gómez", "Una revisión", "no", "sí", "no, gracias"],
        persona: "Lucía Gómez, who speaks Spanish only.",
        goal: "Speak Spanish only. Book tomorrow at 10 in the morning. No email. Once it is done, thank them in Spanish and end the call.",
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /Lucía Gómez/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /cita/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /Reservado: Lucía Gómez/, why: "the booking is said in Spanish" }],
    },
  },
  // --- What a call remembers, and defaults true to life. ---
  {
    id: "en-independence-day",
    language: "en",
    title: "Asks for Monday July 5, Independence Day (observed): closed, the holiday named, booked the next day",
    covers: ["public-holiday"],
    calls: [
      {
        from: "+12025550301",
        script: ["I'd like an appointment on July 5", "Bruce Wayne", "A check-up", "no", "the first one", "yes", "no thanks"],
        persona: "Bruce Wayne, who would like to come in on Monday July 5.",
        goal: `Ask for an appointment on July 5. If they are closed that day, take the earliest time they offer on another day. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-07-06", at: "09:00", phone: "caller", name: /Bruce Wayne/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /closed on Monday, July 5 for Independence Day/i, why: "the public holiday is said closed, by its name" }],
      notSay: [{ re: /July 5 at \d/i, why: "no time on the holiday" }],
    },
  },
  {
    id: "en-dr-patel-kept",
    language: "en",
    title: "Asks for Dr Patel on Thursday: the booking that no longer names him is still with him",
    covers: ["practitioner-kept", "practitioner-asked"],
    business: { practitioners: [{ name: "Dr Raj Patel" }] },
    calls: [
      {
        from: "+12025550302",
        script: [
          "I'd like an appointment with Dr Patel on Thursday",
          "Selina Kyle",
          "A follow-up",
          "no",
          "the first one",
          "yes",
          "no thanks",
        ],
        persona: "Selina Kyle, a patient of Dr Patel's.",
        goal: `Book with Dr Patel on Thursday, the earliest time he has; nobody else. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+2", at: "09:00", phone: "caller", name: /Selina Kyle/, practitioner: "Dr Raj Patel" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /with Dr Raj Patel/, why: "the booking says who with" }],
    },
  },
  {
    id: "en-anyone-is-fine",
    language: "en",
    title: "Asks for Dr Patel (afternoons only), then says anyone is fine in the morning: booked with Dr Smith",
    covers: ["practitioner-kept"],
    business: {
      practitioners: [
        {
          name: "Dr Raj Patel",
          hours: {
            monday: { isOpen: true, openTime: "14:00", closeTime: "18:00" },
            tuesday: { isOpen: true, openTime: "14:00", closeTime: "18:00" },
            wednesday: { isOpen: true, openTime: "14:00", closeTime: "18:00" },
            thursday: { isOpen: true, openTime: "14:00", closeTime: "18:00" },
            friday: { isOpen: true, openTime: "14:00", closeTime: "18:00" },
            saturday: { isOpen: false, openTime: "09:00", closeTime: "12:00" },
            sunday: { isOpen: false, openTime: "09:00", closeTime: "12:00" },
          },
        },
      ],
    },
    calls: [
      {
        from: "+12025550303",
        script: [
          "I'd like an appointment with Dr Patel tomorrow",
          "Harvey Dent",
          "A check-up",
          "no",
          "Actually anyone is fine, do you have something in the morning?",
          "the first one",
          "yes",
          "no thanks",
        ],
        persona: "Harvey Dent, who first asks for Dr Patel but would rather come in the morning.",
        goal: `Ask for Dr Patel tomorrow. When they offer his times (afternoon), say that actually anyone is fine and ask for the morning; take the first morning time. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "09:00", phone: "caller", name: /Harvey Dent/, practitioner: "owner" }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /with Dr Jane Smith/, why: "the booking says who with" }],
    },
  },
  {
    id: "en-uk-mobile",
    language: "en",
    title: "Gives a UK mobile in national form: asked which country, confirmed to +44 with the practice's number in international form",
    covers: ["uk-caller"],
    calls: [
      {
        from: "+12025550304",
        script: [
          "I'd like an appointment tomorrow at 10",
          "Harry Palmer",
          "A check-up",
          "no",
          "yes, and please send the confirmation to my mobile, 07700 900123",
          "It's a UK number",
          "no thanks",
        ],
        persona:
          "Harry Palmer, a British visitor calling from a hotel phone. Your mobile is a UK one: 07700 900123 (say it that way, without the country code, unless they ask which country it is from).",
        goal: `Book a check-up tomorrow at 10 and have the confirmation sent to your mobile, 07700 900123. If asked which country the number is from, say it is a UK number. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "+447700900123", name: /Harry Palmer/ }],
      outbox: [
        { channel: "sms", to: "+447700900123", body: /\+1 202/ },
        { channel: "whatsapp", to: "+447700900123" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [
        { re: /Which country is it from\?/, driver: "standin", why: "a national number of another country: which country" },
        { re: /\+44 7700 900123/, why: "the confirmation names the number in international form" },
      ],
      notSay: [{ re: /did not get that phone number/i, why: "the number was clear, only its country was missing" }],
    },
  },
  {
    id: "en-just-a-text",
    language: "en",
    title: "Asks for just a text: the confirmation goes by SMS only",
    covers: ["one-channel"],
    calls: [
      {
        from: "+12025550305",
        script: [
          "I'd like an appointment tomorrow at 11",
          "Diana Prince",
          "A check-up",
          "No email, just a text please",
          "yes",
          "no thanks",
        ],
        persona: "Diana Prince, who does not use WhatsApp.",
        goal: `Book tomorrow at 11. You want the confirmation by text message only: no email, no WhatsApp. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "11:00", phone: "caller", name: /Diana Prince/ }],
      outbox: [
        { channel: "sms", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /goes by text message\./, why: "the booking names the one channel used" }],
      notSay: [{ re: /WhatsApp/, why: "no WhatsApp was asked for" }],
    },
  },
  {
    id: "en-mother-books-for-daughter",
    language: "en",
    title: "A mother books her daughter after school: the appointment is the girl's, the text says whose and who booked",
    covers: ["booking-for-child", "afternoon-by-language"],
    calls: [
      {
        from: "+12025550306",
        script: [
          "Hi, I'd like to book an appointment",
          "It's for my daughter Lily Evans, I'm her mother Sophie Evans",
          "A sore throat",
          "no",
          "tomorrow after school",
          "the first one",
          "yes",
          "no thanks",
        ],
        persona: "Sophie Evans, booking for her 7-year-old daughter Lily Evans, who has a sore throat. Lily is at school until 3.",
        goal: `Book an appointment for Lily tomorrow after school. Say it is for your daughter Lily Evans and that you are her mother, Sophie Evans. Take the first time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", between: ["16:00", "18:00"], phone: "caller", name: /Lily Evans/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /\(.*for Lily, booked by Sophie\)/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      notSay: [{ re: /\b(12|1):\d\d PM\b/, why: "after school is not midday" }],
    },
  },
  {
    id: "en-physio-urgent",
    language: "en",
    title: "Urgent back pain at a physio: asked about bladder control and numbness before any time, then the earliest",
    covers: ["trade-red-flag"],
    business: { name: "Back in Motion Physiotherapy" },
    calls: [
      {
        from: "+12025550307",
        script: [
          "I need an appointment as soon as possible, it's urgent, my back is killing me",
          "No, nothing like that",
          "Peter Parker",
          "Back pain",
          "no",
          "the first one",
          "yes",
          "no thanks",
        ],
        persona: "Peter Parker, whose lower back has hurt badly since yesterday; no numbness, no bladder or bowel trouble.",
        goal: `Say it is urgent, your back is killing you. If asked about numbness or bladder or bowel control, say no. Take the earliest time they offer. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+0", at: "09:00", phone: "caller", name: /Peter Parker/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      sayBefore: [
        {
          first: /bladder|numb/i,
          then: /\d{1,2}:\d{2}\s?[AP]M/,
          why: "the physio's warning-sign question comes before any time is offered",
        },
      ],
    },
  },
  {
    id: "en-colouring-one",
    language: "en",
    title: "Two appointments the same Wednesday: 'the colouring one' is cancelled, the haircut stays; asked again, it is already cancelled",
    covers: ["appointments-told-apart", "cancel", "cancel-twice"],
    business: { type: "beauty", name: "Studio Bella" },
    setup: [
      { appointment: { on: "+1", at: "11:00", name: "Wanda Maximoff", phone: "+12025550308", reason: "colouring" } },
      { appointment: { on: "+1", at: "17:00", name: "Wanda Maximoff", phone: "+12025550308", reason: "haircut" } },
    ],
    calls: [
      {
        from: "+12025550308",
        script: [
          "I want to cancel my appointment",
          "the colouring one",
          "yes",
          "Sorry, can you cancel the colouring one? I'm not sure it went through",
          "yes",
          "no, that's all",
        ],
        persona:
          "Wanda Maximoff. You have two appointments tomorrow, a colouring at 11 and a haircut at 5 PM, both booked from this phone.",
        goal: `Cancel the colouring appointment only; keep the haircut. Call it "the colouring one". Once they say it is cancelled, ask once more to cancel the colouring one, as if unsure it went through. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [
        { on: "+1", at: "11:00", status: "cancelled", reason: /colouring/ },
        { on: "+1", at: "17:00", status: "booked", reason: /haircut/ },
      ],
      calendarEvents: 1,
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "cancelled" }],
      say: [
        { re: /11:00 AM, colouring/, why: "each appointment is said with what it is for" },
        { re: /already cancelled/, driver: "standin", why: "a second cancel of the same appointment is said done already" },
      ],
      notSay: [{ re: /no upcoming appointment/i, why: "never 'I found nothing' for one just cancelled" }],
    },
  },
  {
    id: "en-billing-desk-no-answer",
    language: "en",
    title: "Wants someone about a bill; the front desk does not answer: a message, never the doctor's mobile",
    covers: ["transfer-fallback", "transfer"],
    business: {
      routing: {
        destinations: [
          { name: "Front desk", phone: "+12025550370", when: "billing questions and invoices", answers: false },
          { name: "Dr Smith's mobile", phone: "+12025550371", when: "urgent clinical questions from patients" },
        ],
      },
    },
    calls: [
      {
        from: "+12025550309",
        script: [
          "I'd like to speak to someone about my bill",
          "Please ask them to call me back about my last invoice, this is Clark Kent",
          "no, that's all",
        ],
        persona: "Clark Kent, who does not understand a line on his last invoice.",
        goal: `Ask to speak to someone about your bill. If nobody can take the call, leave a message asking to be called back about your last invoice. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [],
      outbox: OWNER_ONLY(/invoice/i),
      calls: [{ outcome: "message" }],
      transfers: [{ to: "+12025550370", answered: false }],
      say: [{ re: /front desk/i, why: "put through to the front desk, named as people say it" }],
      notSay: [{ re: /mobile/i, why: "never put through to the doctor's mobile for a bill" }],
      ...NO_BOOKING,
    },
  },
  {
    id: "en-february-30",
    language: "en",
    title: "Asks for February 30: told the date does not exist, then books the day given instead",
    covers: ["impossible-date"],
    calls: [
      {
        from: "+12025550310",
        script: [
          "I'd like an appointment on February 30",
          "Lois Lane",
          "A check-up",
          "no",
          "June 30 then",
          "the first one",
          "yes",
          "no thanks",
        ],
        persona: "Lois Lane, who mixed up her dates.",
        goal: `Ask for an appointment on February 30. If they say that date does not exist, ask for June 30 instead and take the first time. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "2027-06-30", at: "09:00", phone: "caller", name: /Lois Lane/ }],
      outbox: CALLER_AND_OWNER,
      calls: [{ outcome: "booked" }],
      say: [{ re: /There is no February 30/, why: "a date that does not exist is said not to exist" }],
      notSay: [{ re: /did not understand|didn't understand/i, why: "the date was clear, it does not exist" }],
    },
  },
  {
    id: "en-london-practice",
    language: "en",
    title: "A practice in London, a UK caller: dates said and texted the British way, its UK number in the text",
    covers: ["uk-caller"],
    business: { country: "GB" },
    calls: [
      {
        from: "+447700900321",
        script: ["I'd like an appointment tomorrow at 10", "Mary Poppins", "A check-up", "no", "yes", "no thanks"],
        persona: "Mary Poppins, a patient of this London practice, calling from her UK mobile.",
        goal: `Book a check-up tomorrow at 10 in the morning. No email. ${hangUpWhenDone}`,
      },
    ],
    expect: {
      appointments: [{ on: "+1", at: "10:00", phone: "caller", name: /Mary Poppins/ }],
      outbox: [
        { channel: "sms", to: "caller", body: /Wednesday,? 9 June 2027[\s\S]*020 7946 0/ },
        { channel: "whatsapp", to: "caller" },
        { channel: "email", to: "owner" },
      ],
      calls: [{ outcome: "booked" }],
      say: [{ re: /Wednesday 9 June/, why: "a British date: the day before the month" }],
      notSay: [{ re: /June 9/, why: "never the American order in the UK" }],
    },
  },
];
