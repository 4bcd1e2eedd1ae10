/**
 * Solves the server's proof-of-work challenge in the browser (server/spam/proof-of-work.ts, ALTCHA's SHA-256 form with
 * cost 1): tries counters until SHA-256(salt, nonce, counter) starts with the challenge's prefix. Web Crypto does the
 * hashing in batches, and the loop gives the page back every few dozen milliseconds, so typing never stalls.
 */

export type Challenge = {
  parameters: { salt: string; nonce: string; keyPrefix: string };
  signature?: string;
};

const BATCH = 200;

const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const hexOf = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The answer as the form's field carries it (base64 JSON), or null when `signal` aborted first. */
export async function solveChallenge(challenge: Challenge, signal: AbortSignal): Promise<string | null> {
  const salt = bytesOf(challenge.parameters.salt);
  const nonce = bytesOf(challenge.parameters.nonce);
  const prefix = challenge.parameters.keyPrefix.toLowerCase();
  const hash = (counter: number) => {
    const data = new Uint8Array(salt.length + nonce.length + 4);
    data.set(salt);
    data.set(nonce, salt.length);
    new DataView(data.buffer).setUint32(salt.length + nonce.length, counter, false);
    return crypto.subtle.digest("SHA-256", data);
  };
  let lastYield = performance.now();
  for (let start = 0; start <= 0xffffffff; start += BATCH) {
    if (signal.aborted) return null;
    const keys = (await Promise.all(Array.from({ length: BATCH }, (_, offset) => hash(start + offset)))).map(hexOf);
    const found = keys.findIndex((key) => key.startsWith(prefix));
    if (found >= 0)
      return btoa(JSON.stringify({ challenge, solution: { counter: start + found, derivedKey: keys[found] } }));
    if (performance.now() - lastYield > 40) {
      await nextTask();
      lastYield = performance.now();
    }
  }
  return null;
}
