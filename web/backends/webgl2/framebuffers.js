// Framebuffers for sets of render targets, made once per set and reused every pass: a pass
// that writes position and velocity binds one framebuffer with both attached.

export class FramebufferCache {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {Map<string, WebGLFramebuffer>} */
  #framebuffers = new Map();
  /** @type {WeakMap<WebGLTexture, number>} */
  #textureIds = new WeakMap();
  #nextId = 1;

  /** @param {WebGL2RenderingContext} gl */
  constructor(gl) {
    this.#gl = gl;
  }

  /**
   * Binds a framebuffer drawing into these textures, in order (COLOR_ATTACHMENT0, 1, ...).
   * @param {WebGLTexture[]} textures
   */
  bind(textures) {
    const gl = this.#gl;
    const key = textures.map((texture) => this.#idOf(texture)).join(',');
    let framebuffer = this.#framebuffers.get(key);
    if (framebuffer) {
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      return;
    }
    framebuffer = /** @type {WebGLFramebuffer} */ (gl.createFramebuffer());
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    const attachments = textures.map((texture, index) => {
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0 + index, gl.TEXTURE_2D, texture, 0);
      return gl.COLOR_ATTACHMENT0 + index;
    });
    gl.drawBuffers(attachments);
    const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
    if (status !== gl.FRAMEBUFFER_COMPLETE) {
      gl.deleteFramebuffer(framebuffer);
      throw new Error(`nuno: this device cannot render to the solver's state textures (framebuffer status 0x${status.toString(16)})`);
    }
    this.#framebuffers.set(key, framebuffer);
  }

  /** @param {WebGLTexture} texture */
  #idOf(texture) {
    let id = this.#textureIds.get(texture);
    if (id === undefined) {
      id = this.#nextId++;
      this.#textureIds.set(texture, id);
    }
    return id;
  }

  dispose() {
    for (const framebuffer of this.#framebuffers.values()) this.#gl.deleteFramebuffer(framebuffer);
    this.#framebuffers.clear();
  }
}
