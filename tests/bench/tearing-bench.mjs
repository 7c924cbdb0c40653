// Tearing in wasm under Node (issue 29's bench row): the demo's tearing curtain (web/demo's
// 'tearing' preset: pleated, pinned along its top, 6 m/s gusty wind) stepped with its tearStrain
// and with tearStrain 0, in turn, so both see the same machine at the same moments; what a step
// costs each way, and how many constraints tore.

import { clothRequest, initialSettings } from '../../web/demo/demo-settings.js';
import { ground } from '../../web/demo/scene.js';
import { windAt } from '../../web/demo/wind.js';

/** @typedef {import('../../web/index.js').Nuno} Nuno */

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Simulated seconds: it tears in the first two and goes on a little at each strong gust. */
const SECONDS = 6;
/**
 * The demo's default, which the preset's values were chosen at: at 64 x 64 the same strain tears
 * it apart (3,005 torn in 6 s; its shorter constraints stretch more under the same few
 * iterations), and a step then costs 4x the whole cloth's.
 */
export const TEARING_RESOLUTION = 40;

/**
 * The curtain at 40 x 40 with the preset's tearStrain and with 0, each fixed step of 6 s in
 * turn, the wind set as the demo sets it; medians of the steps after the first second.
 * @param {Nuno} nuno
 */
export function timeTearing(nuno) {
  const settings = { ...initialSettings(new URLSearchParams('preset=tearing'), { phoneLike: false }), resolution: TEARING_RESOLUTION };
  const { backend, precision, ...options } = clothRequest(settings, windAt(settings, 0)).options;
  const cloths = [options.tearStrain ?? 0, 0].map((tearStrain) => {
    const cloth = nuno.createCloth({ ...options, tearStrain });
    cloth.addCollider(ground);
    return cloth;
  });
  /** @type {number[][]} */
  const times = cloths.map(() => []);
  const steps = SECONDS * 60;
  for (let step = 0; step < steps; step++) {
    const wind = windAt(settings, step / 60);
    cloths.forEach((cloth, c) => {
      cloth.set({ wind });
      const start = performance.now();
      cloth.stepFixed(1);
      if (step >= 60) times[c].push(performance.now() - start);
    });
  }
  const [tearingMs, wholeMs] = times.map(median);
  const [torn, tornWhole] = cloths.map((cloth) => cloth.tornConstraints());
  const result = { tearStrain: cloths[0].settings.tearStrain, tearingMs, wholeMs, ratio: tearingMs / wholeMs, torn, tornWhole, steps };
  for (const cloth of cloths) cloth.dispose();
  return result;
}
