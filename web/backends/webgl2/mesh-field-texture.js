// The mesh colliders' signed distance fields as the WebGL2 collide pass reads them: the model's
// atlas (ClothModel.meshFieldAtlas, every field one after another along z) in one R32F
// TEXTURE_3D, read with texelFetch (R32F need not filter). It is uploaded again only when the
// core's meshFieldVersion changes (a mesh added, removed or its field rebuilt), never because a
// mesh moved: the field is in the mesh's own frame.
import { GpuUnsupportedError } from '../gpu/capabilities.js';
import { meshFieldRefusal } from '../gpu/mesh-field-limits.js';

/** @typedef {import('../../cloth-model.js').MeshFieldAtlas} MeshFieldAtlas */

/**
 * The pixel-store settings a page may have changed that an upload from a Float32Array reads
 * (UNPACK_FLIP_Y_WEBGL and UNPACK_PREMULTIPLY_ALPHA_WEBGL make texImage3D refuse an array), each
 * with the value the atlas is uploaded with.
 * @param {WebGL2RenderingContext} gl
 */
function unpackSettings(gl) {
  return [
    [gl.UNPACK_ALIGNMENT, 4], [gl.UNPACK_ROW_LENGTH, 0], [gl.UNPACK_IMAGE_HEIGHT, 0], [gl.UNPACK_SKIP_PIXELS, 0],
    [gl.UNPACK_SKIP_ROWS, 0], [gl.UNPACK_SKIP_IMAGES, 0], [gl.UNPACK_FLIP_Y_WEBGL, 0], [gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, 0],
  ];
}

/**
 * Binds back the 3D texture the page had bound. One deleted since (a disposed cloth's atlas the
 * collide pass left bound) still reads as bound in Chromium, and binding it is an error: then
 * none, as deleting it unbound it.
 * @param {WebGL2RenderingContext} gl
 * @param {WebGLTexture | null} texture what TEXTURE_BINDING_3D read before
 */
function bindPages3dTexture(gl, texture) {
  gl.bindTexture(gl.TEXTURE_3D, texture && gl.isTexture(texture) ? texture : null);
}

export class MeshFieldTexture {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {WebGLTexture} */
  texture;
  /** @type {number | null} the meshFieldVersion uploaded; null before the first upload */
  #version = null;

  /** @param {WebGL2RenderingContext} gl */
  constructor(gl) {
    this.#gl = gl;
    this.texture = /** @type {WebGLTexture} */ (gl.createTexture());
    const bound = gl.getParameter(gl.TEXTURE_BINDING_3D);
    gl.bindTexture(gl.TEXTURE_3D, this.texture);
    gl.texParameteri(gl.TEXTURE_3D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_3D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_3D, gl.TEXTURE_MAX_LEVEL, 0);
    bindPages3dTexture(gl, bound);
  }

  /**
   * Why this device cannot hold an atlas, or null when it can.
   * @param {Pick<MeshFieldAtlas, 'width' | 'height' | 'depth'>} atlas
   */
  refusal(atlas) {
    // A lost context knows no limit: the upload after restore() asks again.
    if (this.#gl.isContextLost()) return null;
    return meshFieldRefusal(atlas, this.#gl.getParameter(this.#gl.MAX_3D_TEXTURE_SIZE), 'MAX_3D_TEXTURE_SIZE', 'GPU');
  }

  /**
   * Uploads the atlas when its version is not the one uploaded, whatever pixel-store state,
   * pixel unpack buffer and 3D texture binding the page left (all put back).
   * @param {number} version the packed colliders' meshFieldVersion
   * @param {() => MeshFieldAtlas} atlasOf the model's atlas, asked for only when it is uploaded
   */
  update(version, atlasOf) {
    if (version === this.#version) return;
    const gl = this.#gl;
    const atlas = atlasOf();
    const refusal = this.refusal(atlas);
    if (refusal) throw new GpuUnsupportedError(refusal);
    const settings = unpackSettings(gl);
    const pageSettings = settings.map(([name]) => gl.getParameter(name));
    // With a pixel unpack buffer bound, texImage3D would read from it, not from `values`.
    const unpackBuffer = gl.getParameter(gl.PIXEL_UNPACK_BUFFER_BINDING);
    const bound = gl.getParameter(gl.TEXTURE_BINDING_3D);
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
    for (const [name, value] of settings) gl.pixelStorei(name, value);
    gl.bindTexture(gl.TEXTURE_3D, this.texture);
    gl.texImage3D(gl.TEXTURE_3D, 0, gl.R32F, atlas.width, atlas.height, atlas.depth, 0, gl.RED, gl.FLOAT, atlas.values);
    bindPages3dTexture(gl, bound);
    settings.forEach(([name], i) => gl.pixelStorei(name, pageSettings[i]));
    gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, unpackBuffer);
    this.#version = version;
  }

  dispose() {
    this.#gl.deleteTexture(this.texture);
  }
}
