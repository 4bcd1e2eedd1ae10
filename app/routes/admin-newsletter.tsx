/**
 * /admin/newsletter (admins): the weekly newsletter's digest, the live tools verified in the last days, in Markdown and
 * in HTML to paste into the newsletter service, with a preview. `npm run newsletter` prints the same digest. The admin
 * also sends it from here: a test to themself, then to every subscriber, through the outbox (decision 044).
 */
import { data, Form } from "react-router";
import { Link } from "../components/link.tsx";
import { MAX_DIGEST_DAYS } from "#common/constants.ts";
import { digestQuery } from "#common/schemas/moderation.ts";
import type { DigestTool } from "#server/newsletter/digest.ts";
import type { Digest } from "#server/newsletter/service.ts";
import { CopyableText } from "../components/copyable-text.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { Field } from "../components/form.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { moderated, moderationFailure } from "../moderation.ts";
import { type FormFailure, keptValues } from "../forms.ts";
import { MESSAGES } from "#common/messages.ts";
import { pageMeta } from "../seo.ts";
import { invalidInput } from "#common/input-errors.ts";
import type { Route } from "./+types/admin-newsletter";
import { toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = digestQuery.safeParse(Object.fromEntries(url.searchParams));
  const { newsletter } = context.services;
  // The service decides who may read the digest, even when the days asked for are not valid.
  const digest = await moderated(
    newsletter.getDigest(context.user, { days: query.success ? query.data.days : null, now: context.services.now() }),
    url,
  );
  const [subscribers, sends] = await Promise.all([
    newsletter.countSubscribers(context.user),
    newsletter.listSends(context.user),
  ]);
  if (query.success) return { digest, subscribers, sends, days: String(query.data.days), error: undefined };
  // The form keeps what was typed, with what is wrong with it.
  return data(
    { digest, subscribers, sends, days: url.searchParams.get("days") ?? "", error: invalidInput(query.error).message },
    { status: 400 },
  );
}

