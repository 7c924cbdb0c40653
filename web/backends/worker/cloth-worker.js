// The Web Worker behind nuno's WorkerCloth (web/backends/worker/worker-cloth.js): a CPU cloth stepped here, off
// the page's main thread. The page has validated every call on the cloth's model before it
// arrives, so this side only replays them. Messages in (in order):
//   {kind: 'start', load, settings}            load the core, make the cloth; answers 'ready'
//                                               with its thread count
//   {kind: 'call', method, args}                the cloth's method (set, pin, hold, addCollider...);
//                                               after one that moves particles (reset, hold)
//                                               answers 'moved' with the positions
//   {kind: 'step', counts, buffer}              stepFixed(count) for each of counts, in order;
//                                               answers 'stepped' with the positions in `buffer`
//                                               (handed back, transferred)
//   {kind: 'read', id}                          answers 'read' with a copy of the positions
//                                               and of the torn mask
// Every answer carries `tornCount`, and `torn` (a copy of the mask) when the count changed since
// the last answer: between two resets tears only add, and every reset is answered at once.
// Any failure answers {kind: 'failed', message}.
import { Cloth } from '../cpu/cloth.js';
import { loadCore } from '../../load-core.js';

/** @type {Cloth | null} */
let cloth = null;

/** The calls that move particles at once: the page's picture must follow them without a step. */
const moving = new Set(['reset', 'hold']);

/** The torn constraints the page has the mask of. */
let sentTornCount = 0;

/**
 * The positions into `buffer` (a new one when it is missing or the wrong size), the torn mask
 * when it changed (or `withTorn`), and the figures the page shows; with the buffers to transfer.
 * @param {ArrayBuffer | null} buffer
 * @param {boolean} [withTorn]
 */
function snapshot(buffer, withTorn = false) {
  const live = /** @type {Cloth} */ (cloth);
  const positions = buffer && buffer.byteLength === live.positions.byteLength ? new Float32Array(buffer) : new Float32Array(live.positions.length);
  positions.set(live.positions);
  const tornCount = live.tornConstraints();
  const torn = withTorn || tornCount !== sentTornCount ? live.tornMask.slice() : null;
  sentTornCount = tornCount;
  const state = { positions, torn, tornCount, stepsTaken: live.stepsTaken, simulatedSeconds: live.simulatedSeconds };
  return { state, transfer: torn ? [positions.buffer, torn.buffer] : [positions.buffer] };
}

self.onmessage = async ({ data }) => {
  try {
    if (data.kind === 'start') {
      const { core } = await loadCore(data.load);
      cloth = new Cloth(core, data.settings);
      const { state, transfer } = snapshot(null, true);
      self.postMessage({ kind: 'ready', ...state, threadCount: cloth.threadCount }, transfer);
    } else if (!cloth) {
      throw new Error('the cloth was not made');
    } else if (data.kind === 'call') {
      /** @type {any} */ (cloth)[data.method](...data.args);
      if (moving.has(data.method)) {
        const { state, transfer } = snapshot(null);
        self.postMessage({ kind: 'moved', ...state }, transfer);
      }
    } else if (data.kind === 'step') {
      for (const count of data.counts) cloth.stepFixed(count);
      const { state, transfer } = snapshot(data.buffer);
      self.postMessage({ kind: 'stepped', ...state }, transfer);
    } else if (data.kind === 'read') {
      const { state, transfer } = snapshot(null, true);
      self.postMessage({ kind: 'read', id: data.id, ...state }, transfer);
    }
  } catch (error) {
    self.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
