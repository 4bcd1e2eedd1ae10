/** Tool cards in a responsive grid: one column on phones, up to four on wide screens. */
import type { SessionUser } from "#common/access.ts";
import type { ToolCard as ToolCardData } from "#server/tools/queries.ts";
import { ToolCard } from "./tool-card.tsx";

export function ToolGrid({ tools, user, showCategories }: { tools: ToolCardData[]; user: SessionUser | null; showCategories?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} user={user} showCategories={showCategories} />
        </li>
      ))}
    </ul>
  );
}
