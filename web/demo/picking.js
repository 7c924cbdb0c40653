// Rays through the pointer and what they meet: the geometry behind grabbing the cloth and
// dragging the sphere.
import { mat4, vec3 } from './dependencies.js';

/** @typedef {[number, number, number]} Vec3 */
/** @typedef {{ origin: Vec3, direction: Vec3 }} Ray direction of unit length */
/** @typedef {{ viewMatrix: Float32Array, projectionMatrix: Float32Array }} Camera */

const clipToWorld = mat4.create();

/**
 * The ray from the camera through a point on the canvas: the point unprojected at the near
 * and the far plane of clip space.
 * @param {{ clientX: number, clientY: number }} pointer
 * @param {Element} canvas
 * @param {Camera} camera as last drawn
 * @returns {Ray}
 */
export function pointerRay(pointer, canvas, camera) {
  const box = canvas.getBoundingClientRect();
  const x = ((pointer.clientX - box.left) / box.width) * 2 - 1;
  const y = 1 - ((pointer.clientY - box.top) / box.height) * 2;
  mat4.invert(clipToWorld, mat4.multiply(clipToWorld, camera.projectionMatrix, camera.viewMatrix));
  const near = vec3.transformMat4(vec3.create(), [x, y, -1], clipToWorld);
  const far = vec3.transformMat4(vec3.create(), [x, y, 1], clipToWorld);
  const direction = vec3.normalize(vec3.create(), vec3.subtract(far, far, near));
  return { origin: toVec3(near), direction: toVec3(direction) };
}

/**
 * How far along the ray it first enters the sphere, or null if it misses it.
 * @param {Ray} ray
 * @param {ArrayLike<number>} center
 * @param {number} radius
 * @returns {number | null}
 */
export function raySphereDistance(ray, center, radius) {
  const toCenter = vec3.subtract(vec3.create(), /** @type {Vec3} */ (center), ray.origin);
  const along = vec3.dot(toCenter, ray.direction);
  const missSquared = vec3.squaredLength(toCenter) - along * along;
  if (missSquared > radius * radius) return null;
  const entry = along - Math.sqrt(radius * radius - missSquared);
  return entry >= 0 ? entry : null;
}

/**
 * Where the ray crosses a plane, or null if it runs parallel to it or points away.
 * @param {Ray} ray
 * @param {ArrayLike<number>} point on the plane
 * @param {ArrayLike<number>} normal
 * @returns {Vec3 | null}
 */
export function rayPlaneIntersection(ray, point, normal) {
  const facing = vec3.dot(ray.direction, /** @type {Vec3} */ (normal));
  if (Math.abs(facing) < 1e-6) return null;
  const toPoint = vec3.subtract(vec3.create(), /** @type {Vec3} */ (point), ray.origin);
  const distance = vec3.dot(toPoint, /** @type {Vec3} */ (normal)) / facing;
  if (distance < 0) return null;
  return toVec3(vec3.scaleAndAdd(vec3.create(), ray.origin, ray.direction, distance));
}

/**
 * How far along the ray a point lies (its depth as seen from the ray's origin).
 * @param {Ray} ray
 * @param {ArrayLike<number>} point
 */
export function distanceAlongRay(ray, point) {
  return vec3.dot(vec3.subtract(vec3.create(), /** @type {Vec3} */ (point), ray.origin), ray.direction);
}

/**
 * @param {ArrayLike<number>} vector
 * @returns {Vec3}
 */
function toVec3(vector) {
  return [vector[0], vector[1], vector[2]];
}
