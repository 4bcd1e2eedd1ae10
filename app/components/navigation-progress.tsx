/** A loader for client-side navigations, shown only when the next page's data takes longer than 200 ms, so it never flashes. */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LOADER_DELAY_MS } from "#common/constants.ts";
import { useT } from "../i18n.tsx";

export function NavigationProgress() {
  const navigation = useNavigation();
  const t = useT();
  const isLoading = navigation.state === "loading";
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    if (!isLoading) return;
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [isLoading]);

  if (!isLoading || !isVisible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("layout.loadingPage")}
      className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-brand-600" />
    </div>
  );
}
