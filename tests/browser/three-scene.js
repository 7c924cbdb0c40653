// The three.js scenes of three.spec.js and three-webgpu.spec.js, run in tests/browser/three.html
// (which hands their measurements to the tests as window.nunoThreeScene). The main one: a cloth
// (ClothMesh, MeshPhysicalMaterial with sheen, a checker map and a normal map) hanging in front
// of a ground that takes its shadow, beside control objects that exercise three's own state
// every frame (a textured box, a blended sphere, a plane showing a render target drawn that
// frame). Each frame renders the render target's scene, then the main scene; the cloth steps
// between frames. The same scene is drawn by WebGLRenderer (nuno/three) or by WebGPURenderer
// (nuno/three/webgpu). Then a sea of papers, drawn from the CPU and from a GPU cloth.
import { loadNuno } from 'nuno';

/**
 * A 4 x 4 checker of red and yellow, as a map.
 * @param {typeof import('three')} THREE
 */
function checker(THREE) {
  const texels = new Uint8Array(4 * 16);
  for (let i = 0; i < 16; i++) {
    const red = ((i % 4) + Math.floor(i / 4)) % 2 === 0;
    texels.set(red ? [220, 30, 30, 255] : [230, 210, 40, 255], 4 * i);
  }
  const texture = new THREE.DataTexture(texels, 4, 4);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.needsUpdate = true;
  return texture;
}

/**
 * A weave as a tangent-space normal map: 8 x 8 texels tilted a little, alternately along u and v.
 * @param {typeof import('three')} THREE
 */
function weave(THREE) {
  const texels = new Uint8Array(4 * 64);
  for (let i = 0; i < 64; i++) {
    const alongU = ((i % 8) + Math.floor(i / 8)) % 2 === 0;
    texels.set(alongU ? [160, 128, 240, 255] : [128, 160, 240, 255], 4 * i);
  }
  const texture = new THREE.DataTexture(texels, 8, 8);
  texture.needsUpdate = true;
  return texture;
}

/**
 * Counts the bytes a page hands the GPU through the given methods of `api` (a WebGL2 context's
 * bufferData, texSubImage2D...; a GPUQueue's writeBuffer, writeTexture): every typed array or
 * ArrayBuffer passed, whole (WebGPU: the `size` elements written where given).
 * @param {any} api
 * @param {string[]} methods
 * @returns {() => number} the bytes so far
 */
function countUploads(api, methods) {
  let bytes = 0;
  for (const name of methods) {
    const method = api[name].bind(api);
    api[name] = (/** @type {any[]} */ ...args) => {
      if (name === 'writeBuffer') {
        const [, , data, dataOffset = 0, size] = args;
        const element = data.BYTES_PER_ELEMENT ?? 1;
        bytes += size !== undefined ? size * element : data.byteLength - dataOffset * element;
      } else {
        for (const arg of args) if (ArrayBuffer.isView(arg) || arg instanceof ArrayBuffer) bytes += arg.byteLength;
      }
      return method(...args);
    };
  }
  return () => bytes;
}

/**
 * The renderer, the module its classes come from, the ClothMesh drawing with it, a cloth on the
 * backend asked for and what reads the canvas back (rows bottom up, as readPixels gives them).
 * @param {HTMLCanvasElement} canvas
 * @param {{ backend: 'cpu' | 'worker' | 'gpu' | 'webgpu', renderer?: 'webgl' | 'webgpu', precision?: 'float' | 'half' }} options
 * @param {import('/web/index.js').ClothSettings | import('/web/index.js').PatchSettings} settings
 */
