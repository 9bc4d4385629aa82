// npm test's checks before the test runner: lint, type-check, the statechart diagram and the build the
// browser tests load, side by side. Run one after another they took ~35 s of which much was one core
// waiting (tsc and the database image are single-threaded); together they fill both cores. Each
// check's output is printed whole when it ends, and the exit code is the first failure's.
import { spawn } from 'node:child_process';

const checks: { name: string; args: string[] }[] = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'diagram', args: ['run', 'diagram', '--', '--check'] },
  // The messages are compiled once, before this script; `npm run build` would compile them again
  // while tsc reads them.
  { name: 'build', args: ['run', 'build:bundle'] },
];

function run({ name, args }: { name: string; args: string[] }): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const status = code ?? 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n── ${name}: ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

const codes = await Promise.all(checks.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
