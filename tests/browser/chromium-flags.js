// Chromium's command-line flags for the browser and consumer tiers (Debian's Chromium, headless).

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