async function setUp(canvas, { backend, renderer: drawnBy, precision }, settings) {
  const nuno = await loadNuno();
  // A sea of patches where the settings lay one out.
  /** @type {(...args: any[]) => any} */
  const make = 'patchesAcross' in settings ? nuno.createPatches.bind(nuno) : nuno.createCloth.bind(nuno);
  if (drawnBy === 'webgpu') {
    const THREE = await import('three/webgpu');
    const { ClothMesh, webGpuDeviceOf } = await import('nuno/three/webgpu');
    const renderer = new THREE.WebGPURenderer({ canvas, antialias: false });
    await renderer.init();
    const device = webGpuDeviceOf(renderer);
    /** @type {string[]} */
    const gpuErrors = [];
    device.addEventListener('uncapturederror', (event) => gpuErrors.push(/** @type {GPUUncapturedErrorEvent} */ (event).error.message));
    const copy = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d', { willReadFrequently: true }));
    copy.canvas.width = canvas.width;
    copy.canvas.height = canvas.height;
    return {
      THREE, ClothMesh, renderer, renderTarget: new THREE.RenderTarget(64, 64),
      cloth: backend === 'webgpu' ? make(device, { ...settings, backend: 'webgpu' }) : make(settings),
      // The WebGPU canvas copied before its frame is presented, then turned bottom up.
      pixels() {
        copy.drawImage(canvas, 0, 0);
        const rows = copy.getImageData(0, 0, canvas.width, canvas.height).data;
        const data = new Uint8Array(rows.length);
        const stride = 4 * canvas.width;
        for (let y = 0; y < canvas.height; y++) data.set(rows.subarray((canvas.height - 1 - y) * stride, (canvas.height - y) * stride), y * stride);
        return Array.from(data);
      },
      gpuErrors: () => gpuErrors,
      uploads: countUploads(device.queue, ['writeBuffer', 'writeTexture']),
      // Each frame's work waited for, or the WebGPU cloth's step() lets frames go while the GPU is
      // behind; and an animation frame, which WebGPURenderer's shadow maps are redrawn once in.
      settle: async () => {
        await device.queue.onSubmittedWorkDone();
        await new Promise(requestAnimationFrame);
      },
    };
  }
  const THREE = await import('three');
  const { ClothMesh } = await import('nuno/three');
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
  const gl = renderer.getContext();
  const cloth = backend === 'worker' ? await nuno.createWorkerCloth(settings)
    : backend === 'gpu' ? make(gl, { ...settings, backend: 'gpu', precision }) : make(settings);
  return {
    THREE, ClothMesh, renderer, renderTarget: new THREE.WebGLRenderTarget(64, 64), cloth,
    pixels() {
      const data = new Uint8Array(4 * canvas.width * canvas.height);
      gl.readPixels(0, 0, canvas.width, canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, data);
      return Array.from(data);
    },
    gpuErrors: () => { const error = gl.getError(); return error === gl.NO_ERROR ? [] : [`GL error ${error}`]; },
    uploads: countUploads(gl, ['bufferData', 'bufferSubData', 'texImage2D', 'texSubImage2D']),
    // Each frame waited for, or the worker cloth's step() lets frames go while it is behind.
    settle: async () => { if (backend === 'worker') await /** @type {any} */ (cloth).readPositions(); },
  };
}

/**
 * Renders the scene with the cloth hidden, then with it stepping for `frames` frames, then with
 * its shadow off; returns those frames' pixels (and the first with the cloth) and the cloth's state.
 * @param {{ backend: 'cpu' | 'worker' | 'gpu' | 'webgpu', renderer?: 'webgl' | 'webgpu', precision?: 'float' | 'half', frames: number }} options
 */
