// Prints the support matrix, engine x check, from the test tiers' logs: each cell is what the
// tests filed under it reported (Playwright's ✓/✘ lines, node:test's ✔/✖ lines), never assumed.
// A check that applies to an engine but ran no test there is "not run", which fails the run:
// nothing may be silently skipped.
//   node tests/engines/support-matrix.js build/test-logs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{ title: string, passed: boolean }} Result */

/** Each check and the test titles filed under it (the words the titles share across tiers). */
const checks = [
  { heading: 'draws & moves', titles: /draws the cloth/ },
  { heading: 'sea of papers', titles: /sea of papers/ },
  { heading: 'GPU = CPU', titles: /GPU and CPU agree within/ },
  { heading: 'half path', titles: /half/ },
  // Chromium runs the WebGPU backend; Firefox and WebKit have none here and must step down.
  { heading: 'WebGPU / steps down', titles: /WebGPU/ },
  { heading: 'CPU in a worker', titles: /in a worker|worker cloth/ },
  { heading: 'CPU threads', titles: /two threads|on threads/ },
  { heading: 'touch', titles: /touch drag on empty canvas|pinch/ },
  { heading: 'overlay fits', titles: /overlay is visible/ },
  { heading: 'tsc', titles: /tsc --noEmit passes/ },
  { heading: 'type error caught', titles: /catches a deliberate type error/ },
  { heading: 'vite build', titles: /vite build/ },
  { heading: 'three.js', titles: /a ClothMesh draws|the three\.js example/ },
];

/**
 * Each engine: the tier log its tests print to, which of them are its own, the browser whose
 * version its log reports, and the checks that apply to it.
 */
const engines = [
  { name: 'chromium', log: 'browser.log', owns: (/** @type {string} */ title) => !title.startsWith('phone:'), browser: 'chromium',
    checks: ['draws & moves', 'sea of papers', 'GPU = CPU', 'half path', 'WebGPU / steps down', 'CPU in a worker', 'CPU threads', 'three.js'] },
  { name: 'firefox', log: 'firefox.log', owns: () => true, browser: 'firefox', checks: ['draws & moves', 'sea of papers', 'GPU = CPU', 'half path', 'WebGPU / steps down', 'CPU in a worker', 'CPU threads', 'three.js'] },
  { name: 'webkit', log: 'webkit.log', owns: () => true, browser: 'webkit', checks: ['draws & moves', 'sea of papers', 'GPU = CPU', 'half path', 'WebGPU / steps down', 'CPU in a worker', 'CPU threads', 'three.js'] },
  { name: 'phone-chromium', log: 'browser.log', owns: (/** @type {string} */ title) => title.startsWith('phone:'), browser: 'chromium',
    checks: ['draws & moves', 'sea of papers', 'half path', 'touch', 'overlay fits'] },
  { name: 'vite-consumer', log: 'consumer.log', owns: (/** @type {string} */ title) => title.startsWith('vite consumer:'), browser: 'chromium',
    checks: ['draws & moves', 'tsc', 'type error caught', 'vite build', 'CPU threads', 'three.js'] },
  { name: 'plain-consumer', log: 'consumer.log', owns: (/** @type {string} */ title) => title.startsWith('plain consumer:'), browser: 'chromium',
    checks: ['draws & moves', 'CPU threads'] },
];

/**
 * The test results in a log: Playwright's list reporter and node:test's spec reporter.
 * @param {string} text
 * @returns {Result[]}
 */
function resultsIn(text) {
  const line = /^\s*(✓|✔|✘|✖)\s+(?:\d+\s+\S+:\d+:\d+ › )?(.+?)(?: \([\d.]+(?:ms|s|m)\))?$/;
  return text.split('\n').flatMap((entry) => {
    const match = line.exec(entry);
    return match ? [{ title: match[2], passed: match[1] === '✓' || match[1] === '✔' }] : [];
  });
}

/**
 * @param {string} folder
 * @param {string} name
 */
function readLog(folder, name) {
  try {
    return readFileSync(join(folder, name), 'utf8');
  } catch {
    return '';
  }
}

/**
 * 'pass (n)', 'FAIL (failed/n)', 'not run', or '' where the check does not apply.
 * @param {Result[]} results the engine's own
 * @param {{ heading: string, titles: RegExp }} check
 * @param {string[]} applicable
 */
function cell(results, check, applicable) {
  if (!applicable.includes(check.heading)) return '';
  const filed = results.filter(({ title }) => check.titles.test(title));
  const failed = filed.filter(({ passed }) => !passed).length;
  if (filed.length === 0) return 'not run';
  return failed > 0 ? `FAIL (${failed}/${filed.length})` : `pass (${filed.length})`;
}

const folder = process.argv[2] ?? 'build/test-logs';
const logs = Object.fromEntries([...new Set(engines.map(({ log }) => log))].map((log) => [log, readLog(folder, log)]));
/** @type {Record<string, string>} from the tiers' `browser: NAME = VERSION` lines */
const versions = {};
for (const text of Object.values(logs)) {
  for (const [, browser, version] of text.matchAll(/^browser: (\S+) = (.+)$/gm)) versions[browser] = version;
}

const header = ['engine', 'version', ...checks.map(({ heading }) => heading)];
const rows = engines.map((engine) => {
  const results = resultsIn(logs[engine.log]).filter(({ title }) => engine.owns(title));
  return [engine.name, versions[engine.browser] ?? 'unknown', ...checks.map((check) => cell(results, check, engine.checks))];
});
const widths = header.map((heading, column) => Math.max(heading.length, ...rows.map((row) => row[column].length)));
const format = (/** @type {string[]} */ row) => `| ${row.map((text, column) => text.padEnd(widths[column])).join(' | ')} |`;
console.log('support matrix (engine x check; (n) = tests behind the cell)');
console.log(format(header));
console.log(format(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(format(row));

const notRun = rows.flatMap((row) => row.filter((text) => text === 'not run')).length;
if (notRun > 0) {
  console.log(`support matrix: ${notRun} applicable cells ran no test`);
  process.exitCode = 1;
}
