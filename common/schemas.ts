/** Zod schemas shared by loaders, actions and the JSON API: one definition of each valid input. */
import { z } from "zod";
import { MAX_PAGE_SIZE, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH, PAGE_SIZE, PAYMENT_TYPES } from "./constants.ts";
import { decodeCursor } from "./cursor.ts";
import { MESSAGES } from "./errors.ts";

export const cursorParam = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const cursor = decodeCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidCursor });
      return z.NEVER;
    }
    return cursor;
  });

/** A page of a list: where to continue from and how many. */
export const pageQuery = z.object({
  cursor: cursorParam,
  limit: z.coerce
    .number({ message: `limit must be a number from 1 to ${MAX_PAGE_SIZE}` })
    .int()
    .min(1, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const toolIdParam = z.string().regex(/^t[a-z0-9_]{1,40}$/, "No tool found with this ID");

/** The sort orders of /tools: newest first, most viewed, most clicked. */
export const TOOL_SORTS = ["newest", "views", "clicks"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** Tags and category addresses are slugs: lowercase words joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

function slug(message?: string) {
  return z.string().max(MAX_SLUG_LENGTH, message).regex(SLUG_PATTERN, message);
}

/** A category's address or a tag in a path (/category/{slug}, /tag/{slug}). */
export const slugParam = slug();

/** A GET form sends an unset select as an empty value: it means no filter. */
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** The filters of /tools, in the URL so every filtered view can be linked to and crawled. */
export const toolListQuery = pageQuery.extend({
  sort: z.preprocess(emptyAsUnset, z.enum(TOOL_SORTS, { message: `sort must be one of ${TOOL_SORTS.join(", ")}` }).default("newest")),
  category: z.preprocess(emptyAsUnset, slug("category must be a category's address, such as design").optional()),
  tag: z.preprocess(emptyAsUnset, slug("tag must be a tag such as open-source").optional()),
  payment: z.preprocess(emptyAsUnset, z.enum(PAYMENT_TYPES, { message: `payment must be one of ${PAYMENT_TYPES.join(", ")}` }).optional()),
});

export type ToolListQuery = z.infer<typeof toolListQuery>;

/** Tags per page of /tags: a cloud this size is still quick to scan. */
export const TAG_PAGE_SIZE = 200;

/** A page of /tags. */
export const tagListQuery = z.object({ cursor: cursorParam });

export type TagListQuery = z.infer<typeof tagListQuery>;

// --- Accounts: the same schemas check the forms, the actions and the API. Messages are those of SPEC section 8. ---

/** SPEC section 5: an e-mail must match this pattern, case-insensitively. */
export const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export const AUTH_MESSAGES = {
  invalidEmail: "Email format incorrect",
  userNotFound: "User doesn't exist",
  wrongPassword: "Incorrect password",
  userDisabled: "The user has been disabled",
  tooManyRequests: "Too many requests, try again later",
  emailInUse: "Email already in use",
  weakPassword: `Password must contain at least ${MIN_PASSWORD_LENGTH} characters`,
  longPassword: `Password must contain at most ${MAX_PASSWORD_LENGTH} characters`,
  emailExists: "Email already used. Please login with your email",
  emailExistsGoogle: "Email already used with Google. Please use Google sign in",
  recordNotFound: "User not found",
  noEmail: "An error occurred during authentication. The admin has been informed",
  unknown: "Unknown error",
  usernameRequired: "Choose a username with at least one letter or digit",
  usernameTooLong: `A username has at most ${MAX_USERNAME_LENGTH} characters`,
  linkExpired: "This link has expired or was already used. Ask for a new one.",
} as const;

export const emailField = z
  .string({ message: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail)
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ message: AUTH_MESSAGES.weakPassword })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.weakPassword)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.longPassword);

export const usernameField = z
  .string({ message: AUTH_MESSAGES.usernameRequired })
  .trim()
  .max(MAX_USERNAME_LENGTH, AUTH_MESSAGES.usernameTooLong)
  .refine((name) => /[\p{L}\p{N}]/u.test(name), AUTH_MESSAGES.usernameRequired);

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkboxField = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

export const registerInput = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
  newsletter: checkboxField,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: emailField,
  password: z.string({ message: AUTH_MESSAGES.wrongPassword }).min(1, AUTH_MESSAGES.wrongPassword).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.wrongPassword),
});
export type LoginInput = z.infer<typeof loginInput>;

export const emailInput = z.object({ email: emailField });

export const resetPasswordInput = z.object({
  token: z.string().min(1, AUTH_MESSAGES.linkExpired).max(200, AUTH_MESSAGES.linkExpired),
  password: newPasswordField,
});