export async function renderClothScene(options) {
  const { backend, frames } = options;
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  // Level, held by two corners: it swings down and sags while the frames are drawn.
  const settings = {
    columns: 32, rows: 32, width: 0.8, height: 0.8, center: /** @type {[number, number, number]} */ ([0, 1.3, 0]),
    orientation: /** @type {'horizontal'} */ ('horizontal'), pins: /** @type {'top-corners'} */ ('top-corners'),
  };
  const { THREE, ClothMesh, renderer, renderTarget: target, cloth, pixels, gpuErrors, uploads, settle } = await setUp(canvas, options, settings);
  renderer.shadowMap.enabled = true;
  renderer.toneMapping = THREE.ACESFilmicToneMapping;

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x203040);
  scene.fog = new THREE.Fog(0x203040, 6, 12);
  scene.add(new THREE.AmbientLight(0xffffff, 0.4));
  const sun = new THREE.DirectionalLight(0xffffff, 2.5);
  sun.position.set(0.3, 3, 2.5);
  sun.castShadow = true;
  sun.shadow.mapSize.set(512, 512);
  Object.assign(sun.shadow.camera, { left: -2, right: 2, top: 2, bottom: -2, near: 0.5, far: 8 });
  scene.add(sun);
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(6, 6), new THREE.MeshStandardMaterial({ color: 0x9a9a9a }));
  ground.rotation.x = -Math.PI / 2;
  ground.receiveShadow = true;
  scene.add(ground);

  const box = new THREE.Mesh(new THREE.BoxGeometry(0.3, 0.3, 0.3), new THREE.MeshStandardMaterial({ map: checker(THREE) }));
  box.position.set(-1.1, 0.6, 0);
  const glass = new THREE.Mesh(new THREE.SphereGeometry(0.18, 24, 12),
    new THREE.MeshStandardMaterial({ color: 0x40c0ff, transparent: true, opacity: 0.5 }));
  glass.position.set(-1.1, 1.15, 0);
  const inset = new THREE.Scene();
  inset.background = new THREE.Color(0x102010);
  const insetCamera = new THREE.PerspectiveCamera(50, 1, 0.1, 10);
  insetCamera.position.set(0, 0, 2);
  const spinner = new THREE.Mesh(new THREE.TorusGeometry(0.5, 0.2, 12, 24), new THREE.MeshBasicMaterial({ color: 0x30ff60 }));
  inset.add(spinner);
  const screen = new THREE.Mesh(new THREE.PlaneGeometry(0.5, 0.5), new THREE.MeshBasicMaterial({ map: target.texture }));
  screen.position.set(1.15, 0.9, 0);
  scene.add(box, glass, screen);

  // A cloth's material: a physical one with sheen, an image map and a normal map.
  const material = new THREE.MeshPhysicalMaterial({
    map: checker(THREE), normalMap: weave(THREE), side: THREE.DoubleSide, roughness: 0.8, sheen: 0.5, sheenColor: 0xffffff,
  });
  const mesh = new ClothMesh(/** @type {any} */ (cloth), { material, renderer: /** @type {any} */ (['gpu', 'webgpu'].includes(backend) ? renderer : undefined) });
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  scene.add(mesh);

  const camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 0.1, 20);
  camera.position.set(0, 1.0, 3.6);
  camera.lookAt(0, 0.8, 0);

  const frame = (/** @type {number} */ index) => {
    spinner.rotation.set(0.3, 0.1 * index, 0);
    renderer.setRenderTarget(target);
    renderer.render(inset, insetCamera);
    renderer.setRenderTarget(null);
    renderer.render(scene, camera);
  };

  mesh.visible = false;
  frame(frames);
  const withoutCloth = pixels();
  // What three alone uploads in a frame, to tell the cloth's part from.
  const beforeAlone = uploads();
  frame(frames);
  const aloneBytes = uploads() - beforeAlone;
  mesh.visible = true;
  /** @type {number[]} */
  let firstFrame = [];
  let afterFirstFrame = 0;
  for (let i = 1; i <= frames; i++) {
    mesh.step(1 / 60);
    await settle();
    mesh.update();
    frame(i);
    if (i === 1) {
      firstFrame = pixels();
      // The first frame uploads the mesh's geometry once; count from the second on.
      afterFirstFrame = uploads();
    }
  }
  const clothBytesPerFrame = (uploads() - afterFirstFrame) / (frames - 1) - aloneBytes;
  const withCloth = pixels();
  mesh.castShadow = false;
  await settle();
  frame(frames);
  const withoutShadow = pixels();
  // Where each control object lies on screen, in readPixels' rows (bottom up), a pixel inside.
  const controls = [box, glass, screen].map((object) => {
    const box3 = new THREE.Box3().setFromObject(object);
    const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => new THREE.Vector3(
      k & 1 ? box3.max.x : box3.min.x, k & 2 ? box3.max.y : box3.min.y, k & 4 ? box3.max.z : box3.min.z).project(camera));
    const xs = corners.map((c) => (c.x + 1) / 2 * canvas.width);
    const ys = corners.map((c) => (c.y + 1) / 2 * canvas.height);
    return { x0: Math.ceil(Math.min(...xs)) + 1, x1: Math.floor(Math.max(...xs)) - 1, y0: Math.ceil(Math.min(...ys)) + 1, y1: Math.floor(Math.max(...ys)) - 1 };
  });
  const bounds = mesh.geometry.boundingSphere;
  const state = { stepsTaken: cloth.stepsTaken, gpuErrors: gpuErrors(), boundsRadius: bounds ? bounds.radius : null, clothBytesPerFrame, particles: cloth.particleCount };
  mesh.dispose();
  cloth.dispose();
  target.dispose();
  renderer.dispose();
  return { width: canvas.width, height: canvas.height, withoutCloth, firstFrame, withCloth, withoutShadow, controls, state };
}

