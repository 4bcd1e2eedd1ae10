/**
 * The tool page (SPEC section 2): everything about one tool, its suggested tools and the tools makers added.
 * The server renders it and counts the view; a browser navigating here reads the tool's snapshot first (SPEC section 7)
 * and falls back to the server when the snapshot cannot be read.
 */
import { isbot } from "isbot";
import { data, Link, redirect } from "react-router";
import { DEFAULT_LOGO } from "#common/constants.ts";
import { MESSAGES } from "#common/errors.ts";
import { toolIdFromSlug } from "#common/ids.ts";
import type { ToolCard, ToolDetail } from "#server/tools/queries.ts";
import { OutboundLink } from "../components/outbound-link.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { useRootData } from "../root-data.ts";
import { breadcrumbLd, jsonLd, seo } from "../seo.ts";
import type { Route } from "./+types/tool";

type Related = { suggested: ToolCard[]; usersAdded: ToolCard[] };
type Stats = { views: number; clicks: number };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { tools } = context.services;
  const tool = await tools.findPublicToolBySlug(params.slug);
  if (!tool) {
    // A renamed tool keeps its id at the end of its slug: old links lead to its new address.
    const id = toolIdFromSlug(params.slug);
    const renamed = id ? await tools.findPublicToolById(id) : undefined;
    if (renamed) throw redirect(`/tool/${renamed.slug}`, 301);
    throw data(MESSAGES.toolNotFoundBySlug, { status: 404 });
  }
  const isPerson = !isbot(request.headers.get("user-agent") ?? "");
  const [stats, suggested, usersAdded] = await Promise.all([
    isPerson ? tools.recordToolView(tool.id) : { views: tool.views, clicks: tool.clicks },
    tools.listSuggestedTools(tool),
    tools.listToolsAddedByUsers(),
  ]);
  return { tool, stats, suggested, usersAdded };
}

export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const id = toolIdFromSlug(params.slug);
  if (!id) return serverLoader();
  try {
    const [tool, related] = await Promise.all([
      getJson<ToolDetail>(`/files/tools/${id}/${id}.json?t=${Date.now()}`),
      getJson<Related>(`/api/v1/tools/${id}/related`),
    ]);
    if (tool.slug !== params.slug) return serverLoader();
    const stats = await countView(id, tool);
    return { tool, stats, ...related };
  } catch {
    // SPEC section 8: a snapshot that cannot be read falls back to the database.
    return serverLoader();
  }
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Counts the view; if that fails, the page still shows the counters the snapshot holds. */
async function countView(id: string, tool: ToolDetail): Promise<Stats> {
  try {
    const response = await fetch(`/api/v1/tools/${id}/views`, { method: "POST" });
    if (response.status === 200) return (await response.json()) as Stats;
  } catch {
    // The page matters more than the counter.
  }
  return { views: tool.views, clicks: tool.clicks };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData;
  if (!root || !loaderData) return [];
  const { siteName, siteUrl } = root.config;
  const { tool } = loaderData;
  const path = `/tool/${tool.slug}`;
  const category = tool.categories[0];
  return [
    ...seo({ siteName, siteUrl, title: `${tool.name}: ${tool.shortDesc}`.slice(0, 90), description: tool.shortDesc, path, image: tool.largeImage ?? tool.logo ?? undefined }),
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
      ...(category ? [{ name: category.label, path: `/category/${category.slug}` }] : []),
      { name: tool.name, path },
    ]),
  ];
};

const PAYMENT_LABELS: Record<string, string> = { free: "Free", freemium: "Freemium", paid: "Paid", "open-source": "Open source" };

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const { tool, stats, suggested, usersAdded } = loaderData;
  const { user } = useRootData();
  const number = new Intl.NumberFormat("en");

  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-500">
        <Link to="/" className="hover:underline">
          Home
        </Link>
        {tool.categories[0] && (
          <>
            {" › "}
            <Link to={`/category/${tool.categories[0].slug}`} className="hover:underline">
              {tool.categories[0].label}
            </Link>
          </>
        )}
        {" › "}
        <span className="text-slate-700">{tool.name}</span>
      </nav>

      <article className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <header className="flex flex-wrap items-start gap-5">
            <img
              src={tool.logo ?? DEFAULT_LOGO}
              alt={`${tool.name} logo`}
              width={80}
              height={80}
              className="h-20 w-20 rounded-2xl border border-slate-200 bg-white object-cover"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-3xl font-extrabold tracking-tight break-words">{tool.name}</h1>
                {tool.isHomeBoosted && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span>}
              </div>
              <p className="mt-2 text-lg text-slate-600">{tool.shortDesc}</p>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <OutboundLink
                  toolId={tool.id}
                  website={tool.website}
                  className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  Visit website <span aria-hidden="true">↗</span>
                </OutboundLink>
                <span className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700">
                  {PAYMENT_LABELS[tool.paymentType] ?? tool.paymentType}
                </span>
              </div>
            </div>
          </header>

          {tool.largeImage && (
            <img src={tool.largeImage} alt={`${tool.name} screenshot`} className="mt-8 w-full rounded-xl border border-slate-200" loading="lazy" />
          )}

          {tool.longDesc && (
            <section aria-labelledby="about-heading" className="mt-10">
              <h2 id="about-heading" className="mb-3 text-xl font-bold">
                About {tool.name}
              </h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: tool.longDescHtml }} />
            </section>
          )}

          {(tool.pros?.length || tool.cons?.length) && (
            <section aria-label="Pros and cons" className="mt-10 grid gap-4 sm:grid-cols-2">
              <ProsCons title="Pros" items={tool.pros ?? []} tone="good" />
              <ProsCons title="Cons" items={tool.cons ?? []} tone="bad" />
            </section>
          )}

          {tool.faq && tool.faq.length > 0 && (
            <section aria-labelledby="faq-heading" className="mt-10">
              <h2 id="faq-heading" className="mb-3 text-xl font-bold">
                Frequently asked questions
              </h2>
              <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {tool.faq.map((item) => (
                  <details key={item.question} className="group p-4">
                    <summary className="cursor-pointer font-medium">{item.question}</summary>
                    <p className="mt-2 text-slate-600">{item.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          )}
        </div>

        <aside className="space-y-6">
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

          {tool.categories.length > 0 && (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-slate-900">Categories</h2>
              <ul className="flex flex-wrap gap-2">
                {tool.categories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/category/${category.slug}`} style={{ backgroundColor: category.color }} className="rounded-full px-3 py-1 text-sm text-slate-800 hover:underline">
                      {category.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}

          {tool.tags.length > 0 && (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-slate-900">Tags</h2>
              <ul className="flex flex-wrap gap-2">
                {tool.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={`/tag/${tag}`} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-slate-400">
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}

          {tool.creator && (
            <p className="text-sm text-slate-600">
              Made by{" "}
              <Link to={`/profile/${tool.creator.slug}`} className="font-medium text-brand-700 hover:underline">
                {tool.creator.username}
              </Link>
            </p>
          )}
        </aside>
      </article>

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

function ProsCons({ title, items, tone }: { title: string; items: string[]; tone: "good" | "bad" }) {
  if (items.length === 0) return null;
  return (
    <div className={`rounded-xl border p-4 ${tone === "good" ? "border-emerald-200 bg-emerald-50" : "border-rose-200 bg-rose-50"}`}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      <ul className="space-y-1.5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true">{tone === "good" ? "✓" : "✗"}</span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
