// Every scenario of the conversation suite, in English, French and Spanish.
import type { Scenario } from "../types";
import { askedWhoAndWhen } from "./asked-who-and-when";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";

export const scenarios: Scenario[] = [...en, ...fr, ...es, ...askedWhoAndWhen];