/**
 * Renders the scene (renderClothScene) and measures its frames here in the page, so only
 * numbers travel back (the Firefox and WebKit drivers too): the map's red and yellow where the
 * cloth is drawn, the pixels its shadow darkens, those that changed as it swung, and the
 * control objects' pixels that differ from the frame drawn without the cloth.
 * @param {{ backend: 'cpu' | 'worker' | 'gpu' | 'webgpu', renderer?: 'webgl' | 'webgpu', precision?: 'float' | 'half', frames: number }} options
 */
export async function measureClothScene(options) {
  const { width, height, withoutCloth, firstFrame, withCloth, withoutShadow, controls, state } = await renderClothScene(options);
  const rgbAt = (/** @type {number[]} */ pixels, /** @type {number} */ i) => [pixels[4 * i], pixels[4 * i + 1], pixels[4 * i + 2]];
  const differs = (/** @type {number[]} */ a, /** @type {number[]} */ b, /** @type {number} */ i) => rgbAt(a, i).some((value, k) => value !== rgbAt(b, i)[k]);
  let [red, yellow, shadowed, swung] = [0, 0, 0, 0];
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = rgbAt(withCloth, i);
    const changed = differs(withoutCloth, withCloth, i);
    if (changed && r > 120 && g < 0.5 * r && b < 0.5 * r) red += 1;
    if (changed && r > 120 && g > 0.75 * r && b < 0.5 * g) yellow += 1;
    if (differs(firstFrame, withCloth, i)) swung += 1;
    // The shadow: pixels the cloth's shadow darkens (shadow off is the only change).
    const lit = rgbAt(withoutShadow, i);
    if (lit[0] + lit[1] + lit[2] > r + g + b + 30) shadowed += 1;
  }
  let controlPixels = 0;
  let controlDiffering = 0;
  for (const { x0, x1, y0, y1 } of controls) {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        controlPixels += 1;
        if (differs(withoutCloth, withCloth, y * width + x)) controlDiffering += 1;
      }
    }
  }
  return { red, yellow, shadowed, swung, controlPixels, controlDiffering, ...state };
}

/**
 * A sea of papers (createPatches) drawn by a ClothMesh, on the CPU and then on the GPU cloth of
 * the renderer asked for, from the same scatter, after the same steps: returns how many pixels
 * each drew (differing from the empty scene) and how many differ between the two pictures.
 * Each paper is its own 0..1 of the map, and its normals end at its edges: a GPU reading of the
 * state that mixed papers up (positions or normals) would draw another picture.
 * @param {{ renderer: 'webgl' | 'webgpu' }} options
 */
export async function comparePapers({ renderer: drawnBy }) {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const backend = drawnBy === 'webgpu' ? 'webgpu' : 'gpu';
  const papers = {
    patchesAcross: 4, patchesDown: 4, patchColumns: 6, patchRows: 6, patchWidth: 0.3, patchHeight: 0.3,
    scatterCenter: /** @type {[number, number, number]} */ ([0, 1, 0]), scatterExtent: /** @type {[number, number, number]} */ ([1.6, 0.6, 0.4]),
    scatterSpin: 2, seed: 7,
  };
  const { THREE, ClothMesh, renderer, cloth: gpuCloth, pixels, gpuErrors, settle } = await setUp(canvas, { backend, renderer: drawnBy }, papers);
  const nuno = await loadNuno();
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x203040);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x404040, 1.5));
  const camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 0.1, 20);
  camera.position.set(0, 0.9, 3);
  camera.lookAt(0, 0.8, 0);
  // Read straight after drawing: a WebGPU canvas shows nothing more once its frame is presented.
  renderer.render(scene, camera);
  const empty = pixels();
  /** @param {import('/web/index.js').SimulatedCloth} cloth */
  const draw = async (cloth) => {
    const mesh = new ClothMesh(/** @type {any} */ (cloth), {
      material: new THREE.MeshStandardMaterial({ map: checker(THREE), side: THREE.DoubleSide }), renderer: /** @type {any} */ (renderer),
    });
    scene.add(mesh);
    for (let i = 0; i < 12; i++) {
      mesh.step(1 / 60);
      await settle();
    }
    mesh.update();
    renderer.render(scene, camera);
    const picture = pixels();
    scene.remove(mesh);
    mesh.dispose();
    cloth.dispose();
    return picture;
  };
  const onCpu = await draw(nuno.createPatches(papers));
  const onGpu = await draw(gpuCloth);
  const errors = gpuErrors();
  renderer.dispose();
  const differs = (/** @type {number[]} */ a, /** @type {number[]} */ b, /** @type {number} */ i) => [0, 1, 2].some((k) => a[4 * i + k] !== b[4 * i + k]);
  let [cpuDrawn, gpuDrawn, differing] = [0, 0, 0];
  for (let i = 0; i < canvas.width * canvas.height; i++) {
    if (differs(empty, onCpu, i)) cpuDrawn += 1;
    if (differs(empty, onGpu, i)) gpuDrawn += 1;
    if (differs(onCpu, onGpu, i)) differing += 1;
  }
  return { cpuDrawn, gpuDrawn, differing, gpuErrors: errors };
}

