// Chromium through Playwright: a page as a PageDriver, so Chromium runs the same checks as the
// other engines, and the page's complaints, which Playwright (unlike WebDriver) can hear.

/**
 * @param {import('@playwright/test').Page} page
 * @returns {import('./checks.js').PageDriver}
 */
export function playwrightDriver(page) {
  return {
    goto: (url) => page.goto(url),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    screenshot: () => page.screenshot(),
    press: (key) => page.keyboard.press(key),
  };
}

/**
 * Records console errors and warnings, uncaught exceptions and failed requests (a file the
 * page needs and the server does not have), from now on: call it before the page loads.
 * @param {import('@playwright/test').Page} page
 * @returns {string[]} grows as the page complains
 */
export function collectComplaints(page) {
  /** @type {string[]} */
  const complaints = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A GPU cloth on the split half path reads 8 texels back synchronously when it is made, to
    // check that the split survives this device (web/backends/webgl2/half-split-check.js); Chromium notes
    // that stall once per context. Any other complaint is news.
    if (/GPU stall due to ReadPixels/.test(message.text())) return;
    complaints.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) complaints.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return complaints;
}
