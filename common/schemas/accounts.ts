/** Accounts: the same schemas check the forms, the actions and the API. Messages are those of docs/product.md §8. */
import { z } from "#common/zod.ts";
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { checkboxField } from "./fields.ts";

/** docs/product.md §5: an e-mail must match this pattern, case-insensitively. */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export const emailField = z
  .string({ error: () => MESSAGES.auth.invalidEmail })
  .trim()
  .max(254, { error: () => MESSAGES.auth.invalidEmail })
  .regex(EMAIL_PATTERN, { error: () => MESSAGES.auth.invalidEmail })
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: () => MESSAGES.auth.weakPassword })
  .min(MIN_PASSWORD_LENGTH, { error: () => MESSAGES.auth.weakPassword })
  .max(MAX_PASSWORD_LENGTH, { error: () => MESSAGES.auth.longPassword });

export const usernameField = z
  .string({ error: () => MESSAGES.auth.usernameRequired })
  .trim()
  .max(MAX_USERNAME_LENGTH, { error: () => MESSAGES.auth.usernameTooLong })
  .refine((name) => /[\p{L}\p{N}]/u.test(name), { error: () => MESSAGES.auth.usernameRequired });

export const registerInput = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
  newsletter: checkboxField,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: emailField,
  password: z
    .string({ error: () => MESSAGES.auth.wrongPassword })
    .min(1, { error: () => MESSAGES.auth.wrongPassword })
    .max(MAX_PASSWORD_LENGTH, { error: () => MESSAGES.auth.wrongPassword }),
});
export type LoginInput = z.infer<typeof loginInput>;

export const emailInput = z.object({ email: emailField });

export const resetPasswordInput = z.object({
  token: z
    .string()
    .min(1, { error: () => MESSAGES.auth.linkExpired })
    .max(200, { error: () => MESSAGES.auth.linkExpired }),
  password: newPasswordField,
});