/**
 * A sheet hanging face on to the camera, a ClothMesh drawing it and a ClothDragger on the canvas,
 * kept in the page as window.drag (frames(count) steps and draws); returns where the sheet's
 * bottom-right corner is on screen, in the page's CSS pixels.
 * @param {{ backend: 'cpu' | 'gpu' | 'webgpu', renderer: 'webgl' | 'webgpu' }} options
 */
export async function setUpDrag(options) {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const settings = { columns: 16, rows: 16, width: 0.6, height: 0.6, center: /** @type {[number, number, number]} */ ([0, 0.8, 0]) };
  const { THREE, ClothMesh, renderer, cloth, settle } = await setUp(canvas, options, settings);
  const { ClothDragger } = await import(options.renderer === 'webgpu' ? 'nuno/three/webgpu' : 'nuno/three');
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 0.1, 10);
  camera.position.set(0, 0.8, 2.2);
  const mesh = new ClothMesh(/** @type {any} */ (cloth), { renderer: /** @type {any} */ (options.backend === 'cpu' ? undefined : renderer) });
  scene.add(mesh);
  // Within 1.5 cm of the ray: of the particles 4 cm apart, only the one under the pointer.
  const dragger = new ClothDragger(mesh, camera, canvas, { reach: 0.015 });
  /** @type {string[]} */
  const events = [];
  dragger.addEventListener('grab', (/** @type {{ particle: number }} */ event) => events.push(`grab ${event.particle}`));
  dragger.addEventListener('release', (/** @type {{ particle: number }} */ event) => events.push(`release ${event.particle}`));
  const frames = async (/** @type {number} */ count) => {
    for (let i = 0; i < count; i++) {
      mesh.step(1 / 60);
      renderer.render(scene, camera);
      await settle();
    }
  };
  Object.assign(window, { drag: { cloth, dragger, events, frames } });
  await frames(5);
  const positions = await cloth.readPositions();
  const particle = cloth.particleCount - 1;
  const onScreen = new THREE.Vector3().fromArray(positions, 3 * particle).project(camera);
  const bounds = canvas.getBoundingClientRect();
  return { particle, x: bounds.left + (onScreen.x + 1) / 2 * bounds.width, y: bounds.top + (1 - onScreen.y) / 2 * bounds.height, startX: positions[3 * particle] };
}

/**
 * A sheet dropped onto a torus knot (collideWith makes it a mesh collider, with a friction that
 * keeps the sheet from sliding off it once upright) whose parent scales it by 1.2, which is then
 * grown (scale 1.1 more), raised and stood upright, 30 to 90 frames each.
 * Returns, at the end of each phase: the sheet's highest point and the knot's top (both world y),
 * the smallest collider clearance over read-backs every 10 frames, the collider as the cloth
 * holds it against the knot's pose and scale, and the rebuilds (updateCollider calls with
 * vertices) so far.
 * @param {{ backend: 'cpu' | 'gpu' | 'webgpu', renderer: 'webgl' | 'webgpu' }} options
 */
