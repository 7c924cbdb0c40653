// Mesh colliders for the browser tests (mesh-colliders.spec.js), imported by the page itself
// (page.evaluate's functions stand alone): an icosphere built here, the cloths of one scene on
// the CPU, WebGL2 and WebGPU with the calls that upload a mesh field counted, and how far apart
// and how deep into the mesh their particles end.

/**
 * A sphere of `radius` about the origin from an icosahedron whose faces are cut in four
 * `subdivisions` times, every vertex pushed out onto the sphere: a closed convex mesh whose
 * faces wind counter-clockwise seen from outside.
 * @param {number} subdivisions
 * @param {number} radius metres
 * @returns {{ vertices: number[], indices: number[] }} xyz per vertex, three vertices a triangle
 */
export function icosphere(subdivisions, radius) {
  const t = (1 + Math.sqrt(5)) / 2;
  /** @type {number[][]} */
  const points = [[-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t],
    [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1]];
  let faces = [[0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
    [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1]];
  for (let level = 0; level < subdivisions; level++) {
    /** @type {Map<string, number>} */
    const middles = new Map();
    const middle = (/** @type {number} */ a, /** @type {number} */ b) => {
      const key = a < b ? `${a} ${b}` : `${b} ${a}`;
      let index = middles.get(key);
      if (index === undefined) {
        index = points.push(points[a].map((value, axis) => (value + points[b][axis]) / 2)) - 1;
        middles.set(key, index);
      }
      return index;
    };
    faces = faces.flatMap(([a, b, c]) => {
      const [ab, bc, ca] = [middle(a, b), middle(b, c), middle(c, a)];
      return [[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]];
    });
  }
  const vertices = points.flatMap((point) => {
    const length = Math.hypot(...point);
    return point.map((value) => (value / length) * radius);
  });
  return { vertices, indices: faces.flat() };
}

/**
 * How far points lie inside a convex mesh (metres; 0 or less outside): the least depth below its
 * faces' planes. Exact for the mesh itself, where a collider's field is sampled on a grid.
 * @param {{ vertices: number[], indices: number[] }} mesh in its own frame
 * @returns {(local: ArrayLike<number>) => number} the depth of a point in the mesh's frame
 */
export function convexDepth({ vertices, indices }) {
  const planes = [];
  for (let f = 0; f < indices.length; f += 3) {
    const [a, b, c] = [0, 1, 2].map((k) => vertices.slice(3 * indices[f + k], 3 * indices[f + k] + 3));
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const normal = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const length = Math.hypot(...normal);
    const unit = normal.map((value) => value / length);
    planes.push([...unit, unit[0] * a[0] + unit[1] * a[1] + unit[2] * a[2]]);
  }
  return (local) => {
    let depth = Infinity;
    for (const [x, y, z, offset] of planes) depth = Math.min(depth, offset - (x * local[0] + y * local[1] + z * local[2]));
    return depth;
  };
}

/**
 * A point of the world in the frame of a collider at `center` turned by the unit quaternion
 * `rotation` (x, y, z, w): the conjugate's turn of point - center.
 * @param {ArrayLike<number>} point
 * @param {ArrayLike<number>} center
 * @param {ArrayLike<number>} rotation
 */
export function toLocal(point, center, rotation) {
  const [x, y, z, w] = rotation;
  const norm = Math.hypot(x, y, z, w);
  const q = [-x / norm, -y / norm, -z / norm];
  const s = w / norm;
  const p = [point[0] - center[0], point[1] - center[1], point[2] - center[2]];
  const cross = (/** @type {number[]} */ a, /** @type {number[]} */ b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const twice = cross(q, p).map((value) => 2 * value);
  const turned = cross(q, twice);
  return p.map((value, axis) => value + s * twice[axis] + turned[axis]);
}

/**
 * The largest distance between the same particle of two position arrays, metres.
 * @param {ArrayLike<number>} a xyz per particle
 * @param {ArrayLike<number>} b
 */
export function maxDeviation(a, b) {
  let deviation = 0;
  for (let i = 0; i < a.length; i += 3) deviation = Math.max(deviation, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return deviation;
}

/**
 * Coordinates that differ between two position arrays (0: the same bits).
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 */
export function differing(a, b) {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) count += 1;
  return count;
}

/**
 * Counts the calls that upload a 3D texture: texImage3D and texSubImage3D on a WebGL2 context,
 * writeTexture on a WebGPU device's queue.
 * @param {WebGL2RenderingContext | GPUDevice} target
 * @returns {{ count: number }} counted from now on
 */
export function countTextureUploads(target) {
  const counter = { count: 0 };
  const [owner, names] = target instanceof WebGL2RenderingContext ? [target, ['texImage3D', 'texSubImage3D']] : [target.queue, ['writeTexture']];
  for (const name of names) {
    const upload = /** @type {any} */ (owner)[name];
    /** @type {any} */ (owner)[name] = (/** @type {any[]} */ ...args) => {
      counter.count += 1;
      return upload.apply(owner, args);
    };
  }
  return counter;
}

/**
 * One cloth of `settings` on each backend the scene names, in the harness page: the WebGL2 cloth
 * on the page's canvas, the WebGPU cloth on a device of its own whose errors are kept; the calls
 * that upload a 3D texture are counted per backend (`uploads.gpu.count`, `uploads.webgpu.count`).
 * @param {any} nuno the package, loaded
 * @param {object} settings
 * @param {readonly ('cpu' | 'gpu' | 'webgpu')[]} backends
 */
export async function clothsOn(nuno, settings, backends) {
  const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
  const webGpuErrors = /** @type {string[]} */ ([]);
  /** @type {GPUDevice | null} */
  let device = null;
  if (backends.includes('webgpu')) {
    device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    device.addEventListener('uncapturederror', (/** @type {any} */ event) => webGpuErrors.push(event.error.message));
  }
  const uploads = { gpu: countTextureUploads(gl), webgpu: device ? countTextureUploads(device) : { count: 0 } };
  const cloths = Object.fromEntries(backends.map((backend) => [backend,
    backend === 'cpu' ? nuno.createCloth(settings) : nuno.createCloth(backend === 'gpu' ? gl : device, { ...settings, backend, precision: 'float' })]));
  return {
    gl, device, cloths, uploads, webGpuErrors,
    dispose() {
      for (const cloth of Object.values(cloths)) cloth.dispose();
      device?.destroy();
    },
  };
}
