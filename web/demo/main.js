// The demo page: a cloth scene (presets.js) stepped and drawn every animation frame, a control
// panel, live figures, and pointer input to grab the cloth, drag the sphere and orbit. The
// address can choose the start: ?preset=swing|curtain|tearing|flag|tablecloth|crate|knot|pile|papers,
// ?backend=auto|webgpu|gpu|cpu (default auto: WebGL2 where the device can run it; webgpu: the
// WebGPU compute backend, drawn with WebGPU into a canvas over the WebGL one, with no read-back),
// ?precision=auto|float|half, ?papers=N papers per side for the sea of papers, and ?debug=1
// checks for WebGL errors after every frame.
import { loadNuno } from './dependencies.js';
import { applyPreset, clothRequest, initialSettings, papersPerSide, runtimeSettings } from './demo-settings.js';
import { Interaction } from './interaction.js';
import { OrbitCamera } from './orbit-camera.js';
import { Panel } from './panel.js';
import { presets } from './presets.js';
import { Stage } from './stage.js';
import { StatsOverlay } from './stats-overlay.js';
import { windAt } from './wind.js';

// Phones report a pixel ratio of 3 or more; 2 looks as sharp and costs far fewer pixels.
const maxPixelRatio = 2;

const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
// The WebGPU cloth is drawn here, over `canvas`, which keeps every pointer event.
const webGpuCanvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view-webgpu'));
const message = /** @type {HTMLElement} */ (document.getElementById('message'));
const notice = /** @type {HTMLElement} */ (document.getElementById('notice'));
const gl = canvas.getContext('webgl2', { antialias: true });

