// What every nuno program shares: the camera, and one light setup so cloth, colliders and floor
// sit in one scene (a sun high on the front left, plus hemisphere ambient: cool sky above, warm
// bounce below).

/** @typedef {[number, number, number]} Rgb sRGB components in [0, 1] */

const sunDirection = normalized([-0.35, 0.8, 0.5]); // from the scene toward the sun
/** @type {Rgb} */
const skyColor = [0.36, 0.4, 0.48];
/** @type {Rgb} */
const groundBounceColor = [0.2, 0.17, 0.15];

/** @typedef {import('./cloth-renderer.js').Camera & { eye: ArrayLike<number> }} View a camera whose position is known */

/**
 * Sets whichever of uView, uProjection, uEye, uLightDirection, uSkyColor and uGroundColor the
 * bound program uses.
 * @param {WebGL2RenderingContext} gl
 * @param {Record<string, WebGLUniformLocation>} uniforms of the bound program
 * @param {View} view
 */
export function setViewUniforms(gl, uniforms, view) {
  gl.uniformMatrix4fv(uniforms.uView, false, view.viewMatrix);
  gl.uniformMatrix4fv(uniforms.uProjection, false, view.projectionMatrix);
  gl.uniform3f(uniforms.uEye, view.eye[0], view.eye[1], view.eye[2]);
  gl.uniform3fv(uniforms.uLightDirection, sunDirection);
  gl.uniform3fv(uniforms.uSkyColor, skyColor);
  gl.uniform3fv(uniforms.uGroundColor, groundBounceColor);
}

/**
 * The same camera and light for WebGPU: shaders/render/view.wgsl's View struct, 192 bytes
 * (two matrices, then four vec3f each padded to 16 bytes).
 * @param {View} view
 * @returns {Float32Array<ArrayBuffer>}
 */
export function viewBlock(view) {
  const block = new Float32Array(48);
  block.set(view.viewMatrix, 0);
  block.set(view.projectionMatrix, 16);
  block.set([view.eye[0], view.eye[1], view.eye[2]], 32);
  block.set(sunDirection, 36);
  block.set(skyColor, 40);
  block.set(groundBounceColor, 44);
  return block;
}

/** @param {number[]} v */
function normalized(v) {
  const length = Math.hypot(...v);
  return v.map((component) => component / length);
}
