// The CPU cloth in a Web Worker, so the page's main thread stays free while it steps. The page
// keeps the cloth's model (web/cloth-model.js), as the GPU cloths do: it validates every call (the
// same errors, thrown at once), keeps the fixed-step clock and the pins and colliders; each
// call then goes to the worker (web/backends/worker/cloth-worker.js), which replays it on its own cloth
// in the same order, so both cloths agree on ids and state. step() never waits: it asks for
// the steps and returns; the worker answers with the positions in a buffer that is
// transferred, not copied, and handed back with the next request.
import { requireInteger } from '../../arguments.js';
import { ClothOverSetup, setupOf } from '../../cloth-over-setup.js';
import { pickByReadingBack } from '../../picking.js';
import { countTornConstraints } from '../../torn-constraints.js';


/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('../../index.js').ClothSettings} ClothSettings */
/** @typedef {import('../../index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('../../index.js').ColliderChanges} ColliderChanges */
/** @typedef {import('../../index.js').LoadOptions} LoadOptions */

export class WorkerCloth extends ClothOverSetup {
  /** @type {Worker} */
  #worker;
  /** @type {Float32Array} the positions the worker sent last */
  #positions;
  /** @type {ArrayBuffer | null} the previous positions' buffer, for the worker to fill again */
  #spare = null;
  /** steps asked for while an answer was awaited: sent with the next request */
  /** The step counts of the stepFixed() calls not yet sent, in order: each runs as its own call. */
  #queuedCalls = /** @type {number[]} */ ([]);
  /** step requests the worker has not answered yet */
  #stepAnswersAwaited = 0;
  #stepsTaken = 0;
  #simulatedSeconds = 0;
  #threadCount = 1;
  /** @type {string | null} what went wrong in the worker, once it has */
  #failure = null;
  /** @type {Uint8Array} the torn mask the worker sent last */
  #tornMask;
  #tornCount = 0;
  /** @type {Map<number, {resolve: (answer: {positions: Float32Array, torn: Uint8Array}) => void, reject: (error: Error) => void}>} */
  #reads = new Map();
  #nextRead = 0;

  /**
   * Use `await nuno.createWorkerCloth(settings)`.
   * @param {ClothModel} setup the cloth's model, made with the same settings; owned and disposed here
   * @param {Worker} worker a worker that answered 'ready'
   * @param {{positions: Float32Array, torn: Uint8Array, stepsTaken: number, simulatedSeconds: number, threadCount: number}} ready its answer
   */
  constructor(setup, worker, ready) {
    super(setup);
    this.#worker = worker;
    this.#positions = ready.positions;
    this.#tornMask = ready.torn;
    this.#threadCount = ready.threadCount;
    worker.onmessage = ({ data }) => this.#answer(data);
    worker.onerror = (event) => this.#fail(`the worker stopped (${event.message || 'no reason given'})`);
    worker.onmessageerror = () => this.#fail('an answer from the worker could not be read');
  }

