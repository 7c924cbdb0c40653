// The demo as any static host serves it: the folder scripts/build-demo.mjs writes (build/demo/,
// made by `npm run build` or `npm run build:demo`; this test serves it as it is, so a broken or
// stale folder fails here), served by a plain static server: files with their MIME types, no
// mappings into node_modules, no policy header; COOP/COEP only where a variant asks for a host
// that sends them. Every file the page asks for must come back 200, the policy in its <meta>
// must hold with no violation, the cloth must show and move, the corner must count steps, and
// the console must stay silent.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { measureClothMotion } from '../engines/pixels.js';
import { clothColor } from '../../web/demo/scene.js';
import { serveFolder } from '../consumer/static-server.js';
import { collectComplaints, waitForSteps } from './demo-helpers.js';

const folder = fileURLToPath(new URL('../../build/demo/', import.meta.url));
/** As scripts/serve.mjs sends it; here only the page's <meta> carries it. */
const strictPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
/** The cloth must cover more of the view than this share of its pixels (as tests/engines/checks.js). */
const minClothShare = 0.01;

/** @typedef {Awaited<ReturnType<typeof serveFolder>>} Server */
/** @type {{ plain?: Server, isolated?: Server }} */
const servers = {};
test.beforeAll(async () => {
  if (!existsSync(`${folder}index.html`)) throw new Error(`no ${folder}index.html: run \`npm run build:demo\` first`);
  servers.plain = await serveFolder(folder);
  // A host that sends COOP/COEP, as one must for threads: the folder's threaded build.
  servers.isolated = await serveFolder(folder, { isolated: true });
});
test.afterAll(() => Promise.all([servers.plain?.close(), servers.isolated?.close()]));

/**
 * 'auto' as a visitor gets it; the CPU without isolation, where loadNuno falls back to the
 * single-thread module; the CPU on a host that isolates the page, where it loads the threaded one.
 * @type {{ query: string, isolated: boolean }[]}
 */
const variants = [
  { query: '', isolated: false },
  { query: '?backend=cpu', isolated: false },
  { query: '?backend=cpu', isolated: true },
];

for (const { query, isolated } of variants) {
  test(`the demo runs from a plain static server, under its own strict policy (${query || 'auto'}${isolated ? ', COOP/COEP' : ''})`, async ({ page }) => {
    const complaints = collectComplaints(page);
    // Beyond collectComplaints' 4xx and 5xx: a redirect or a 304 would mean a server doing more
    // than hand out files.
    /** @type {string[]} */
    const wasm = [];
    page.on('response', (response) => {
      if (response.status() !== 200 && response.status() < 400) complaints.push(`HTTP ${response.status()}: ${response.url()}`);
      if (/\.wasm$/.test(response.url())) wasm.push(new URL(response.url()).pathname);
    });
    page.on('requestfailed', (request) => complaints.push(`failed: ${request.url()} (${request.failure()?.errorText})`));
    await page.addInitScript(() => {
      /** @type {string[]} */
      const violations = [];
      Object.assign(window, { policyViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));
    });

    const response = await page.goto(`${servers[isolated ? 'isolated' : 'plain']?.url}${query}`);
    expect(response?.headers()['content-security-policy'], 'the plain server sends no policy').toBeUndefined();
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(strictPolicy);
    // The load event waits for the page's module graph: a file missing from the folder shows
    // now, where otherwise the page would never start and the test would wait out its timeout.
    expect(complaints, 'complaints while the page loaded').toEqual([]);
    await page.waitForFunction(() => {
      const { nunoDemo, policyViolations } = /** @type {any} */ (window);
      return nunoDemo?.frames >= 3 || policyViolations.length > 0 || !document.getElementById('message')?.hidden;
    });
    const first = await page.screenshot();
    await waitForSteps(page, 30);
    const second = await page.screenshot();
    const motion = measureClothMotion([first, second], clothColor);
    for (const pixels of motion.clothPixels) expect(pixels, 'cloth-coloured pixels').toBeGreaterThan(minClothShare * motion.imagePixels);
    expect(motion.changedPixels, 'the cloth moves').toBeGreaterThan(0.1 * motion.clothPixels[0]);

    // The corner's figures, refreshed every half second: a number of ms per step, not '–'.
    await expect(page.locator('#stats')).toContainText(/\d fps · \d+\.\d\d ms\/step/);
    if (query === '?backend=cpu') await expect(page.locator('#stats')).toContainText('CPU (wasm');
    // Threads need a cross-origin isolated page, which only the host's headers make.
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolated);
    expect(wasm).toEqual([isolated ? '/nuno/dist/nuno-core-threads.wasm' : '/nuno/dist/nuno-core.wasm']);

    // The <meta> policy is in force, not just present: an inline script is refused.
    expect(await page.evaluate(() => /** @type {any} */ (window).policyViolations)).toEqual([]);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(() => page.evaluate(() => /** @type {any} */ (window).policyViolations)).toEqual(['script-src-elem blocked inline']);
    expect(await page.evaluate(() => /** @type {any} */ (window).inlineRan)).toBeUndefined();
    // Chromium reports the refused inline script in the console too: that one is expected.
    expect(complaints.filter((complaint) => !/Executing inline script violates/.test(complaint))).toEqual([]);
  });
}
