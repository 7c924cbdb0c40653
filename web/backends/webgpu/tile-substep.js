// A whole substep in one dispatch (shaders/webgpu/tile-substep.wgsl) for a cloth too large for the
// patch step: the tile's size from the device's workgroup memory, a pipeline for each shape of
// substep (made at its first step and kept: for the schedule's stages, the solver and the kinds
// of collider the cloth has; one reading no torn bits, one reading them), and a step's
// dispatches, a workgroup per tile, each substep's state read from the buffers the one before
// wrote.
import { tileSubstepWgsl } from '../../../dist/shaders.js';
import { gridHeader, solverWgsl } from './compute-passes.js';
import { AsyncPipelines, fusedStepConstants, isPlainSchedule, scheduleKeyOf, SlotGroups, stagesInWorkgroupBytes, stagesKeyOf, stagesWgsl } from './fused-pipelines.js';

/** @typedef {import('../gpu/gpu-cloth-over-setup.js').StepParameters} StepParameters */

/**
 * Invocations per tile's workgroup, at most, where the device grants them (an NVIDIA H200 grants
 * 1024; every device 256): a 52 x 52 region's slots take 3 turns a stage, not 11.
 */
const mostTileInvocations = 1024;
/**
 * The widest region (tile and halo) copied to workgroup memory, a vec4f a particle: 31 x 31 fit
 * the 16 KiB every device grants beside 12 stages' copies (fused-pipelines.js's
 * stagesInWorkgroupBytes), 54 x 54 the 48 KiB of an NVIDIA H200.
 */
const widestRegion = 64;
/** A tile's side is a multiple of the colours' period (4, the skip-one pattern): every tile's halo begins on the same colours. */
const tileMultiple = 4;
/** The smallest tile worth its halo: a schedule whose stages reach farther takes the passes. */
const smallestTile = 8;
/**
 * Tiles a grid is cut into at least, where it can be: a small grid's substep waits on its slowest
 * workgroup, so it takes more, smaller tiles; a larger one, fewer and larger, which copy less
 * halo. On an NVIDIA H200 (docs/real-gpus.md) a 256 x 256 cloth stepped in 1.11-1.18 ms in tiles
 * of 32 and 1.58-1.68 in tiles of 8; a 64 x 64 one in 0.41-0.60 in tiles of 8.
 */
const fewestTiles = 64;
/**
 * The most particles a substep's tiles copy into workgroup memory, halos and all, unless tilesPay
 * lifts it (mostCopiesPerParticle). In workgroups of fewer than mostTileInvocations each
 * invocation copies and solves many slots of the region in turn (11 of a 52 x 52 region in 256),
 * and past this the copies cost what the dispatches they save do, or more. On an NVIDIA H200 (docs/real-gpus.md) in workgroups of 256,
 * the tiles stepped 256 x 256 (173,056 copied) in 0.71 ms where the passes took 1.02, but
 * 512 x 512 (692,224) in 1.43 where they took 1.09, and 1024 x 1024 (2,768,896) in 5.77 against
 * 4.16. In workgroups of 1024 (3 slots an invocation) tiles of 32 in a region of 52 (2.64
 * particles copied for each a tile keeps) won at every size timed, so such tiles are not capped
 * (mostCopiesPerParticle): 0.68 ms against 1.04 at 512 x 512, 2.63 against 4.17 at 1024 x 1024
 * and 10.4 against 20.3 at 2048 x 2048 (11 million copied).
 */
const mostCopiedParticles = 256 * 1024;
/**
 * The most particles a tile's region may copy for each particle the tile keeps for its tiles to
 * go uncapped in workgroups of mostTileInvocations: the 2.64 timed (tiles of 32, a halo of 10),
 * with some room. Narrower tiles or wider halos (a device of 32 KiB, two iterations a substep)
 * copy 3.4-30 particles a kept one, and were not timed past mostCopiedParticles.
 */
const mostCopiesPerParticle = 3;

/**
 * A tiled step as encoded: whether its state ends in the scratch buffers (an odd count of substeps).
 * @typedef {{ endsSwapped: boolean }} TiledStep
 */

/**
 * The limits to ask of an adapter for larger tiles, and a slot of the region an invocation: its
 * most workgroup memory and its most invocations a workgroup (up to mostTileInvocations).
 * @param {GPUAdapter} adapter
 * @returns {Record<string, number>}
 */
export function tiledSubstepLimits({ limits }) {
  return {
    maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: Math.min(mostTileInvocations, limits.maxComputeInvocationsPerWorkgroup),
    maxComputeWorkgroupSizeX: Math.min(mostTileInvocations, limits.maxComputeWorkgroupSizeX),
  };
}

