// Serves the repository for the demo and the browser tests: static files straight from disk
// (nothing cached, so a rebuild shows on reload), `/` sent to the demo page. The demo's files go
// out under the strict Content-Security-Policy the README promises the package runs under, so
// every visit and every test of the demo checks that promise. Every page is cross-origin
// isolated (COOP/COEP), so the CPU cloth may step on several threads, unless its address asks
// `?isolated=0`: the tests' way to see the single-thread fallback.
//   node scripts/serve.mjs [--port 8080]
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sirv from 'sirv';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const demoPath = '/web/demo/';

/**
 * Scripts only from this origin, WebAssembly compiled from what they fetch, and nothing inline
 * (no inline script, import map or style, no data: URL); default-src covers styles, images,
 * fonts and fetches alike.
 */
export const strictContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

/** What makes a page cross-origin isolated: SharedArrayBuffer, and so the core's helper threads. */
const crossOriginIsolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * lil-gui's stylesheet embeds its icon font (the panel's arrows and tick) as a data: URL, which
 * the policy blocks, and Chromium loads such a font as soon as it reads the rule, used or not.
 * The demo gets that stylesheet with the font as a file beside it: these two paths, made from
 * the installed lil-gui on each request.
 */
const lilGuiFiles = {
  stylesheet: `${demoPath}lil-gui.css`,
  font: `${demoPath}lil-gui-icons.woff2`,
};
const lilGuiStylesheet = fileURLToPath(new URL('../node_modules/lil-gui/dist/lil-gui.css', import.meta.url));
const embeddedFont = /url\("data:application\/font-woff2;charset=utf-8;base64,([A-Za-z0-9+/=]+)"\)/;

/**
 * The installed lil-gui's stylesheet with its icon font taken out, and the font. Also used by
 * scripts/build-demo.mjs, which writes both files into the static copy of the demo.
 * @param {string} fontName the font's address, relative to the stylesheet
 * @returns {Promise<{ stylesheet: string, font: Buffer }>}
 */
export async function lilGuiStylesheetAndFont(fontName) {
  const stylesheet = await readFile(lilGuiStylesheet, 'utf8');
  const font = embeddedFont.exec(stylesheet);
  if (!font) throw new Error(`no embedded woff2 font in ${lilGuiStylesheet}: lil-gui changed how it ships its icons`);
  return { stylesheet: stylesheet.replace(font[0], `url("${fontName}")`), font: Buffer.from(font[1], 'base64') };
}

/**
 * @param {string} path lilGuiFiles.stylesheet or lilGuiFiles.font
 * @returns {Promise<{ type: string, body: string | Buffer }>}
 */
async function lilGuiFile(path) {
  const { stylesheet, font } = await lilGuiStylesheetAndFont(lilGuiFiles.font.slice(demoPath.length));
  return path === lilGuiFiles.font
    ? { type: 'font/woff2', body: font }
    : { type: 'text/css; charset=utf-8', body: stylesheet };
}

/**
 * Starts the server on 127.0.0.1.
 * @param {{ port?: number }} [options] port 0 picks any free port
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} url ends with '/'
 */
export async function startServer({ port = 8080 } = {}) {
  // dev: read each request from disk, with Cache-Control: no-store. sirv's types (via mrmime)
  // give application/wasm for .wasm, which streaming compilation requires, and
  // text/javascript for .js and .mjs, which module scripts require.
  const serveFile = sirv(repositoryRoot, { dev: true });
  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://localhost');
    const path = address.pathname;
    if (address.searchParams.get('isolated') !== '0') {
      for (const [name, value] of Object.entries(crossOriginIsolation)) response.setHeader(name, value);
    }
    if (path === '/' || path === demoPath.slice(0, -1)) {
      response.writeHead(302, { Location: `${demoPath}${address.search}` }).end();
    } else if (/\/\./.test(decoded(path))) {
      // Never hand out .git or other dot-folders, even on loopback; sirv decodes %2e too.
      response.writeHead(404).end();
    } else {
      // Only the demo: the tests' harness page and the benchmark are not part of the promise.
      if (path.startsWith(demoPath)) response.setHeader('Content-Security-Policy', strictContentSecurityPolicy);
      if (path === lilGuiFiles.stylesheet || path === lilGuiFiles.font) {
        lilGuiFile(path).then(({ type, body }) => {
          response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
        }, (error) => {
          console.error(`serve.mjs: ${error.message}`);
          response.writeHead(500).end();
        });
      } else {
        serveFile(request, response);
      }
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}

/** @param {string} path */
function decoded(path) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8080' } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve.mjs: --port must be an integer in [0, 65535], got '${values.port}'`);
    process.exit(2);
  }
  const { url } = await startServer({ port });
  console.log(`nuno demo: ${url} (Content-Security-Policy: ${strictContentSecurityPolicy}; cross-origin isolated, so the CPU cloth may use threads)`);
  console.log(`nuno in three.js, the example app: ${url}examples/three/`);
}
