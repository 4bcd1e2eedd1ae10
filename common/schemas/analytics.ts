/** Analytics: the dashboards' range, and the events POST /api/event takes. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { MAX_SEARCH_LENGTH } from "../constants.ts";
import { analyticsRangeParam, isStorableText } from "./fields.ts";

/** /admin/analytics: the range of its charts and tables. */
export const analyticsQuery = z.object({ days: analyticsRangeParam });

/** The most an event's properties may weigh, as JSON text. */
const MAX_EVENT_PROPS_LENGTH = 2000;

const eventText = z.string().refine(isStorableText, { error: () => MESSAGES.event.text });
const eventPropValue = z.union([eventText.pipe(z.string().max(MAX_EVENT_PROPS_LENGTH)), z.number(), z.boolean()], {
  error: () => MESSAGES.event.props,
});

/**
 * An analytics event, in Plausible's format: n (name), u (url), d (domain), r (referrer), p (props). Plausible's long
 * names (name, url, domain, referrer, props) are read too, and props may come as a JSON text, as Plausible's script sends them.
 */
export const analyticsEventInput = z.preprocess(
  (body) => {
    if (!body || typeof body !== "object" || Array.isArray(body)) return body;
    const raw = body as Record<string, unknown>;
    let props = raw.p ?? raw.props;
    if (typeof props === "string") {
      try {
        props = JSON.parse(props);
      } catch {
        // Left as it is: the schema says what is wrong with it.
      }
    }
    return {
      n: raw.n ?? raw.name,
      u: raw.u ?? raw.url,
      d: raw.d ?? raw.domain,
      r: raw.r ?? raw.referrer,
      p: props ?? undefined,
    };
  },
  z.object(
    {
      n: z
        .string({ error: () => MESSAGES.event.name })
        .trim()
        .min(1, { error: () => MESSAGES.event.name })
        .max(120, { error: () => MESSAGES.event.name })
        .pipe(eventText),
      u: z
        .url({ protocol: /^https?$/, error: () => MESSAGES.event.url })
        .max(2000, { error: () => MESSAGES.event.url }),
      d: z
        .string({ error: () => MESSAGES.event.domain })
        .trim()
        .min(1, { error: () => MESSAGES.event.domain })
        .max(253, { error: () => MESSAGES.event.domain }),
      // A referrer that is not usable text is no referrer.
      r: eventText.pipe(z.string().max(2000)).nullish().catch(null),
      p: z
        .record(eventText.pipe(z.string().min(1).max(300)), eventPropValue, { error: () => MESSAGES.event.props })
        .refine((props) => Object.keys(props).length <= 30 && JSON.stringify(props).length <= MAX_EVENT_PROPS_LENGTH, {
          error: () => MESSAGES.event.props,
        })
        .optional(),
    },
    { error: () => MESSAGES.event.notJson },
  ),
);

export type AnalyticsEventInput = z.infer<typeof analyticsEventInput>;

/** A search an admin hides from /searches and the sitemap, or shows again: its text, a slug as searches are kept. */
export const searchTextInput = z.object({
  text: z
    .string({ error: () => MESSAGES.search.notFound })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: () => MESSAGES.search.notFound })
    .max(MAX_SEARCH_LENGTH, { error: () => MESSAGES.search.notFound }),
});
