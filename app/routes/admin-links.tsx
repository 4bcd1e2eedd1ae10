/**
 * /admin/links: the tools whose website the link checker found broken or moved to another domain
 * (server/tools/jobs/link-checks.ts), most recently flagged first. An admin fixes the website from the tool's edit page, or
 * says the link is fine, which shows a tool the checker hid again. Admins only.
 */
import { Form } from "react-router";
import { pageQuery } from "#common/schemas/lists.ts";
import { linkResolveInput } from "#common/schemas/website-fill.ts";
import { editToolPath, toolPath } from "#common/page-paths.ts";
import type { FlaggedLink, LinkCheckRun } from "#server/tools/jobs/link-checks.ts";
import { describePause } from "#common/link-check-pause.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-links";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(pageQuery, url);
  const { links } = context.services;
  const [page, lastRun, hidden] = await Promise.all([
    moderated(links.listFlaggedLinks(context.user, { cursor: query.cursor }), url),
    moderated(links.findLastRun(context.user), url),
    moderated(links.countHiddenLinks(context.user), url),
  ]);
  return { page, lastRun, hidden };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "toolId"]);
  try {
    switch (values.intent) {
      case "resolve": {
        const resolved = await context.services.links.resolveLink(
          context.user,
          linkResolveInput.parse(Object.fromEntries(form)),
        );
        return {
          done: resolved.wasHidden
            ? say("adminLinks.liveAgain", { tool: resolved.name })
            : say("adminLinks.markedFine", { tool: resolved.name }),
        };
      }
      case "show-all-hidden":
        return {
          done: say("adminLinks.shownAgain", { count: await context.services.links.showAllHidden(context.user) }),
        };
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("adminLinks.title"),
    description: t("adminLinks.description"),
    path: "/admin/links",
    noindex: true,
  }));

export default function AdminLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { page, lastRun, hidden } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("adminLinks.title")}>{t("adminLinks.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {lastRun && <LastRun run={lastRun} />}
      {hidden > 0 && (
        <Form
          method="post"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
          data-testid="hidden-links"
        >
          <p className="flex-1 text-sm text-slate-700">{t("adminLinks.hiddenCount", { count: hidden })}</p>
          <ActionButton intent="show-all-hidden" tone="primary" pendingText={t("admin.saving")}>
            {t("adminLinks.showAllHidden", { count: hidden })}
          </ActionButton>
        </Form>
      )}
      {page.links.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.links.map((link) => (
            <LinkRow key={link.toolId} link={link} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminLinks.empty")}>{t("adminLinks.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

/** What the last daily check did, or why it paused: the admins learn of a pause here, with or without the bot. */
function LastRun({ run }: { run: LinkCheckRun }) {
  const t = useT();
  const day = <LongDate isoDate={run.ranAt.slice(0, 10)} />;
  if (run.pause) {
    return (
      <div
        role="status"
        data-testid="link-check-paused"
        className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p className="font-semibold">
          <Message text={t("adminLinks.lastRunPaused", { day: part("day") })} parts={{ day }} />
        </p>
        <p className="mt-1 break-words">{describePause(t, run.pause)}</p>
      </div>
    );
  }
  const { checked, failed, moved, hidden, skipped } = run;
  return (
    <p data-testid="link-check-last-run" className="mb-4 text-sm text-slate-600">
      <Message
        text={t("adminLinks.lastRun", { day: part("day"), checked, failed, moved, hidden, skipped })}
        parts={{ day }}
      />
    </p>
  );
}

function LinkRow({ link }: { link: FlaggedLink }) {
  const t = useT();
  const checked = <LongDate isoDate={link.checkedAt.slice(0, 10)} />;
  return (
    <li data-testid="flagged-link" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          {link.isMoved ? (
            <Badge tone="amber">{t("adminLinks.moved")}</Badge>
          ) : (
            <Badge tone="rose">{t("adminLinks.broken")}</Badge>
          )}
          {link.isHidden && <Badge>{t("adminLinks.hidden")}</Badge>}
          <h2 className="font-semibold break-words">
            <Link to={toolPath(link.slug)} className="hover:underline">
              {link.name}
            </Link>
          </h2>
        </div>
        <p className="text-sm break-all text-slate-700">{link.website}</p>
        {link.isMoved && link.finalUrl && (
          <p className="text-sm break-all text-amber-800">{t("adminLinks.redirects", { url: link.finalUrl })}</p>
        )}
        {!link.isMoved && link.error && <p className="text-sm break-words text-rose-700">{link.error}</p>}
        <p className="text-sm text-slate-600">
          <Message
            text={
              link.isMoved
                ? t("adminLinks.checkedOn", { day: part("day") })
                : t("adminLinks.failures", { count: link.failures, day: part("day") })
            }
            parts={{ day: checked }}
          />
          {!link.isMoved && link.failingSince && (
            <Message
              text={t("adminLinks.failingSince", { day: part("day") })}
              parts={{ day: <LongDate isoDate={link.failingSince.slice(0, 10)} /> }}
            />
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={editToolPath(link.toolId)}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {t("adminLinks.editWebsite")}
        </Link>
        <Form method="post">
          <input type="hidden" name="toolId" value={link.toolId} />
          <ActionButton intent="resolve" subject={link.name} tone="primary" pendingText={t("admin.saving")}>
            {link.isHidden ? t("adminLinks.showAgain") : t("adminLinks.fine")}
          </ActionButton>
        </Form>
      </div>
    </li>
  );
}
