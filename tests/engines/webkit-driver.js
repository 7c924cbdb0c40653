// WebKit, Safari's engine: Debian's WebKitGTK MiniBrowser driven by WebKitWebDriver over the
// W3C WebDriver HTTP API, with plain fetch (the few commands used need no client library).
// The browser is headful, so the caller provides an X display (xvfb-run).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { viewportSize } from './page-scripts.js';
import { viewport } from './scenes.js';

/** @typedef {import('./checks.js').BrowserDriver} BrowserDriver */

const miniBrowser = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const driverStartTimeoutMs = 10_000;
/** A page script may run the agreement scene twice on software WebGL: far longer than the 30 s default. */
const scriptTimeoutMs = 120_000;

/** @returns {Promise<BrowserDriver>} */
export async function openWebKit() {
  const port = await freePort();
  // In a process group of its own, with the MiniBrowser it starts: a browser whose session is
  // gone (a crashed web process deletes it) is not closed by the driver, and would hold this
  // process's stderr open and the test runner with it.
  const driverProcess = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = once(driverProcess, 'exit');
  /** Ends the driver and whatever is left of its browser. */
  const endAll = () => {
    if (driverProcess.pid === undefined) return; // it never started
    try {
      process.kill(-driverProcess.pid);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error; // ESRCH: all gone already
    }
  };
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await untilReady(endpoint);
    const { sessionId, capabilities } = await command(endpoint, 'POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } } },
    });
    const session = `${endpoint}/session/${sessionId}`;
    await command(session, 'POST', '/timeouts', { script: scriptTimeoutMs });
    /** @type {BrowserDriver} */
    const driver = {
      version: `webkitgtk ${capabilities.browserVersion}`,
      goto: (url) => command(session, 'POST', '/url', { url }),
      evaluate: async (fn, arg) => {
        const outcome = await command(session, 'POST', '/execute/async', { script: callAsync(fn), args: [arg ?? null] });
        if ('error' in outcome) throw new Error(`in the page: ${outcome.error}`);
        return outcome.value;
      },
      screenshot: async () => Buffer.from(await command(session, 'GET', '/screenshot'), 'base64'),
      press: (key) => command(session, 'POST', '/actions', {
        actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }] }],
      }),
      close: async () => {
        try {
          await command(session, 'DELETE', '');
        } finally {
          endAll();
          await exited;
        }
      },
    };
    await fitViewport(session, driver);
    return driver;
  } catch (error) {
    endAll();
    throw error;
  }
}

/**
 * WebDriver sizes the window, and the page gets the window less MiniBrowser's toolbar: grow
 * the window by the difference so the page sees the same viewport as in the other engines.
 * @param {string} session
 * @param {import('./checks.js').PageDriver} driver
 */
async function fitViewport(session, driver) {
  await command(session, 'POST', '/window/rect', viewport);
  const inside = await driver.evaluate(viewportSize);
  await command(session, 'POST', '/window/rect', {
    width: 2 * viewport.width - inside.width,
    height: 2 * viewport.height - inside.height,
  });
}

/**
 * The body of an Execute Async Script command that calls fn with the first argument and hands
 * back its result, or its error as text (WebDriver would otherwise report only a timeout).
 * @param {(arg: any) => Promise<any>} fn
 */
function callAsync(fn) {
  return `const [arg, done] = arguments;
(${fn})(arg).then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`;
}

/**
 * Sends one WebDriver command and returns its value; an error response becomes an Error.
 * @param {string} base endpoint or session URL
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>}
 */
async function command(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const { value } = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
  return value;
}

/** @param {string} endpoint */
async function untilReady(endpoint) {
  const deadline = Date.now() + driverStartTimeoutMs;
  for (;;) {
    const ready = await command(endpoint, 'GET', '/status').then((status) => status.ready, () => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver was not ready within ${driverStartTimeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** @returns {Promise<number>} a port free on 127.0.0.1 a moment ago */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  server.close();
  await once(server, 'close');
  return port;
}