export async function dropOntoKnot(options) {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const settings = {
    columns: 20, rows: 20, width: 1, height: 1, center: /** @type {[number, number, number]} */ ([0, 0.9, 0]),
    orientation: /** @type {'horizontal'} */ ('horizontal'), pins: /** @type {'none'} */ ('none'),
  };
  const { THREE, ClothMesh, renderer, cloth, settle, gpuErrors } = await setUp(canvas, options, settings);
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 0.1, 10);
  camera.position.set(0, 1, 2.4);
  camera.lookAt(0, 0.5, 0);
  const mesh = new ClothMesh(/** @type {any} */ (cloth), { renderer: /** @type {any} */ (options.backend === 'cpu' ? undefined : renderer) });
  // Lying flat, under a parent that scales it: the collider takes the world scale.
  const rig = new THREE.Group();
  rig.scale.setScalar(1.2);
  const knot = new THREE.Mesh(new THREE.TorusKnotGeometry(0.16, 0.05, 96, 12), new THREE.MeshBasicMaterial({ color: 0x40c0ff }));
  knot.position.set(0, 0.4 / 1.2, 0);
  knot.rotation.x = Math.PI / 2;
  rig.add(knot);
  scene.add(mesh, rig);
  let rebuilds = 0;
  const update = cloth.updateCollider.bind(cloth);
  cloth.updateCollider = (/** @type {number} */ id, /** @type {any} */ changes) => {
    if (changes.vertices) rebuilds += 1;
    update(id, changes);
  };
  const id = mesh.collideWith(knot, { resolution: 48, friction: 0.9 });
  const geometryX = knot.geometry.getAttribute('position').getX(0);
  let clearance = Infinity;
  /** @type {Record<string, unknown>} */
  const phases = {};
  /**
   * @param {string} name
   * @param {number} frames
   * @param {(t: number) => void} move the knot, at t from 1 / frames to 1
   */
  const phase = async (name, frames, move) => {
    for (let i = 1; i <= frames; i++) {
      move(i / frames);
      mesh.step(1 / 60);
      renderer.render(scene, camera);
      await settle();
      if (i % 10 === 0) clearance = Math.min(clearance, cloth.colliderClearance(await cloth.readPositions()));
    }
    const positions = await cloth.readPositions();
    let highest = -Infinity;
    for (let i = 1; i < positions.length; i += 3) highest = Math.max(highest, positions[i]);
    const held = /** @type {any} */ (cloth.colliders.find((collider) => collider.id === id));
    const pose = /** @type {const} */ ([new THREE.Vector3(), new THREE.Quaternion(), new THREE.Vector3()]);
    knot.matrixWorld.decompose(...pose);
    phases[name] = {
      highest, knotTop: new THREE.Box3().setFromObject(knot, true).max.y, clearance, rebuilds,
      centerOffMm: 1000 * pose[0].distanceTo(new THREE.Vector3(...held.center)),
      rotationOff: 1 - Math.abs(pose[1].dot(new THREE.Quaternion(...held.rotation))),
      scaleOff: Math.abs(held.vertices[0] / geometryX - pose[2].x),
      resolution: held.resolution, friction: held.friction,
    };
  };
  await phase('dropped', 90, () => {});
  await phase('grown', 30, () => knot.scale.setScalar(1.1));
  await phase('raised', 30, (t) => { knot.position.y = (0.4 + 0.1 * t) / 1.2; });
  // Turned in 40 frames, which tosses the sheet up, and 20 more for it to land.
  await phase('upright', 60, (t) => { knot.rotation.x = Math.PI / 2 * Math.max(0, 1 - 1.5 * t); });
  const summary = { phases, margin: cloth.settings.collisionMargin, gpuErrors: gpuErrors() };
  mesh.dispose();
  cloth.dispose();
  renderer.dispose();
  return summary;
}

/**
 * The triangles of `triangleIndices` with a torn edge, found from the vertices (each torn
 * constraint a pair of particles), not as nuno/three finds them.
 * @param {Uint32Array} triangleIndices
 * @param {Uint8Array} torn a byte per particle, bit d the constraint in direction d
 * @param {number} columns
 */
