// Serves the repository for the demo and the browser tests: static files straight from disk
// (nothing cached, so a rebuild shows on reload), `/` sent to the demo page.
//   node scripts/serve.mjs [--port 8080]
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sirv from 'sirv';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const demoPath = '/web/demo/';

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
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/' || path === demoPath.slice(0, -1)) {
      response.writeHead(302, { Location: demoPath }).end();
    } else if (/\/\./.test(decoded(path))) {
      // Never hand out .git or other dot-folders, even on loopback; sirv decodes %2e too.
      response.writeHead(404).end();
    } else {
      serveFile(request, response);
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
  console.log(`nuno demo: ${url}`);
}
