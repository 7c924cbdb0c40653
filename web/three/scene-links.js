// What ClothMesh keeps in step with the scene every frame: colliders shaped and placed as three
// objects are (a sphere, box, capsule or plane mesh as that analytic collider, any other mesh of
// triangles as a mesh collider, under any parents) and particles attached to objects that move.
// Everything is expressed in the ClothMesh's own frame, where the cloth's positions live: an
// object's pose is its world matrix seen from the mesh's.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { MeshShape } from './mesh-shape.js';

/** @typedef {import('three').Object3D} Object3D */
/** @typedef {import('../index.js').ColliderDescription} ColliderDescription */

const position = new Vector3();
const rotation = new Quaternion();
const scale = new Vector3();
const pose = new Matrix4();

/**
 * The object's pose in `frame`'s coordinates, world matrices brought up to date first.
 * @param {Object3D} object
 * @param {Object3D} frame
 */
function poseIn(object, frame) {
  object.updateWorldMatrix(true, false);
  frame.updateWorldMatrix(true, false);
  return pose.copy(frame.matrixWorld).invert().multiply(object.matrixWorld);
}

/** The geometries made into analytic colliders: cheaper than a mesh's field, and exact. */
const analytic = new Set(['SphereGeometry', 'BoxGeometry', 'CapsuleGeometry', 'PlaneGeometry']);

/** @param {Object3D} object */
const geometryOf = (object) => /** @type {{ type?: string, parameters?: Record<string, number> }} */ (/** @type {any} */ (object).geometry ?? {});

/**
 * The collider a three mesh makes, in `frame`'s coordinates, without its friction; a mesh
 * collider's triangles only when `shape` says they changed.
 * @param {Object3D} object
 * @param {Object3D} frame
 * @param {MeshShape | null} shape the object's, unless its geometry is analytic
 * @returns {ColliderDescription}
 */
export function colliderOf(object, frame, shape) {
  const geometry = geometryOf(object);
  const parameters = geometry.parameters ?? {};
  poseIn(object, frame).decompose(position, rotation, scale);
  const [sx, sy, sz] = [Math.abs(scale.x), Math.abs(scale.y), Math.abs(scale.z)];
  const center = /** @type {[number, number, number]} */ (position.toArray());
  switch (geometry.type) {
    case 'SphereGeometry':
      return { type: 'sphere', center, radius: parameters.radius * Math.max(sx, sy, sz) };
    case 'BoxGeometry':
      return {
        type: 'box', center, rotation: [rotation.x, rotation.y, rotation.z, rotation.w],
        halfExtents: [parameters.width / 2 * sx, parameters.height / 2 * sy, parameters.depth / 2 * sz],
      };
    case 'CapsuleGeometry': {
      // Along the object's y: its middle section's length between the caps' centres.
      const half = new Vector3(0, parameters.height / 2 * sy, 0).applyQuaternion(rotation);
      return {
        type: 'capsule', radius: parameters.radius * Math.max(sx, sz),
        start: /** @type {[number, number, number]} */ (position.clone().sub(half).toArray()),
        end: /** @type {[number, number, number]} */ (position.clone().add(half).toArray()),
      };
    }
    case 'PlaneGeometry':
      // The plane it lies in, facing its +z, taken as unbounded.
      return { type: 'plane', point: center, normal: /** @type {[number, number, number]} */ (new Vector3(0, 0, 1).applyQuaternion(rotation).toArray()) };
    default:
      return { type: 'mesh', center, rotation: [rotation.x, rotation.y, rotation.z, rotation.w], .../** @type {MeshShape} */ (shape).changes(scale) };
  }
}

/**
 * The colliders and attachments of one ClothMesh, brought up to date before each step.
 */
export class SceneLinks {
  /** @type {Map<Object3D, { id: number, shape: MeshShape | null }>} each object's collider */
  #colliders = new Map();
  /** @type {Map<Object3D, { particles: number[], offsets: Vector3[] }>} each object's particles, at offsets in its own frame */
  #attachments = new Map();
  /** @type {{ particles: number[], slots: { offset: Vector3, object: Object3D }[] } | null} all attached particles in increasing order */
  #order = null;
  /** Whether the cloth holds attachments sent from here. */
  #attachedOnCloth = false;

