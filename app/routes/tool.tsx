/**
 * The tool page (SPEC section 2): everything about one tool, its suggested tools and the tools makers added.
 * The server renders it; a browser navigating here reads the tool's snapshot first (SPEC section 7) and falls back to
 * the server when the snapshot cannot be read. The view is counted by the page view the browser sends (app/analytics.ts).
 */
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "../components/link.tsx";
import { isAppError } from "#common/errors.ts";
import { toolIdFromSlug } from "#common/ids.ts";
import type { ToolDetail } from "#server/tools/queries.ts";
import type { RelatedToTool } from "#server/tools/related.ts";
import { FavoriteButton } from "../components/favorite-button.tsx";
import { ToolDetails } from "../components/tool-details.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { breadcrumbLd, jsonLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/tool";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { MESSAGES } from "#common/messages.ts";
import { categoryPath, loginPath, toolPath } from "#common/page-paths.ts";

/** Visitors get this page from the page cache (server/http/page-cache.ts). */
export const handle = { pageCache: { params: [] } } satisfies PageCacheHandle;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { tools } = context.services;
  const tool = await tools.findPublicToolBySlug(params.slug);
  if (!tool) {
    // A tool that is not public is shown to those who may edit it, saying so.
    const hidden = await context.services.lifecycle.findPrivateToolBySlug(context.user, params.slug);
    if (hidden) {
      const notice = !hidden.isVerified
        ? hidden.rejectionReason
          ? `This tool was not listed: ${hidden.rejectionReason}`
          : hidden.changesRequestedMessage !== null
            ? `A verifier asks for changes before listing it: ${hidden.changesRequestedMessage}`
            : "Only you and the verifiers see this page: the tool is waiting for verification."
        : "Only you and the verifiers see this page: the tool is switched off.";
      return { tool: hidden, stats: { views: hidden.views, clicks: hidden.clicks }, suggested: [], usersAdded: [], notice };
    }
    // A renamed tool keeps its id at the end of its slug: old links lead to its new address.
    const id = toolIdFromSlug(params.slug);
    const renamed = id ? await tools.findPublicToolById(id) : undefined;
    if (renamed) throw redirect(toolPath(renamed.slug), 301);
    throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  }
  return { tool, ...(await tools.getRelatedToTool(tool)), notice: null };
}

/** 'Claim this tool' (SPEC section 4: askForClaim): the signed-in user asks to be linked to the tool as its maker. */
export async function action({ params, context }: Route.ActionArgs) {
  const tool = await context.services.tools.findPublicToolBySlug(params.slug);
  if (!tool) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  try {
    await context.services.lifecycle.askForClaim(context.user, tool.id);
    return { claim: "sent" as const };
  } catch (error) {
    if (isAppError(error)) return data({ claim: "failed" as const, message: error.message }, { status: error.status });
    throw error;
  }
}

/** After this page's own form (a claim), the page's data stays: nothing it shows has changed. */
export function shouldRevalidate({ formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === currentUrl.pathname ? false : defaultShouldRevalidate;
}

export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const id = toolIdFromSlug(params.slug);
  if (!id) return serverLoader();
  try {
    const [tool, related] = await Promise.all([
      getJson<ToolDetail>(`${storedFilesUrl()}/tools/${id}/${id}.json?t=${Date.now()}`),
      getJson<RelatedToTool>(`/api/v1/tools/${id}/related`),
    ]);
    if (tool.slug !== params.slug) return serverLoader();
    // The snapshot's counters are those of its last writing; the related answer has today's.
    return { tool, ...related, notice: null };
  } catch {
    // SPEC section 8: a snapshot that cannot be read falls back to the database.
    return serverLoader();
  }
}

