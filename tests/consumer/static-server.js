// Serves a folder over http://127.0.0.1 (modules and wasm streaming need http), as a host
// would serve the built app: sirv, whose types give .wasm application/wasm.
import { once } from 'node:events';
import { createServer } from 'node:http';
import sirv from 'sirv';

/**
 * @param {string} folder
 * @param {{ isolated?: boolean }} [options] isolated: send COOP/COEP, as a host that wants threads does
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} url ends with '/'
 */
export async function serveFolder(folder, { isolated = false } = {}) {
  const serveFile = sirv(folder, { dev: true });
  const server = createServer((request, response) => {
    if (isolated) {
      response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    }
    serveFile(request, response);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
