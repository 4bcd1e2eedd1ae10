/** Personal API keys: the forms of /settings/api-keys and /admin/api-keys, and the bearer token a request sends. */
import { z } from "#common/zod.ts";
import { API_KEY_PREFIX, API_KEY_SCOPES, MAX_API_KEY_NAME_LENGTH } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { cursorParam, isStorableText } from "./fields.ts";

export const createApiKeyInput = z.object({
  name: z
    .string({ message: MESSAGES.apiKey.nameRequired })
    .trim()
    .min(1, MESSAGES.apiKey.nameRequired)
    .max(MAX_API_KEY_NAME_LENGTH, MESSAGES.apiKey.nameRequired)
    .refine(isStorableText, MESSAGES.apiKey.nameRequired),
  scope: z.enum(API_KEY_SCOPES, { message: MESSAGES.apiKey.scope }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({ keyId: z.string({ message: MESSAGES.apiKey.notFound }).regex(/^k[a-z0-9]{1,40}$/, MESSAGES.apiKey.notFound) });
export type RevokeApiKeyInput = z.infer<typeof revokeApiKeyInput>;

export const apiKeysPageQuery = z.object({ cursor: cursorParam });

/** A key as we make them: the prefix, then 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The token of an `Authorization: Bearer <token>` header; null when the header is not one. */
export function bearerToken(header: string): string | null {
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  return match && API_KEY_PATTERN.test(match[1]!) ? match[1]! : null;
}
