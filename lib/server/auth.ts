// Auth.js owns the session format and cookie. It is mounted at /api/authjs so its routes never shadow the REST
// contract's /api/auth/*; the contract's login mints the very same token (lib/accounts/auth/session.ts), so both stay in step.
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { verifyCredentials } from "@/lib/accounts/account/accounts.service";
import { loginSchema } from "@/lib/accounts/account/accounts.schemas";
import { createSessionRow, endSession, findLiveSession } from "@/lib/accounts/auth/session";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "@/lib/accounts/auth/session-token";
import { clientIp } from "@/lib/platform/http/client-ip";
import { isUuid } from "@/lib/platform/http/params";
import { appContext } from "./context";

export const { handlers } = NextAuth(() => {
  const ctx = appContext();
  const secure = ctx.session.appUrl.startsWith("https://");
  return {
    basePath: "/api/authjs",
    secret: ctx.session.secret,
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // Its other cookies (CSRF token, callback URL) follow APP_URL like ours, not the scheme the request arrived with
    // (plain http behind a TLS-terminating proxy).
    useSecureCookies: secure,
    cookies: {
      sessionToken: {
        name: sessionCookieName(ctx.session.appUrl),
        options: { httpOnly: true, sameSite: "lax", path: "/", secure },
      },
    },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        async authorize(credentials, request) {
          const parsed = loginSchema.safeParse(credentials);
          if (!parsed.success) return null;
          try {
            const account = await verifyCredentials(ctx.db, parsed.data, clientIp(request));
            return { id: account.id, role: account.type };
          } catch {
            return null;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user?.id) {
          // A sign-in through Auth.js gets its own revocable session row, like the contract's login.
          const { sessionId } = await createSessionRow(ctx.db, user.id);
          return { ...token, sub: user.id, sid: sessionId, role: (user as { role?: string }).role === "admin" ? "admin" : "user" };
        }
        const live = await findLiveSession(ctx.db, token.sub ?? "", typeof token.sid === "string" ? token.sid : "");
        return live ? token : null;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub ?? "", role: token.role === "admin" ? "admin" : "user" } };
      },
    },
    events: {
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (typeof sid === "string" && isUuid(sid)) await endSession(ctx.db, sid);
      },
    },
  };
});
