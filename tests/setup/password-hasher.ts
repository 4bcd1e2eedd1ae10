/**
 * A cheaper password hash for the tests' apps: scrypt, salted, in Better Auth's own "salt:key" form, at a cost of
 * N = 1,024 and r = 1 where Better Auth's is N = 16,384 and r = 16. At that cost every sign-up, sign-in and password
 * change took about a tenth of a second of CPU, which was over half of some files' time. The hash and its check stay
 * real: a wrong password fails. The apps that keep Better Auth's own: accounts.test.ts (which also times an unknown
 * address against a known one) and every server started as its own process.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { PasswordHasher } from "#server/auth/better-auth.ts";

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: object,
) => Promise<Buffer>;
const COST = { N: 1024, r: 1, p: 1 };
const KEY_LENGTH = 64;

export const cheapPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password.normalize("NFKC"), salt, KEY_LENGTH, COST)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const derived = await derive(password.normalize("NFKC"), salt, KEY_LENGTH, COST);
    const expected = Buffer.from(key, "hex");
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