/** Where the stored files are read from: the app's /files, or an S3 bucket's public address (the root sets it on <html>). */
function storedFilesUrl(): string {
  return document.documentElement.dataset.filesUrl ?? "/files";
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteUrl }) => {
    if (!loaderData) return undefined;
    const { tool } = loaderData;
    const path = toolPath(tool.slug);
    const category = tool.categories[0];
    return {
      title: `${tool.name}: ${tool.shortDesc}`.slice(0, 90),
      description: tool.shortDesc,
      path,
      image: tool.largeImage ?? tool.logo ?? undefined,
      noindex: Boolean(loaderData.notice),
      extra: [
        jsonLd({
          "@type": "SoftwareApplication",
          name: tool.name,
          description: tool.shortDesc,
          url: `${siteUrl}${path}`,
          sameAs: tool.website,
          applicationCategory: tool.categories.map((chip) => chip.label).join(", ") || undefined,
          operatingSystem: "Web",
          ...(tool.logo ? { image: new URL(tool.logo, siteUrl).toString() } : {}),
          ...(tool.paymentType === "free" || tool.paymentType === "open-source" ? { offers: { "@type": "Offer", price: "0", priceCurrency: "USD" } } : {}),
        }),
        breadcrumbLd(siteUrl, [
          { name: "Home", path: "/" },
          ...(category ? [{ name: category.label, path: categoryPath(category.slug) }] : []),
          { name: tool.name, path },
        ]),
      ],
    };
  });

export default function ToolPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, stats, suggested, usersAdded, notice } = loaderData;
  const { user } = useRootData();
  const number = new Intl.NumberFormat("en");

  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      {notice && (
        <p role="status" data-testid="not-public" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-500">
        <Link to="/" className="hover:underline">
          Home
        </Link>
        {tool.categories[0] && (
          <>
            {" › "}
            <Link to={categoryPath(tool.categories[0].slug)} className="hover:underline">
              {tool.categories[0].label}
            </Link>
          </>
        )}
        {" › "}
        <span className="text-slate-700">{tool.name}</span>
      </nav>

      <ToolDetails
        tool={tool}
        actions={
          // A tool that is not public can be neither kept nor claimed yet.
          notice ? undefined : (
            <>
              <FavoriteButton toolId={tool.id} user={user} variant="labelled" />
              {(tool.isClaimable || actionData) && <ClaimTool slug={tool.slug} isSignedIn={Boolean(user)} result={actionData} />}
            </>
          )
        }
        aside={
          <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-center">
            <div>
              <dt className="text-xs text-slate-500 uppercase">Views</dt>
              <dd className="text-2xl font-bold" data-testid="tool-views">
                {number.format(stats.views)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 uppercase">Clicks</dt>
              <dd className="text-2xl font-bold" data-testid="tool-clicks">
                {number.format(stats.clicks)}
              </dd>
            </div>
          </dl>
        }
      />

      {suggested.length > 0 && (
        <section aria-labelledby="suggested-heading" className="mt-16">
          <h2 id="suggested-heading" className="mb-4 text-2xl font-bold tracking-tight">
            Similar tools
          </h2>
          <ToolGrid tools={suggested} user={user} showCategories={false} />
        </section>
      )}

      {usersAdded.length > 0 && (
        <section aria-labelledby="makers-heading" className="mt-12">
          <h2 id="makers-heading" className="mb-4 text-2xl font-bold tracking-tight">
            Recently added by makers
          </h2>
          <ToolGrid tools={usersAdded} user={user} showCategories={false} />
        </section>
      )}
    </main>
  );
}

/** 'Claim this tool': a form for a signed-in user (it works without JavaScript), a way to log in first for a visitor. */
function ClaimTool({ slug, isSignedIn, result }: { slug: string; isSignedIn: boolean; result: Route.ComponentProps["actionData"] }) {
  const buttonClass = "rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50";
  if (result?.claim === "sent") {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        Your claim was sent. A verifier will check it and you will get an e-mail.
      </p>
    );
  }
  if (!isSignedIn) {
    return (
      <Link to={loginPath(toolPath(slug))} className={buttonClass}>
        Claim this tool
      </Link>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <button type="submit" name="intent" value="claim" className={buttonClass} title="You made this tool? Ask to be linked to it.">
        Claim this tool
      </button>
      {result?.claim === "failed" && (
        <span role="alert" className="text-sm text-rose-700">
          {result.message}
        </span>
      )}
    </Form>
  );
}