  /**
   * @param {import('./cloth-mesh.js').AnyCloth} cloth
   * @param {Object3D} frame the ClothMesh
   * @param {Object3D} object
   * @param {{ friction?: number, thickness?: number, resolution?: number }} options those given; the core refuses a mesh's on another collider
   */
  collideWith(cloth, frame, object, options) {
    if (this.#colliders.has(object)) throw new Error('nuno/three: the cloth already collides with this object');
    const shape = analytic.has(geometryOf(object).type ?? '') ? null : new MeshShape(object);
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    const id = cloth.addCollider(/** @type {ColliderDescription} */ ({ ...colliderOf(object, frame, shape), ...given }));
    this.#colliders.set(object, { id, shape });
    return id;
  }

  /**
   * @param {import('./cloth-mesh.js').AnyCloth} cloth
   * @param {Object3D} object
   */
  stopColliding(cloth, object) {
    const collider = this.#colliders.get(object);
    if (collider === undefined) return;
    cloth.removeCollider(collider.id);
    this.#colliders.delete(object);
  }

  /**
   * Attaches particles to the object where their rest positions lie relative to it now.
   * @param {Float32Array} restPositions the cloth's
   * @param {Object3D} frame the ClothMesh
   * @param {Object3D} object
   * @param {ArrayLike<number>} particles
   */
  attachTo(restPositions, frame, object, particles) {
    const count = restPositions.length / 3;
    const taken = new Set([...this.#attachments].filter(([other]) => other !== object).flatMap(([, { particles: p }]) => p));
    const given = new Set();
    const list = Array.from(particles, (particle) => {
      if (!Number.isInteger(particle) || particle < 0 || particle >= count) {
        throw new RangeError(`nuno/three: 'particles' must be integers in [0, ${count - 1}], got ${particle}`);
      }
      if (taken.has(particle)) throw new Error(`nuno/three: particle ${particle} is attached to another object already`);
      if (given.has(particle)) throw new Error(`nuno/three: 'particles' must name each particle once, got ${particle} twice`);
      given.add(particle);
      return particle;
    });
    const toObject = poseIn(frame, object);
    const offsets = list.map((particle) => new Vector3().fromArray(restPositions, 3 * particle).applyMatrix4(toObject));
    this.#attachments.set(object, { particles: list, offsets });
    this.#order = null;
  }

  /** @param {Object3D} object */
  detach(object) {
    this.#order = null;
    return this.#attachments.delete(object);
  }

  /**
   * Moves every collider to its object's pose and every attached particle's target to where its
   * object carries it now.
   * @param {import('./cloth-mesh.js').AnyCloth} cloth
   * @param {Object3D} frame the ClothMesh
   */
  follow(cloth, frame) {
    for (const [object, { id, shape }] of this.#colliders) {
      const { type, ...changes } = colliderOf(object, frame, shape);
      try {
        cloth.updateCollider(id, changes);
      } catch (error) {
        // Refused (a GPU without room for the new field): tried again at the next step.
        shape?.forget();
        throw error;
      }
    }
    if (this.#attachments.size === 0) {
      if (this.#attachedOnCloth) cloth.attach([], []);
      this.#attachedOnCloth = false;
      return;
    }
    const order = this.#order ?? this.#sortAttachments();
    const targets = new Float32Array(3 * order.particles.length);
    /** @type {Map<Object3D, Matrix4>} */
    const poses = new Map();
    order.slots.forEach(({ object, offset }, i) => {
      let objectPose = poses.get(object);
      if (!objectPose) {
        objectPose = poseIn(object, frame).clone();
        poses.set(object, objectPose);
      }
      position.copy(offset).applyMatrix4(objectPose).toArray(targets, 3 * i);
    });
    cloth.attach(order.particles, targets);
    this.#attachedOnCloth = true;
  }

  /**
   * Every collider made here removed from the cloth and every particle attached here let go.
   * @param {import('./cloth-mesh.js').AnyCloth} cloth
   */
  clear(cloth) {
    for (const object of [...this.#colliders.keys()]) this.stopColliding(cloth, object);
    this.#attachments.clear();
    this.#order = null;
    if (this.#attachedOnCloth) cloth.attach([], []);
    this.#attachedOnCloth = false;
  }

  #sortAttachments() {
    const slots = [...this.#attachments].flatMap(([object, { particles, offsets }]) =>
      particles.map((particle, i) => ({ particle, object, offset: offsets[i] })));
    slots.sort((a, b) => a.particle - b.particle);
    this.#order = { particles: slots.map((slot) => slot.particle), slots };
    return this.#order;
  }
}
