// An orbit camera: one pointer orbits the target, two pinch to zoom, and so does the wheel. The
// pointers come from interaction.js, which decides for each one whether it drags something in
// the scene or turns the camera.
import { mat4, vec3 } from './dependencies.js';

/**
 * @typedef {object} OrbitStart
 * @property {[number, number, number]} target the point orbited, metres
 * @property {number} distanceMetres from the target to the eye
 * @property {number} azimuthRadians about +y, 0 looks from +z
 * @property {number} elevationRadians above the horizon
 */

/** @typedef {Pick<PointerEvent, 'pointerId' | 'clientX' | 'clientY'>} PointerLike */

const radiansPerPixel = 0.008;
// Vertical on landscape screens; on portrait ones it is the horizontal angle instead, so a
// phone held upright sees the same width of scene rather than a narrow slice.
const fieldOfViewRadians = (40 * Math.PI) / 180;
const nearMetres = 0.05;
const farMetres = 100;
const minDistanceMetres = 0.6;
const maxDistanceMetres = 20;
// Kept just above the floor and short of straight down, where lookAt's up vector degenerates.
const minElevationRadians = 0.02;
const maxElevationRadians = 1.5;

export class OrbitCamera {
  // mat4.create() makes Float32Arrays, which is what the renderer takes.
  viewMatrix = /** @type {Float32Array} */ (mat4.create());
  projectionMatrix = /** @type {Float32Array} */ (mat4.create());
  eye = /** @type {Float32Array} */ (vec3.create());

  #target = vec3.create();
  #distanceMetres = 1;
  #azimuthRadians = 0;
  #elevationRadians = 0;
  /** @type {Map<number, {x: number, y: number}>} the pointers turning the camera, CSS pixels */
  #pointers = new Map();

  /**
   * @param {HTMLElement} element receives the wheel input
   * @param {OrbitStart} start
   */
  constructor(element, start) {
    this.setView(start);
    element.addEventListener('wheel', (event) => {
      event.preventDefault(); // the page itself must not scroll
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      this.#zoom(Math.exp(pixels * 0.001));
    }, { passive: false });
  }

  /**
   * Looks from a new place, as a preset asks.
   * @param {OrbitStart} start
   */
  setView(start) {
    vec3.set(this.#target, ...start.target);
    this.#distanceMetres = start.distanceMetres;
    this.#azimuthRadians = start.azimuthRadians;
    this.#elevationRadians = start.elevationRadians;
  }

  /** True while a pointer is turning or zooming the camera. */
  get active() {
    return this.#pointers.size > 0;
  }

  /**
   * A pointer starts turning the camera (a second one pinches).
   * @param {PointerLike} pointer
   */
  pointerDown(pointer) {
    this.#pointers.set(pointer.pointerId, { x: pointer.clientX, y: pointer.clientY });
  }

  /** @param {PointerLike} pointer ignored unless it went down on the camera */
  pointerMove(pointer) {
    const previous = this.#pointers.get(pointer.pointerId);
    if (!previous) return;
    const current = { x: pointer.clientX, y: pointer.clientY };
    if (this.#pointers.size === 1) {
      this.#azimuthRadians -= (current.x - previous.x) * radiansPerPixel;
      this.#elevationRadians = clamp(this.#elevationRadians + (current.y - previous.y) * radiansPerPixel,
        minElevationRadians, maxElevationRadians);
    } else if (this.#pointers.size === 2) {
      const other = [...this.#pointers.entries()].find(([id]) => id !== pointer.pointerId)?.[1];
      if (other) {
        // Fingers moving apart bring the target closer, by the ratio of their spans.
        const spanBefore = Math.hypot(previous.x - other.x, previous.y - other.y);
        const spanAfter = Math.hypot(current.x - other.x, current.y - other.y);
        if (spanBefore > 0 && spanAfter > 0) this.#zoom(spanBefore / spanAfter);
      }
    }
    this.#pointers.set(pointer.pointerId, current);
  }

  /** @param {PointerLike} pointer */
  pointerUp(pointer) {
    this.#pointers.delete(pointer.pointerId);
  }

  /**
   * Recomputes the matrices and the eye for this frame.
   * @param {number} aspect drawing buffer width / height
   */
  update(aspect) {
    const horizontal = Math.cos(this.#elevationRadians) * this.#distanceMetres;
    vec3.set(this.eye,
      this.#target[0] + Math.sin(this.#azimuthRadians) * horizontal,
      this.#target[1] + Math.sin(this.#elevationRadians) * this.#distanceMetres,
      this.#target[2] + Math.cos(this.#azimuthRadians) * horizontal);
    mat4.lookAt(this.viewMatrix, this.eye, this.#target, [0, 1, 0]);
    const verticalRadians = aspect >= 1 ? fieldOfViewRadians
      : 2 * Math.atan(Math.tan(fieldOfViewRadians / 2) / aspect);
    mat4.perspective(this.projectionMatrix, verticalRadians, aspect, nearMetres, farMetres);
  }

  /** @param {number} factor above 1 moves away */
  #zoom(factor) {
    this.#distanceMetres = clamp(this.#distanceMetres * factor, minDistanceMetres, maxDistanceMetres);
  }
}

/**
 * @param {number} value
 * @param {number} low
 * @param {number} high
 */
function clamp(value, low, high) {
  return Math.min(Math.max(value, low), high);
}
