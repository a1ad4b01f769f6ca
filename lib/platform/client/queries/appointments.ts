import type { QueryClient } from "@tanstack/react-query";
import { invalidatePractitioners } from "./practitioners";

const all = ["appointments"] as const;
export const appointmentKeys = {
  all,
  /** The list: everyone's (practitionerId "") or one practitioner's. */
  list: (practitionerId: string) => [...all, "list", practitionerId] as const,
  week: (practitionerId: string, monday: string) => [...all, "week", practitionerId, monday] as const,
};

/** An appointment booked or cancelled: every list and week of them. */
export const invalidateAppointments = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });

/** An appointment given to another practitioner: also the practitioners, whose counts of appointments to come change. */
export const invalidateReassigned = (qc: QueryClient) => Promise.all([invalidateAppointments(qc), invalidatePractitioners(qc)]);
