// requestCloth's 'auto', where WebGPU and WebGL2 can both take a cloth, keeps the backend that
// steps it sooner on this machine: no rule by size or vendor holds everywhere (SwiftShader's
// WebGL2 beats its WebGPU at every size measured, an NVIDIA GPU's WebGPU beats its WebGL2 at
// every size). Throwaway cloths of each step in turns, timed to when the GPU finished the work
// rather than when the calls returned, since a GPU queues what it is given.

/** Turns each backend takes, alternating, so a load that comes and goes falls on both. */
const turns = 3;
/**
 * A turn takes enough steps to last this long, so the wait for the GPU that closes it (a fence
 * polled by a timer on WebGL2, clamped to 4 ms by browsers) is a small part of it.
 */
const shortestTurnMs = 20;
/** Steps a turn takes at most, however fast the steps. */
const mostStepsATurn = 128;
/** Where the sizing batches already show one backend this many times slower, no turns are needed. */
const clearRatio = 2;

/**
 * @typedef {object} Contender
 * @property {{ stepFixed(count: number): void }} cloth a throwaway cloth of the settings asked for
 * @property {() => Promise<void>} finished resolves once its GPU has run every step asked so far
 */

/**
 * Milliseconds a step, per contender: the median over its turns, or its sizing batch's where
 * those already set one contender clearly apart.
 * @param {Contender[]} contenders
 * @returns {Promise<number[]>}
 */
export async function msPerStep(contenders) {
  /** @type {{ steps: number, stepMs: number }[]} */
  const batches = [];
  for (const contender of contenders) {
    // The first step builds what a backend builds lazily, so it is not timed.
    await timedMs(contender, 1);
    batches.push(await sizingBatch(contender));
  }
  const sizing = batches.map((batch) => batch.stepMs);
  if (Math.max(...sizing) > clearRatio * Math.min(...sizing)) return sizing;
  /** @type {number[][]} */
  const perStep = contenders.map(() => []);
  for (let turn = 0; turn < turns; turn++) {
    for (const [index, contender] of contenders.entries()) {
      const { steps } = batches[index];
      perStep[index].push(await timedMs(contender, steps) / steps);
    }
  }
  return perStep.map((times) => times.sort((a, b) => a - b)[times.length >> 1]);
}

/**
 * Doubles a batch of steps until it lasts a turn (or takes the most steps a turn may): the steps
 * a turn takes, and what the last batch took a step.
 * @param {Contender} contender
 */
async function sizingBatch(contender) {
  for (let steps = 1; ; steps *= 2) {
    const ms = await timedMs(contender, steps);
    if (ms >= shortestTurnMs || steps >= mostStepsATurn) return { steps, stepMs: ms / steps };
  }
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
