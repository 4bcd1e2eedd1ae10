/** The root loader's data (config, session, categories, top-lists), for any component of the layout. */
import { useRouteLoaderData } from "react-router";
import type { loader } from "./root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Undefined only while an error page renders without the root loader's data. */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}
