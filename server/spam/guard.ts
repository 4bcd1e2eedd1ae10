/**
 * What a form that makes something (an account, a tool) passes before the service runs: the honeypot left empty and a
 * proof of work, checked and then spent on that one change. Decision 023.
 */
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { HONEYPOT_FIELD, PROOF_FIELD, SCRIPT_FIELD } from "#common/spam-fields.ts";
import type { ProofOfWork } from "./proof-of-work.ts";

/** The anti-spam fields of a posted form or a JSON body. */
export type SpamFields = { proof: string; honeypot: string; hasScript: boolean };

export function spamFieldsOf(form: FormData | Record<string, unknown>): SpamFields {
  const read = (name: string) => {
    const value = form instanceof FormData ? form.get(name) : form[name];
    return typeof value === "string" ? value : "";
  };
  return { proof: read(PROOF_FIELD), honeypot: read(HONEYPOT_FIELD), hasScript: read(SCRIPT_FIELD) === "1" };
}

export function spamGuard({ proofOfWork, now = () => new Date() }: { proofOfWork: ProofOfWork; now?: () => Date }) {
  return {
    /** A challenge for the browser (GET /api/challenge). */
    createChallenge: () => proofOfWork.createChallenge(now()),

    /**
     * Runs `run` (the change the form asks for) once the honeypot is empty and the proof is valid, spending the proof
     * on it; a refused change gives the proof back, so the same form may be sent again.
     */
    async guard<T>(form: FormData | Record<string, unknown>, run: () => Promise<T>): Promise<T> {
      const fields = spamFieldsOf(form);
      if (fields.honeypot.trim()) throw new AppError("invalid-argument", MESSAGES.spam.honeypot);
      // A page's form sent by a browser that runs no script has no proof, and never will: it is told what it needs.
      if (form instanceof FormData && !fields.proof.trim() && !fields.hasScript)
        throw new AppError("invalid-argument", MESSAGES.spam.needsScript);
      const proof = await proofOfWork.check(fields.proof, now());
      return proofOfWork.spend(proof, run);
    },

    /** Deletes the spent proofs whose challenge expired before `at` (the hourly job). */
    purgeSpentProofs: (at = now()) => proofOfWork.purgeSpent(at),
  };
}

export type SpamGuard = ReturnType<typeof spamGuard>;
