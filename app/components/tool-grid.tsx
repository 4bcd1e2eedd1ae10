/**
 * Tool cards in a responsive grid: one column on phones, up to four on wide screens. A short list that three columns
 * fill and four would not (the six featured tools) stays at three, so its last row has no empty slots.
 */
import type { ReactNode } from "react";
import type { ToolCard as ToolCardData } from "#server/tools/read/queries.ts";
import { ToolCard } from "./tool-card.tsx";

export function ToolGrid<Tool extends ToolCardData>({
  tools,
  showCategories,
  noteOf,
  extra,
}: {
  tools: Tool[];
  showCategories?: boolean;
  /** Each card's note: why it is in the list. */
  noteOf?: (tool: Tool) => string | undefined;
  /** A last card that is not a tool's (the home page's sponsor card). */
  extra?: ReactNode;
}) {
  const count = tools.length + (extra ? 1 : 0);
  const fitsThree = count <= 12 && count % 3 === 0 && count % 4 !== 0;
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${fitsThree ? "" : "xl:grid-cols-4"}`}>
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} showCategories={showCategories} note={noteOf?.(tool)} />
        </li>
      ))}
      {extra && <li>{extra}</li>}
    </ul>
  );
}