/**
 * The halo a tile of `tile` particles a side needs for a substep's constrain stages: as wide as the
 * stages carry a missing partner inwards, so the tile's particles end on the bits of the passes.
 * @param {readonly import('../../index.js').SubstepStage[]} schedule
 * @param {import('../gpu/gpu-constants.js').GpuTables['directions']} directions
 * @param {number} tile a multiple of tileMultiple
 * @param {number} [widestHalo] where the halo would be wider, Infinity is returned at once: each
 *   halo tried simulates every stage over the region, so many iterations' halo costs seconds
 */
export function haloFor(schedule, directions, tile, widestHalo = Infinity) {
  const stages = schedule.flatMap((stage) => (stage.kind === 'constrain' ? [{ ...directions[stage.direction], colour: stage.colour }] : []));
  let halo = 0;
  while ([0, 1].some((axis) => reachedInwards(stages, axis, halo, tile) > halo)) {
    if (++halo > widestHalo) return Infinity;
  }
  return halo;
}

/**
 * The tile for a grid and a substep's stages, given the widest region workgroup memory holds: the
 * largest that still cuts the grid into fewestTiles (else the smallest), with its halo; tile 0
 * where even the smallest tile's region does not fit.
 * @param {readonly import('../../index.js').SubstepStage[]} schedule
 * @param {import('../gpu/gpu-constants.js').GpuTables['directions']} directions
 * @param {number} widest particles along the widest region
 * @param {number} columns
 * @param {number} rows
 * @returns {{ tile: number, halo: number }}
 */
export function tileFor(schedule, directions, widest, columns, rows) {
  let chosen = { tile: 0, halo: 0 };
  for (let tile = smallestTile; tile <= widest; tile += tileMultiple) {
    const halo = haloFor(schedule, directions, tile, (widest - tile) / 2);
    if (tile + 2 * halo > widest) break;
    if (chosen.tile > 0 && tileCount({ columns, rows }, tile) < fewestTiles) break;
    chosen = { tile, halo };
  }
  return chosen;
}

/**
 * Whether a grid's tiles are worth their copies: a tile was found, and either the workgroups have
 * mostTileInvocations and a tile's region copies at most mostCopiesPerParticle for each particle
 * it keeps, or the tiles copy at most mostCopiedParticles a substep.
 * @param {{ columns: number, rows: number }} grid
 * @param {{ tile: number, halo: number }} tile tileFor's
 * @param {number} invocations the most a tile's workgroup may have (the device's, up to mostTileInvocations)
 */
export function tilesPay(grid, { tile, halo }, invocations) {
  if (tile === 0) return false;
  const region = tile + 2 * halo;
  if (invocations >= mostTileInvocations && region ** 2 <= mostCopiesPerParticle * tile ** 2) return true;
  return tileCount(grid, tile) * region ** 2 <= mostCopiedParticles;
}

/**
 * The tiles a grid is cut into, its last row and column of tiles perhaps partly off the grid.
 * @param {{ columns: number, rows: number }} grid
 * @param {number} tile
 */
function tileCount({ columns, rows }, tile) {
  return Math.ceil(columns / tile) * Math.ceil(rows / tile);
}

/**
 * How far into a region (tile and halo) the stages carry a partner missing past its edges along
 * one axis: a pair one end of which is outside, or already carried wrong, leaves its other end
 * wrong; the answer is the most rows (or columns) wrong at either edge once every stage ran. The
 * colour of a pair coloured along this axis is known (the region begins `halo` before a tile,
 * which begins on a multiple of the colours' period); one coloured along the other axis may be
 * there on some row, so it counts wherever it could start.
 * @param {{ offset: [number, number], colourAxis: 'column' | 'row', colourPeriod: number, colour: number }[]} stages
 * @param {number} axis 0: along columns, 1: along rows
 * @param {number} halo
 * @param {number} tile
 */
