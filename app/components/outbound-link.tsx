/** A link to a tool's website, tagged with our ref parameter; each click is counted on the server. */
import type { ReactNode } from "react";
import { withRef } from "#common/outbound.ts";
import { useRootData } from "../root-data.ts";

/** Tells the server about a click without delaying the visitor: a beacon outlives the page. */
export function sendClick(toolId: string) {
  const url = `/api/v1/tools/${encodeURIComponent(toolId)}/clicks`;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  void fetch(url, { method: "POST", keepalive: true }).catch(() => {});
}

export function OutboundLink({
  toolId,
  website,
  className,
  children,
}: {
  toolId: string;
  website: string;
  className?: string;
  children: ReactNode;
}) {
  const { config } = useRootData();
  return (
    <a
      href={withRef(website, config.outboundRef)}
      target="_blank"
      rel="noopener"
      className={className}
      onClick={() => sendClick(toolId)}
      // A middle click opens the site too, and counts as a click.
      onAuxClick={(event) => event.button === 1 && sendClick(toolId)}
    >
      {children}
    </a>
  );
}
