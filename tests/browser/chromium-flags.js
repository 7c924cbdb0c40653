// How the browser and consumer tiers and the benches launch Chromium (Debian's, headless): its
// path, its command-line flags, and the launch options of the pages that present a WebGPU canvas.

/** Debian's Chromium: the tests and benches launch it, not a browser Playwright downloads. */
export const chromiumPath = '/usr/bin/chromium';

/** Every page's: SwiftShader for WebGL2 and compositing, WebGPU on SwiftShader's Vulkan. */
export const chromiumArgs = [
  '--no-sandbox', // running as root in CI containers
  // The network is closed: no update, sync or first-run traffic to wait for.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // No GPU here: WebGL2 and compositing both run on SwiftShader through ANGLE. Not
  // --disable-gpu: its software compositor reads each WebGL frame back, and Chromium then
  // logs "GPU stall due to ReadPixels" warnings that a test rightly forbids.
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  // WebGPU (the 'webgpu' backend) on http://127.0.0.1, on SwiftShader's Vulkan here.
  '--enable-unsafe-webgpu',
];

/**
 * Added for pages that present a WebGPU canvas (three's WebGPURenderer draws into one): with
 * the compositor on ANGLE's GL, the first frame presented loses the device ("A valid external
 * Instance reference no longer exists"); with Vulkan in the GPU process the frame reaches the
 * page. nuno's own pages draw with WebGL2 and run without it.
 */
export const webGpuCanvasArgs = [...chromiumArgs, '--enable-features=Vulkan', '--use-vulkan=swiftshader'];

const withoutRobustness = '--enable-dawn-features=disable_robustness';
/**
 * The browser and consumer tiers' pages: WebGPU without Dawn's robustness (the bounds clamp it
 * adds to every indexed read and write of a shader, and Vulkan's robustBufferAccess). An index
 * nuno's shaders keep in bounds reads the same bits either way; one out of bounds is then
 * undefined rather than clamped, not reliably caught. On SwiftShader the clamps made the WebGPU
 * steps of the 48 x 48 pile with self-collision about 1.5x slower (its landed quarter seconds:
 * 24 s against 16 s). Users' browsers keep robustness, and so do the benches and the hardware
 * tier (whose SwiftShader run in `npm test` steps the fused kernels, each stage and a pile with
 * it on).
 */
export const testArgs = [...chromiumArgs, withoutRobustness];
/**
 * The launch options of the tests whose pages present a WebGPU canvas (a spec sets them with
 * `test.use({ launchOptions: webGpuCanvasLaunchOptions })`): webGpuCanvasArgs, without Dawn's
 * robustness as testArgs.
 */
export const webGpuCanvasLaunchOptions = { executablePath: chromiumPath, args: [...webGpuCanvasArgs, withoutRobustness] };
