/** Solves the app's proof-of-work challenge as a browser does, with ALTCHA's own solver (tests of the forms and the API). */
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { CHALLENGE_PATH } from "#common/spam-fields.ts";
import { encodeProof } from "#server/spam/proof-of-work.ts";

/** A challenge from the app: GET /api/challenge. */
export async function fetchChallenge(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
): Promise<Challenge> {
  const response = await request(CHALLENGE_PATH);
  if (response.status !== 200) throw new Error(`GET ${CHALLENGE_PATH} answered ${response.status}`);
  return (await response.json()) as Challenge;
}

/** The form field's value for `challenge`, found by trying every number as the browser does. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("The challenge could not be solved");
  return encodeProof({ challenge, solution });
}

/** A fresh challenge of the app, solved: what a browser puts in the form's `altcha` field. */
export async function solvedProof(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
): Promise<string> {
  return solve(await fetchChallenge(request));
}
