// The wind the demo blows: a steady air velocity, or with gusts one whose speed and heading
// wander smoothly. Each wander is a sum of sines at unrelated frequencies, so the pattern never
// visibly repeats, and it follows simulated time, so a paused cloth sees the air stand still.

/** @typedef {[number, number, number]} Vec3 */

/** A gust adds or takes away up to this share of the set speed. */
const gustStrength = 0.6;
/** ... and turns the wind up to this far either way. */
const gustTurnDegrees = 25;

/**
 * The air velocity at a moment of simulated time.
 * @param {{ windSpeed: number, windAzimuthDegrees: number, gusts: boolean }} wind speed in
 *   m/s; it blows toward the azimuth, measured about +y from +x (0 blows along +x, 90 along +z,
 *   toward the first view)
 * @param {number} seconds simulated time
 * @returns {Vec3} m/s
 */
export function windAt({ windSpeed, windAzimuthDegrees, gusts }, seconds) {
  const speed = gusts ? windSpeed * (1 + gustStrength * wander(seconds, 0)) : windSpeed;
  const degrees = gusts ? windAzimuthDegrees + gustTurnDegrees * wander(seconds, 10) : windAzimuthDegrees;
  const radians = (degrees * Math.PI) / 180;
  return [speed * Math.cos(radians), 0, speed * Math.sin(radians)];
}

/**
 * A smooth signal in [-1, 1] with a period of no visible length.
 * @param {number} seconds
 * @param {number} phase separates independent signals
 */
function wander(seconds, phase) {
  const sum = Math.sin(0.71 * seconds + phase) + 0.6 * Math.sin(1.93 * seconds + 1.3 * phase + 1.1) +
    0.4 * Math.sin(4.37 * seconds + 0.7 * phase + 2.3);
  return sum / 2;
}
