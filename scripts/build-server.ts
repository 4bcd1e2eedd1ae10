/**
 * Compiles the server (server/main.ts and everything it imports from the project) and the operator's commands
 * (scripts/admin.ts... as $BUILD_DIR/server/commands/*.js, what `npm run admin` and the others run) to plain
 * JavaScript in $BUILD_DIR/server, beside React Router's server build, so production runs on `node` alone, with no
 * TypeScript transpiler loaded at run time. Packages stay imports of node_modules.
 */
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "#server/paths.ts";

/** The command-line tools of a deploy: `npm run db:migrate`, `admin`, `newsletter`, `backup`, `restore`, `import` and `export`. */
const COMMANDS = ["migrate", "admin", "newsletter", "backup", "restore", "import", "export"];
const outdir = path.resolve(PROJECT_ROOT, process.env.BUILD_DIR || "build", "server");
const result = await build({
  absWorkingDir: PROJECT_ROOT,
  entryPoints: {
    main: "server/main.ts",
    ...Object.fromEntries(COMMANDS.map((name) => [`commands/${name}`, `scripts/${name}.ts`])),
  },
  outdir,
  bundle: true,
  // The server is loaded in two steps (the config, which sets NODE_ENV, then the rest), so the rest must stay a separate chunk.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  format: "esm",
  platform: "node",
  target: "node20.19",
  packages: "external",
  metafile: true,
  logLevel: "warning",
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stdout.write(
  `compiled the server to ${path.relative(process.cwd(), path.join(outdir, "main.js"))} and ${COMMANDS.length} commands (${Math.round(bytes / 1024)} kB)\n`,
);
