// Every figure a test measures goes out on its own line, so runs can be compared.

/**
 * @param {string} name
 * @param {number | string} value
 * @param {string} unit
 * @param {string} [note]
 */
export function metric(name, value, unit, note) {
  console.log(`metric: ${name} = ${value} ${unit}${note ? ` (${note})` : ''}`);
}
