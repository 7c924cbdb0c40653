// The wasm core (nuno-core.mjs and nuno-core.wasm) of an earlier commit of this repository, so
// the bench can step it beside today's (compare-builds.mjs). The commit's tree is taken with
// `git archive` and built with Emscripten as scripts/build.sh builds dist, once: later runs find
// it in build/bench/commits/<full commit hash>/dist.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
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
  const nodePath = ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':');
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_PATH: nodePath }, stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') {
      throw new Error(`nuno bench: '${command}' is not installed (scripts/setup.sh installs it)`);
    }
    throw error;
  }
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
    throw new Error(`nuno bench: '${commit}' is neither a dist folder nor a commit of this clone (a shallow clone ` +
      'lacks older commits: git fetch --unshallow)');
  }
  const dist = `${COMMITS_DIR}${hash}/dist`;
  if (existsSync(`${dist}/nuno-core.wasm`)) return dist;
  // Built in a folder of its own and renamed when done, so an interrupted build is never taken
  // for a finished one.
  const building = `${COMMITS_DIR}${hash}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(`${building}/source`, { recursive: true });
  console.error(`nuno bench: building the core of ${hash.slice(0, 12)} in ${COMMITS_DIR} (once)`);
  try {
    run('git', ['archive', `--output=${building}/source.tar`, hash]);
    run('tar', ['-x', '-f', `${building}/source.tar`, '-C', `${building}/source`]);
    run('emcmake', ['cmake', '-S', `${building}/source`, '-B', `${building}/build`, '-DCMAKE_BUILD_TYPE=Release',
      `-DNUNO_DIST_DIR=${building}/dist`, '--log-level=WARNING']);
    // An Emscripten build of the project holds the wasm module and nothing else.
    run('cmake', ['--build', `${building}/build`, '-j', '2']);
    if (!existsSync(`${building}/dist/nuno-core.wasm`)) throw new Error(`nuno bench: building ${hash} left no nuno-core.wasm`);
    rmSync(`${COMMITS_DIR}${hash}`, { recursive: true, force: true });
    renameSync(building, `${COMMITS_DIR}${hash}`);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  return dist;
}
