/** What a list shows when it has nothing to show: a short sentence and, where there is one, a way on. */
import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div data-testid="empty-state" className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <p className="font-medium">{title}</p>
      {children && <p className="mt-1 text-slate-600">{children}</p>}
    </div>
  );
}
