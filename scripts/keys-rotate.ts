// `npm run keys:rotate`: moves every stored secret (calendar refresh tokens) under a new encryption key, then retires
// the old one. Prints key ids and counts, never a key or a secret.
//
// - Key generated into DATA_DIR/secrets.json (the embedded default): generates the new key, keeps the previous one in
//   ENCRYPTION_KEYS_OLD while rows move, and drops it once none is left under it. Stopped half way, the next run resumes.
// - Key from the environment: this script cannot change it, so the new key is the configured one. Set ENCRYPTION_KEY to
//   the new key and ENCRYPTION_KEYS_OLD to the previous one on every instance, restart them, run this, then remove
//   ENCRYPTION_KEYS_OLD. Running instances must know the new key first, or they could not open what this re-seals.
import { createDb } from "@/db/client";
import { resealSecrets } from "@/lib/platform/crypto/rotation";
import { parseKeyList, type SecretBox } from "@/lib/platform/crypto/secret-box";
import { beginKeyRotation, retireOldKeys, secretBoxFor } from "@/lib/server/secrets";
import { prepareRuntime } from "./runtime";

async function main(): Promise<number> {
  const rt = await prepareRuntime(); // on the embedded default this takes the database lock: the app must be stopped
  try {
    // The key was resolved from secrets.json, not from the environment.
    const keyring = rt.vars.ENCRYPTION_KEY !== undefined;
    let box: SecretBox;
    if (keyring) {
      const fromEnv = rt.vars.ENCRYPTION_KEYS_OLD === undefined ? parseKeyList(rt.env.ENCRYPTION_KEYS_OLD) : [];
      const r = beginKeyRotation(rt.env.DATA_DIR, fromEnv);
      box = r.box;
      console.log(
        r.resumed
          ? `Resuming the rotation to key ${r.current}; old key(s) ${r.old.join(", ")} kept until every secret has moved.`
          : `New key ${r.current} is current (DATA_DIR/secrets.json); old key ${r.old.join(", ")} kept until every secret has moved.`,
      );
    } else {
      box = secretBoxFor(rt.env);
      console.log(
        `Current key ${box.keyId} (ENCRYPTION_KEY); old key(s): ${box.keyIds.slice(1).join(", ") || "none"} (ENCRYPTION_KEYS_OLD).`,
      );
    }

    const { db, sql } = createDb(rt.url, 1);
    let results;
    try {
      results = await resealSecrets(db, box, {
        onBatch: (c) => console.log(`  ${c.column}: ${c.resealed} re-sealed so far`),
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
    for (const r of results) {
      console.log(`${r.column}: ${r.resealed} re-sealed, ${r.failed} could not be opened, ${r.remaining} still under another key.`);
    }

    const left = results.reduce((n, r) => n + r.remaining, 0);
    if (left > 0) {
      console.error(
        `\n${left} secret(s) are not under key ${box.keyId} yet, so no key was retired. Those that could not be opened were sealed ` +
          "by a key missing from the keyring (add it to ENCRYPTION_KEYS_OLD) or were altered (their owner reconnects the " +
          "calendar). Others may have been written meanwhile by an instance still sealing with an old key. Run this again.",
      );
      return 1;
    }
    const old = box.keyIds.slice(1);
    if (keyring) {
      const retired = retireOldKeys(rt.env.DATA_DIR);
      console.log(
        retired.length
          ? `Every secret is under key ${box.keyId}: retired key(s) ${retired.join(", ")}.`
          : `Every secret is under key ${box.keyId}.`,
      );
    } else if (old.length) {
      console.log(
        `Every secret is under key ${box.keyId}: remove ENCRYPTION_KEYS_OLD (key(s) ${old.join(", ")}) from every instance's environment and restart them.`,
      );
    } else {
      console.log(
        `Every secret is under key ${box.keyId}. To rotate a key set in the environment: set ENCRYPTION_KEY to a new key ` +
          "(openssl rand -base64 32) and ENCRYPTION_KEYS_OLD to the previous one, restart the app, then run this again.",
      );
    }
    return 0;
  } finally {
    await rt.embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`\nkeys:rotate failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
