// The GL state the solver's passes run in, set around them and taken back after, so a page's
// own drawing (or three.js's state cache) finds the context as it left it; and the reads of a
// state field back to xyz per particle.

/**
 * Runs solver passes with the GL state they need, then puts back what the caller had: the
 * viewport, the bound framebuffer and vertex array, and the capabilities a pass must not use.
 * A lost context ignores every call, so the passes are skipped while it is lost.
 * @param {WebGL2RenderingContext} gl
 * @param {{width: number, height: number, vertexArray: WebGLVertexArrayObject}} state the passes' viewport and empty vertex array
 * @param {() => void} passes
 */
export function withSolverState(gl, { width, height, vertexArray }, passes) {
  if (gl.isContextLost()) return;
  const viewport = gl.getParameter(gl.VIEWPORT);
  const framebuffer = gl.getParameter(gl.FRAMEBUFFER_BINDING);
  const callersVertexArray = gl.getParameter(gl.VERTEX_ARRAY_BINDING);
  const capabilities = [gl.BLEND, gl.DEPTH_TEST, gl.SCISSOR_TEST, gl.CULL_FACE, gl.STENCIL_TEST, gl.RASTERIZER_DISCARD];
  const enabled = capabilities.filter((capability) => gl.isEnabled(capability));
  enabled.forEach((capability) => gl.disable(capability));
  gl.viewport(0, 0, width, height);
  gl.bindVertexArray(vertexArray);
  try {
    passes();
  } finally {
    enabled.forEach((capability) => gl.enable(capability));
    gl.bindVertexArray(callersVertexArray);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.viewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  }
}

/**
 * Adds the xyz of RGBA texels to `xyz`: a field on the split half path is the sum of its parts.
 * @param {Float32Array} texels RGBA per texel
 * @param {Float32Array} xyz per texel, added to
 */
export function addXyzOfTexels(texels, xyz) {
  const count = xyz.length / 3;
  for (let i = 0; i < count; i++) {
    for (let axis = 0; axis < 3; axis++) xyz[3 * i + axis] += texels[4 * i + axis];
  }
}

/**
 * Resolves when the GPU has run every command issued so far.
 * @param {WebGL2RenderingContext} gl
 */
export async function gpuFinished(gl) {
  const lost = () => new Error('nuno: the WebGL context is lost; read positions again after restore()');
  if (gl.isContextLost()) throw lost();
  const sync = /** @type {WebGLSync} */ (gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0));
  gl.flush();
  try {
    while (gl.clientWaitSync(sync, 0, 0) === gl.TIMEOUT_EXPIRED) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } finally {
    gl.deleteSync(sync);
  }
  if (gl.isContextLost()) throw lost();
}

/**
 * Reads textures of columns x rows texels back as xyz per texel, summed over the textures. The
 * copy goes through a pixel buffer and resolves once a fence says the GPU is done, so the page
 * never stalls on it.
 * @param {WebGL2RenderingContext} gl
 * @param {WebGLTexture[]} textures a field's parts
 * @param {{columns: number, rows: number}} size
 * @param {(readEach: (bindFramebuffer: (texture: WebGLTexture) => void) => void) => void} withFramebuffers
 *   runs readEach in the solver's GL state, giving it a way to make a texture the read framebuffer
 * @returns {Promise<Float32Array>}
 */
export async function readXyz(gl, textures, { columns, rows }, withFramebuffers) {
  const count = columns * rows;
  const texelBytes = count * 4 * Float32Array.BYTES_PER_ELEMENT;
  const buffer = /** @type {WebGLBuffer} */ (gl.createBuffer());
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
  gl.bufferData(gl.PIXEL_PACK_BUFFER, texelBytes * textures.length, gl.STREAM_READ);
  withFramebuffers((bindFramebuffer) => {
    textures.forEach((texture, index) => {
      bindFramebuffer(texture);
      gl.readPixels(0, 0, columns, rows, gl.RGBA, gl.FLOAT, texelBytes * index);
    });
  });
  gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
  try {
    await gpuFinished(gl);
    const texels = new Float32Array(count * 4 * textures.length);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
    gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, texels);
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
    const positions = new Float32Array(count * 3);
    for (let part = 0; part < textures.length; part++) addXyzOfTexels(texels.subarray(4 * count * part, 4 * count * (part + 1)), positions);
    return positions;
  } finally {
    gl.deleteBuffer(buffer);
  }
}
