/** Short messages shown top right for a while (docs/product.md §9: 2000 ms by default). */
import { useT } from "../i18n.tsx";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { TOAST_MS } from "#common/constants.ts";
import { FLASH_COOKIE, flashOf } from "#common/flash.ts";

type Toast = { id: number; message: string; durationMs: number };
type ShowToast = (message: string, options?: { durationMs?: number }) => void;

const ToastContext = createContext<ShowToast>(() => {});

export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/** Shows, once, the message the server left for this page (common/flash.ts): after a sign-in or a sign-up. */
function FlashToast() {
  const toast = useToast();
  const { key } = useLocation();
  useEffect(() => {
    const message = flashOf(document.cookie);
    if (!message) return;
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    toast(message);
  }, [key, toast]);
  return null;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback<ShowToast>((message, options) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, message, durationMs: options?.durationMs ?? TOAST_MS }]);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <FlashToast />
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed top-[calc(var(--height-promo)+4.25rem)] right-3 z-[60] flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2 sm:top-[calc(var(--height-promo)+4.75rem)]"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, onDone]);
  return (
    <div
      data-testid="toast"
      className="pointer-events-auto flex items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDone(toast.id)}
        className="text-slate-300 hover:text-white"
        aria-label={t("layout.dismiss")}
      >
        ×
      </button>
    </div>
  );
}
