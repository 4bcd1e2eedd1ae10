/**
 * The proof of work of the sign-up and add-tool forms (ALTCHA, served and checked here, no third party): a challenge
 * signed with our key asks the browser to find the number whose SHA-256 starts with a given prefix; the answer is
 * checked with the key alone, and each answer passes one form, once (spent_proofs). Decision 023.
 */
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { lt, eq } from "drizzle-orm";
import { z } from "#common/zod.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { CHALLENGE_LIFETIME_SECONDS } from "#common/spam-fields.ts";
import type { Database } from "../db/client.ts";
import { spentProofs } from "../db/schema.ts";

/**
 * When a challenge expires, in seconds since 1970, signed with it: in its `data`, not ALTCHA's own `expiresAt`, which
 * `verifySolution` compares with the machine's clock. The site reads one clock (the services' `now`), and a challenge
 * served at a test's fixed date was expired on arrival once the real date passed it.
 */
const EXPIRES_FIELD = "expires";
/** What the browser sends back: the challenge as served, and the number it found with its hash (base64 JSON). */
const proofPayload = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal("SHA-256"),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int().min(1).max(10),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(200).optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});

export type Proof = z.infer<typeof proofPayload>;

/** The key that signs challenges: ALTCHA_HMAC_KEY, or one derived from the auth secret for each of its two uses. */
export function proofKeys(configured: string, authSecret: string) {
  const derive = (use: string) =>
    createHmac("sha256", configured || authSecret)
      .update(`altcha:${use}`)
      .digest("base64url");
  return { signatureKey: derive("challenge"), keySignatureKey: derive("key") };
}

/** Reads the field's text as a proof; undefined when it cannot be one. */
export function parseProof(text: string): Proof | undefined {
  try {
    const parsed = proofPayload.safeParse(JSON.parse(Buffer.from(text, "base64").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** When the proof's challenge expires, in seconds since 1970; 0 (long past) when it names no time. */
function expiryOf(proof: Proof): number {
  const expires = proof.challenge.parameters.data?.[EXPIRES_FIELD];
  return typeof expires === "number" && Number.isFinite(expires) ? expires : 0;
}

/** A proof as the browser writes it in the form's field. */
export function encodeProof(proof: {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}): string {
  return Buffer.from(
    JSON.stringify({
      challenge: proof.challenge,
      solution: { counter: proof.solution.counter, derivedKey: proof.solution.derivedKey },
    }),
  ).toString("base64");
}

export function proofOfWork({
  db,
  signatureKey,
  keySignatureKey,
  maxNumber,
}: {
  db: Database;
  signatureKey: string;
  keySignatureKey: string;
  maxNumber: number;
}) {
  return {
    /** A new challenge: the answer is a random number up to maxNumber, which the browser finds by trying them in turn. */
    createChallenge(now: Date): Promise<Challenge> {
      return createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(maxNumber, Math.floor(maxNumber / 10)),
        deriveKey,
        data: { [EXPIRES_FIELD]: Math.floor(now.getTime() / 1000) + CHALLENGE_LIFETIME_SECONDS },
        hmacSignatureSecret: signatureKey,
        hmacKeySignatureSecret: keySignatureKey,
      });
    },

    /** Checks an answer: refused when missing, not ours, wrong or expired at `now`. Spending it is `spend`'s. */
    async check(text: string, now: Date): Promise<Proof> {
      if (!text.trim()) throw new AppError("invalid-argument", MESSAGES.spam.proofMissing);
      const proof = parseProof(text.trim());
      if (!proof) throw new AppError("invalid-argument", MESSAGES.spam.proofInvalid);
      const result = await verifySolution({
        challenge: proof.challenge,
        solution: proof.solution,
        deriveKey,
        hmacSignatureSecret: signatureKey,
        hmacKeySignatureSecret: keySignatureKey,
      });
      if (!result.verified) throw new AppError("invalid-argument", MESSAGES.spam.proofInvalid);
      // The signature covers the expiry: once it holds, the time is ours, compared with our clock.
      if (expiryOf(proof) * 1000 <= now.getTime()) throw new AppError("invalid-argument", MESSAGES.spam.proofExpired);
      return proof;
    },

    /**
     * Spends a checked proof for `run`: a proof already spent is refused; when `run` fails the proof is given back, so
     * the person sends the same form again once they have fixed it.
     */
    async spend<T>(proof: Proof, run: () => Promise<T>): Promise<T> {
      const { signature } = proof.challenge;
      const spent = await db
        .insert(spentProofs)
        .values({ signature, expiresAt: new Date(expiryOf(proof) * 1000) })
        .onConflictDoNothing()
        .returning({ signature: spentProofs.signature });
      if (spent.length === 0) throw new AppError("invalid-argument", MESSAGES.spam.proofReplayed);
      try {
        return await run();
      } catch (error) {
        await db.delete(spentProofs).where(eq(spentProofs.signature, signature));
        throw error;
      }
    },

    /** Deletes the spent proofs whose challenge has expired (the hourly job): they can no longer be sent anyway. */
    async purgeSpent(now: Date): Promise<number> {
      const deleted = await db
        .delete(spentProofs)
        .where(lt(spentProofs.expiresAt, now))
        .returning({ signature: spentProofs.signature });
      return deleted.length;
    },
  };
}

export type ProofOfWork = ReturnType<typeof proofOfWork>;
