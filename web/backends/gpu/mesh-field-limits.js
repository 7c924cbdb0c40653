// The mesh colliders' fields reach both GPU backends as one 3D texture (the core's atlas,
// ClothModel.meshFieldAtlas): the refusal, said once for both, of an atlas larger than the
// device's 3D textures.

/** @typedef {import('../../cloth-model.js').MeshFieldAtlas} MeshFieldAtlas */

/**
 * Why a device whose 3D textures are at most `limit` texels a side cannot hold the atlas, or
 * null when it can.
 * @param {Pick<MeshFieldAtlas, 'width' | 'height' | 'depth'>} atlas
 * @param {number} limit texels a side
 * @param {string} limitName as the API spells it: MAX_3D_TEXTURE_SIZE, maxTextureDimension3D
 * @param {string} backendName as errors name the backend: 'GPU', 'WebGPU'
 * @returns {string | null}
 */
export function meshFieldRefusal({ width, height, depth }, limit, limitName, backendName) {
  if (Math.max(width, height, depth) <= limit) return null;
  return `nuno: the ${backendName} backend keeps the mesh colliders' fields in one 3D texture, here ${width} x ${height} x ` +
    `${depth} texels (the widest and tallest field's, the depths of all), but this device's ${limitName} is ${limit}; ` +
    'use a lower \'resolution\', fewer mesh colliders, or backend: \'cpu\'';
}
