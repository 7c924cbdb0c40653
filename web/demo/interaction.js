// Pointer input on the canvas: mouse, pen and touch alike, through Pointer Events. What each
// pointer does is decided once, when it goes down: it grabs the cloth, drags the sphere, or turns
// the camera (a second finger on the camera, or two landing together, pinch). So the camera never
// turns under a drag, and only one thing is dragged at a time. Two quick taps, or a double click,
// reset the cloth.
import { DoubleTap } from './double-tap.js';
import { distanceAlongRay, pointerRay, rayPlaneIntersection, raySphereDistance } from './picking.js';

/** @typedef {import('./stage.js').AnyCloth} AnyCloth */
/** @typedef {import('./picking.js').Ray} Ray */
/** @typedef {import('./picking.js').Vec3} Vec3 */
/** @typedef {import('./orbit-camera.js').OrbitCamera} OrbitCamera */

/**
 * What the pointer can take hold of.
 * @typedef {object} Grabbable
 * @property {() => AnyCloth} cloth the cloth in use now
 * @property {() => { center: Vec3, radius: number } | null} sphere null while switched off
 * @property {(center: Vec3) => void} moveSphere
 */

/**
 * What one pointer is doing. 'picking' waits for the GPU cloth's positions to come back;
 * 'inert' ignores the pointer until it lifts (a second pointer during a drag, or a drag that
 * was called off).
 * @typedef {{ kind: 'camera' }
 *   | { kind: 'picking', latest: PointerEvent }
 *   | { kind: 'cloth', cloth: AnyCloth, particle: number, drag: PlaneDrag }
 *   | { kind: 'sphere', drag: PlaneDrag }
 *   | { kind: 'inert' }} Role
 */

/** A particle counts as under the pointer within this many grid cells (diagonals) of its ray. */
const grabReachCells = 1.5;

/**
 * Moves a point with the pointer in the plane through it that faces the pointer's first ray,
 * so the point keeps its depth and follows the pointer without jumping to it.
 */
class PlaneDrag {
  /** @type {Vec3} */
  #anchor;
  /** @type {Vec3} */
  #normal;
  /** @type {Vec3} where the first ray met the plane */
  #start;

  /**
   * @param {Ray} ray the pointer's ray when the drag starts
   * @param {ArrayLike<number>} anchor the point dragged, where it is now
   */
  constructor(ray, anchor) {
    this.#anchor = [anchor[0], anchor[1], anchor[2]];
    this.#normal = ray.direction;
    this.#start = rayPlaneIntersection(ray, this.#anchor, this.#normal) ?? this.#anchor;
  }

