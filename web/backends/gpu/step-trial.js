// requestCloth's 'auto', where WebGPU and WebGL2 can both take a cloth, keeps the backend that
// steps it sooner on this machine: no rule by size or vendor holds everywhere (on software
// renderers WebGL2 wins small cloths and WebGPU larger ones; on an NVIDIA GPU WebGPU wins all).
// Throwaway cloths of each step in turns, timed to when the GPU finished the work rather than
// when the calls returned, since a GPU queues what it is given.

/** Turns each backend takes, alternating, so a load that comes and goes falls on both. */
const turns = 3;
/** A turn takes enough steps to last this long, so waiting for the GPU is a small part of it. */
const shortestTurnMs = 20;
const mostStepsATurn = 64;

/**
 * @typedef {object} Contender
 * @property {{ stepFixed(count: number): void }} cloth a throwaway cloth of the settings asked for
 * @property {() => Promise<void>} finished resolves once its GPU has run every step asked so far
 */

/**
 * Milliseconds a step, per contender: the median over its turns.
 * @param {Contender[]} contenders
 * @returns {Promise<number[]>}
 */
export async function msPerStep(contenders) {
  const stepsATurn = [];
  for (const contender of contenders) {
    // The first step builds what a backend builds lazily; the second says how long one takes.
    await timedMs(contender, 1);
    const oneStepMs = await timedMs(contender, 1);
    stepsATurn.push(Math.min(mostStepsATurn, Math.max(1, Math.ceil(shortestTurnMs / Math.max(oneStepMs, 0.01)))));
  }
  /** @type {number[][]} */
  const perStep = contenders.map(() => []);
  for (let turn = 0; turn < turns; turn++) {
    for (const [index, contender] of contenders.entries()) {
      perStep[index].push(await timedMs(contender, stepsATurn[index]) / stepsATurn[index]);
    }
  }
  return perStep.map((times) => times.sort((a, b) => a - b)[times.length >> 1]);
}

/**
 * @param {Contender} contender
 * @param {number} steps
 */
async function timedMs({ cloth, finished }, steps) {
  await finished();
  const start = performance.now();
  cloth.stepFixed(steps);
  await finished();
  return performance.now() - start;
}
