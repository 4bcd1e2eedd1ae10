/**
 * Which demo tools a person would call alternatives to each of 30 demo tools (content/catalogue/tools.json), written
 * by hand from what each tool does, not from its tags: the yardstick of the alternatives' ranking (decision 059). Each
 * tool has at least four, so that a ranking can reach a precision of 1 on its first four.
 */
/** The SaaS starters and boilerplates of the demo catalogue, less one. */
function startersBut(name: string): string[] {
  return [
    "ShipFast",
    "Makerkit",
    "Supastarter",
    "create-t3-app",
    "Next.js SaaS Starter",
    "CMSaasStarter",
    "Wave",
    "Laravel Spark",
    "SaaS Pegasus",
  ].filter((starter) => starter !== name);
}

export const LABELLED_ALTERNATIVES: Record<string, string[]> = {
  // Website analytics: counting visits, privacy-first or with heatmaps.
  "Plausible Analytics": ["Umami", "Fathom Analytics", "PostHog", "Microsoft Clarity", "Hotjar"],
  Umami: ["Plausible Analytics", "Fathom Analytics", "PostHog", "Microsoft Clarity", "Hotjar"],
  "Fathom Analytics": ["Plausible Analytics", "Umami", "PostHog", "Microsoft Clarity", "Hotjar"],
  Hotjar: ["Microsoft Clarity", "PostHog", "Plausible Analytics", "Umami", "Fathom Analytics"],
  // Taking payments, as a processor or a merchant of record.
  Stripe: ["Lemon Squeezy", "Paddle", "Polar", "Gumroad"],
  "Lemon Squeezy": ["Paddle", "Polar", "Gumroad", "Stripe"],
  Paddle: ["Lemon Squeezy", "Polar", "Gumroad", "Stripe"],
  Polar: ["Lemon Squeezy", "Paddle", "Gumroad", "Stripe"],
  Gumroad: ["Lemon Squeezy", "Paddle", "Polar", "Stripe"],
  // Somewhere to deploy an app.
  Vercel: ["Netlify", "Cloudflare", "AWS Amplify", "Render", "Railway", "Fly.io", "SST", "Coolify", "DigitalOcean"],
  Netlify: ["Vercel", "Cloudflare", "AWS Amplify", "Render", "Railway", "Fly.io", "SST", "Coolify", "DigitalOcean"],
  Render: [
    "Railway",
    "Fly.io",
    "DigitalOcean",
    "Hetzner",
    "Vercel",
    "Netlify",
    "Coolify",
    "Laravel Forge",
    "AWS Amplify",
  ],
  Railway: ["Render", "Fly.io", "DigitalOcean", "Hetzner", "Vercel", "Netlify", "Coolify"],
  "Fly.io": ["Render", "Railway", "DigitalOcean", "Hetzner", "Vercel", "Netlify", "Coolify", "Cloudflare"],
  Coolify: ["Render", "Railway", "Fly.io", "DigitalOcean", "Hetzner", "Vercel", "Netlify", "Laravel Forge"],
  // Designing interfaces and graphics.
  Figma: ["Penpot", "Framer", "Canva", "Excalidraw"],
  Penpot: ["Figma", "Framer", "Canva", "Excalidraw"],
  // A SaaS to start from: each of these starters is an alternative to the others.
  ShipFast: startersBut("ShipFast"),
  Makerkit: startersBut("Makerkit"),
  Wave: startersBut("Wave"),
  // Ready-made interface components.
  "shadcn/ui": ["Tailwind Plus", "daisyUI", "Flowbite", "Skeleton"],
  daisyUI: ["Tailwind Plus", "shadcn/ui", "Flowbite", "Skeleton"],
  Flowbite: ["Tailwind Plus", "shadcn/ui", "daisyUI", "Skeleton"],
  // Where to launch.
  "Product Hunt": ["Uneed", "BetaList", "Hacker News", "Peerlist", "Indie Hackers"],
  Uneed: ["Product Hunt", "BetaList", "Peerlist", "Hacker News", "There's An AI For That", "SaaSHub", "AlternativeTo"],
  // Search engine optimisation.
  Ahrefs: ["Semrush", "Ubersuggest", "Google Search Console", "Bing Webmaster Tools", "Screaming Frog SEO Spider"],
  Semrush: ["Ahrefs", "Ubersuggest", "Google Search Console", "Bing Webmaster Tools", "Screaming Frog SEO Spider"],
  "Google Search Console": ["Bing Webmaster Tools", "Ahrefs", "Semrush", "Ubersuggest", "Screaming Frog SEO Spider"],
  // Writing code with help.
  Cursor: ["GitHub Copilot", "Visual Studio Code", "Claude", "ChatGPT"],
  // Makers' communities.
  "Indie Hackers": ["Reddit", "Hacker News", "WIP", "Peerlist", "Circle", "Discord", "Product Hunt"],
};

/** The share of the first `k` alternatives that the labels call alternatives (a list shorter than `k` counts its gaps as misses). */
export function precisionAt(k: number, ranked: readonly string[], relevant: readonly string[]): number {
  const wanted = new Set(relevant);
  return ranked.slice(0, k).filter((name) => wanted.has(name)).length / k;
}
