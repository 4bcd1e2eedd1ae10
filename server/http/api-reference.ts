/**
 * /api/docs: the API's reference, rendered on the server from the OpenAPI document the API itself serves, so it says
 * what the schemas check. A plain HTML page: no script, nothing loaded from another host, styles inline (allowed by
 * our Content-Security-Policy).
 */
import type { Handler } from "hono";
import type { apiDocument } from "./api.ts";
import { LIMITS } from "../auth/rate-limit.ts";
import { escapeHtml } from "../html.ts";

type Document = ReturnType<typeof apiDocument>;
type Schema = Record<string, unknown>;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Inline `code` in a description, as the document writes it; everything else escaped. */
function prose(text: string | undefined): string {
  return escapeHtml(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");
}

function resolve(document: Document, schema: Schema | undefined): Schema {
  const ref = schema?.$ref;
  if (typeof ref !== "string") return schema ?? {};
  const name = ref.replace("#/components/schemas/", "");
  return resolve(document, (document.components?.schemas?.[name] ?? {}) as Schema);
}

/** One variant of a union, the one that is not null. */
function mainVariant(document: Document, schema: Schema): Schema {
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!variants) return schema;
  return resolve(document, variants.find((variant) => resolve(document, variant).type !== "null") ?? variants[0]);
}

/** A short name of a schema's type: string, integer, boolean, array of ToolCard, one of "newest" | "views". */
function typeName(document: Document, schema: Schema | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return schema.$ref.replace("#/components/schemas/", "");
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map((variant) => typeName(document, variant)).join(" or ");
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.type === "array") return `array of ${typeName(document, schema.items as Schema)}`;
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return typeof schema.type === "string" ? schema.type : "any";
}

/** An example of what a schema allows: its own example, or one made from its type. */
function exampleOf(document: Document, given: Schema | undefined, depth = 0): unknown {
  const schema = mainVariant(document, resolve(document, given));
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== "null") : schema.type;
  switch (type) {
    case "object": {
      if (depth > 4) return {};
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, exampleOf(document, property, depth + 1)]),
      );
    }
    case "array":
      return depth > 4 ? [] : [exampleOf(document, schema.items as Schema, depth + 1)];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "string":
      return schema.format === "date-time" ? "2026-01-01T00:00:00.000Z" : "text";
    case "null":
      return null;
    default:
      return null;
  }
}

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};

