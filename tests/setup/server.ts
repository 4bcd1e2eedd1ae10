/** Serves the real app (production build) over a test database on a free port of 127.0.0.1, for the browser tests. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createTestApp, type TestAppOptions } from "./app.ts";
import type { TestDatabase } from "./database.ts";

export async function startTestServer(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const { app, services, storage, filesDir } = await createTestApp(database, { SITE_URL: url, ...env }, options);
  server.on("request", getRequestListener(app.fetch));
  return {
    url,
    services,
    storage,
    filesDir,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
