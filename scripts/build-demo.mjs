// Writes the demo as a folder any static host can serve: scripts/serve.mjs maps lil-gui's
// stylesheet and the node_modules paths the demo imports, and sends the strict
// Content-Security-Policy as a header; a plain host does none of that. So the folder holds
// everything the page fetches, at addresses relative to the page, and the policy rides in the
// page itself. Files are copied, not bundled: what the page runs is the package as it ships.
//   node scripts/build-demo.mjs [--out build/demo]   (npm run build:demo; scripts/build.sh ends with it)
// Layout of the folder:
//   index.html, *.js, demo.css, favicon.svg   web/demo/ (index.html with the policy in a <meta>)
//   lil-gui.css, lil-gui-icons.woff2          lil-gui's stylesheet, its icon font as a file (as serve.mjs)
//   nuno/web/, nuno/dist/                      the package's runtime files (package.json "files")
//   vendor/<package>/...                       the folders of the third-party modules the demo imports
// Import specifiers that leave web/demo/ ('../index.js', '../../node_modules/...') are rewritten
// to those places; any other is refused, so a new kind of import fails the build, not the page.
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lilGuiStylesheetAndFont, strictContentSecurityPolicy } from './serve.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const demoFolder = 'web/demo';
const fontName = 'lil-gui-icons.woff2';
/** Type declarations are for editors, not for the page. */
const isDeclaration = (/** @type {string} */ path) => /\.d\.m?ts$/.test(path);
/**
 * Of a third-party folder, its modules: not its declarations, nor its stylesheets (lil-gui's own
 * embeds the data: font the policy blocks; the page links the split copy).
 */
const isVendorModule = (/** @type {string} */ path) => !isDeclaration(path) && !path.endsWith('.css');
/** A module specifier in `from '...'` or `import('...')`, in code or JSDoc alike. */
const specifier = /(\bfrom\s*|\bimport\(\s*)(['"])(\.\.\/[^'"]+)\2/g;

/**
 * Where a repository file lives in the written folder.
 * @param {string} path relative to the repository, '/'-separated
 * @param {Set<string>} vendorFolders grows with the node_modules folders to copy
 * @returns {string} relative to the written folder
 */
function placed(path, vendorFolders) {
  if (path.startsWith('web/') || path.startsWith('dist/')) return `nuno/${path}`;
  if (path.startsWith('node_modules/')) {
    vendorFolders.add(posix.dirname(path));
    return `vendor/${path.slice('node_modules/'.length)}`;
  }
  throw new Error(`build-demo: the demo imports ${path}, which no static copy provides`);
}

/**
 * @param {string} [target] the folder to (re)write
 * @returns {Promise<string>} its absolute path
 */
export async function buildDemo(target = join(root, 'build/demo')) {
  target = resolve(target);
  // It is replaced whole: never the repository or a folder holding it.
  const repositoryFromTarget = relative(target, root);
  if (!repositoryFromTarget.startsWith('..') && !isAbsolute(repositoryFromTarget)) throw new Error(`build-demo: refusing to replace ${target}`);
  // Written afresh each time, so a file dropped from the demo does not linger (idempotent), into
  // a folder beside it that replaces it at the end: a failed build leaves the last one whole,
  // and a server showing it (a test run, a second engineer's) finds it missing only for a moment.
  const partial = `${target}.partial-${process.pid}`;
  try {
    await writeDemo(partial);
    await rm(target, { recursive: true, force: true });
    await rename(partial, target);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return target;
}

/** @param {string} out a folder to make */
async function writeDemo(out) {
  await mkdir(out, { recursive: true });
  /** @type {Set<string>} */
  const vendorFolders = new Set();
  for (const name of await readdir(join(root, demoFolder))) {
    if (isDeclaration(name)) continue;
    let text = await readFile(join(root, demoFolder, name), 'utf8');
    if (name.endsWith('.js')) {
      text = text.replace(specifier, (_, before, quote, path) => `${before}${quote}./${placed(posix.join(demoFolder, path), vendorFolders)}${quote}`);
    } else if (name === 'index.html') {
      // A header would be stronger (a <meta> cannot carry frame-ancestors, report-uri or
      // sandbox), but this policy has none of those, and a static host may send no headers.
      const charset = '<meta charset="utf-8">';
      if (!text.includes(charset)) throw new Error(`build-demo: no ${charset} in index.html to put the policy after`);
      text = text.replace(charset, `${charset}\n  <meta http-equiv="Content-Security-Policy" content="${strictContentSecurityPolicy}">`);
    }
    await writeFile(join(out, name), text);
  }

  const { stylesheet, font } = await lilGuiStylesheetAndFont(fontName);
  await writeFile(join(out, 'lil-gui.css'), stylesheet);
  await writeFile(join(out, fontName), font);

  // The package as it ships: the threaded build too, for a host that sends COOP/COEP.
  const { files } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  for (const path of /** @type {string[]} */ (files)) {
    if (isDeclaration(path)) continue;
    await cp(join(root, path), join(out, 'nuno', path), { recursive: true, filter: (source) => !isDeclaration(source) });
  }

  // Each imported third-party file's whole folder (its own relative imports come along), and
  // the package's licence, which its terms ask to travel with copies.
  for (const folder of vendorFolders) {
    await cp(join(root, folder), join(out, 'vendor', relative('node_modules', folder)), { recursive: true, filter: isVendorModule });
    const packageRoot = folder.split('/').slice(0, folder.startsWith('node_modules/@') ? 3 : 2).join('/');
    for (const name of await readdir(join(root, packageRoot))) {
      if (/^licen[cs]e/i.test(name)) await cp(join(root, packageRoot, name), join(out, 'vendor', relative('node_modules', packageRoot), name));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'build/demo') } } });
  const out = await buildDemo(values.out);
  console.log(`demo written to ${relative(process.cwd(), out) || '.'}/ (serve it with any static file server)`);
}