function parameterRows(document: Document, parameters: Parameter[]): string {
  if (parameters.length === 0) return "<p class=muted>No parameters.</p>";
  const rows = parameters.map((parameter) => {
    const schema = parameter.schema ?? {};
    const details = [
      schema.default !== undefined ? `default <code>${escapeHtml(JSON.stringify(schema.default))}</code>` : "",
      schema.minimum !== undefined || schema.maximum !== undefined
        ? `from ${String(schema.minimum ?? "")} to ${String(schema.maximum ?? "")}`
        : "",
      schema.example !== undefined ? `e.g. <code>${escapeHtml(String(schema.example))}</code>` : "",
    ].filter(Boolean);
    return `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}${parameter.required ? ", required" : ""}</td><td>${escapeHtml(typeName(document, schema))}</td><td>${prose(parameter.description ?? (schema.description as string | undefined))}${details.length ? `<br><span class=muted>${details.join("; ")}</span>` : ""}</td></tr>`;
  });
  return `<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>What it does</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** A write's JSON body: its type, and an example made from its schema. */
function bodyBlock(document: Document, operation: Operation): string {
  const schema = operation.requestBody?.content?.["application/json"]?.schema;
  if (!schema) return "";
  return `<h4>Body <span class=muted>(JSON, ${escapeHtml(typeName(document, schema))})</span></h4><pre>${escapeHtml(JSON.stringify(exampleOf(document, schema), null, 2))}</pre>`;
}

/** Whether an operation needs a key (it lists no anonymous way in). */
function needsKey(operation: Operation): boolean {
  return (
    Boolean(operation.security?.length) &&
    !operation.security!.some((requirement) => Object.keys(requirement).length === 0)
  );
}

function responseBlocks(document: Document, responses: NonNullable<Operation["responses"]>): string {
  return Object.entries(responses)
    .map(([status, response]) => {
      const schema = response.content?.["application/json"]?.schema;
      const example = schema ? `<pre>${escapeHtml(JSON.stringify(exampleOf(document, schema), null, 2))}</pre>` : "";
      return `<h4><span class="status s${escapeHtml(status[0] ?? "")}">${escapeHtml(status)}</span> ${prose(response.description)}${schema ? ` <span class=muted>(${escapeHtml(typeName(document, schema))})</span>` : ""}</h4>${example}`;
    })
    .join("");
}

const STYLE = `
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
header,main{max-width:960px;margin:0 auto;padding:0 1rem}header{padding-top:2rem}
a{color:#4338ca}h1{font-size:2rem;margin:.5rem 0}h2{margin-top:2.5rem;border-bottom:1px solid #e2e8f0;padding-bottom:.3rem}
h3{margin:0 0 .5rem;font-size:1.15rem;word-break:break-all}h4{font-size:1rem;margin:1rem 0 .3rem}
section.op{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;margin:1.25rem 0}
.method{display:inline-block;background:#dcfce7;color:#166534;border-radius:.4rem;padding:0 .5rem;margin-right:.5rem;font-size:.9rem;font-weight:700}
table{border-collapse:collapse;width:100%;font-size:.92rem;display:block;overflow-x:auto}th,td{text-align:left;vertical-align:top;border-top:1px solid #e2e8f0;padding:.4rem .5rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.88rem}code{background:#f1f5f9;border-radius:.25rem;padding:0 .2rem}
pre{background:#0f172a;color:#e2e8f0;border-radius:.5rem;padding:.75rem;overflow-x:auto;max-height:24rem}
.muted{color:#64748b}.status{border-radius:.4rem;padding:0 .4rem;background:#e2e8f0}.s2{background:#dcfce7}.s4{background:#fef3c7}.s5{background:#fee2e2}
nav ul{columns:2;padding-left:1.2rem}@media(max-width:640px){nav ul{columns:1}}
a:focus-visible{outline:3px solid #6366f1;outline-offset:2px}
`;

/** The per-key rate limit, in words. */
const KEYED_LIMIT = `${LIMITS.requestsPerApiKey.max} requests every ${LIMITS.requestsPerApiKey.windowSeconds} seconds`;

/** The reference page of `document`; made once, since the document changes only with a release. */
export function renderApiReference(document: Document, siteName: string): string {
  const server = document.servers?.[0]?.url ?? "/api/v1";
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
  const index = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${escapeHtml(operation.operationId ?? path)}">${escapeHtml(operation.summary ?? path)}</a> <code>${method.toUpperCase()} ${escapeHtml(path)}</code></li>`,
    )
    .join("");
  const sections = operations
    .map(
      ({ path, method, operation }) => `<section class=op id="${escapeHtml(operation.operationId ?? path)}">
<h3><span class=method>${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>
<p><strong>${prose(operation.summary)}</strong>. ${prose(operation.description)}${needsKey(operation) ? " <strong>Needs an API key that may write.</strong>" : ""}</p>
${parameterRows(document, operation.parameters ?? [])}
${bodyBlock(document, operation)}
${responseBlocks(document, operation.responses ?? {})}
</section>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`API reference | ${siteName}`)}</title>
<meta name="description" content="${escapeHtml(`The public read API of ${siteName}: tools, categories, tags and top-lists as JSON.`)}">
<style>${STYLE}</style></head>
<body><header><p><a href="/">&larr; ${escapeHtml(siteName)}</a></p><h1>${escapeHtml(document.info.title)}</h1>
<p>${prose(document.info.description)}</p></header>
<main>
<h2 id=basics>Basics</h2>
<ul>
<li><strong>Address.</strong> Every endpoint below is under <code>${escapeHtml(server)}</code>. The machine-readable description is <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI 3.1).</li>
<li><strong>Authentication.</strong> Reads need none: they show only what any visitor sees (live tools), take no cookie, and any site may make them from a browser (CORS). Submitting a tool and changing your own need a personal API key that may write: make one under your profile menu, <a href="/settings/api-keys">API keys</a>, and send it as <code>Authorization: Bearer it_live_...</code>. A request acts as the key's owner, with their rights; a malformed, unknown or revoked key is a <code>401</code> (<code>unauthenticated</code>), never read as a visitor, and a key that may only read is refused writes with a <code>403</code>. Keep write keys on your server: writes are not open to other sites' pages.</li>
<li><strong>Lists and paging.</strong> Every list answers <code>{ "items": [...], "nextCursor": "..." }</code>. Give <code>nextCursor</code> as <code>cursor</code> to read the next page; it is <code>null</code> on the last one. <code>limit</code> sets the page's size.</li>
<li><strong>Errors.</strong> Every error answers <code>{ "error": { "code": "...", "message": "..." } }</code>, with <code>fields</code> naming the refused parameters. An unknown parameter, an unknown category, tag, pricing or sort, or a cursor we did not make is a <code>400</code> (<code>invalid-argument</code>); a tool that is not live is a <code>404</code> (<code>not-found</code>).</li>
<li><strong>Caching and rate limits.</strong> Answers may be kept 30 seconds and carry an <code>ETag</code>: ask again with <code>If-None-Match</code> and an unchanged answer is a <code>304</code> with no body. Reads without a key have no quota today. A request with a key counts against that key's limit, ${KEYED_LIMIT}: every such answer says where the key stands with <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds until the window starts again), and past the limit the answer is a <code>429</code> (<code>resource-exhausted</code>) with <code>Retry-After</code>.</li>
</ul>
<nav aria-label="Endpoints"><h2>Endpoints</h2><ul>${index}</ul></nav>
${sections}
</main></body></html>`;
}

/** GET /api/docs. */
export function apiReference(document: Document, siteName: () => string): Handler {
  // Rendered once, and again when the site's settings rename it.
  let made: { name: string; html: string } | undefined;
  return (c) => {
    const name = siteName();
    if (made?.name !== name) made = { name, html: renderApiReference(document, name) };
    c.header("Cache-Control", "public, max-age=300");
    return c.html(made.html);
  };
}
