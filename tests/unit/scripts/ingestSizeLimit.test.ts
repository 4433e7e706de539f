import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm run ingest on an endless input', () => {
  it('stops reading /dev/zero at the size limit and exits 1 with "error: …" only', async () => {
    const r = await new Promise<{
      code: number | null;
      signal: string | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      // Killed after 30 s: reading forever is the failure this test is about, not a hang of the suite.
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'scripts/ingest.ts'), 'kp-index', '/dev/zero'],
        { cwd: ROOT, timeout: 30_000 },
        (_err, stdout, stderr) => {
          resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr });
        },
      );
    });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: /dev/zero is larger than 64 MB: not a NOAA product file\n');
  }, 40_000);
});