function reachedInwards(stages, axis, halo, tile) {
  const size = tile + 2 * halo;
  const reach = 2;
  // wrong[reach + c]: whether row c of the region (or column) may be wrong; past the edges, all are.
  const wrong = Array.from({ length: size + 2 * reach }, (_, i) => i < reach || i >= size + reach);
  for (const stage of stages) {
    const along = stage.offset[axis];
    if (along === 0) continue;
    const colouredHere = (stage.colourAxis === 'column') === (axis === 0);
    const carried = [...wrong];
    for (let start = -reach; start < size + reach; start++) {
      const end = start + along;
      if (end < -reach || end >= size + reach) continue;
      const onGrid = (((start - halo) % tileMultiple) + tileMultiple) % tileMultiple;
      if (colouredHere && Math.floor(onGrid / stage.colourPeriod) % 2 !== stage.colour) continue;
      if (wrong[reach + start] || wrong[reach + end]) carried[reach + start] = carried[reach + end] = true;
    }
    wrong.splice(0, wrong.length, ...carried);
  }
  let reached = 0;
  for (let row = 0; row < size; row++) {
    if (wrong[reach + row]) reached = Math.max(reached, Math.min(row + 1, size - row));
  }
  return reached;
}

export class TileSubstep {
  /** @type {GPUDevice} */
  #device;
  /** @type {import('../gpu/gpu-constants.js').GpuTables} */
  #tables;
  /** @type {GPUBindGroupLayout} */
  #stateLayout;
  /** @type {GPUBindGroupLayout} */
  #substepLayout;
  #stages;
  /** @readonly */
  pipelines = new AsyncPipelines();
  /** invocations a workgroup the device grants, up to mostTileInvocations */
  #invocations;
  /** @type {Map<string, { tile: number, halo: number }>} by the grid and the schedule's stages (scheduleKeyOf) */
  #tiles = new Map();

  /**
   * @param {GPUDevice} device
   * @param {import('../gpu/gpu-constants.js').GpuTables} tables
   * @param {{ stateLayout: GPUBindGroupLayout, substepLayout: GPUBindGroupLayout }} layouts the solver passes' group 0
   *   (the state, bound straight or swapped) and group 1 (a substep's slot, by dynamic offset)
   */
  constructor(device, tables, { stateLayout, substepLayout }) {
    this.#device = device;
    this.#tables = tables;
    this.#stateLayout = stateLayout;
    this.#substepLayout = substepLayout;
    this.#stages = new SlotGroups(device);
    this.#invocations = Math.min(mostTileInvocations, device.limits.maxComputeInvocationsPerWorkgroup, device.limits.maxComputeWorkgroupSizeX);
  }

