// Serves a folder over http://127.0.0.1 (modules and wasm streaming need http), as a host
// would serve the built app: sirv, whose types give .wasm application/wasm.
import { once } from 'node:events';
import { createServer } from 'node:http';
import sirv from 'sirv';

/**
 * @param {string} folder
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} url ends with '/'
 */
export async function serveFolder(folder) {
  const server = createServer(sirv(folder, { dev: true })).listen(0, '127.0.0.1');
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
