/**
 * /admin/claims: tools someone claimed as theirs (docs/product.md §4), waiting for a verifier's answer. Whether the claimer's
 * verified e-mail is at the tool's website comes first: it is the strongest sign a claim is genuine.
 */
import { Form } from "react-router";
import { Link, ProfileLink } from "../components/link.tsx";
import { pageQuery } from "#common/schemas/lists.ts";
import { toolActionInput } from "#common/schemas/moderation.ts";
import type { PendingClaim } from "#server/admin/claims.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-claims";
import { toolPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";
import { LongDate } from "../components/long-date.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(pageQuery, url);
  return { page: await moderated(context.services.admin.listClaims(context.user, { cursor: query.cursor }), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "toolId"]);
  const { lifecycle } = context.services;
  try {
    switch (values.intent) {
      case "accept": {
        const tool = await lifecycle.acceptClaim(context.user, toolActionInput.parse(Object.fromEntries(form)).toolId);
        return { done: say("adminClaims.accepted", { tool: tool.name }) };
      }
      case "refuse": {
        const tool = await lifecycle.refuseClaim(context.user, toolActionInput.parse(Object.fromEntries(form)).toolId);
        return { done: say("adminClaims.refused", { tool: tool.name }) };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.claims"),
    description: t("adminClaims.description"),
    path: "/admin/claims",
    noindex: true,
  }));

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.claims")}>{t("adminClaims.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.claims.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.claims.map((claim) => (
            <ClaimRow key={claim.toolId} claim={claim} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminClaims.empty")}>{t("adminClaims.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function ClaimRow({ claim }: { claim: PendingClaim }) {
  const t = useT();
  const day = <LongDate isoDate={claim.updatedAt.slice(0, 10)} />;
  return (
    <li data-testid="claim" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">
            {claim.isLive ? (
              <Link to={toolPath(claim.slug)} className="hover:text-brand-700 hover:underline">
                {claim.name}
              </Link>
            ) : (
              claim.name
            )}
          </h2>
          {claim.isClaimLikelyGenuine ? (
            <Badge tone="emerald" testId="likely-genuine">
              {t("adminClaims.likelyGenuine")}
            </Badge>
          ) : (
            <Badge testId="not-verified-domain">{t("adminClaims.notAtDomain")}</Badge>
          )}
        </div>
        <p className="truncate text-sm text-slate-600">{claim.website}</p>
        <p className="text-sm text-slate-600">
          {claim.claimer ? (
            <Message
              text={t("adminClaims.claimedBy", { user: part("user"), email: claim.claimer.email, day: part("day") })}
              parts={{
                user: <ProfileLink user={claim.claimer} />,
                day,
              }}
            />
          ) : (
            <Message text={t("adminClaims.claimerGone", { day: part("day") })} parts={{ day }} />
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Form method="post">
          <input type="hidden" name="toolId" value={claim.toolId} />
          <ActionButton intent="accept" subject={claim.toolId} tone="primary" pendingText={t("adminClaims.accepting")}>
            {t("adminClaims.accept")}
          </ActionButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="toolId" value={claim.toolId} />
          <ActionButton intent="refuse" subject={claim.toolId} pendingText={t("adminClaims.refusing")}>
            {t("adminClaims.refuse")}
          </ActionButton>
        </Form>
      </div>
    </li>
  );
}