  /**
   * Whether a step's substeps can run as a dispatch each: a schedule of predict, constrain stages
   * and collide (self-collision's separation reaches across tiles) whose stages' uniform slots fit
   * one uniform binding, and a tile whose halo fits the device's workgroup memory and whose copies
   * pay (tilesPay).
   * @param {Pick<StepParameters, 'settings' | 'schedule'>} parameters
   * @param {Grid} grid
   */
  fits(parameters, grid) {
    const { limits } = this.#device;
    const { schedule } = parameters;
    if (!isPlainSchedule(schedule) || (schedule.length - 2) * grid.stageSlotBytes > limits.maxUniformBufferBindingSize) return false;
    return tilesPay(grid, this.#tileOf(schedule, grid), this.#invocations);
  }

  /**
   * Whether a step's substeps run as a dispatch each now: it `fits`, and the pipeline for its
   * shape is made (asynchronously, at the first such step; fused-pipelines.js).
   * @param {Pick<StepParameters, 'settings' | 'schedule'>} parameters
   * @param {Grid} grid
   * @param {boolean} tearing the pipeline that reads the torn bits (for a cloth that may have torn)
   * @param {number} colliderKinds the kinds of collider the cloth has (fused-pipelines.js's
   *   colliderKindsOf): a pipeline is made for them
   */
  ready(parameters, grid, tearing, colliderKinds) {
    if (!this.fits(parameters, grid)) return false;
    const shape = this.#shapeOf(parameters, grid, tearing, colliderKinds);
    return this.pipelines.get(shape.key, () => this.#make(shape)) !== null;
  }

  /**
   * Encodes the step's substeps: a dispatch each over every tile.
   * @param {GPUComputePassEncoder} pass
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters a step that is `ready` (with `tearing` and `colliderKinds`)
   * @param {Grid & { substepSlotBytes: number, substepGroup: GPUBindGroup, stageBuffer: GPUBuffer,
   *   stateGroups: [GPUBindGroup, GPUBindGroup], tearing: boolean, colliderKinds: number }} step `stateGroups`: the state
   *   bound as it is, then with positions and working, velocities and predicted swapped
   * @returns {TiledStep}
   */
  encode(pass, parameters, { substepSlotBytes, substepGroup, stageBuffer, stateGroups, tearing, colliderKinds, ...grid }) {
    const { key, tile, constrainStages } = this.#shapeOf(parameters, grid, tearing, colliderKinds);
    pass.setPipeline(this.pipelines.made(key));
    pass.setBindGroup(2, this.#stages.groupOf(stageBuffer, constrainStages * grid.stageSlotBytes));
    for (let substep = 0; substep < parameters.substeps; substep++) {
      pass.setBindGroup(0, stateGroups[substep % 2]);
      pass.setBindGroup(1, substepGroup, [substep * substepSlotBytes]);
      pass.dispatchWorkgroups(Math.ceil(grid.columns / tile), Math.ceil(grid.rows / tile));
    }
    return { endsSwapped: parameters.substeps % 2 === 1 };
  }

  /**
   * The tile of a grid and a substep's stages, worked out at their first step and kept.
   * @param {StepParameters['schedule']} schedule
   * @param {Grid} grid
   * @returns {{ tile: number, halo: number }}
   */
  #tileOf(schedule, { columns, rows }) {
    const tileKey = `${columns} ${rows} ${scheduleKeyOf(schedule)}`;
    let tile = this.#tiles.get(tileKey);
    if (!tile) {
      // The region shares workgroup memory with the substep's stages (workgroup-stages.wgsl).
      const { limits } = this.#device;
      const regionBytes = limits.maxComputeWorkgroupStorageSize - stagesInWorkgroupBytes(schedule.length - 2, this.#tables.uniformLayouts.stage.bytes, limits);
      const widest = Math.min(widestRegion, Math.floor(Math.sqrt(regionBytes / 16)));
      tile = tileFor(schedule, this.#tables.directions, widest, columns, rows);
      this.#tiles.set(tileKey, tile);
    }
    return tile;
  }

  /**
   * @param {Pick<StepParameters, 'settings' | 'schedule'>} parameters
   * @param {Grid} grid
   * @param {boolean} tearing
   * @param {number} colliderKinds
   * @returns {SubstepShape}
   */
  #shapeOf({ settings, schedule }, grid, tearing, colliderKinds) {
    const tile = this.#tileOf(schedule, grid);
    const key = [tile.tile, tile.halo, stagesKeyOf({ settings, schedule }), grid.stageSlotBytes, tearing, colliderKinds].join(' ');
    return { ...tile, parameters: { settings, schedule }, constrainStages: schedule.length - 2, key, stageSlotBytes: grid.stageSlotBytes, tearing, colliderKinds };
  }

  /**
   * Makes the pipeline of a substep's shape.
   * @param {SubstepShape} shape
   */
  #make({ tile, halo, parameters, constrainStages, stageSlotBytes, tearing, colliderKinds }) {
    const { uniformsWgsl, constantsWgsl, uniformLayouts } = this.#tables;
    const stagesBytes = stagesInWorkgroupBytes(constrainStages, uniformLayouts.stage.bytes, this.#device.limits);
    const region = tile + 2 * halo;
    // A whole number of warps (32 lanes on NVIDIA), no more than the region's slots need.
    const invocations = Math.min(this.#invocations, Math.ceil(region * region / 32) * 32);
    const constants = [`const TILE = ${tile}u;`, `const HALO = ${halo}u;`, `const REGION = ${region}u;`,
      `const TILE_INVOCATIONS = ${invocations}u;`, `const SLOTS_PER_INVOCATION = ${Math.ceil(region * region / invocations)}u;`,
      ...stagesWgsl(parameters, this.#tables, stageSlotBytes, stagesBytes)];
    const device = this.#device;
    const module = device.createShaderModule({
      label: 'nuno tile substep', code: [...gridHeader(uniformsWgsl, constantsWgsl), ...constants, tileSubstepWgsl, ...solverWgsl].join('\n'),
    });
    return device.createComputePipelineAsync({
      label: tearing ? 'nuno tile substep (tearing)' : 'nuno tile substep',
      layout: device.createPipelineLayout({ label: 'nuno tile substep', bindGroupLayouts: [this.#stateLayout, this.#substepLayout, this.#stages.layout] }),
      compute: { module, entryPoint: 'stepTile', constants: fusedStepConstants(colliderKinds, tearing) },
    });
  }
}

/**
 * The grid a step runs on, and the bytes between its stages' uniform slots.
 * @typedef {{ columns: number, rows: number, stageSlotBytes: number }} Grid
 */

/**
 * What a tiled substep's pipeline is made for.
 * @typedef {{ tile: number, halo: number, parameters: Pick<StepParameters, 'settings' | 'schedule'>, constrainStages: number, key: string,
 *   stageSlotBytes: number, tearing: boolean, colliderKinds: number }} SubstepShape
 */
