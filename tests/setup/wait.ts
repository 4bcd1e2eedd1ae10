/**
 * How tests wait: on a state they name, asked again every `intervalMs` until it holds, never for a fixed time that stands
 * for an event (tests/setup/waits.test.ts holds the suite to it). `check` answers the state (any truthy value is
 * returned), or throws to fail the wait at once.
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  { timeoutMs, intervalMs = 20 }: { timeoutMs: number; intervalMs?: number },
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await check();
    if (state) return state;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