function trianglesOnTornEdges(triangleIndices, torn, columns) {
  const offsets = [1, columns, columns + 1, 1 - columns];
  const pair = (/** @type {number} */ a, /** @type {number} */ b) => `${Math.min(a, b)} ${Math.max(a, b)}`;
  const edges = new Set();
  torn.forEach((bits, particle) => {
    for (let d = 0; d < 4; d++) if ((bits >> d) & 1) edges.add(pair(particle, particle + offsets[d]));
  });
  const isTorn = (/** @type {number} */ a, /** @type {number} */ b) => edges.has(pair(a, b));
  let count = 0;
  for (let t = 0; t < triangleIndices.length; t += 3) {
    const [a, b, c] = triangleIndices.subarray(t, t + 3);
    if (isTorn(a, b) || isTorn(b, c) || isTorn(a, c)) count += 1;
  }
  return count;
}

/**
 * A 24 x 24 sheet, 1 m square, hanging face on from its top edge, torn down the middle: its
 * bottom row held, its left half moved 1 cm a step to the left and its right half to the right,
 * for 30 steps (a frame each), drawn white on black by a ClothMesh. Then, without stepping, the
 * mesh brought up to date once a frame until its drawn index has caught up with the mask (a GPU
 * cloth's is read back every few frames), 40 frames at most.
 * Returns the index's full and drawn lengths, the mask's torn constraints and the triangles it
 * puts on a torn edge (counted here from the vertices), the frames the index took to catch up,
 * and the picture's cloth pixels and holes: background pixels with cloth on both sides in
 * their row (a tear's gap; none on the untorn trapezoid).
 * @param {{ backend: 'cpu' | 'worker' | 'gpu' | 'webgpu', renderer: 'webgl' | 'webgpu', tearStrain: number }} options
 */
export async function tearSheetApart(options) {
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const settings = {
    columns: 24, rows: 24, width: 1, height: 1, orientation: /** @type {'vertical'} */ ('vertical'),
    center: /** @type {[number, number, number]} */ ([0, 1, 0]), pins: /** @type {'top-edge'} */ ('top-edge'), tearStrain: options.tearStrain,
  };
  const { THREE, ClothMesh, renderer, cloth, pixels, gpuErrors, settle } = await setUp(canvas, options, settings);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x000000);
  const camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 0.1, 10);
  camera.position.set(0, 1, 2.6);
  const mesh = new ClothMesh(/** @type {any} */ (cloth), {
    material: new THREE.MeshBasicMaterial({ color: 0xffffff, side: THREE.DoubleSide }),
    renderer: /** @type {any} */ (['gpu', 'webgpu'].includes(options.backend) ? renderer : undefined),
  });
  scene.add(mesh);
  const { columns, rows } = cloth;
  for (let step = 1; step <= 30; step++) {
    for (let column = 0; column < columns; column++) {
      const particle = (rows - 1) * columns + column;
      const [x, y, z] = cloth.restPositions.slice(3 * particle, 3 * particle + 3);
      mesh.hold(particle, [x + (column < columns / 2 ? -0.01 : 0.01) * step, y, z]);
    }
    mesh.step(1 / 60);
    renderer.render(scene, camera);
    await settle();
  }
  const torn = await cloth.readTorn();
  const full = cloth.triangleIndices.length;
  const onTornEdges = trianglesOnTornEdges(cloth.triangleIndices, torn, columns);
  const drawn = () => Math.min(mesh.geometry.drawRange.count, /** @type {import('three').BufferAttribute} */ (mesh.geometry.getIndex()).count);
  let framesBehind = 0;
  while (drawn() !== full - 3 * onTornEdges && framesBehind < 40) {
    framesBehind += 1;
    mesh.update();
    renderer.render(scene, camera);
    await settle();
    await new Promise(requestAnimationFrame);
  }
  mesh.update();
  renderer.render(scene, camera);
  const picture = pixels();
  let [clothPixels, holes] = [0, 0];
  for (let y = 0; y < canvas.height; y++) {
    const lit = Array.from({ length: canvas.width }, (_, x) => {
      const i = 4 * (y * canvas.width + x);
      return picture[i] + picture[i + 1] + picture[i + 2] > 30;
    });
    const first = lit.indexOf(true);
    const last = lit.lastIndexOf(true);
    for (let x = first; first >= 0 && x <= last; x++) {
      if (lit[x]) clothPixels += 1;
      else holes += 1;
    }
  }
  const summary = {
    full, drawn: drawn(), tornConstraints: cloth.tornConstraints(torn), onTornEdges, framesBehind, clothPixels, holes, gpuErrors: gpuErrors(),
  };
  mesh.dispose();
  cloth.dispose();
  renderer.dispose();
  return summary;
}
