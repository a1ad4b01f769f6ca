// The fixed option lists, one source for forms, routes and the assistant.
export const BUSINESS_TYPES = [
  "medical",
  "dental",
  "restaurant",
  "beauty",
  "fitness",
  "consultancy",
  "legal",
  "accounting",
  "real_estate",
  "hotel",
  "education",
  "retail",
  "other",
] as const;
export const BUSINESS_SIZES = ["solo", "small", "medium", "large"] as const;
export const APPOINTMENT_DURATIONS = ["15", "30", "45", "60", "90", "120", "variable"] as const;
export const SPECIALTIES = [
  "general",
  "cardiology",
  "dermatology",
  "pediatrics",
  "psychiatry",
  "ophthalmology",
  "gynecology",
  "orthopedics",
  "neurology",
  "dentistry",
] as const;
export const VOICES = ["voice_english_male_1", "voice_english_male_2", "voice_english_female_1", "voice_french_male_1"] as const;
export const AI_LANGUAGES = ["en", "fr"] as const;
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export type Weekday = (typeof WEEKDAYS)[number];
