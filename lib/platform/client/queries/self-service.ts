const all = ["self-service"] as const;
/** A patient's own appointment page, opened by its link's token, and the free times it offers to move to. */
export const selfServiceKeys = {
  all,
  appointment: (token: string) => [...all, "appointment", token] as const,
  slots: (token: string, date: string) => [...all, "slots", token, date] as const,
};
