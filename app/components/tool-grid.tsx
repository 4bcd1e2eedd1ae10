/** Tool cards in a responsive grid: one column on phones, up to four on wide screens. */
import type { ToolCard as ToolCardData } from "#server/tools/queries.ts";
import { ToolCard } from "./tool-card.tsx";

export function ToolGrid({ tools, showCategories }: { tools: ToolCardData[]; showCategories?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} showCategories={showCategories} />
        </li>
      ))}
    </ul>
  );
}
