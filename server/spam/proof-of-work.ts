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
import type { Database } from "../db/client.ts";
import { spentProofs } from "../db/schema.ts";

/** How long a challenge may be answered after it was served. */
export const CHALLENGE_LIFETIME_SECONDS = 30 * 60;
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
      expiresAt: z.number().optional(),
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
    createChallenge(now = new Date()): Promise<Challenge> {
      return createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(maxNumber, Math.floor(maxNumber / 10)),
        deriveKey,
        expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_SECONDS * 1000),
        hmacSignatureSecret: signatureKey,
        hmacKeySignatureSecret: keySignatureKey,
      });
    },

    /** Checks an answer: refused when missing, not ours, wrong or expired at `now`. Spending it is `spend`'s. */
    async check(text: string, now = new Date()): Promise<Proof> {
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
      // The signature covers expiresAt: once it holds, the time is ours, compared with our clock.
      const expiresAt = proof.challenge.parameters.expiresAt;
      if (result.expired || (result.verified && (!expiresAt || expiresAt * 1000 <= now.getTime())))
        throw new AppError("invalid-argument", MESSAGES.spam.proofExpired);
      if (!result.verified) throw new AppError("invalid-argument", MESSAGES.spam.proofInvalid);
      return proof;
    },

    /**
     * Spends a checked proof for `run`: a proof already spent is refused; when `run` fails the proof is given back, so
     * the person sends the same form again once they have fixed it.
     */
    async spend<T>(proof: Proof, run: () => Promise<T>): Promise<T> {
      const { signature, parameters } = proof.challenge;
      const spent = await db
        .insert(spentProofs)
        .values({ signature, expiresAt: new Date((parameters.expiresAt ?? 0) * 1000) })
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
    async purgeSpent(now = new Date()): Promise<number> {
      const deleted = await db
        .delete(spentProofs)
        .where(lt(spentProofs.expiresAt, now))
        .returning({ signature: spentProofs.signature });
      return deleted.length;
    },
  };
}

export type ProofOfWork = ReturnType<typeof proofOfWork>;
