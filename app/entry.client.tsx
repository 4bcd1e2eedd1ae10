/** Hydrates the server-rendered page. In production the console is silenced first (SPEC section 1), unless the config turns it off. */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

if (document.documentElement.dataset.silenceConsole === "true") {
  const quiet = () => {};
  console.log = quiet;
  console.warn = quiet;
  console.error = quiet;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
