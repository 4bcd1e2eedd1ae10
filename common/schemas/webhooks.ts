/** Signed webhooks (/admin/webhooks): the events an endpoint may get, and the admins' forms. */
import { type Said, z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";

/** Every event a webhook endpoint may subscribe to (docs/decisions/029-signed-webhooks.md). */
export const WEBHOOK_EVENTS = [
  "tool.submitted",
  "tool.verified",
  "tool.updated",
  "tool.rejected",
  "tool.health",
  "claim.requested",
  "claim.accepted",
  "report.created",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;

const idParam = (message: Said) =>
  z
    .string(message)
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .transform((id) => Number(id));

/** One checkbox ticked is a string, several an array, none nothing: always a list here. */
const asList = (raw: unknown) => (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]);

/** An endpoint as an admin registers or changes it; whether its address may be reached is the server's check. */
export const webhookEndpointInput = z.object({
  url: z
    .string({ error: () => MESSAGES.webhook.urlRequired })
    .trim()
    .min(1, { error: () => MESSAGES.webhook.urlRequired })
    .max(MAX_WEBHOOK_URL_LENGTH, { error: () => MESSAGES.webhook.urlTooLong })
    .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
      error: () => MESSAGES.fetch.badAddress,
    }),
  description: z
    .string()
    .optional()
    .transform((text) => (text ?? "").replace(/[\r\n]+/g, " ").trim())
    .pipe(z.string().max(MAX_WEBHOOK_DESCRIPTION_LENGTH, { error: () => MESSAGES.webhook.descriptionTooLong })),
  events: z
    .preprocess(
      asList,
      z
        .array(z.enum(WEBHOOK_EVENTS, { error: () => MESSAGES.webhook.unknownEvent }))
        .min(1, { error: () => MESSAGES.webhook.eventsRequired }),
    )
    .transform((events) => [...new Set(events)]),
  /** A checkbox: "on" when ticked, absent when not. */
  enabled: z.preprocess((raw) => raw === "on" || raw === "true" || raw === true, z.boolean()),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;

/** A posted endpoint form as the schema reads it: the events are a list of checkboxes. */
export function webhookFormFields(form: FormData): Record<string, unknown> {
  return { ...Object.fromEntries(form), events: form.getAll("events") };
}

/** One endpoint (change, delete, rotate its secret, list its deliveries). */
export const webhookEndpointIdInput = z.object({
  endpointId: idParam({ error: () => MESSAGES.webhook.endpointNotFound }),
});
export type WebhookEndpointIdInput = z.infer<typeof webhookEndpointIdInput>;

/** One delivery, sent again. */
export const webhookRedeliveryInput = z.object({
  deliveryId: idParam({ error: () => MESSAGES.webhook.deliveryNotFound }),
});
export type WebhookRedeliveryInput = z.infer<typeof webhookRedeliveryInput>;
