// The column shapes every table shares: instants as timestamptz (UTC), creation and update times, tsvector.
import { customType, timestamp } from "drizzle-orm/pg-core";

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () => ts("updated_at").notNull().defaultNow();

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
