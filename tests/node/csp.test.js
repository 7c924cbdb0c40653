// The module must run where eval and new Function are forbidden (a strict Content-Security-Policy).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

test('loads and steps a cloth with code generation from strings disallowed', () => {
  const entry = fileURLToPath(new URL('../../web/index.js', import.meta.url));
  const script = `
    const { loadNuno } = await import(${JSON.stringify(entry)});
    const cloth = (await loadNuno()).createCloth({ columns: 8, rows: 8 });
    cloth.stepFixed(10);
    console.log(cloth.stepsTaken);`;
  const output = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(output.trim(), '10');
});
