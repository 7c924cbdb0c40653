// Runs a command to completion and hands back its exit code and output, for tests that check
// failures (tsc must fail on a type error) as well as successes.
import { spawn } from 'node:child_process';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<{ code: number, output: string, stdout: string }>} output: stdout and
 *   stderr interleaved; stdout alone for commands that print data there (npm pack --json)
 */
export function runCommand(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => { output += chunk; stdout += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output, stdout }));
  });
}

/**
 * Like runCommand, but a non-zero exit is an Error carrying the output.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<string>} its stdout
 */
export async function mustRun(command, args, cwd) {
  const { code, output, stdout } = await runCommand(command, args, cwd);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`);
  return stdout;
}
