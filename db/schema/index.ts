// The whole data model, one file per area: camelCase in TypeScript, snake_case in SQL; every instant is timestamptz
// (UTC). drizzle-kit reads the tables from here (drizzle.config.ts), and the app imports them from "@/db/schema".
export * from "./accounts";
export * from "./scheduling";
export * from "./receptionist";
export * from "./messaging";
export * from "./platform";
export * from "./integrations";
export * from "./team";
