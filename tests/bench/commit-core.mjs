// The wasm core (nuno-core.mjs and nuno-core.wasm) of an earlier commit of this repository, so
// the bench can step it beside today's (compare-builds.mjs). The commit's tree is taken with
// `git archive` and built with Emscripten as scripts/build.sh builds dist, once: later runs find
// it in build/bench/commits/<full commit hash>/dist.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const COMMITS_DIR = fileURLToPath(new URL('../../build/bench/commits/', import.meta.url));

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
function run(command, args, cwd = REPOSITORY) {
  // Debian's Emscripten runs its JS tools with the system node, which needs Debian's node modules.
  return execFileSync(command, args, {
    cwd, encoding: 'utf8', env: { ...process.env, NODE_PATH: '/usr/share/nodejs' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * The folder holding the commit's nuno-core.mjs and nuno-core.wasm, built if it is not yet.
 * @param {string} commit anything `git rev-parse` takes: a hash, a tag, HEAD~3
 * @returns {string}
 */
export function coreOfCommit(commit) {
  let hash;
  try {
    hash = run('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).trim();
  } catch {
    throw new Error(`nuno bench: '${commit}' is not a commit of this clone (a shallow clone lacks older ones: ` +
      'git fetch --unshallow)');
  }
  const folder = `${COMMITS_DIR}${hash}`;
  const dist = `${folder}/dist`;
  if (existsSync(`${dist}/nuno-core.wasm`)) return dist;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(`${folder}/source`, { recursive: true });
  console.error(`nuno bench: building the core of ${hash.slice(0, 12)} in ${folder} (once)`);
  execFileSync('sh', ['-c', `git archive ${hash} | tar -x -C '${folder}/source'`], { cwd: REPOSITORY, stdio: 'inherit' });
  run('emcmake', ['cmake', '-S', `${folder}/source`, '-B', `${folder}/build`, '-DCMAKE_BUILD_TYPE=Release',
    `-DNUNO_DIST_DIR=${dist}`, '--log-level=WARNING']);
  // An Emscripten build of the project holds the wasm module and nothing else.
  run('cmake', ['--build', `${folder}/build`, '-j', '2']);
  if (!existsSync(`${dist}/nuno-core.wasm`)) throw new Error(`nuno bench: building ${hash} left no ${dist}/nuno-core.wasm`);
  return dist;
}
