// Grabbing a ClothMesh with the pointer: a press picks the particle nearest the pointer's ray
// (within reach of it, the front one of a folded cloth), a move holds it where the ray meets
// the plane through it facing the camera, a release lets it go. The GPU cloths' positions
// are read back for the pick (the press is answered a frame or so later); the CPU cloths' are
// at hand. It dispatches 'grab' and 'release', so an app can pause its camera controls.
import { EventDispatcher, Matrix4, Plane, Raycaster, Vector2, Vector3 } from 'three';
import { nearestParticleToRay } from '../picking.js';

/** @typedef {import('./cloth-mesh-base.js').ClothMeshBase} ClothMeshBase */

export class ClothDragger extends EventDispatcher {
  #mesh;
  #camera;
  #element;
  #reach;
  #raycaster = new Raycaster();
  /** @type {{ particle: number, plane: Plane, pointerId: number } | null} */
  #grab = null;
  /** Presses since the last release: a read-back that resolves after a later press is stale. */
  #presses = 0;
  #listeners;

  /**
   * @param {ClothMeshBase} mesh
   * @param {import('three').Camera} camera the one the scene is drawn with
   * @param {HTMLElement} element where the pointer events come (the renderer's canvas)
   * @param {{ reach?: number }} [options] metres from the pointer's ray a particle may be to be grabbed (default 0.05)
   */
  constructor(mesh, camera, element, { reach = 0.05 } = {}) {
    super();
    if (!(reach > 0)) throw new RangeError(`nuno/three: 'reach' must be a number above 0, got ${reach}`);
    this.#mesh = mesh;
    this.#camera = camera;
    this.#element = element;
    this.#reach = reach;
    this.#listeners = {
      pointerdown: (/** @type {PointerEvent} */ event) => void this.#press(event),
      pointermove: (/** @type {PointerEvent} */ event) => this.#move(event),
      pointerup: (/** @type {PointerEvent} */ event) => this.#release(event),
      pointercancel: (/** @type {PointerEvent} */ event) => this.#release(event),
    };
    for (const [type, listener] of Object.entries(this.#listeners)) element.addEventListener(type, /** @type {EventListener} */ (listener));
  }

  /** Whether a particle is held now. */
  get dragging() {
    return this.#grab !== null;
  }

  /** Stops listening, letting go of a particle held (and of one a press is still picking). */
  dispose() {
    this.#presses += 1;
    this.#letGo();
    for (const [type, listener] of Object.entries(this.#listeners)) this.#element.removeEventListener(type, /** @type {EventListener} */ (listener));
  }

  /**
   * The pointer's ray in the mesh's frame, where the cloth's positions are.
   * @param {PointerEvent} event
   */
  #rayAt(event) {
    const bounds = this.#element.getBoundingClientRect();
    const pointer = new Vector2(((event.clientX - bounds.left) / bounds.width) * 2 - 1, -((event.clientY - bounds.top) / bounds.height) * 2 + 1);
    this.#raycaster.setFromCamera(pointer, this.#camera);
    this.#mesh.updateWorldMatrix(true, false);
    return this.#raycaster.ray.clone().applyMatrix4(new Matrix4().copy(this.#mesh.matrixWorld).invert());
  }

  /** @param {PointerEvent} event */
  async #press(event) {
    if (this.#grab || event.button !== 0) return;
    const press = ++this.#presses;
    const ray = this.#rayAt(event);
    const cloth = this.#mesh.cloth;
    let positions;
    try {
      const onGpu = cloth.backend === 'gpu' || cloth.backend === 'webgpu';
      positions = onGpu ? await cloth.readPositions() : /** @type {Float32Array} */ (/** @type {any} */ (cloth).positions);
    } catch {
      return;  // a lost context or device: nothing to pick
    }
    // A release, another press or dispose() since: this pick is stale.
    if (press !== this.#presses || cloth.disposed) return;
    const particle = nearestParticleToRay(positions, ray.origin.toArray(), ray.direction.toArray(), this.#reach);
    if (particle < 0) return;
    const at = new Vector3().fromArray(positions, 3 * particle);
    const facing = ray.direction.clone().negate();
    this.#grab = { particle, plane: new Plane().setFromNormalAndCoplanarPoint(facing, at), pointerId: event.pointerId };
    // The release then comes here even when the pointer leaves the element.
    if (this.#element.hasPointerCapture && !this.#element.hasPointerCapture(event.pointerId)) {
      try {
        this.#element.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is gone already: its release came, or comes, by the listeners.
      }
    }
    this.#mesh.hold(particle, at.toArray());
    this.dispatchEvent({ type: 'grab', particle });
  }

  /** @param {PointerEvent} event */
  #move(event) {
    const grab = this.#grab;
    if (!grab || event.pointerId !== grab.pointerId) return;
    const target = this.#rayAt(event).intersectPlane(grab.plane, new Vector3());
    if (target) this.#mesh.hold(grab.particle, target.toArray());
  }

  /** @param {PointerEvent} event */
  #release(event) {
    this.#presses += 1;
    if (this.#grab && event.pointerId === this.#grab.pointerId) this.#letGo();
  }

  #letGo() {
    const grab = this.#grab;
    if (!grab) return;
    this.#grab = null;
    if (!this.#mesh.cloth.disposed) this.#mesh.release(grab.particle);
    this.dispatchEvent({ type: 'release', particle: grab.particle });
  }
}
