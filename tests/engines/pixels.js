// Measures screenshots: finds the cloth by its colour and how it moved between two of them, and
// how much of the whole view changed. PNGs are decoded here in Node (pngjs), not in the page:
// the same decoder then reads every engine's screenshots, so an engine's own image decoding or
// colour management cannot change what is measured, and the check needs nothing from the page.
import { PNG } from 'pngjs';

/** A pixel counts as cloth when its colour, brightness aside, is this close to the cloth's. */
const maxChromaDistance = 0.1;
/** Below this sum of r, g and b (0 to 255 each) a pixel is too dark to judge a hue. */
const minBrightness = 60;
/** Papers: the spread between a pixel's largest and smallest channel (0 to 255) above which it is coloured. */
const minPaperSaturation = 45;
/** Pixels of one shade for it to count as a paper's tint. */
const minPixelsPerTint = 20;
/** Summed over r, g and b: well above PNG and dithering noise. */
const minColorChange = 30;

/**
 * @typedef {object} ClothMotion
 * @property {number[]} clothPixels cloth-coloured pixels in each screenshot
 * @property {number} changedPixels pixels that are cloth in the first or second screenshot and
 *   changed colour visibly between them (the cloth moved in, out, or its folds moved under the light)
 * @property {number[]} lowestRows the lowest pixel row holding cloth in each screenshot (rows
 *   count down from the top; -1 when there is no cloth)
 * @property {number} imagePixels width x height of the first screenshot
 */

/**
 * @param {Buffer[]} pngs screenshots of the same size, at least two
 * @param {ArrayLike<number>} color the cloth's sRGB colour, components in [0, 1]
 * @returns {ClothMotion}
 */
export function measureClothMotion(pngs, color) {
  const target = chroma(color);
  return measureMotion(pngs, (rgb) => {
    const [red, green] = chroma(rgb);
    return Math.hypot(red - target[0], green - target[1]) < maxChromaDistance;
  });
}

/**
 * The same for a sea of papers, each tinted its own shade: paper is any clearly coloured
 * pixel (the floor, sky, ball and text are greys and dark blues), and `tints` counts the
 * different shades seen, hue in 24 steps and brightness in 4.
 * @param {Buffer[]} pngs
 * @returns {ClothMotion & { tints: number }}
 */
export function measurePaperMotion(pngs) {
  const motion = measureMotion(pngs, (rgb) => Math.max(rgb[0], rgb[1], rgb[2]) - Math.min(rgb[0], rgb[1], rgb[2]) > minPaperSaturation);
  const { width, height, data } = PNG.sync.read(pngs[pngs.length - 1]);
  /** @type {Map<number, number>} */
  const shades = new Map();
  for (let pixel = 0; pixel < width * height; ++pixel) {
    const rgb = data.subarray(4 * pixel, 4 * pixel + 3);
    if (rgb[0] + rgb[1] + rgb[2] < minBrightness || Math.max(...rgb) - Math.min(...rgb) <= minPaperSaturation) continue;
    const shade = Math.floor(hue(rgb) * 24) * 4 + Math.min(3, Math.floor(Math.max(...rgb) / 64));
    shades.set(shade, (shades.get(shade) ?? 0) + 1);
  }
  // A shade counts when enough pixels have it to be a paper's face, not an edge's blend.
  const tints = [...shades.values()].filter((count) => count >= minPixelsPerTint).length;
  return { ...motion, tints };
}

/**
 * @param {Buffer[]} pngs
 * @param {(rgb: Uint8Array) => boolean} isClothColour for pixels bright enough to judge
 * @returns {ClothMotion}
 */
function measureMotion(pngs, isClothColour) {
  const images = pngs.map((png) => {
    const { width, height, data } = PNG.sync.read(png);
    const isCloth = new Uint8Array(width * height);
    for (let pixel = 0; pixel < isCloth.length; ++pixel) {
      const rgb = data.subarray(4 * pixel, 4 * pixel + 3);
      if (rgb[0] + rgb[1] + rgb[2] < minBrightness) continue;
      isCloth[pixel] = isClothColour(rgb) ? 1 : 0;
    }
    return { width, height, data, isCloth };
  });
  const [before, after] = images;
  const changedPixels = countChanged(before, after, (pixel) => before.isCloth[pixel] === 1 || after.isCloth[pixel] === 1);
  return {
    clothPixels: images.map(({ isCloth }) => isCloth.reduce((sum, value) => sum + value, 0)),
    changedPixels,
    lowestRows: images.map(({ isCloth, width }) => Math.floor(isCloth.lastIndexOf(1) / width)),
    imagePixels: before.width * before.height,
  };
}

