/**
 * The 'Last added tools' list: the first page comes from the server; the next pages load as the visitor scrolls
 * (when the trigger is within 100 px below the viewport, or above it) and stop when a batch comes back empty. Without JavaScript, a link pages on.
 */
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { useHref } from "react-router";
import { useT } from "../i18n.tsx";
import { Link } from "./link.tsx";
import { SCROLL_TRIGGER_MARGIN_PX } from "#common/constants.ts";
import type { ToolCard, ToolPage } from "#server/tools/read/queries.ts";
import type { ApiToolList } from "#common/schemas/api.ts";
import { ToolGrid } from "./tool-grid.tsx";

type Status = "idle" | "loading" | "error" | "done";

export function LatestTools({ initial }: { initial: ToolPage }) {
  const [tools, setTools] = useState<ToolCard[]>(initial.tools);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [status, setStatus] = useState<Status>(initial.nextCursor ? "idle" : "done");
  const t = useT();
  const morePath = useHref(`/?cursor=${encodeURIComponent(cursor ?? "")}`);
  const trigger = useRef<HTMLDivElement>(null);
  const isLoading = useRef(false);

  const loadMore = useCallback(async () => {
    if (!cursor || isLoading.current) return;
    isLoading.current = true;
    setStatus("loading");
    try {
      const response = await fetch(`/api/v1/tools?cursor=${encodeURIComponent(cursor)}`, {
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`GET /api/v1/tools answered ${response.status}`);
      const page = (await response.json()) as ApiToolList;
      const known = new Set(tools.map((tool) => tool.id));
      setTools((list) => [...list, ...page.items.filter((tool) => !known.has(tool.id))]);
      setCursor(page.nextCursor);
      setStatus(page.items.length === 0 || !page.nextCursor ? "done" : "idle");
    } catch (error) {
      // docs/product.md §8: a failed load is only logged; the list keeps what it has and can be retried.
      console.error("Could not load more tools", error);
      setStatus("error");
    } finally {
      isLoading.current = false;
    }
  }, [cursor, tools]);

  // Loads when the trigger comes within reach or has been passed: a jump to the bottom (End, a fast flick past a tall
  // footer) skips over it, and an observer that only sees it cross the viewport's edge would never fire.
  useEffect(() => {
    const element = trigger.current;
    if (!element || status !== "idle") return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (element.getBoundingClientRect().top < window.innerHeight + SCROLL_TRIGGER_MARGIN_PX) void loadMore();
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(check);
    };
    // Without a scroll, only a trigger within sight loads (a page shorter than the screen, or the next tools just
    // appended): one already passed waits for the person to scroll again, so one jump to the bottom loads one page.
    const { top, bottom } = element.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight + SCROLL_TRIGGER_MARGIN_PX) void loadMore();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [status, loadMore]);

  if (tools.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <p className="font-medium">{t("latest.empty")}</p>
        <p className="mt-1 text-slate-600">
          {t("latest.emptyHint")}{" "}
          <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
            {t("latest.addIt")}
          </Link>
        </p>
      </div>
    );
  }

  const loadOnClick = (event: MouseEvent) => {
    event.preventDefault();
    void loadMore();
  };

  return (
    <div>
      <ToolGrid tools={tools} />
      <div
        ref={trigger}
        data-testid="scroll-trigger"
        className="flex min-h-16 flex-col items-center justify-center py-6 text-sm text-slate-600"
        aria-live="polite"
      >
        {status === "loading" && (
          <p className="flex items-center gap-2">
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
              aria-hidden="true"
            />
            {t("latest.loading")}
          </p>
        )}
        {status === "error" && (
          <p>
            {t("latest.failed")}{" "}
            <button
              type="button"
              onClick={() => void loadMore()}
              className="font-medium text-brand-700 hover:underline"
            >
              {t("latest.retry")}
            </button>
          </p>
        )}
        {status === "done" && <p>{t("latest.done")}</p>}
        {status === "idle" && cursor && (
          <a
            href={`${morePath}#latest`}
            onClick={loadOnClick}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100"
          >
            {t("latest.more")}
          </a>
        )}
      </div>
    </div>
  );
}
