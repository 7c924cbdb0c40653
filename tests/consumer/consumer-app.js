// Makes the consumer app as a nuno user would: the package packed (npm pack), a fresh Vite app
// from create-vite's vanilla TypeScript template, the tarball installed into it (with three),
// the template's src/main.ts replaced by one that uses nuno, and the repository's three.js
// example and the browser tests' three.js scene beside it as more pages. Then type-checks and
// builds it.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustRun, runCommand } from './run-command.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const templates = fileURLToPath(new URL('./app/', import.meta.url));
/** The Vite the app builds with: pinned, so every run builds alike. */
const viteVersion = '7.3.8';

/**
 * @param {string} workFolder an empty folder; the tarball and app/ are made in it
 * @returns {Promise<string>} the app's folder
 */
export async function createConsumerApp(workFolder) {
  const [{ filename }] = JSON.parse(await mustRun('npm', ['pack', '--json', '--pack-destination', workFolder], repositoryRoot));
  const createVite = createRequire(import.meta.url).resolve('create-vite/index.js');
  await mustRun(process.execPath, [createVite, 'app', '--template', 'vanilla-ts'], workFolder);
  const app = join(workFolder, 'app');
  await copyFile(join(templates, 'main.ts'), join(app, 'src', 'main.ts'));
  for (const file of ['plain.html', 'tsconfig.plain.json', 'vite.config.js']) await copyFile(join(templates, file), join(app, file));
  await mkdir(join(app, 'three'));
  for (const file of ['index.html', 'main.js']) await copyFile(join(repositoryRoot, 'examples/three', file), join(app, 'three', file));
  await mkdir(join(app, 'three-scene'));
  await copyFile(join(repositoryRoot, 'tests/browser/three.html'), join(app, 'three-scene', 'index.html'));
  await copyFile(join(repositoryRoot, 'tests/browser/three-scene.js'), join(app, 'three-scene', 'three-scene.js'));

  // TypeScript, gl-matrix and three at the repository's own versions, which its `npm ci` put in
  // the npm cache; --prefer-offline takes them, and Vite once fetched, from there.
  const { devDependencies } = JSON.parse(await readFile(join(repositoryRoot, 'package.json'), 'utf8'));
  await mustRun('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error',
    join(workFolder, filename), `vite@${viteVersion}`, `typescript@${devDependencies.typescript}`,
    `gl-matrix@${devDependencies['gl-matrix']}`, `three@${devDependencies.three}`], app);
  return app;
}

/**
 * Type-checks the app with its own tsconfig.json (create-vite's), or another project file.
 * @param {string} app
 * @param {string} [project]
 */
export function typeCheck(app, project = 'tsconfig.json') {
  return runCommand(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', project], app);
}

/**
 * Copies the deliberate mistake into the app's src/, where its tsconfig.json picks it up.
 * @param {string} app
 * @returns {Promise<{ file: string, line: number }>} where tsc must report the error
 */
export async function addMisuse(app) {
  const source = join(templates, 'misuse.ts');
  const line = (await readFile(source, 'utf8')).split('\n').findIndex((text) => text.includes('deliberate type error')) + 1;
  const file = join(app, 'src', 'misuse.ts');
  await copyFile(source, file);
  return { file, line };
}

/**
 * Builds the app into dist/ with Vite's defaults.
 * @param {string} app
 */
export function viteBuild(app) {
  return runCommand(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build'], app);
}
