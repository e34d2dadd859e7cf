/**
 * Waits until `check` answers something truthy and returns it: for what background work makes true (a job done, a
 * file converted, a connection listening again). Fails naming `what` after `limitMs`, before the test's own timeout
 * would fail it with no word of what it was waiting for.
 */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  limitMs = 20_000,
): Promise<Exclude<T, null | undefined | false>> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, null | undefined | false>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
