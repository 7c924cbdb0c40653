// The CPU cloth on several threads in Chromium: on a cross-origin isolated page (the test server
// sends COOP/COEP) the threaded module steps a cloth on two threads and ends on exactly the bits
// of one thread, for every solver and ordering, with gusts, colliders, self-collision and
// patches; a page without isolation falls back to one thread and says why.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';

test('on an isolated page two threads step the CPU cloth and end on the bits of one', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const threaded = await loadNuno({ threads: 2 });
    const single = await loadNuno({ threads: 1 });
    // 81 x 63: odd sides, so particle bands end mid-row and runs mid-chunk.
    const grid = { columns: 81, rows: 63, width: 1, height: 0.8, orientation: 'horizontal', center: [0, 0.9, 0], wind: [1.5, 0, 0.8], substeps: 6 };
    const cases = {
      'xpbd red-black, 3 iterations, gusts': { ...grid, solver: 'xpbd', iterations: 3, windGustSpeed: 1 },
      'pbd red-black': { ...grid, solver: 'pbd', iterations: 2 },
      'mass-spring red-black, gusts': { ...grid, solver: 'mass-spring', windGustSpeed: 1 },
      'xpbd gauss-seidel': { ...grid, solver: 'xpbd', ordering: 'gauss-seidel', iterations: 2 },
      'pbd jacobi': { ...grid, solver: 'pbd', ordering: 'jacobi', iterations: 2 },
      'xpbd self-collision': { ...grid, solver: 'xpbd', selfCollisionThickness: 0.012 },
    };
    /** @param {any} cloth */
    const run = (cloth) => {
      const start = Array.from(cloth.positions);
      cloth.addCollider({ type: 'sphere', center: [0, 0.6, 0.15], radius: 0.25, friction: 0.3 });
      cloth.addCollider({ type: 'plane', point: [0, 0.2, 0], normal: [0, 1, 0] });
      cloth.stepFixed(20);
      const end = Array.from(cloth.positions);
      const threadCount = cloth.threadCount;
      cloth.dispose();
      // The farthest any coordinate went: the scene must move for the comparison to mean anything.
      const moved = end.reduce((most, value, i) => Math.max(most, Math.abs(value - start[i])), 0);
      return { end, threadCount, moved };
    };
    /** @param {{end: number[]}} a @param {{end: number[]}} b */
    const differing = (a, b) => a.end.filter((value, i) => !Object.is(value, b.end[i])).length;
    /** @type {Record<string, {differing: number, threads: number, moved: number}>} */
    const outcomes = {};
    for (const [name, settings] of Object.entries(cases)) {
      const one = run(single.createCloth(settings));
      const two = run(threaded.createCloth(settings));
      outcomes[name] = { differing: differing(one, two), threads: two.threadCount, moved: one.moved };
    }
    const papers = { patchesAcross: 8, patchesDown: 8, patchColumns: 9, patchRows: 8, seed: 5, windGustSpeed: 1.2, substeps: 5 };
    const onePapers = run(single.createPatches(papers));
    const twoPapers = run(threaded.createPatches(papers));
    outcomes['patches, gusts'] = { differing: differing(onePapers, twoPapers), threads: twoPapers.threadCount, moved: onePapers.moved };
    const small = threaded.createCloth({ columns: 32, rows: 32 });
    const smallThreads = small.threadCount;
    small.dispose();
    return {
      isolated: globalThis.crossOriginIsolated, threadCount: threaded.threadCount, reason: threaded.singleThreadReason,
      singleThreadCount: single.threadCount, outcomes, smallThreads,
    };
  });
  console.log(`metric: threads_differing_coordinates = ${Object.values(result.outcomes).reduce((sum, o) => sum + o.differing, 0)} (2 threads vs 1, 7 scenes)`);
  expect(result.isolated).toBe(true);
  expect(result.threadCount).toBe(2);
  expect(result.reason).toBeNull();
  expect(result.singleThreadCount).toBe(1);
  expect(result.smallThreads, 'a 32 x 32 cloth gains nothing from threads').toBe(1);
  for (const [name, outcome] of Object.entries(result.outcomes)) {
    expect(outcome.threads, name).toBe(2);
    expect(outcome.differing, `${name}: coordinates that differ between 2 threads and 1`).toBe(0);
    expect(outcome.moved, `${name}: the cloth moved (m)`).toBeGreaterThan(0.05);
  }
  expect(complaints).toEqual([]);
});

