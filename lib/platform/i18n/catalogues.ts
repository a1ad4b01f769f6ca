import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import type { Locale } from "./routing";

export type Messages = typeof en;
export const catalogues: Record<Locale, Messages> = { en, fr, es };
