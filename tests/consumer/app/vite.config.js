// The consumer app's two pages: src/main.ts's (index.html) and the three.js example copied from
// the repository's examples/three/ (three/index.html).
import { defineConfig } from 'vite';

export default defineConfig({
  build: { rollupOptions: { input: { main: 'index.html', three: 'three/index.html' } } },
});
