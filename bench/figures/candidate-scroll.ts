import type { BenchOptions } from '../lib/options';
import { progress, type Row } from '../lib/report';
import { signInAsMember, withLoadedWorkspace } from '../lib/workspace';

/** The target size: the candidates page stays smooth with 10,000 rows loaded. */
export const SCROLL_DEFAULT_ROWS = 10_000;

/** In the page: how many rows the list holds (each rendered row carries the list's size as aria-setsize). */
const ROWS_LOADED = `Number(document.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0)`;

/** How long the list is scrolled while long tasks are counted. */
const SCROLL_MS = 6_000;

/** Pixels per animation frame: about a screenful every ten frames, faster than a reviewer's wheel. */
const SCROLL_STEP_PX = 120;

/**
 * The candidates workspace in Chromium (Debian's, as the journeys use) with thousands of rows loaded: the reviewer's
 * page is loaded page by page ("Show more candidates") until the list holds the asked number of rows, then the list
 * is scrolled down and up for six seconds while a PerformanceObserver counts long tasks (main-thread work over 50 ms,
 * which a person sees as a stutter). The goal is none. Needs the web build (`npm run build`); see withLoadedWorkspace.
 */
export async function candidateScrollFigure(options: BenchOptions): Promise<Row[]> {
  return withLoadedWorkspace(
    'candidates scroll',
    options,
    SCROLL_DEFAULT_ROWS,
    async ({ browser, api, engine, wanted, projectId }) => {
      // The app's content security policy forbids evaluating strings; the bench's own probes need it lifted.
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
      await signInAsMember(page, api.url);
      await page.goto(`${api.url}/projects/candidate/${projectId}`);
      // The list's own scrolling region (its section is also a region named Candidates, by its heading).
      await page.locator('[role="region"][aria-label="Candidates"]').waitFor();

      const loadedRows = async () => Number(await page.evaluate(ROWS_LOADED));
      const more = page.getByRole('button', { name: 'Show more candidates' });
      const started = Date.now();
      let loaded = await loadedRows();
      while (loaded < wanted && (await more.count()) > 0) {
        await more.click();
        await page.waitForFunction(`${ROWS_LOADED} > ${loaded}`);
        loaded = await loadedRows();
        if (loaded % 1000 < 50) progress(`candidates scroll: ${loaded} rows loaded`);
      }
      progress(`candidates scroll: ${loaded} rows loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      const result = (await page.evaluate(scrollAndCountLongTasks(SCROLL_MS, SCROLL_STEP_PX))) as {
        frames: number;
        tasks: number[];
        rendered: number;
      };
      const longest = result.tasks.length > 0 ? Math.max(...result.tasks) : 0;
      const fps = result.frames / (SCROLL_MS / 1000);
      return [
        {
          figure: 'candidates scroll',
          database: engine,
          rows: `${loaded} loaded`,
          server:
            `Chromium, ${(SCROLL_MS / 1000).toFixed(0)} s of scrolling: ${result.frames} frames (${fps.toFixed(0)}/s), ` +
            `${result.tasks.length} tasks over 50 ms (longest ${longest.toFixed(0)} ms), ` +
            `${result.rendered} rows in the DOM`,
        },
      ];
    },
  );
}

/**
 * The browser side, as source text: tsx compiles this file with esbuild's keepNames, whose `__name` helper would not
 * exist in the page if a compiled function were handed to page.evaluate. Scrolls the list down and up by `step` pixels
 * per animation frame for `scrollMs`, counting long tasks (Chromium's Long Tasks API: main-thread work over 50 ms).
 */
function scrollAndCountLongTasks(scrollMs: number, step: number): string {
  return `(async () => {
    const scroller = document.querySelector('[role="region"][aria-label="Candidates"]');
    if (!scroller) throw new Error('the candidates list is not on the page');
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ entryTypes: ['longtask'] });
    let frames = 0;
    let direction = 1;
    const end = performance.now() + ${scrollMs};
    await new Promise((resolve) => {
      function tick() {
        frames += 1;
        const bottom = scroller.scrollHeight - scroller.clientHeight;
        if (scroller.scrollTop >= bottom - 1) direction = -1;
        else if (scroller.scrollTop <= 0) direction = 1;
        scroller.scrollTop += direction * ${step};
        if (performance.now() < end) requestAnimationFrame(tick);
        else resolve();
      }
      requestAnimationFrame(tick);
    });
    // Long tasks are reported after they end: a frame and a moment more let the last one arrive.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
    observer.disconnect();
    return { frames, tasks, rendered: scroller.querySelectorAll('[aria-setsize]').length };
  })()`;
}
