// A mesh collider's shape from a three mesh of triangles: its geometry's positions with the
// mesh's scale baked in, since the cloth places a mesh collider by a centre and a rotation only.
// The cloth builds a distance field from the triangles it is sent (tens to hundreds of ms), so
// they are sent again only when what they are made from changed, never every frame.

/** @typedef {import('three').Object3D} Object3D */
/** @typedef {import('three').BufferGeometry} BufferGeometry */
/** @typedef {import('three').Vector3} Vector3 */
/** @typedef {import('three').BufferAttribute | import('three').InterleavedBufferAttribute} Attribute */

// Scales that differ by less than a float32 vertex can show build the same field: the scale
// decomposed from a turning object's matrices wobbles in its last bits, which must not rebuild.
const scaleTolerance = 1e-7;

/** @param {string} name */
const named = (name) => `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;

/**
 * The geometry of a mesh whose triangles can make a collider, or an error naming why not.
 * @param {Object3D} object
 * @returns {BufferGeometry}
 */
function trianglesOf(object) {
  const mesh = /** @type {Partial<import('three').InstancedMesh & import('three').BatchedMesh>} */ (object);
  // Instanced and batched meshes keep the type 'Mesh'.
  const kind = mesh.isInstancedMesh ? 'InstancedMesh' : mesh.isBatchedMesh ? 'BatchedMesh' : object.type;
  const what = `${named(kind)}${mesh.geometry ? ` of ${named(mesh.geometry.type)}` : ''}`;
  if (!mesh.isMesh) throw new TypeError(`nuno/three: a collider is made from a mesh of triangles, got ${what}`);
  if (mesh.isInstancedMesh || mesh.isBatchedMesh) {
    throw new TypeError(`nuno/three: a collider is made from one mesh, got ${what}: collide with a Mesh per instance`);
  }
  const position = /** @type {BufferGeometry} */ (mesh.geometry).getAttribute('position');
  if (!position || position.itemSize !== 3) {
    throw new TypeError(`nuno/three: a mesh collider is made from a geometry's 'position' attribute of x, y, z per vertex, got ${what} ` +
      (position ? `whose positions have ${position.itemSize} components` : 'without one'));
  }
  return /** @type {BufferGeometry} */ (mesh.geometry);
}

/** @param {Attribute} attribute */
const versionOf = (attribute) => ('isInterleavedBufferAttribute' in attribute ? attribute.data.version : attribute.version);

/** What one mesh collider's triangles were last made from. */
export class MeshShape {
  #object;
  /** @type {unknown[]} the geometry, its position and index attributes and their versions */
  #source = [];
  /** @type {number[]} */
  #scale = [];

  /** @param {Object3D} object refused at once when it cannot make a collider */
  constructor(object) {
    trianglesOf(object);
    this.#object = object;
  }

  /**
   * The object's triangles at `scale` (its scale in the cloth's frame, signed: a mirrored mesh
   * is mirrored), or nothing when neither they nor the scale changed since they were last made:
   * a new geometry, or an attribute marked `needsUpdate`, counts as a change.
   * @param {Vector3} scale
   * @returns {{ vertices?: Float32Array, indices?: Uint16Array | Uint32Array }}
   */
  changes(scale) {
    const geometry = trianglesOf(this.#object);
    const position = geometry.getAttribute('position');
    const { index } = geometry;
    const source = [geometry, position, versionOf(position), index, index && index.version];
    const scales = scale.toArray();
    const sameSource = source.every((part, i) => part === this.#source[i]);
    const sameScale = scales.every((s, i) => Math.abs(s - this.#scale[i]) <= scaleTolerance * Math.abs(s));
    if (sameSource && sameScale) return {};
    this.#source = source;
    this.#scale = scales;
    const vertices = new Float32Array(3 * position.count);
    for (let i = 0; i < position.count; i++) {
      vertices[3 * i] = position.getX(i) * scales[0];
      vertices[3 * i + 1] = position.getY(i) * scales[1];
      vertices[3 * i + 2] = position.getZ(i) * scales[2];
    }
    // Without an index, each three vertices in turn are a triangle.
    const indices = index ? /** @type {Uint16Array | Uint32Array} */ (index.array) : Uint32Array.from({ length: position.count }, (_, i) => i);
    return { vertices, indices };
  }

  /** The cloth refused the triangles `changes()` last made: make them again next time. */
  forget() {
    this.#source = [];
    this.#scale = [];
  }
}