/**
 * Counts the pixels that changed colour visibly between two screenshots of the same view, from
 * whatever cause: the camera, the scene, the text on screen; except inside `ignore`, a box of
 * image pixels (the overlay's figures change every frame).
 * @param {Buffer[]} pngs two screenshots of the same size
 * @param {{ x: number, y: number, width: number, height: number }} [ignore]
 * @returns {{ changedPixels: number, imagePixels: number }}
 */
export function measureViewChange(pngs, ignore = undefined) {
  const [before, after] = pngs.map((png) => PNG.sync.read(png));
  const outside = (/** @type {number} */ pixel) => {
    if (!ignore) return true;
    const [x, y] = [pixel % before.width, Math.floor(pixel / before.width)];
    return x < ignore.x || x >= ignore.x + ignore.width || y < ignore.y || y >= ignore.y + ignore.height;
  };
  return { changedPixels: countChanged(before, after, outside), imagePixels: before.width * before.height };
}

/**
 * @param {{ width: number, height: number, data: Uint8Array }} before decoded RGBA
 * @param {{ width: number, height: number, data: Uint8Array }} after
 * @param {(pixel: number) => boolean} counts which pixels to look at
 */
function countChanged(before, after, counts) {
  if (before.width !== after.width || before.height !== after.height) {
    throw new Error(`screenshots differ in size: ${before.width}x${before.height} and ${after.width}x${after.height}`);
  }
  let changed = 0;
  for (let pixel = 0; pixel < before.width * before.height; ++pixel) {
    if (!counts(pixel)) continue;
    let change = 0;
    for (let channel = 0; channel < 3; ++channel) {
      change += Math.abs(before.data[4 * pixel + channel] - after.data[4 * pixel + channel]);
    }
    if (change >= minColorChange) changed += 1;
  }
  return changed;
}

/**
 * Hue in [0, 1).
 * @param {ArrayLike<number>} rgb
 */
function hue(rgb) {
  const [r, g, b] = [rgb[0], rgb[1], rgb[2]];
  const max = Math.max(r, g, b);
  const spread = max - Math.min(r, g, b);
  if (spread === 0) return 0;
  const sixth = max === r ? ((g - b) / spread + 6) % 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
  return sixth / 6;
}

/**
 * The colour with its brightness divided out: red and green shares of r + g + b.
 * @param {ArrayLike<number>} rgb
 * @returns {[number, number]}
 */
function chroma(rgb) {
  const sum = rgb[0] + rgb[1] + rgb[2];
  return [rgb[0] / sum, rgb[1] / sum];
}

/**
 * The three.js example (examples/three/): its flag's blue and red stripes, in whichever of two
 * screenshots shows more of them (gusts fold the flag, at times edge on to the camera), and the
 * pixels that changed between them (the flag waves, the sheet moves).
 * @param {Buffer[]} pngs two screenshots of the same size
 * @returns {{ blue: number, red: number, moved: number }}
 */
export function measureThreeExample([firstPng, secondPng]) {
  const first = PNG.sync.read(firstPng).data;
  const second = PNG.sync.read(secondPng).data;
  const blue = [0, 0];
  const red = [0, 0];
  let moved = 0;
  for (let i = 0; i < first.length; i += 4) {
    [first, second].forEach((shot, k) => {
      const [r, g, b] = [shot[i], shot[i + 1], shot[i + 2]];
      if (b > 90 && b > 1.6 * r && b > 1.2 * g) blue[k] += 1;
      if (r > 110 && r > 2 * g && r > 2 * b) red[k] += 1;
    });
    if (Math.abs(first[i] - second[i]) + Math.abs(first[i + 1] - second[i + 1]) + Math.abs(first[i + 2] - second[i + 2]) > minColorChange) moved += 1;
  }
  const shown = red[0] + blue[0] > red[1] + blue[1] ? 0 : 1;
  return { blue: blue[shown], red: red[shown], moved };
}
