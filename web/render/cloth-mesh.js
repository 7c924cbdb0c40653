// The cloth's GPU geometry: per-particle positions and normals that change every frame, and
// the grid's triangles (and, for wireframe, its unique edges) that never do.

/**
 * @param {Uint32Array} triangleIndices three particle indices per triangle
 * @param {number} particleCount
 * @returns {Uint32Array} two particle indices per edge, each shared edge once
 */
function uniqueEdges(triangleIndices, particleCount) {
  /** @type {Set<number>} */
  const seen = new Set();
  const edges = [];
  for (let triangle = 0; triangle < triangleIndices.length; triangle += 3) {
    for (let corner = 0; corner < 3; ++corner) {
      const a = triangleIndices[triangle + corner];
      const b = triangleIndices[triangle + ((corner + 1) % 3)];
      const key = Math.min(a, b) * particleCount + Math.max(a, b);
      if (!seen.has(key)) {
        seen.add(key);
        edges.push(a, b);
      }
    }
  }
  return new Uint32Array(edges);
}

export class ClothMesh {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #positionBuffer;
  #normalBuffer;
  #triangleBuffer;
  #edgeBuffer;
  #triangleArray;
  #edgeArray;
  #triangleIndexCount;
  #edgeIndexCount;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {number} particleCount
   * @param {Uint32Array} triangleIndices
   */
  constructor(gl, particleCount, triangleIndices) {
    this.#gl = gl;
    const bytes = particleCount * 3 * Float32Array.BYTES_PER_ELEMENT;
    this.#positionBuffer = this.#vertexBuffer(bytes);
    this.#normalBuffer = this.#vertexBuffer(bytes);

    const edgeIndices = uniqueEdges(triangleIndices, particleCount);
    this.#triangleBuffer = this.#indexBuffer(triangleIndices);
    this.#edgeBuffer = this.#indexBuffer(edgeIndices);
    this.#triangleIndexCount = triangleIndices.length;
    this.#edgeIndexCount = edgeIndices.length;
    // One vertex array per index buffer: both share the same per-particle attributes.
    this.#triangleArray = this.#vertexArray(this.#triangleBuffer);
    this.#edgeArray = this.#vertexArray(this.#edgeBuffer);
  }

  /**
   * Copies this frame's particle state to the GPU. The only place CPU cloth data reaches the
   * GPU: a GPU solver would replace this with texel fetches of its position texture.
   * @param {Float32Array} positions xyz per particle, metres
   * @param {Float32Array} normals xyz per particle, unit
   */
  upload(positions, normals) {
    const gl = this.#gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.#positionBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, positions);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.#normalBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, normals);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
  }

  drawSurface() {
    this.#draw(this.#triangleArray, this.#gl.TRIANGLES, this.#triangleIndexCount);
  }

  drawEdges() {
    this.#draw(this.#edgeArray, this.#gl.LINES, this.#edgeIndexCount);
  }

  dispose() {
    const gl = this.#gl;
    gl.deleteVertexArray(this.#triangleArray);
    gl.deleteVertexArray(this.#edgeArray);
    for (const buffer of [this.#positionBuffer, this.#normalBuffer, this.#triangleBuffer, this.#edgeBuffer]) {
      gl.deleteBuffer(buffer);
    }
  }

  /**
   * @param {WebGLVertexArrayObject} vertexArray
   * @param {number} mode
   * @param {number} indexCount
   */
  #draw(vertexArray, mode, indexCount) {
    const gl = this.#gl;
    gl.bindVertexArray(vertexArray);
    gl.drawElements(mode, indexCount, gl.UNSIGNED_INT, 0);
    gl.bindVertexArray(null);
  }

  /** @param {number} bytes */
  #vertexBuffer(bytes) {
    const gl = this.#gl;
    const buffer = /** @type {WebGLBuffer} */ (gl.createBuffer());
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, bytes, gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    return buffer;
  }

  /** @param {Uint32Array} indices */
  #indexBuffer(indices) {
    const gl = this.#gl;
    const buffer = /** @type {WebGLBuffer} */ (gl.createBuffer());
    // Binding an element buffer outside a vertex array would attach it to whichever is bound.
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, indices, gl.STATIC_DRAW);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, null);
    return buffer;
  }

  /** @param {WebGLBuffer} indexBuffer */
  #vertexArray(indexBuffer) {
    const gl = this.#gl;
    const vertexArray = /** @type {WebGLVertexArrayObject} */ (gl.createVertexArray());
    gl.bindVertexArray(vertexArray);
    for (const [location, buffer] of [[0, this.#positionBuffer], [1, this.#normalBuffer]]) {
      gl.bindBuffer(gl.ARRAY_BUFFER, /** @type {WebGLBuffer} */ (buffer));
      gl.enableVertexAttribArray(/** @type {number} */ (location));
      gl.vertexAttribPointer(/** @type {number} */ (location), 3, gl.FLOAT, false, 0, 0);
    }
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indexBuffer);
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    return vertexArray;
  }
}