test('the threaded core refuses bad input with the single-thread core\'s errors, by name', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const messages = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const cores = [await loadNuno({ threads: 2 }), await loadNuno({ threads: 1 })];
    const messageOf = (/** @type {() => void} */ action) => {
      try {
        action();
        return '(accepted)';
      } catch (error) {
        return error instanceof Error ? error.message : `not an Error: ${String(error)}`;
      }
    };
    return cores.map((nuno) => {
      const cloth = nuno.createCloth({ columns: 64, rows: 64 });
      const found = [
        messageOf(() => nuno.createCloth({ substeps: 0 })),
        messageOf(() => nuno.createCloth({ columns: 16385 })),
        messageOf(() => nuno.createCloth({ columns: 16000, rows: 16000 })),
        messageOf(() => nuno.createCloth({ solver: 'verlet' })),
        messageOf(() => cloth.set({ columns: 65 })),
        messageOf(() => cloth.set({ damping: -1 })),
        messageOf(() => cloth.addCollider({ type: 'sphere', center: [0, 0, 0], radius: -1 })),
        messageOf(() => nuno.createPatches({ patchesAcross: 0 })),
      ];
      cloth.dispose();
      return found;
    });
  });
  const [threaded, single] = messages;
  expect(threaded).toEqual(single);
  for (const message of threaded) expect(message).toMatch(/^nuno: .*'[A-Za-z* ]+'/);
  expect(complaints).toEqual([]);
});

/**
 * In the page: loads the core asking for two threads and swings a 64 x 64 cloth for 10 steps
 * (self-contained: Playwright sends its source into the page).
 * @returns {Promise<{ isolated: boolean, threadCount: number, clothThreads: number, reason: string | null, fell: number }>}
 */
async function swingAskingForTwoThreads() {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno({ threads: 2 });
  const cloth = nuno.createCloth({ columns: 64, rows: 64, orientation: 'horizontal' });
  const before = cloth.positions[cloth.positions.length - 2];
  cloth.stepFixed(10);
  const fell = before - cloth.positions[cloth.positions.length - 2];
  const clothThreads = cloth.threadCount;
  cloth.dispose();
  return { isolated: globalThis.crossOriginIsolated, threadCount: nuno.threadCount, clothThreads, reason: nuno.singleThreadReason, fell };
}

test('a page without cross-origin isolation steps on one thread and says why', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html?isolated=0');
  const result = await page.evaluate(swingAskingForTwoThreads);
  expect(result.isolated).toBe(false);
  expect(result.threadCount).toBe(1);
  expect(result.clothThreads).toBe(1);
  expect(result.reason).toMatch(/^nuno: one thread steps the CPU cloth: this page is not cross-origin isolated.*Cross-Origin-Opener-Policy: same-origin.*Cross-Origin-Embedder-Policy: require-corp/);
  expect(result.fell, 'the far edge swings down (m)').toBeGreaterThan(0.05);
  expect(complaints).toEqual([]);
});

for (const missing of ['nuno-core-threads.wasm', 'nuno-core-threads.worker.js']) {
  test(`a threaded module that fails to load leaves one thread stepping, and the reason says why (${missing} missing)`, async ({ page }) => {
    await page.route(`**/dist/${missing}*`, (route) => route.fulfill({ status: 404, body: 'not here' }));
    await page.goto('/tests/browser/harness.html');
    const result = await page.evaluate(swingAskingForTwoThreads);
    expect(result.threadCount).toBe(1);
    expect(result.clothThreads).toBe(1);
    expect(result.reason).toMatch(/^nuno: one thread steps the CPU cloth: nuno-core-threads failed to load \(.+\)$/);
    expect(result.fell, 'the far edge swings down (m)').toBeGreaterThan(0.05);
  });
}

test('the worker cloth steps on threads too, and ends where the page\'s threaded cloth does', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno({ threads: 2 });
    const settings = { columns: 81, rows: 63, width: 1, height: 0.8, orientation: 'horizontal', center: [0, 0.9, 0], windGustSpeed: 1 };
    const inWorker = await nuno.createWorkerCloth(settings);
    const onPage = nuno.createCloth(settings);
    inWorker.stepFixed(20);
    onPage.stepFixed(20);
    const [a, b] = [await inWorker.readPositions(), await onPage.readPositions()];
    const start = nuno.createCloth(settings);
    const moved = b.reduce((most, value, i) => Math.max(most, Math.abs(value - start.positions[i])), 0);
    const threads = { page: onPage.threadCount, worker: inWorker.threadCount };
    start.dispose();
    inWorker.dispose();
    onPage.dispose();
    return { differing: a.filter((value, i) => !Object.is(value, b[i])).length, moved, threads };
  });
  expect(result.threads).toEqual({ page: 2, worker: 2 });
  expect(result.differing).toBe(0);
  expect(result.moved, 'the cloth moved (m)').toBeGreaterThan(0.05);
  expect(complaints).toEqual([]);
});
