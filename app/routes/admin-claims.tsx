/**
 * /admin/claims: tools someone claimed as theirs (SPEC section 4), waiting for a verifier's answer. Whether the claimer's
 * verified e-mail is at the tool's website comes first: it is the strongest sign a claim is genuine.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { pageQuery } from "#common/schemas/lists.ts";
import { toolActionInput } from "#common/schemas/moderation.ts";
import type { PendingClaim } from "#server/admin/claims.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-claims";
import { profilePath, toolPath } from "#common/page-paths.ts";

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
        return { done: `The claim of ${tool.name} was accepted. The claimer was e-mailed, and the tool shows on their profile.` };
      }
      case "refuse": {
        const tool = await lifecycle.refuseClaim(context.user, toolActionInput.parse(Object.fromEntries(form)).toolId);
        return { done: `The claim of ${tool.name} was refused. The tool can be claimed again.` };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Claims", description: "Tools claimed by their makers, waiting for an answer.", path: "/admin/claims", noindex: true });

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <SectionHeader title="Claims">Makers who say a listed tool is theirs. Accepting links the tool to them.</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.claims.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.claims.map((claim) => (
            <ClaimRow key={claim.toolId} claim={claim} />
          ))}
        </ul>
      ) : (
        <EmptyState title="No claim is waiting">When a maker claims a listed tool, the claim appears here.</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function ClaimRow({ claim }: { claim: PendingClaim }) {
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
              Likely genuine: their verified e-mail is at the tool&rsquo;s domain
            </Badge>
          ) : (
            <Badge testId="not-verified-domain">E-mail not at the tool&rsquo;s domain</Badge>
          )}
        </div>
        <p className="truncate text-sm text-slate-600">{claim.website}</p>
        <p className="text-sm text-slate-600">
          {claim.claimer ? (
            <>
              Claimed by{" "}
              <Link to={profilePath(claim.claimer.slug)} className="font-medium text-brand-700 hover:underline">
                {claim.claimer.username}
              </Link>{" "}
              ({claim.claimer.email})
            </>
          ) : (
            "The claimer's account no longer exists"
          )}
          {" · "}
          <LongDate isoDate={claim.updatedAt.slice(0, 10)} />
        </p>
      </div>
      <div className="flex gap-2">
        <Form method="post">
          <input type="hidden" name="toolId" value={claim.toolId} />
          <ActionButton intent="accept" subject={claim.toolId} tone="primary" pendingText="Accepting…">
            Accept
          </ActionButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="toolId" value={claim.toolId} />
          <ActionButton intent="refuse" subject={claim.toolId} pendingText="Refusing…">
            Refuse
          </ActionButton>
        </Form>
      </div>
    </li>
  );
}
