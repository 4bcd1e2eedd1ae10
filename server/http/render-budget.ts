/**
 * The page renders each client address may cause (decision 037): a miss of the page cache or a page rendered for a
 * person costs a render, 20 to 30 times what a kept page costs, so one client must not keep a core busy with them.
 * Counted in this process's memory, in fixed one-minute windows: each process guards its own CPU.
 */

export type RenderBudget = { take(address: string): boolean };

/** How many addresses are counted at once; past it, the oldest window is forgotten first. */
const MAX_ADDRESSES = 50_000;

export function renderBudget({ perMinute, now = Date.now }: { perMinute: number; now?: () => number }): RenderBudget {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    /** Counts one render for `address`; false when its minute's renders are spent (then nothing is counted). */
    take(address) {
      const at = now();
      const window = windows.get(address);
      if (!window || at - window.start >= 60_000) {
        windows.delete(address);
        if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
        windows.set(address, { start: at, used: 1 });
        return true;
      }
      if (window.used >= perMinute) return false;
      window.used++;
      return true;
    },
  };
}
