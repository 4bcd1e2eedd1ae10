/** A live tool's badge on /my-tools: its preview and the HTML and Markdown to paste into the maker's own site or README. */
import { useT } from "../i18n.tsx";
import { badgePath, badgeSnippets } from "#common/badges.ts";
import { useRootData } from "../root-data.ts";
import { CopyableText } from "./copyable-text.tsx";

export function BadgeSnippets({ tool }: { tool: { id: string; name: string; slug: string } }) {
  const { config } = useRootData();
  const t = useT();
  const snippets = badgeSnippets({
    siteUrl: config.siteUrl,
    siteName: config.siteName,
    name: tool.name,
    slug: tool.slug,
  });
  return (
    <details data-testid="badge-snippets" className="basis-full text-sm sm:pl-14">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">{t("badge.summary")}</summary>
      <div className="mt-3 space-y-3">
        <p className="text-slate-600">{t("badge.intro", { name: tool.name })}</p>
        <div className="flex flex-wrap gap-3">
          <img
            src={badgePath(tool.slug)}
            alt={t("badge.alt", { name: tool.name, siteName: config.siteName })}
            height={40}
            loading="lazy"
          />
          <img src={`${badgePath(tool.slug)}?theme=dark`} alt="" height={40} loading="lazy" />
        </div>
        <CopyableText id={`badge-html-${tool.id}`} label="HTML" text={snippets.html} rows={3} />
        <CopyableText id={`badge-markdown-${tool.id}`} label="Markdown" text={snippets.markdown} rows={2} />
      </div>
    </details>
  );
}
