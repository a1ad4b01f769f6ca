import { handlers } from "@/lib/auth/auth";

export const runtime = "nodejs";
export const { GET, POST } = handlers;