  /**
   * Starts a worker, loads the core there and makes the cloth; the model has already validated
   * the settings.
   * @param {ClothModel} setup
   * @param {ClothSettings} settings
   * @param {LoadOptions} load how the page loaded the core, for the worker to do the same
   * @returns {Promise<WorkerCloth>}
   */
  static async start(setup, settings, load) {
    const worker = new Worker(new URL('./cloth-worker.js', import.meta.url), { type: 'module', name: 'nuno cloth' });
    try {
      const ready = await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => (data.kind === 'ready' ? resolve(data) : reject(new Error(`nuno: the cloth worker failed: ${data.message}`)));
        worker.onerror = (event) => reject(new Error(`nuno: the cloth worker did not start (${event.message || 'no reason given'})`));
        worker.postMessage({ kind: 'start', load, settings });
      });
      return new WorkerCloth(setup, worker, ready);
    } catch (error) {
      worker.terminate();
      throw error;
    }
  }

  get #live() {
    const setup = setupOf(this);
    if (this.#failure) throw new Error(`nuno: the cloth worker failed: ${this.#failure}`);
    return setup;
  }

  /**
   * Validates on the model (which throws the core's errors), then sends the call.
   * @template T
   * @param {string} method
   * @param {unknown[]} args
   * @returns {T}
   */
  #forward(method, args) {
    const result = /** @type {any} */ (this.#live)[method](...args);
    // Steps asked for before the call go before it.
    this.#sendQueuedSteps();
    this.#worker.postMessage({ kind: 'call', method, args: args.map((arg) => (ArrayBuffer.isView(arg) ? Array.from(/** @type {any} */ (arg)) : arg)) });
    return result;
  }

  /** @param {any} data */
  #answer(data) {
    if (data.kind === 'failed') {
      this.#fail(data.message);
      return;
    }
    this.#stepsTaken = data.stepsTaken;
    this.#simulatedSeconds = data.simulatedSeconds;
    this.#tornCount = data.tornCount;
    if (data.torn) this.#tornMask = data.torn;
    if (data.kind === 'stepped') {
      this.#spare = /** @type {ArrayBuffer} */ (this.#positions.buffer);
      this.#positions = data.positions;
      this.#stepAnswersAwaited -= 1;
      // Steps asked for meanwhile go as one request: a slow worker takes them in larger batches.
      if (this.#stepAnswersAwaited === 0 && !this.disposed) this.#sendQueuedSteps();
    } else if (data.kind === 'moved') {
      this.#positions = data.positions;
    } else if (data.kind === 'read') {
      this.#reads.get(data.id)?.resolve(data);
      this.#reads.delete(data.id);
    }
  }

  /** @param {string} message */
  #fail(message) {
    this.#failure ??= message;
    for (const { reject } of this.#reads.values()) reject(new Error(`nuno: the cloth worker failed: ${message}`));
    this.#reads.clear();
  }

  /**
   * Sends the queued stepFixed() calls in one request, with the spare buffer. They stay calls
   * of their own there: attachments spread a motion over one call's steps.
   */
  #sendQueuedSteps() {
    if (this.#queuedCalls.length === 0) return;
    const buffer = this.#spare;
    this.#spare = null;
    this.#worker.postMessage({ kind: 'step', counts: this.#queuedCalls, buffer }, buffer ? [buffer] : []);
    this.#queuedCalls = [];
    this.#stepAnswersAwaited += 1;
  }

  /** @returns {'cpu'} */
  get backend() {
    return 'cpu';
  }

  /** Always true: the cloth steps in a Web Worker. */
  get inWorker() {
    return true;
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator. Returns the steps asked
   * of the worker at once, without waiting for them. While the worker is still busy and another
   * batch of steps waits for it (queued here, or sent ahead of a call such as attach() or
   * updateCollider()), the frame's time is let go instead (as a long frame's clamp does), so a
   * worker slower than real time never falls ever further behind.
   * @param {number} frameSeconds
   * @returns {number} the fixed steps asked for
   */
  step(frameSeconds) {
    const setup = this.#live;
    if (this.#stepAnswersAwaited + (this.#queuedCalls.length > 0 ? 1 : 0) >= 2) return 0;
    const steps = setup.advanceClock(frameSeconds);
    this.stepFixed(steps);
    return steps;
  }

  /** @param {number} [count] whole fixed steps, [0, 1000000]: asked of the worker, not awaited */
  stepFixed(count = 1) {
    requireInteger('count', count, 0, 1e6);
    this.#live;
    if (count === 0) return;
    this.#queuedCalls.push(count);
    if (this.#stepAnswersAwaited === 0) this.#sendQueuedSteps();
  }

  /**
   * The positions after every step and call made so far: xyz per particle, a copy.
   * @returns {Promise<Float32Array>}
   */
  async readPositions() {
    return (await this.#read()).positions;
  }

  /**
   * The torn mask after every step and call made so far (see `Cloth.tornMask`), a copy.
   * @returns {Promise<Uint8Array>}
   */
  async readTorn() {
    return (await this.#read()).torn.slice();
  }

  /**
   * The state after every step and call made so far.
   * @returns {Promise<{positions: Float32Array, torn: Uint8Array}>}
   */
  #read() {
    this.#live;
    return new Promise((resolve, reject) => {
      const id = this.#nextRead++;
      this.#reads.set(id, { resolve, reject });
      // Steps still queued go first, so the read sees them.
      this.#sendQueuedSteps();
      this.#worker.postMessage({ kind: 'read', id });
    });
  }

  /**
   * The torn mask the worker sent last (a byte per particle, see `Cloth.tornMask`): for drawing,
   * a step or a few behind, like `positions`.
   * @returns {Uint8Array}
   */
  get tornMask() {
    return this.#tornMask;
  }

  /**
   * The structural and shear constraints torn: as the worker last said, or in a mask from
   * `readTorn()`.
   * @param {Uint8Array} [torn]
   * @returns {number}
   */
  tornConstraints(torn) {
    if (torn === undefined) return this.#tornCount;
    return countTornConstraints(torn, this.particleCount);
  }

  /**
   * The particle a ray means (the CPU cloth's `pickParticle`), found in positions read back whole.
   * @param {ArrayLike<number>} origin metres
   * @param {ArrayLike<number>} direction any length but zero
   * @param {number} maxDistance metres from the ray, [0, 1e6]
   * @returns {Promise<import('../../picking.js').PickedParticle | null>}
   */
  pickParticle(origin, direction, maxDistance) {
    return pickByReadingBack(this, origin, direction, maxDistance);
  }

  /**
   * The positions the worker sent last, xyz per particle: for drawing (a step or a few behind).
   * The array's buffer goes back to the worker with a later step request (no copies), which
   * empties it: read it each frame, and copy what you keep.
   */
  get positions() {
    return this.#positions;
  }

  /** Fixed steps the worker has finished. */
  get stepsTaken() {
    return this.#stepsTaken;
  }

  /** Simulated seconds the worker has finished. */
  get simulatedSeconds() {
    return this.#simulatedSeconds;
  }

  /** Threads that step the cloth in the worker: its own and its helpers, as on the page. */
  get threadCount() {
    return this.#threadCount;
  }

  reset() {
    this.#forward('reset', []);
  }

  /** @param {Partial<ClothSettings>} changes */
  set(changes) {
    this.#forward('set', [changes]);
  }

  /** @param {number} particle */
  pin(particle) {
    this.#forward('pin', [particle]);
  }

  /** @param {number} particle */
  unpin(particle) {
    this.#forward('unpin', [particle]);
  }

  /**
   * @param {number} particle
   * @param {ArrayLike<number>} position metres
   */
  hold(particle, position) {
    this.#forward('hold', [particle, Array.from(position)]);
  }

  /** @param {number} particle */
  release(particle) {
    this.#forward('release', [particle]);
  }

  /**
   * @param {ArrayLike<number>} particles
   * @param {ArrayLike<number>} targets metres, x y z per particle
   * @returns {boolean} whether the set of particles changed (the worker's cloth gives the same)
   */
  attach(particles, targets) {
    return this.#forward('attach', [particles, targets]);
  }

  /**
   * @param {ColliderDescription} collider
   * @returns {number} its id (the worker's cloth gives the same)
   */
  addCollider(collider) {
    return this.#forward('addCollider', [collider]);
  }

  /**
   * @param {number} id
   * @param {ColliderChanges} changes
   */
  updateCollider(id, changes) {
    this.#forward('updateCollider', [id, changes]);
  }

  /** @param {number} id */
  removeCollider(id) {
    this.#forward('removeCollider', [id]);
  }

  substepSchedule() {
    return this.#live.substepSchedule();
  }

  /**
   * @param {'structural' | 'shear' | 'bending'} family
   * @param {Float32Array} [positions] by default the positions the worker sent last
   * @param {Uint8Array} [torn] the constraints still solved: by default the mask the worker sent last
   */
  strain(family, positions = this.#positions, torn = this.#tornMask) {
    return this.#live.strain(family, positions, torn);
  }

  /** @param {Float32Array} [positions] by default the positions the worker sent last */
  colliderClearance(positions = this.#positions) {
    return this.#live.colliderClearance(positions);
  }

  /**
   * @param {number} thickness metres
   * @param {Float32Array} [positions] by default the positions the worker sent last
   */
  selfIntersections(thickness, positions = this.#positions) {
    return this.#live.selfIntersections(thickness, positions);
  }

  /**
   * Structural edges through the cloth's own triangles (see Cloth.selfCrossings).
   * @param {Float32Array} [positions] by default the positions the worker sent last
   */
  selfCrossings(positions = this.#positions) {
    return this.#live.selfCrossings(positions);
  }

  /** Ends the worker and frees the model. Reads still awaited reject. Safe to call twice. */
  dispose() {
    if (this.disposed) return;
    this.#worker.terminate();
    for (const { reject } of this.#reads.values()) reject(new Error('nuno: this cloth was disposed while its positions were read'));
    this.#reads.clear();
    super.dispose();
  }
}
