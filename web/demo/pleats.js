// A sheet gathered into pleats, as a starting shape: the cloth takes its rest lengths from it,
// so the folds stay in the cloth as they do in a gathered curtain, instead of hanging flat.

/**
 * The particles of a vertical sheet (row 0 on top, columns along +x, as the core lays out a
 * flat one), waved in z across its width.
 * @param {{ width: number, height: number, center: [number, number, number] }} sheet
 * @param {number} columns
 * @param {number} rows
 * @param {{ count: number, depth: number }} pleats whole waves across the width, and their
 *   depth front to back in metres
 * @returns {Float32Array} xyz per particle
 */
export function pleatedPositions({ width, height, center }, columns, rows, { count, depth }) {
  const positions = new Float32Array(columns * rows * 3);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const across = column / (columns - 1);
      const i = 3 * (row * columns + column);
      positions[i] = center[0] + (across - 0.5) * width;
      positions[i + 1] = center[1] + (0.5 - row / (rows - 1)) * height;
      positions[i + 2] = center[2] + 0.5 * depth * Math.sin(2 * Math.PI * count * across);
    }
  }
  return positions;
}
