// The cloth's GPU geometry: the grid's triangles (and, for wireframe, its unique edges), which
// never change. Positions come from a texture (position-source.js), so there are no vertex
// attributes: the vertex shader takes the particle index from gl_VertexID.

/**
 * @param {Uint32Array} triangleIndices three particle indices per triangle
 * @param {number} particleCount
 * @returns {Uint32Array} two particle indices per edge, each shared edge once
 */
export function uniqueEdges(triangleIndices, particleCount) {
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
    const edgeIndices = uniqueEdges(triangleIndices, particleCount);
    this.#triangleBuffer = this.#indexBuffer(triangleIndices);
    this.#edgeBuffer = this.#indexBuffer(edgeIndices);
    this.#triangleIndexCount = triangleIndices.length;
    this.#edgeIndexCount = edgeIndices.length;
    // One vertex array per index buffer, holding nothing but it.
    this.#triangleArray = this.#vertexArray(this.#triangleBuffer);
    this.#edgeArray = this.#vertexArray(this.#edgeBuffer);
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
    gl.deleteBuffer(this.#triangleBuffer);
    gl.deleteBuffer(this.#edgeBuffer);
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
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indexBuffer);
    gl.bindVertexArray(null);
    return vertexArray;
  }
}
