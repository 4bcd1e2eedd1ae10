/** A link to a tool's website, tagged with our ref parameter; each click is counted (an outbound click with the tool's id). */
import type { MouseEvent, ReactNode } from "react";
import { withRef } from "#common/outbound.ts";
import { trackOutboundClick } from "../analytics.ts";
import { useRootData } from "../root-data.ts";

export function OutboundLink({
  toolId,
  website,
  className,
  label,
  children,
}: {
  toolId: string;
  website: string;
  className?: string;
  /** The link's accessible name, when its text alone does not say where it goes. */
  label?: string;
  children: ReactNode;
}) {
  const { config } = useRootData();
  const count = (event: MouseEvent<HTMLAnchorElement>) => trackOutboundClick(event, { toolId });
  return (
    <a
      href={withRef(website, config.outboundRef)}
      target="_blank"
      rel="noopener"
      className={className}
      aria-label={label}
      onClick={count}
      // A middle click opens the site too, and counts as a click.
      onAuxClick={(event) => event.button === 1 && count(event)}
    >
      {children}
    </a>
  );
}
