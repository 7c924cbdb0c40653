// The consumer app's pages: src/main.ts's (index.html), the three.js example copied from the
// repository's examples/three/ (three/index.html) and the browser tests' three.js scene
// (three-scene/index.html).
import { defineConfig } from 'vite';

export default defineConfig({
  build: { rollupOptions: { input: { main: 'index.html', three: 'three/index.html', scene: 'three-scene/index.html' } } },
});
