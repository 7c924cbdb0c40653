// Compiles and links one WebGL2 program, turning GLSL errors into exceptions that show the
// driver's info log next to the source lines it complains about.

/**
 * A linked program and where its uniforms live.
 * @typedef {object} GlProgram
 * @property {WebGLProgram} program
 * @property {Record<string, WebGLUniformLocation>} uniforms by GLSL name; an array uniform
 *   `uSpheres[4]` is found as `uSpheres`. Uniforms the compiler removed are absent, and a
 *   missing location is a no-op in `gl.uniform*`, so callers need not care.
 */

/**
 * @param {WebGL2RenderingContext} gl
 * @param {string} label names the program in error messages, e.g. 'cloth'
 * @param {string} vertexSource GLSL ES 3.00
 * @param {string} fragmentSource GLSL ES 3.00
 * @returns {GlProgram}
 */
export function createProgram(gl, label, vertexSource, fragmentSource) {
  const program = /** @type {WebGLProgram} */ (gl.createProgram());
  const vertexShader = compile(gl, gl.VERTEX_SHADER, vertexSource);
  const fragmentShader = compile(gl, gl.FRAGMENT_SHADER, fragmentSource);
  gl.attachShader(program, vertexShader);
  gl.attachShader(program, fragmentShader);
  gl.linkProgram(program);

  // Status is queried only after linking, so drivers that compile in parallel are not stalled.
  try {
    for (const [shader, source, stage] of [
      [vertexShader, vertexSource, 'vertex'],
      [fragmentShader, fragmentSource, 'fragment'],
    ]) {
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
        throw new Error(`nuno: the ${label} ${stage} shader did not compile:\n` +
          explain(gl.getShaderInfoLog(shader) ?? '', /** @type {string} */ (source)));
      }
    }
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
      throw new Error(`nuno: the ${label} program did not link:\n${gl.getProgramInfoLog(program)}`);
    }
  } catch (error) {
    gl.deleteProgram(program);
    throw error;
  } finally {
    gl.deleteShader(vertexShader);
    gl.deleteShader(fragmentShader);
  }
  return { program, uniforms: uniformLocations(gl, program) };
}

/**
 * @param {WebGL2RenderingContext} gl
 * @param {number} stage gl.VERTEX_SHADER or gl.FRAGMENT_SHADER
 * @param {string} source
 */
function compile(gl, stage, source) {
  const shader = /** @type {WebGLShader} */ (gl.createShader(stage));
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return shader;
}

/**
 * The info log followed by each source line it names ("ERROR: 0:12: ..." names line 12).
 * @param {string} infoLog
 * @param {string} source
 */
function explain(infoLog, source) {
  const sourceLines = source.split('\n');
  const named = new Set(Array.from(infoLog.matchAll(/\b0:(\d+)/g), (match) => Number(match[1])));
  const quoted = [...named]
    .filter((line) => line >= 1 && line <= sourceLines.length)
    .sort((a, b) => a - b)
    .map((line) => `${String(line).padStart(4)} | ${sourceLines[line - 1]}`);
  return [infoLog.trim(), ...quoted].join('\n');
}

/**
 * @param {WebGL2RenderingContext} gl
 * @param {WebGLProgram} program
 */
function uniformLocations(gl, program) {
  /** @type {Record<string, WebGLUniformLocation>} */
  const uniforms = {};
  const count = gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS);
  for (let index = 0; index < count; ++index) {
    const info = /** @type {WebGLActiveInfo} */ (gl.getActiveUniform(program, index));
    const name = info.name.replace(/\[0\]$/, '');
    uniforms[name] = /** @type {WebGLUniformLocation} */ (gl.getUniformLocation(program, info.name));
  }
  return uniforms;
}
