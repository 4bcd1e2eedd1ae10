/**
 * Tool cards in a responsive grid: one column on phones, up to four on wide screens. A short list that three columns
 * fill and four would not (the six featured tools) stays at three, so its last row has no empty slots.
 */
import type { ToolCard as ToolCardData } from "#server/tools/read/queries.ts";
import { ToolCard } from "./tool-card.tsx";

export function ToolGrid<Tool extends ToolCardData>({
  tools,
  showCategories,
  noteOf,
}: {
  tools: Tool[];
  showCategories?: boolean;
  /** Each card's note: why it is in the list. */
  noteOf?: (tool: Tool) => string | undefined;
}) {
  const fitsThree = tools.length <= 12 && tools.length % 3 === 0 && tools.length % 4 !== 0;
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${fitsThree ? "" : "xl:grid-cols-4"}`}>
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} showCategories={showCategories} note={noteOf?.(tool)} />
        </li>
      ))}
    </ul>
  );
}
