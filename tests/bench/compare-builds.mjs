// Two builds of the core in one Node process, stepping the bench scene in turn, so a change's
// speed-up is a ratio measured side by side rather than across runs of a shared, noisy machine.
//   node tests/bench/compare-builds.mjs <before> <after>
// Each of before and after is a dist folder (holding nuno-core.mjs and nuno-core.wasm) or a
// commit of this repository, whose core is built once into build/bench/commits/ (commit-core.mjs).
// `npm run bench -- --against <commit>` runs the same comparison of that commit and dist. Per
// case both builds make the cloth, warm it up, then take turns: 15 rounds of 8 single steps each,
// so a busy spell of the machine falls on both. It prints the median over the rounds of each
// build's round medians, in ms per step and millions of constraint projections per second, and
// after / before; then the milliseconds each build takes to make a large cloth and a sea of
// papers (the median of seven rounds).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { coreOfCommit } from './commit-core.mjs';
import { MADE_CLOTHS } from './made-cloths.js';
import { SCENE_COLLIDERS, SCENE_SETTINGS } from './scene.js';

const ROUNDS = 15;
const WARMUP_STEPS = 20;
const STEPS_PER_ROUND = 8;
const MAKING_ROUNDS = 7;
const CASES = [
  { size: 64, substeps: 10, iterations: 1, solver: 'xpbd' },
  { size: 128, substeps: 10, iterations: 1, solver: 'xpbd' },
  { size: 256, substeps: 10, iterations: 1, solver: 'xpbd' },
  { size: 128, substeps: 1, iterations: 10, solver: 'xpbd' },
  { size: 128, substeps: 10, iterations: 1, solver: 'pbd' },
  { size: 128, substeps: 10, iterations: 1, solver: 'mass-spring' },
  // 256 papers of 8 x 8: a whole chunk fits a paper only in some passes, the rest go a lane at a time.
  { size: 128, substeps: 10, iterations: 1, solver: 'xpbd', patch: 8 },
  // Self-collision at one grid spacing, as the bench's table has it.
  { size: 128, substeps: 10, iterations: 1, solver: 'xpbd', selfCollision: true },
];

/** @param {string} folder */
async function loadCore(folder) {
  const directory = resolve(folder);
  // The query keeps two builds' module factories apart in the module cache.
  const { default: createNunoCore } = await import(`${pathToFileURL(`${directory}/nuno-core.mjs`).href}?${directory}`);
  return createNunoCore({ wasmBinary: readFileSync(`${directory}/nuno-core.wasm`) });
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * The bench scene's cloth for a case, through the bare Embind class, as both builds have it,
 * warmed up.
 * @param {any} core
 * @param {typeof CASES[number]} benchCase
 */
function makeCloth(core, { size, substeps, iterations, solver, patch = 0, selfCollision = false }) {
  const cloth = new core.Cloth({
    ...SCENE_SETTINGS, columns: size, rows: size, substeps, iterations, solver, patchColumns: patch, patchRows: patch,
    selfCollisionThickness: selfCollision ? Math.min(SCENE_SETTINGS.width, SCENE_SETTINGS.height) / (size - 1) : 0,
  });
  for (const collider of SCENE_COLLIDERS) cloth.addCollider(collider);
  cloth.stepFixed(WARMUP_STEPS);
  return cloth;
}

/**
 * The median of a round of single fixed steps.
 * @param {any} cloth
 */
function roundMilliseconds(cloth) {
  const milliseconds = [];
  for (let i = 0; i < STEPS_PER_ROUND; i++) {
    const start = performance.now();
    cloth.stepFixed(1);
    milliseconds.push(performance.now() - start);
  }
  return median(milliseconds);
}

/**
 * @typedef {object} ComparedCase
 * @property {string} grid
 * @property {string} config
 * @property {number} beforeMsPerStep
 * @property {number} afterMsPerStep
 * @property {number} beforeMproj
 * @property {number} afterMproj
 * @property {number} speedup before ms / after ms
 */

/**
 * Steps every case with both builds in turn and prints the two markdown tables.
 * @param {string} beforeFolder a dist folder
 * @param {string} afterFolder a dist folder
 * @returns {Promise<ComparedCase[]>}
 */
export async function compareBuilds(beforeFolder, afterFolder) {
  const builds = { before: await loadCore(beforeFolder), after: await loadCore(afterFolder) };
  /** @type {ComparedCase[]} */
  const compared = [];
  console.log('| grid | config | before ms/step | after ms/step | before Mproj/s | after Mproj/s | after / before speed |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const benchCase of CASES) {
    /** @type {{before: number[], after: number[]}} */
    const rounds = { before: [], after: [] };
    const cloths = { before: makeCloth(builds.before, benchCase), after: makeCloth(builds.after, benchCase) };
    const constraints = ['structural', 'shear', 'bending'].reduce(
      (sum, family) => sum + cloths.after.constraintCount(family), 0);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of /** @type {const} */ (['before', 'after'])) rounds[name].push(roundMilliseconds(cloths[name]));
      }
    } finally {
      cloths.before.delete();
      cloths.after.delete();
    }
    const before = median(rounds.before);
    const after = median(rounds.after);
    const projections = constraints * benchCase.substeps * benchCase.iterations;
    const mproj = (/** @type {number} */ ms) => projections / ms / 1000;
    const { size, substeps, iterations, solver, patch, selfCollision } = benchCase;
    const row = {
      grid: `${size}x${size}${patch ? ` in ${patch}x${patch} patches` : ''}`,
      config: `${solver} ${substeps} × ${iterations}${selfCollision ? ', self-collision' : ''}`,
      beforeMsPerStep: before,
      afterMsPerStep: after,
      beforeMproj: mproj(before),
      afterMproj: mproj(after),
      speedup: before / after,
    };
    compared.push(row);
    console.log(`| ${row.grid} | ${row.config} | ${before.toFixed(2)} | ${after.toFixed(2)} | ` +
      `${row.beforeMproj.toFixed(0)} | ${row.afterMproj.toFixed(0)} | ${row.speedup.toFixed(2)}× |`);
  }

  console.log('\n| made | before ms | after ms | after / before speed |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const made of MADE_CLOTHS) {
    /** @type {{before: number[], after: number[]}} */
    const rounds = { before: [], after: [] };
    for (let round = 0; round < MAKING_ROUNDS; round++) {
      for (const name of /** @type {const} */ (['before', 'after'])) {
        const core = builds[name];
        const start = performance.now();
        const cloth = new core.Cloth(made.patches ? core.placePatches(made.settings) : made.settings);
        rounds[name].push(performance.now() - start);
        cloth.delete();
      }
    }
    const before = median(rounds.before);
    const after = median(rounds.after);
    console.log(`| ${made.label} | ${before.toFixed(0)} | ${after.toFixed(0)} | ${(before / after).toFixed(2)}× |`);
  }
  return compared;
}

/**
 * A dist folder as given, or a commit's core, built if it is not yet.
 * @param {string} folderOrCommit
 */
function coreFolder(folderOrCommit) {
  return existsSync(`${folderOrCommit}/nuno-core.wasm`) ? folderOrCommit : coreOfCommit(folderOrCommit);
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: node tests/bench/compare-builds.mjs <dist folder or commit before> <dist folder or commit after>');
    process.exit(2);
  }
  await compareBuilds(coreFolder(before), coreFolder(after));
}
