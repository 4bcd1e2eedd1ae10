/**
 * An acknowledged write is a stored write: the compiled server, under a stream of analytics events, tool submissions
 * (through the API and the form), favourites (added through the API, toggled through the heart's form) and profile
 * edits, is killed with SIGKILL (no chance to write anything on its way out). After a restart, every event it
 * answered 202 for, every tool, favourite and profile it acknowledged is in the database, and every side effect those
 * submissions queued (the maker's mail, the admin's notice) is in the outbox and is then delivered, the mails to a
 * real SMTP server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOUND_CLICK_EVENT } from "#common/constants.ts";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { openDatabase } from "#server/db/client.ts";
import { events, favorites, outbox, tools, users } from "#server/db/schema.ts";
import { and } from "drizzle-orm";
import { insertCategory, insertTool, insertTools, toolInput } from "../factories.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";
import { waitUntil } from "../setup/wait.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const EVENTS = 2_000;
const IN_FLIGHT = 25;
/** The process is killed once this many events and this many submissions were acknowledged, with others in flight. */
const KILL_AFTER_EVENTS = 300;
const KILL_AFTER_SUBMISSIONS = 30;
/** Makers submitting and favouriting at once, each from an address of their own. */
const MAKERS = 6;
/** Under the limit of 20 submissions an hour per user; past it, a maker only favourites. */
const SUBMISSIONS_PER_MAKER = 15;
const LIVE_TOOLS = 30;
/**
 * A mail the killed process had taken but not recorded as sent is taken again once its lease is over (the shortest
 * OUTBOX_LEASE_SECONDS, 35 s, instead of 2 minutes) and the next poll (15 s) finds it.
 */
const LEASE_SECONDS = 35;
/** How often the outbox's worker looks for due rows (server/outbox/worker.ts). */
const POLL_SECONDS = 15;
const DELIVERY_WAIT_MS = LEASE_SECONDS * 1000 + POLL_SECONDS * 1000 + 20_000;

type Maker = { email: string; cookie: string; address: string };
/** A write whose outcome is known when it was acknowledged, and either way for the one a maker had in flight at the kill. */
type LastWrite<T> = { acknowledged: T | undefined; inFlight: T | undefined };