if (gl) {
  try {
    await run(gl);
  } catch (error) {
    show(`The demo stopped: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
} else {
  show('This demo needs WebGL 2, which this browser or device does not offer. ' +
    'Try a current Chrome, Firefox or Safari, or turn on hardware acceleration.');
}

/** @param {WebGL2RenderingContext} gl */
async function run(gl) {
  const query = new URLSearchParams(location.search);
  // Phones get fewer papers: a touch screen, or no float render targets (the half path).
  const phoneLike = matchMedia('(pointer: coarse)').matches || query.get('precision') === 'half' ||
    !gl.getSupportedExtensions()?.includes('EXT_color_buffer_float');
  const settings = initialSettings(query, { phoneLike });
  const nuno = await loadNuno();
  // Asked for once, so the panel can switch to the WebGPU backend without waiting; null where
  // the browser has none (the page says so if that backend is chosen).
  const webGpuDevice = await requestWebGpuDevice();
  const webGpuContext = webGpuDevice && webGpuCanvas.getContext('webgpu');
  const webGpu = webGpuDevice && webGpuContext ? { device: webGpuDevice, context: webGpuContext } : null;
  // Simulated time, which the gusts follow.
  let simulatedSeconds = 0;
  let appliedWind = windAt(settings, simulatedSeconds);
  const stage = new Stage(gl, nuno, { debug: query.has('debug'), webGpu }, clothRequest(settings, appliedWind), settings.sphere,
    presets[settings.preset].obstacles);
  // What the running cloth was built with, to go back to if a new backend cannot run here.
  let running = { backend: settings.backend, precision: settings.precision };
  let rebuildOnRestore = false;
  /** Whether the notice shows a refused run-time change (the next accepted one clears it). */
  let refusalShown = false;
  showNotice(clothNotice(stage.cloth, settings));

  const camera = new OrbitCamera(canvas, presets[settings.preset].camera);
  // Crossings where the cloth may pass through itself: with self-collision on, and in the pile;
  // torn constraints while the cloth may tear.
  const stats = new StatsOverlay(/** @type {HTMLElement} */ (document.getElementById('stats')), gl,
    () => settings.selfCollision || settings.preset === 'pile', () => settings.tearStrain > 0);
  const interaction = new Interaction(canvas, camera, {
    cloth: () => stage.cloth,
    sphere: () => (settings.sphere.enabled ? settings.sphere : null),
    moveSphere: (center) => {
      settings.sphere.center = center;
      stage.showSphere(settings.sphere);
    },
  }, reset);

  const panel = new Panel(settings, {
    preset: () => {
      applyPreset(settings);
      camera.setView(presets[settings.preset].camera);
      rebuild();
    },
    rebuild,
    runtime,
    sphere: () => stage.showSphere(settings.sphere),
    step: () => {
      settings.paused = true;
      panel.refresh();
      stage.cloth.stepFixed(1);
      simulatedSeconds += stage.cloth.settings.stepSeconds;
    },
    reset,
  });

  /**
   * Hands the panel's run-time settings to the running cloth. The GPU cloths refuse what they
   * have no passes for (Gauss-Seidel; WebGPU also Jacobi; XPBD over several Jacobi iterations
   * on WebGL2): the message is shown and the panel goes back to what the cloth runs.
   */
  function runtime() {
    try {
      stage.cloth.set(runtimeSettings(settings));
      if (refusalShown) showNotice(clothNotice(stage.cloth, settings));
    } catch (error) {
      const { ordering, solver, iterations } = stage.cloth.settings;
      Object.assign(settings, { ordering, solver, iterations });
      showNotice(error instanceof Error ? error.message : String(error));
      refusalShown = true;
      panel.refresh();
    }
  }

  function reset() {
    interaction.releaseAll();
    stage.cloth.reset();
  }

  /** A new cloth for the current settings; one the device cannot run leaves the old in place. */
  function rebuild() {
    interaction.releaseAll();
    if (gl.isContextLost()) {
      rebuildOnRestore = true; // nothing can be made in a lost context
      return;
    }
    try {
      appliedWind = windAt(settings, simulatedSeconds);
      stage.rebuild(clothRequest(settings, appliedWind), settings.sphere, presets[settings.preset].obstacles);
      running = { backend: settings.backend, precision: settings.precision };
      showNotice(clothNotice(stage.cloth, settings));
    } catch (error) {
      Object.assign(settings, running);
      showNotice(error instanceof Error ? error.message : String(error));
    }
    panel.refresh();
  }

  /** @param {string | null} text null hides the notice */
  function showNotice(text) {
    refusalShown = false;
    notice.textContent = text ?? '';
    notice.hidden = text === null;
  }

  /** @type {Record<string, () => void>} */
  const shortcuts = {
    r: reset,
    w: () => { settings.wireframe = !settings.wireframe; },
    p: () => { settings.paused = !settings.paused; },
  };
  window.addEventListener('keydown', (event) => {
    // Leave the browser's shortcuts alone, and letters typed into the panel's fields.
    if (event.ctrlKey || event.metaKey || event.altKey || takesText(event.target)) return;
    const shortcut = shortcuts[event.key.toLowerCase()];
    if (!shortcut) return;
    shortcut();
    panel.refresh();
  });

  // Test hook, read by tests/browser (not an API): frames drawn, the cloth and camera in use,
  // where the cloth runs and whether WebGPU draws it.
  const testHook = {
    frames: 0,
    camera,
    get cloth() { return stage.cloth; },
    get backend() { return stage.cloth.backend; },
    get precision() { const { cloth } = stage; return cloth.backend === 'gpu' ? cloth.precision : 'float'; },
    get drawnWithWebGpu() { return stage.drawnWithWebGpu; },
  };
  Object.assign(window, { nunoDemo: testHook });

  /** @type {number | undefined} */
  let previousFrameMs;
  let frameRequest = 0;
  /** @param {number} nowMs */
  const frame = (nowMs) => {
    frameRequest = 0;
    // While the context is lost nothing can be drawn; the restored event starts frames again.
    if (gl.isContextLost()) return;
    const frameSeconds = previousFrameMs === undefined ? 0 : (nowMs - previousFrameMs) / 1000;
    previousFrameMs = nowMs;
    const { cloth, renderer } = stage;

    const wind = windAt(settings, simulatedSeconds);
    if (wind.some((speed, axis) => speed !== appliedWind[axis])) {
      cloth.set({ wind });
      appliedWind = wind;
    }
    const stepStartMs = performance.now();
    // While paused no time reaches the accumulator, so resuming does not jump.
    const steps = settings.paused ? 0 : cloth.step(frameSeconds);
    stats.recordFrame(cloth, steps, performance.now() - stepStartMs);
    if (steps > 0) simulatedSeconds += steps * cloth.settings.stepSeconds;

    webGpuCanvas.hidden = !stage.drawnWithWebGpu;
    for (const drawn of [canvas, webGpuCanvas]) fitDrawingBuffer(drawn);
    camera.update(canvas.width / canvas.height);
    renderer.wireframe = settings.wireframe;
    renderer.render(camera);
    stats.recordDrawing(cloth);
    testHook.frames += 1;
    frameRequest = requestAnimationFrame(frame);
  };
  frameRequest = requestAnimationFrame(frame);

  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault(); // says the page will rebuild, so the browser may restore the context
    interaction.releaseAll();
    stats.contextLost();
  });
  canvas.addEventListener('webglcontextrestored', () => {
    stage.restore();
    if (rebuildOnRestore) {
      rebuildOnRestore = false;
      rebuild();
    }
    previousFrameMs = undefined;
    if (!frameRequest) frameRequest = requestAnimationFrame(frame);
  });
}

/**
 * What the page should say about where the cloth runs: why the backend 'auto' put it on the
 * CPU (an ordering the GPU does not run, a device without float or half-float targets), and
 * that papers on the CPU are fewer; null when there is nothing to say.
 * @param {import('./stage.js').AnyCloth} cloth
 * @param {import('./demo-settings.js').DemoSettings} settings
 * @returns {string | null}
 */
function clothNotice(cloth, settings) {
  if (cloth.backend !== 'cpu') return null;
  const notes = [];
  if (cloth.fallbackReason) notes.push(`On the CPU: ${cloth.fallbackReason}`);
  if (presets[settings.preset].papers && settings.papersPerSide > papersPerSide.cpu) {
    const perSide = papersPerSide.cpu;
    notes.push(`On the CPU: ${perSide} x ${perSide} papers (${cloth.patchCount.toLocaleString('en')}); ` +
      `the GPU backend runs ${settings.papersPerSide} x ${settings.papersPerSide}.`);
  }
  return notes.length > 0 ? notes.join(' ') : null;
}

/**
 * A WebGPU device, or null where this browser offers none.
 * @returns {Promise<GPUDevice | null>}
 */
async function requestWebGpuDevice() {
  try {
    const adapter = await navigator.gpu?.requestAdapter();
    return adapter ? await adapter.requestDevice({ label: 'nuno demo' }) : null;
  } catch {
    return null;
  }
}

/**
 * Whether key presses on this target type text (a number field, a list), not shortcuts.
 * @param {EventTarget | null} target
 */
function takesText(target) {
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox');
}

/**
 * Matches the drawing buffer to the canvas's on-screen size in device pixels (a hidden canvas
 * takes the main one's size, so it shows at once when the backend switches to it).
 * @param {HTMLCanvasElement} drawn
 */
function fitDrawingBuffer(drawn) {
  const pixelRatio = Math.min(window.devicePixelRatio, maxPixelRatio);
  const width = Math.max(1, Math.round(canvas.clientWidth * pixelRatio));
  const height = Math.max(1, Math.round(canvas.clientHeight * pixelRatio));
  if (drawn.width !== width || drawn.height !== height) {
    drawn.width = width;
    drawn.height = height;
  }
}

/** @param {string} text */
function show(text) {
  message.textContent = text;
  message.hidden = false;
  canvas.hidden = true;
  /** @type {HTMLElement} */ (document.getElementById('overlay')).hidden = true;
}
