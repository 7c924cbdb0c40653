// Functions that run inside the page under test. Each driver sends a function's source text to
// the browser, so none may use anything from this module's scope: only its argument and the
// page's globals.

/**
 * Runs a scene on two backends in the test harness page (tests/browser/harness.html) and
 * measures how far apart the particles end.
 * @param {{ scene: { settings: object, colliders: object[], steps: number, patches?: object }, first: object, second: object }} input
 *   first and second: createCloth(gl, ...) options besides the settings
 * @returns {Promise<{ maxDeviationMm: number, drop: number, glError: number, precisions: string[] }>}
 */
export async function compareBackendsInPage({ scene, first, second }) {
  const entry = '/web/index.js'; // the page's address for the package, not a path on disk
  const { loadNuno } = await import(entry);
  const nuno = await loadNuno();
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
  const run = async (/** @type {object} */ options) => {
    // A scene with `patches` is a sea of patches: its layout and poses, then its settings.
    const cloth = scene.patches
      ? nuno.createPatches(gl, { ...scene.patches, ...scene.settings, ...options })
      : nuno.createCloth(gl, { ...scene.settings, ...options });
    for (const collider of scene.colliders) cloth.addCollider(/** @type {any} */ (collider));
    const start = await cloth.readPositions();
    cloth.stepFixed(scene.steps);
    const end = await cloth.readPositions();
    const precision = cloth.backend === 'gpu' ? cloth.precision : 'cpu';
    cloth.dispose();
    return { start, end, precision };
  };
  const a = await run(first);
  const b = await run(second);
  let maxDeviation = 0;
  let drop = 0;
  for (let i = 0; i < a.end.length; i += 3) {
    maxDeviation = Math.max(maxDeviation, Math.hypot(a.end[i] - b.end[i], a.end[i + 1] - b.end[i + 1], a.end[i + 2] - b.end[i + 2]));
    drop = Math.max(drop, a.start[i + 1] - a.end[i + 1]);
  }
  return { maxDeviationMm: maxDeviation * 1000, drop, glError: gl.getError(), precisions: [a.precision, b.precision] };
}

/**
 * The fields the checks read from the demo's test hook (web/demo/main.js), which also holds
 * live objects that cannot be sent out of the page; null before the demo has set it up.
 * @returns {Promise<{ frames: number, steps: number, backend: string, precision: string } | null>}
 *   steps: fixed steps the cloth has taken
 */
export async function demoHook() {
  const hook = /** @type {any} */ (window).nunoDemo;
  return hook
    ? { frames: hook.frames, steps: hook.cloth.stepsTaken, backend: hook.backend, precision: hook.precision, particles: hook.cloth.particleCount }
    : null;
}

/**
 * The page's viewport in CSS pixels.
 * @returns {Promise<{ width: number, height: number }>}
 */
export async function viewportSize() {
  return { width: innerWidth, height: innerHeight };
}

/**
 * The consumer app's status (tests/consumer/app/main.ts), or null before it has set it up.
 * @returns {Promise<{ frames: number, backend: string, precision: string, color: number[] } | null>}
 */
export async function consumerAppHook() {
  const status = /** @type {any} */ (window).nunoConsumer;
  return status ? { frames: status.frames, backend: status.backend, precision: status.precision, color: [...status.color] } : null;
}
