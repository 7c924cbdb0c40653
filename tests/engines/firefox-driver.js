// Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core. Headful: headless Firefox
// has no WebGL on this machine, so the caller provides an X display (xvfb-run).
import puppeteer from 'puppeteer-core';
import { viewport } from './scenes.js';

/** @typedef {import('./checks.js').BrowserDriver} BrowserDriver */

/** @returns {Promise<BrowserDriver>} */
export async function openFirefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: false,
    defaultViewport: viewport,
  });
  const page = await browser.newPage();
  return {
    version: (await browser.version()).replace('/', ' '),
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    screenshot: async () => Buffer.from(await page.screenshot()),
    press: (key) => page.keyboard.press(/** @type {import('puppeteer-core').KeyInput} */ (key)),
    close: () => browser.close(),
  };
}
