/**
 * The verification queue's keyboard shortcuts: j and k move between the queued tools, v verifies the current one, r
 * focuses its reason for refusing, ? opens this help. They never fire while a person types in a field. The help is a
 * disclosure rendered with the page; the keys need JavaScript, and only this small listener ships for them.
 */
import { useEffect, useRef } from "react";
import type { PlainKey } from "#common/i18n/translate.ts";
import { useT } from "../i18n.tsx";

/** What marks the page's parts that the shortcuts act on. */
export const QUEUE_SHORTCUT_TARGETS = {
  item: "[data-queue-item]",
  verify: "[data-shortcut=verify] button",
  reason: "textarea[name=reason]",
} as const;

const SHORTCUTS: [key: string, what: PlainKey][] = [
  ["j", "adminQueue.shortcutNext"],
  ["k", "adminQueue.shortcutPrevious"],
  ["v", "adminQueue.shortcutVerify"],
  ["r", "adminQueue.shortcutReason"],
  ["?", "adminQueue.shortcutHelp"],
];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function QueueShortcuts() {
  const t = useT();
  const help = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const items = [...document.querySelectorAll<HTMLElement>(QUEUE_SHORTCUT_TARGETS.item)];
      const currentIndex = items.findIndex((item) => item.getAttribute("aria-current") === "true");
      const current = items[currentIndex] ?? items[0];
      const select = (index: number) => {
        const item = items[Math.max(0, Math.min(items.length - 1, index))];
        if (!item) return;
        for (const other of items) other.removeAttribute("aria-current");
        item.setAttribute("aria-current", "true");
        item.focus();
        item.scrollIntoView({ block: "nearest" });
      };
      switch (event.key) {
        case "j":
          select(currentIndex + 1);
          break;
        case "k":
          select(currentIndex < 0 ? 0 : currentIndex - 1);
          break;
        case "v":
          current?.querySelector<HTMLButtonElement>(QUEUE_SHORTCUT_TARGETS.verify)?.click();
          break;
        case "r":
          current?.querySelector<HTMLTextAreaElement>(QUEUE_SHORTCUT_TARGETS.reason)?.focus();
          break;
        case "?":
          if (help.current) help.current.open = !help.current.open;
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <details
      ref={help}
      data-testid="queue-shortcuts"
      className="mb-6 rounded-xl border border-slate-200 bg-white text-sm"
    >
      <summary className="cursor-pointer px-4 py-2 font-medium text-slate-700">{t("adminQueue.shortcuts")}</summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-3">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono">{key}</kbd>
            </dt>
            <dd className="text-slate-700">{t(what)}</dd>
          </div>
        ))}
      </dl>
      <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500">{t("adminQueue.shortcutsTyping")}</p>
    </details>
  );
}