describe.each(databaseKinds)("acknowledged writes on %s", (kind) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let categoryId: string;
  let liveToolIds: string[];
  /** One live tool per maker, whose favourite the maker toggles through the heart's form. */
  let toggledToolIds: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-crash-"));
    if (kind === "postgres") database = await openTestDatabase("postgres");
    smtp = await startSmtpReceiver();
    // Each event comes from an address of its own (trusted X-Forwarded-For), so no limit per address is reached.
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      AUTH_SECRET: "a-secret-of-the-crash-test-that-is-long-enough",
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      // Each maker submits more tools than a day's limit allows a new account.
      SUBMISSIONS_PER_DAY: String(SUBMISSIONS_PER_MAKER),
    };
    // A category to submit tools to and live tools to favourite, written before the server holds the database.
    const handle = kind === "postgres" ? database!.handle : await openDatabase({ dataDir });
    try {
      if (kind === "pglite") await handle.migrate();
      categoryId = (await insertCategory(handle.db)).id;
      await insertTools(handle.db, LIVE_TOOLS);
      liveToolIds = (await handle.db.select({ id: tools.id }).from(tools)).map((row) => row.id);
      toggledToolIds = [];
      for (let index = 0; index < MAKERS; index++)
        toggledToolIds.push(
          (await insertTool(handle.db, { name: `Toggled ${index}`, website: `https://toggled-${index}.example` })).id,
        );
    } finally {
      if (kind === "pglite") await handle.close();
    }
  });
  afterAll(async () => {
    await server?.kill("SIGKILL");
    await database?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are all in the database after the server is killed with SIGKILL under load, and their queued mails are delivered", {
    timeout: DELIVERY_WAIT_MS + 90_000,
  }, async () => {
    const running = await startServerProcess(env);
    server = running;
    const site = new URL(running.url);
    const post = (
      pathname: string,
      { cookie, address, type, body }: { cookie?: string; address: string; type?: string; body?: string },
    ) =>
      fetch(running.url + pathname, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: running.url,
          "user-agent": CHROME,
          "x-forwarded-for": address,
          ...(type ? { "content-type": type } : {}),
          ...(cookie ? { cookie } : {}),
        },
        body,
      });

    const makers: Maker[] = [];
    for (let index = 0; index < MAKERS; index++) {
      const email = `maker-${index}@example.com`;
      const address = `192.0.2.${index + 1}`;
      const registered = await post("/register", {
        address,
        type: "application/x-www-form-urlencoded",
        body: new URLSearchParams({
          username: `Maker ${index}`,
          email,
          password: "long-enough",
          [PROOF_FIELD]: await solvedProof((path) => fetch(new URL(path, running.url))),
        }).toString(),
      });
      const cookie = registered.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      expect(cookie, `maker ${index} is signed in`).toContain("session_token=");
      makers.push({ email, cookie, address });
    }

    const acknowledgedEvents: number[] = [];
    const acknowledgedTools: { id: string; name: string; email: string }[] = [];
    const acknowledgedFavorites: { email: string; toolId: string }[] = [];
    let formSubmissions = 0;
    const toggles = makers.map((): LastWrite<boolean> => ({ acknowledged: undefined, inFlight: undefined }));
    const bios = makers.map((): LastWrite<string> => ({ acknowledged: undefined, inFlight: undefined }));
    /** A form post, as a browser without JavaScript sends it. */
    const postForm = (maker: Maker, pathname: string, fields: Record<string, string>) =>
      post(pathname, {
        cookie: maker.cookie,
        address: maker.address,
        type: "application/x-www-form-urlencoded",
        body: new URLSearchParams(fields).toString(),
      });
    /** Sends a write of `value`, kept as in flight until it is acknowledged (then as the last acknowledged). */
    async function tracked<T>(last: LastWrite<T>, value: T, send: () => Promise<Response>, ok: number, what: string) {
      last.inFlight = value;
      if ((await acknowledged(send, ok, what)) !== undefined) {
        last.acknowledged = value;
        last.inFlight = undefined;
      }
    }
    let nextEvent = 0;
    let killing: Promise<void> | undefined;
    const killWhenDue = () => {
      if (
        !killing &&
        acknowledgedEvents.length >= KILL_AFTER_EVENTS &&
        acknowledgedTools.length >= KILL_AFTER_SUBMISSIONS
      )
        killing = running.kill("SIGKILL");
    };
    /**
     * Sends one request; answers its body when it was acknowledged with `ok`, undefined when the kill cut it off before
     * its answer was read whole (then the test cannot know what was acknowledged, so it counts as not).
     */
    async function acknowledged(send: () => Promise<Response>, ok: number, what: string): Promise<string | undefined> {
      try {
        const response = await send();
        const body = await response.text();
        if (response.status === ok) return body;
        throw new Error(`${what} answered ${response.status}: ${body}`);
      } catch (error) {
        // A request cut off by the kill was never acknowledged; anything else is a failure of its own.
        if (killing) return undefined;
        throw error;
      }
    }

    async function sendEventsUntilKilled() {
      while (!killing && nextEvent < EVENTS) {
        const seq = nextEvent++;
        const body = {
          n: OUTBOUND_CLICK_EVENT,
          u: `${running.url}/`,
          d: site.hostname,
          r: null,
          p: { url: "https://tool.example.com/", seq },
        };
        const address = `10.${(seq >> 8) & 255}.${seq & 255}.1`;
        const answer = await acknowledged(
          () => post("/api/event", { address, type: "text/plain", body: JSON.stringify(body) }),
          202,
          `event ${seq}`,
        );
        if (answer !== undefined) acknowledgedEvents.push(seq);
        killWhenDue();
      }
    }
    async function writeUntilKilled(maker: Maker, index: number) {
      let submitted = 0;
      for (let step = 0; !killing; step++) {
        if (step % 4 === 0 && submitted < SUBMISSIONS_PER_MAKER) {
          const name = `Durable ${index}-${submitted}`;
          const tool = toolInput(categoryId, { name, website: `https://durable-${index}-${submitted}.example` });
          // Every other one through the form, as a browser without JavaScript sends it.
          const throughForm = submitted % 2 === 1;
          submitted++;
          let id: string | undefined;
          if (throughForm) {
            // As a browser sends the form: an empty repository field, and no box ticked.
            const { isSelfHostable: _unticked, ...rest } = tool;
            const fields = { ...rest, repository: "", categories: categoryId, tags: tool.tags.join(",") };
            const answer = await acknowledged(
              async () => {
                // The form's page names the new tool's id, as a browser gets it.
                const page = await (
                  await fetch(`${running.url}/add-tool`, {
                    headers: { cookie: maker.cookie, "user-agent": CHROME, "x-forwarded-for": maker.address },
                  })
                ).text();
                const toolId = /name="toolId" value="([^"]+)"/.exec(page)?.[1] ?? "";
                const proof = await solvedProof((path) => fetch(new URL(path, running.url)));
                const response = await postForm(maker, "/add-tool", {
                  ...(fields as unknown as Record<string, string>),
                  toolId,
                  [PROOF_FIELD]: proof,
                });
                const location = response.headers.get("location") ?? "";
                if (response.status === 302 && location.startsWith("/my-tools?submitted="))
                  return new Response(location.slice("/my-tools?submitted=".length), { status: 200 });
                return response;
              },
              200,
              `form submission ${name}`,
            );
            id = answer;
            if (id !== undefined) formSubmissions++;
          } else {
            const response = await acknowledged(
              async () => {
                const proof = await solvedProof((path) => fetch(new URL(path, running.url)));
                return post("/api/functions/submitTool", {
                  cookie: maker.cookie,
                  address: maker.address,
                  type: "application/json",
                  body: JSON.stringify({ tool, [PROOF_FIELD]: proof }),
                });
              },
              200,
              `submission ${name}`,
            );
            if (response !== undefined)
              id = (JSON.parse(response) as { result: { tool: { id: string } } }).result.tool.id;
          }
          if (id !== undefined) acknowledgedTools.push({ id, name, email: maker.email });
        } else if (step % 4 === 1) {
          const toolId = liveToolIds[step % liveToolIds.length]!;
          const response = await acknowledged(
            () => post(`/api/v1/tools/${toolId}/favorite`, { cookie: maker.cookie, address: maker.address }),
            200,
            `favourite of ${toolId}`,
          );
          if (response !== undefined) acknowledgedFavorites.push({ email: maker.email, toolId });
        } else if (step % 4 === 2) {
          // The heart's form, on and off: the stored state is the last one acknowledged.
          const isOn = !(toggles[index]!.acknowledged ?? false);
          await tracked(
            toggles[index]!,
            isOn,
            () =>
              postForm(maker, "/favorites", {
                toolId: toggledToolIds[index]!,
                intent: isOn ? "add" : "remove",
                redirectTo: "/",
              }),
            303,
            `toggle ${index}`,
          );
        } else {
          const bio = `Bio ${index}-${step}`;
          await tracked(
            bios[index]!,
            bio,
            () => postForm(maker, "/edit-profile", { intent: "profile", username: `Maker ${index}`, bio }),
            200,
            `profile ${index}`,
          );
        }
        killWhenDue();
      }
    }
    await Promise.all([
      ...Array.from({ length: IN_FLIGHT }, () => sendEventsUntilKilled()),
      ...makers.map((maker, index) => writeUntilKilled(maker, index)),
    ]);
    await killing;
    const killedAt = Date.now();
    expect(killing, "the server was killed while events and writes were being sent").toBeDefined();
    expect(acknowledgedEvents.length).toBeGreaterThanOrEqual(KILL_AFTER_EVENTS);
    expect(acknowledgedTools.length).toBeGreaterThanOrEqual(KILL_AFTER_SUBMISSIONS);
    expect(acknowledgedFavorites.length).toBeGreaterThan(0);
    expect(formSubmissions, "tools were submitted through the form too").toBeGreaterThan(0);

    // The restarted server opens the database after the crash (PGlite recovers from its write-ahead log) and delivers
    // what the killed one left: the mails it had not sent, and those it had taken but not recorded, after their lease.
    const restarted = await startServerProcess(env);
    server = restarted;
    const unmailed = () =>
      acknowledgedTools.filter(
        (tool) =>
          !smtp.mails.some((mail) => mail.to.includes(tool.email) && mail.subject === `We received ${tool.name}`),
      );
    // The admin's notices go to the log without a bot: a line from either process for each.
    const unnoticed = () =>
      acknowledgedTools.filter(
        (tool) =>
          ![...running.output, ...restarted.output].some((line) =>
            line.includes(`notice: New tool submitted: ${tool.name} (`),
          ),
      );
    // A mail the killed server sent but had not recorded arrived already: its row is recorded as delivered only once
    // its lease ran out and the next poll sent it again (at least once), so the wait covers both.
    const leaseAndPollOver = () => Date.now() >= killedAt + LEASE_SECONDS * 1000 + POLL_SECONDS * 1000 + 3_000;
    await waitUntil(() => leaseAndPollOver() && unmailed().length === 0 && unnoticed().length === 0, {
      timeoutMs: DELIVERY_WAIT_MS,
      intervalMs: 250,
    });
    expect(unmailed().map((tool) => tool.name)).toEqual([]);
    expect(unnoticed().map((tool) => tool.name)).toEqual([]);
    await restarted.stop();

    const handle = kind === "postgres" ? database!.handle : await openDatabase({ dataDir });
    try {
      const rows = await handle.db.select({ props: events.props }).from(events);
      const stored = new Set(rows.map((row) => (row.props as { seq?: number }).seq));
      expect(acknowledgedEvents.filter((seq) => !stored.has(seq))).toEqual([]);

      const toolIds = new Set((await handle.db.select({ id: tools.id }).from(tools)).map((row) => row.id));
      expect(acknowledgedTools.filter((tool) => !toolIds.has(tool.id))).toEqual([]);

      const favorited = await handle.db
        .select({ email: users.email, toolId: favorites.toolId })
        .from(favorites)
        .innerJoin(users, eq(users.id, favorites.userId));
      const favoriteKeys = new Set(favorited.map((row) => `${row.email} ${row.toolId}`));
      expect(
        acknowledgedFavorites.filter((favorite) => !favoriteKeys.has(`${favorite.email} ${favorite.toolId}`)),
      ).toEqual([]);

      // Each maker's toggled heart and bio are as last acknowledged, or as the write in flight at the kill left them.
      for (const [index, maker] of makers.entries()) {
        const [user] = await handle.db
          .select({ id: users.id, bio: users.bio })
          .from(users)
          .where(eq(users.email, maker.email));
        const isOn =
          (await handle.db.$count(
            favorites,
            and(eq(favorites.userId, user!.id), eq(favorites.toolId, toggledToolIds[index]!)),
          )) === 1;
        const toggle = toggles[index]!;
        expect(
          [toggle.acknowledged ?? false, ...(toggle.inFlight === undefined ? [] : [toggle.inFlight])],
          `maker ${index}'s heart`,
        ).toContain(isOn);
        const bio = bios[index]!;
        expect(bio.acknowledged, `maker ${index} had a profile edit acknowledged`).toBeDefined();
        expect(
          [bio.acknowledged, ...(bio.inFlight === undefined ? [] : [bio.inFlight])],
          `maker ${index}'s bio`,
        ).toContain(user!.bio);
      }
      expect(toggles.filter((toggle) => toggle.acknowledged !== undefined).length).toBe(MAKERS);

      // Every queued side effect of an acknowledged submission is in the outbox, recorded as delivered.
      const outboxRows = await handle.db
        .select({ key: outbox.key, channel: outbox.channel, state: outbox.state })
        .from(outbox);
      const delivered = new Set(
        outboxRows.filter((row) => row.state === "delivered").map((row) => `${row.channel} ${row.key}`),
      );
      const missing = acknowledgedTools
        .flatMap((tool) => [`mail tool-submitted:${tool.id}:mail`, `notice tool-submitted:${tool.id}:notice`])
        .filter((key) => !delivered.has(key));
      expect(missing).toEqual([]);
    } finally {
      if (kind === "pglite") await handle.close();
    }
  });
});
