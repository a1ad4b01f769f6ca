// An account's emails: its setup link, a registration attempt on its address, password resets and changes.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * Emails an account created by a checkout its single-use setup link (the job makes the token). `key` names the
     * occasion (a checkout, a registration attempt): one email per key.
     */
    "account-setup": { userId: string; key: string };
    /**
     * Tells the owner of a set-up account that someone tried to register with its email. `key` names the occasion
     * (the account and the hour): one email per key.
     */
    "register-attempt": { userId: string; key: string };
    /**
     * Emails an account a fresh single-use password reset link (the job makes the token). `key` names the request
     * (the owner's, or an admin's): one email per key.
     */
    "password-reset": { userId: string; key: string };
    /**
     * Tells an account's owner that its password was changed (by a reset link or in the settings). `at`: when it
     * changed (ISO); `how`: with a reset link or in the account settings. One email per change.
     */
    "password-changed": { userId: string; at: string; how: "reset" | "change" };
  }
}

export {};
