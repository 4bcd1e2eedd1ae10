/** Writes .br and .gz beside every compressible file of the browser build, so the server sends them without compressing per request. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".xml", ".html", ".ico", ".map"]);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const root = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "client"));
let count = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const content = readFileSync(file);
  // Even a small module is worth it: a page loads a dozen of them. A twin that would not be smaller is not written.
  const twins = [
    [`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    [`${file}.gz`, gzipSync(content, { level: 9 })],
  ] as const;
  for (const [twin, compressed] of twins) if (compressed.length < content.length) writeFileSync(twin, compressed);
  count++;
}
process.stdout.write(`compressed ${count} files in ${path.relative(process.cwd(), root)}\n`);