/** A test to the admin themself, or the newsletter to every subscriber. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "days"]);
  const { newsletter } = context.services;
  try {
    const { days } = digestQuery.parse({ days: values.days });
    if (values.intent === "test") {
      const { to } = await newsletter.sendTest(context.user, days);
      return { done: say("adminNewsletter.testSent", { to }) };
    }
    if (values.intent === "send") {
      const send = await newsletter.startSend(context.user, days);
      return {
        done:
          send.state === "sent"
            ? say("adminNewsletter.sent", { count: send.recipients })
            : say("adminNewsletter.sending", { count: send.recipients }),
      };
    }
    return data<FormFailure>({ message: MESSAGES.newsletter.unknownIntent, fields: {}, values }, { status: 400 });
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("adminNewsletter.title"),
    description: t("adminNewsletter.description"),
    path: "/admin/newsletter",
    noindex: true,
  }));

export default function AdminNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { digest, days, error, subscribers, sends } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminNewsletter.title")}>{t("adminNewsletter.intro")}</SectionHeader>
      <Form method="get" className="mb-8 flex flex-wrap items-start gap-3">
        <div className="w-72">
          <Field
            label={t("adminNewsletter.days")}
            name="days"
            type="number"
            min={1}
            max={MAX_DIGEST_DAYS}
            defaultValue={days}
            error={error}
            hint={t("adminNewsletter.daysHint", { max: MAX_DIGEST_DAYS })}
          />
        </div>
        <button
          type="submit"
          className="mt-6 rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {t("adminNewsletter.build")}
        </button>
      </Form>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {digest && (
        <Form
          method="post"
          className="mb-8 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
          data-testid="newsletter-send"
        >
          <input type="hidden" name="days" value={digest.days} />
          <ActionButton intent="test" pendingText={t("adminNewsletter.sendingTest")}>
            {t("adminNewsletter.sendTest")}
          </ActionButton>
          <ActionButton intent="send" tone="primary" pendingText={t("adminNewsletter.sendingAll")}>
            {t("adminNewsletter.sendTo", { count: subscribers })}
          </ActionButton>
          <span className="text-sm text-slate-600">{t("adminNewsletter.once")}</span>
        </Form>
      )}
      {sends.length > 0 && (
        <section aria-labelledby="sends-heading" className="mb-8">
          <h2 id="sends-heading" className="mb-3 text-xl font-bold">
            {t("adminNewsletter.sentFromHere")}
          </h2>
          <ul
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm"
            data-testid="newsletter-sends"
          >
            {sends.map((send) => (
              <li key={send.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span>
                  <LongDate isoDate={send.createdAt.slice(0, 10)} />
                  {t("adminNewsletter.lastDays", { count: send.days })}
                </span>
                <span>
                  {send.state === "sent"
                    ? t("adminNewsletter.sentTo", { count: send.recipients })
                    : t("adminNewsletter.inProgress", { count: send.recipients })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {digest && <DigestView digest={digest} />}
    </>
  );
}

function DigestView({ digest }: { digest: Digest }) {
  const t = useT();
  return (
    <div className="space-y-10">
      <section aria-labelledby="digest-tools">
        <h2 id="digest-tools" className="mb-3 text-xl font-bold">
          {t("adminNewsletter.verifiedIn", { tools: digest.tools.length, days: digest.days })}
        </h2>
        {digest.tools.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {digest.tools.map((tool) => (
              <li
                key={tool.slug}
                data-testid="digest-tool"
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <Link to={toolPath(tool.slug)} className="font-semibold hover:text-brand-700 hover:underline">
                  {tool.name}
                </Link>
                <span className="text-sm text-slate-600">
                  <Message
                    text={t("adminNewsletter.verifiedOn", { day: part("day") })}
                    parts={{ day: <LongDate isoDate={tool.verifiedAt.slice(0, 10)} /> }}
                  />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t("adminNewsletter.none")}>{t("adminNewsletter.noneHint")}</EmptyState>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <CopyableText id="digest-markdown" label="Markdown" text={digest.markdown} />
        <CopyableText id="digest-html" label="HTML" text={digest.html} />
      </div>

      <section aria-labelledby="digest-preview">
        <h2 id="digest-preview" className="mb-3 text-xl font-bold">
          {t("adminNewsletter.preview")}
        </h2>
        <DigestPreview digest={digest} />
      </section>
    </div>
  );
}

/** The digest as its readers will see it, drawn from its data (the HTML text itself is never put into the page). */
function DigestPreview({ digest }: { digest: Digest }) {
  return (
    <div data-testid="digest-preview" className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6">
      <h3 className="text-2xl font-extrabold">{digest.title}</h3>
      <p className="mt-2 mb-6 text-slate-600">{digest.intro}</p>
      <div className="space-y-4">
        {digest.tools.map((tool) => (
          <PreviewTool key={tool.slug} tool={tool} visitWebsite={digest.visitWebsite} />
        ))}
      </div>
    </div>
  );
}

function PreviewTool({ tool, visitWebsite }: { tool: DigestTool; visitWebsite: string }) {
  return (
    <article className="rounded-xl border border-slate-200 p-4">
      {tool.logo && (
        <img
          src={tool.logo}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="mb-3 h-12 w-12 rounded-lg border border-slate-100 object-cover"
        />
      )}
      <h4 className="text-lg font-bold">
        <a href={tool.url} className="hover:underline">
          {tool.name}
        </a>
      </h4>
      {tool.categories.length > 0 && <p className="mb-2 text-sm text-slate-500">{tool.categories.join(" · ")}</p>}
      {tool.shortDesc && <p className="mb-3 text-slate-700">{tool.shortDesc}</p>}
      <a href={tool.website} rel="nofollow noopener" className="font-semibold text-brand-700 underline">
        {visitWebsite}
      </a>
    </article>
  );
}