  /**
   * Where the point goes for the pointer's ray now, or null if the ray misses the plane.
   * @param {Ray} ray
   * @returns {Vec3 | null}
   */
  follow(ray) {
    const hit = rayPlaneIntersection(ray, this.#anchor, this.#normal);
    if (!hit) return null;
    return /** @type {Vec3} */ ([0, 1, 2].map((axis) => this.#anchor[axis] + hit[axis] - this.#start[axis]));
  }
}

export class Interaction {
  /** @type {HTMLCanvasElement} */
  #canvas;
  /** @type {OrbitCamera} */
  #camera;
  /** @type {Grabbable} */
  #scene;
  /** @type {() => void} */
  #onDoubleTap;
  /** @type {Map<number, Role>} */
  #roles = new Map();
  #doubleTap = new DoubleTap();

  /**
   * @param {HTMLCanvasElement} canvas
   * @param {OrbitCamera} camera turned by pointers that grab nothing
   * @param {Grabbable} scene
   * @param {() => void} onDoubleTap
   */
  constructor(canvas, camera, scene, onDoubleTap) {
    this.#canvas = canvas;
    this.#camera = camera;
    this.#scene = scene;
    this.#onDoubleTap = onDoubleTap;
    canvas.addEventListener('pointerdown', (event) => this.#down(event));
    canvas.addEventListener('pointermove', (event) => this.#move(event));
    canvas.addEventListener('pointerup', (event) => this.#up(event));
    canvas.addEventListener('pointercancel', (event) => this.#up(event));
  }

  /**
   * Lets go of whatever is held, before the cloth is reset or replaced or the context is lost.
   * The pointers stay down but do nothing more until they lift.
   */
  releaseAll() {
    for (const [pointerId, role] of this.#roles) {
      if (role.kind === 'camera') continue;
      if (role.kind === 'cloth') release(role);
      this.#roles.set(pointerId, { kind: 'inert' });
    }
  }

  /** @param {PointerEvent} event */
  #down(event) {
    this.#canvas.setPointerCapture(event.pointerId);
    this.#doubleTap.down(event);
    const picking = [...this.#roles.values()].find((role) => role.kind === 'picking');
    if (picking?.kind === 'picking') {
      // A second finger before the first found what it touched: the two are a pinch.
      this.#turnCamera(picking.latest);
      this.#turnCamera(event);
    } else if (this.#camera.active) {
      this.#turnCamera(event);
    } else if (this.#roles.size > 0) {
      this.#roles.set(event.pointerId, { kind: 'inert' });
    } else {
      this.#pick(event);
    }
  }

  /**
   * Finds what is under the pointer, nearest first: the cloth, the sphere, or nothing (the
   * camera then turns). A GPU cloth's pick takes a few frames to come back (the WebGPU cloth
   * picks on the GPU; WebGL2 reads the positions back); the pointer's moves meanwhile are kept
   * and applied once it is known.
   * @param {PointerEvent} event
   */
  async #pick(event) {
    /** @type {Role} */
    const picking = { kind: 'picking', latest: event };
    this.#roles.set(event.pointerId, picking);
    const ray = pointerRay(event, this.#canvas, this.#camera);
    const cloth = this.#scene.cloth();
    const sphere = this.#scene.sphere();
    const picked = await cloth.pickParticle(ray.origin, ray.direction, grabReach(cloth));
    // Lifted, called off, or the cloth replaced while the pick was on its way.
    if (this.#roles.get(event.pointerId) !== picking || cloth !== this.#scene.cloth()) return;

    const clothDistance = picked ? distanceAlongRay(ray, picked.position) : Infinity;
    const sphereDistance = sphere ? raySphereDistance(ray, sphere.center, sphere.radius) : null;
    if (sphere && sphereDistance !== null && sphereDistance < clothDistance) {
      this.#roles.set(event.pointerId, { kind: 'sphere', drag: new PlaneDrag(ray, sphere.center) });
    } else if (picked) {
      this.#roles.set(event.pointerId, { kind: 'cloth', cloth, particle: picked.particle, drag: new PlaneDrag(ray, picked.position) });
    } else {
      this.#turnCamera(event);
    }
    this.#move(picking.latest);
  }

  /** @param {PointerEvent} event */
  #turnCamera(event) {
    this.#roles.set(event.pointerId, { kind: 'camera' });
    this.#camera.pointerDown(event);
  }

  /** @param {PointerEvent} event */
  #move(event) {
    const role = this.#roles.get(event.pointerId);
    if (role?.kind === 'camera') {
      this.#camera.pointerMove(event);
    } else if (role?.kind === 'picking') {
      role.latest = event;
    } else if (role?.kind === 'cloth' || role?.kind === 'sphere') {
      const target = role.drag.follow(pointerRay(event, this.#canvas, this.#camera));
      if (!target) return;
      if (role.kind === 'cloth') role.cloth.hold(role.particle, target);
      else this.#scene.moveSphere(target);
    }
  }

  /** @param {PointerEvent} event a pointerup or pointercancel */
  #up(event) {
    const role = this.#roles.get(event.pointerId);
    this.#roles.delete(event.pointerId);
    if (role?.kind === 'camera') this.#camera.pointerUp(event);
    if (role?.kind === 'cloth') release(role);
    if (this.#doubleTap.up(event)) this.#onDoubleTap();
  }
}

/** @param {{ cloth: AnyCloth, particle: number }} hold */
function release({ cloth, particle }) {
  if (!cloth.disposed) cloth.release(particle);
}

/**
 * How far from the pointer's ray a particle may be and still be grabbed: a little over one
 * grid cell, so a ray that meets the cloth anywhere finds a particle.
 * @param {AnyCloth} cloth
 */
function grabReach(cloth) {
  const { width, height } = cloth.settings;
  return grabReachCells * Math.hypot(width / (cloth.columns - 1), height / (cloth.rows - 1));
}
