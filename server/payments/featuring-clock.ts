/**
 * The featurings' clock, run once a minute by one process: the periods that end, the bookings that start, and the
 * makers told their featuring ends soon.
 */
import { and, eq, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { FEATURING_REMINDER_DAYS } from "#common/featuring.ts";
import { featureToolPath, toolPath } from "#common/page-paths.ts";
import { purchases } from "../db/schema.ts";
import { type FeaturingCore, DAY_MS, longDate } from "./featuring-core.ts";

export function featuringClock(core: FeaturingCore) {
  const { db, readers, outbox, writeToolSnapshot, now, lockPlaces, setFeatured, toolOf } = core;
  return {
    /**
     * The featurings' clock, run once a minute by one process: ends the periods that are over, starts the bookings whose
     * day has come, and e-mails the makers whose featuring ends within a few days.
     */
    async runFeaturingClock(at: Date = now()): Promise<{ ended: number; started: number; reminded: number }> {
      const changedTools = new Set<string>();
      const counts = await db.transaction(async (tx) => {
        await lockPlaces(tx);
        const ended = await tx
          .update(purchases)
          .set({ state: "ended", updatedAt: at })
          .where(
            and(
              eq(purchases.state, "active"),
              ne(purchases.kind, "skip-line"),
              isNotNull(purchases.endsAt),
              lte(purchases.endsAt, at),
            ),
          )
          .returning();
        for (const purchase of ended)
          if (await setFeatured(tx, purchase.toolId, false)) changedTools.add(purchase.toolId!);
        const started = await tx
          .update(purchases)
          .set({ state: "active", updatedAt: at })
          .where(and(eq(purchases.state, "booked"), lte(purchases.startsAt, at)))
          .returning();
        for (const purchase of started)
          if (await setFeatured(tx, purchase.toolId, true)) changedTools.add(purchase.toolId!);
        const endingSoon = await tx
          .update(purchases)
          .set({ remindedAt: at })
          .where(
            and(
              eq(purchases.state, "active"),
              ne(purchases.kind, "skip-line"),
              isNull(purchases.remindedAt),
              lte(purchases.endsAt, new Date(at.getTime() + FEATURING_REMINDER_DAYS * DAY_MS)),
            ),
          )
          .returning();
        for (const purchase of endingSoon) {
          const tool = await toolOf(tx, purchase.toolId);
          if (!tool) continue;
          await outbox.enqueue(
            tx,
            await readers.mailTo(tx, purchase.userId, `featuring-ends:${purchase.id}`, ({ t, url }) => ({
              subject: t("mail.endingSubject", { tool: tool.name, until: longDate(purchase.endsAt!) }),
              text: t("mail.endingBody", {
                tool: tool.name,
                url: url(toolPath(tool.slug)),
                until: longDate(purchase.endsAt!),
                bookUrl: url(featureToolPath(tool.id)),
              }),
            })),
          );
        }
        return { ended: ended.length, started: started.length, reminded: endingSoon.length };
      });
      if (counts.reminded > 0) outbox.poke();
      for (const toolId of changedTools) await writeToolSnapshot(toolId);
      return counts;
    },
  };
}
