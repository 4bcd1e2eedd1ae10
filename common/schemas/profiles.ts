/** Profiles: /profile/{slug}, the /edit-profile forms, the featuring request and the admin command. */
import { LOCALES } from "../locales.ts";
import { z } from "#common/zod.ts";
import { MAX_BIO_LENGTH, MAX_PASSWORD_LENGTH, MAX_SOCIAL_PROFILES, USER_ROLES } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { emailField, newPasswordField, usernameField } from "./accounts.ts";
import { checkboxField, cursorParam } from "./fields.ts";

/** The word a person types to confirm that their account goes. */
export const DELETE_CONFIRMATION = "DELETE";

const MAX_URL_LENGTH = 300;

/** An http(s) address with a real host name; a bare "github.com/you" is read as https://github.com/you. */
export const webAddressField = z
  .string({ error: () => MESSAGES.profile.socialProfileUrl })
  .trim()
  .max(MAX_URL_LENGTH, { error: () => MESSAGES.profile.socialProfileUrl })
  .transform((text) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`))
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return (
          (url.protocol === "https:" || url.protocol === "http:") &&
          url.hostname.includes(".") &&
          !url.username &&
          !url.password
        );
      } catch {
        return false;
      }
    },
    { error: () => MESSAGES.profile.socialProfileUrl },
  );

/** The profile section of /edit-profile. Social profile fields left empty are dropped. */
export const profileInput = z.object({
  username: usernameField,
  // A textarea sends line breaks as CRLF: counted as one character, as the person sees them.
  bio: z
    .string()
    .optional()
    .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(MAX_BIO_LENGTH, { error: () => MESSAGES.profile.bioTooLong })),
  socialProfiles: z
    .array(z.string())
    .optional()
    .transform((urls) => (urls ?? []).map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(webAddressField).max(MAX_SOCIAL_PROFILES, { error: () => MESSAGES.profile.tooManySocialProfiles })),
  newsletter: checkboxField,
  isSolo: checkboxField,
  /** The language of their e-mails (decision 053): absent keeps the one they have. */
  locale: z.enum(LOCALES, { error: () => MESSAGES.profile.unknownLocale }).optional(),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const passwordChangeInput = z.object({
  currentPassword: z
    .string({ error: () => MESSAGES.profile.currentPasswordRequired })
    .min(1, { error: () => MESSAGES.profile.currentPasswordRequired })
    .max(MAX_PASSWORD_LENGTH, { error: () => MESSAGES.auth.wrongPassword }),
  newPassword: newPasswordField,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

export const deleteAccountInput = z.object({
  confirm: z
    .string({ error: () => MESSAGES.profile.confirmDelete })
    .trim()
    .refine((text) => text === DELETE_CONFIRMATION, { error: () => MESSAGES.profile.confirmDelete }),
});

/** A featuring request: which of the person's tools. */
export const featuringRequestInput = z.object({
  toolId: z
    .string({ error: () => MESSAGES.profile.chooseTool })
    .regex(/^t[a-z0-9_]{1,40}$/, { error: () => MESSAGES.profile.chooseTool }),
});
export type FeaturingRequestInput = z.infer<typeof featuringRequestInput>;

/** What /profile/{slug} reads from its query: ?type=boost-tool opens the featuring request form; a page of tools. */
export const profileQuery = z.object({
  type: z.enum(["boost-tool"]).optional().catch(undefined),
  cursor: cursorParam,
});

export const roleField = z.enum(USER_ROLES, { error: () => MESSAGES.profile.unknownRole });

/** `npm run admin -- set-role <email> <role>`. */
export const setRoleInput = z.object({ email: emailField, role: roleField });
export type SetRoleInput = z.infer<typeof setRoleInput>;

/** The token of a setup link (decision 047): 32 random bytes, base64url. */
export const setupTokenParam = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: () => MESSAGES.setup.invalid });

/** A confirmation link's parameters (/confirm-email): whose address, and the site's signature of it (decision 057). */
export const emailConfirmationInput = z.object({
  user: z
    .string({ error: () => MESSAGES.auth.badConfirmationLink })
    .regex(/^u[a-z0-9_]{1,40}$/, { error: () => MESSAGES.auth.badConfirmationLink }),
  token: z
    .string({ error: () => MESSAGES.auth.badConfirmationLink })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: () => MESSAGES.auth.badConfirmationLink }),
});
export type EmailConfirmationInput = z.infer<typeof emailConfirmationInput>;
