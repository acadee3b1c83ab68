import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The module borders are lint rules (biome.json overrides, ADR 0060). These tests lint probe files placed where real
 * code lives, so removing or weakening a rule fails `npm test`, not only the next review.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const run = promisify(execFile);

async function lintProbe(relativeDir: string, source: string): Promise<{ failed: boolean; output: string }> {
  const dir = path.join(repoRoot, relativeDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `border-probe-${randomUUID().slice(0, 8)}.ts`);
  await writeFile(file, source);
  try {
    const { stdout, stderr } = await run(biome, ['lint', '--max-diagnostics=5', file], { cwd: repoRoot });
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  } finally {
    await rm(file, { force: true });
  }
}

describe('module borders', () => {
  it("refuses a server module importing another module's repository", async () => {
    const result = await lintProbe(
      'apps/server/src/modules/spaces',
      "import { findTeamWithCounts } from '../teams/teams.repository.ts';\n\nexport const probe = findTeamWithCounts;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('noRestrictedImports');
  });

  it('refuses the same from a file deeper in a module', async () => {
    const result = await lintProbe(
      'apps/server/src/modules/assistant/tools',
      "import { searchPassages } from '../../search/search.service.ts';\n\nexport const probe = searchPassages;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('noRestrictedImports');
  });

  it('refuses platform code importing a module', async () => {
    const result = await lintProbe(
      'apps/server/src/platform',
      "import { teamsRoutes } from '../modules/teams/index.ts';\n\nexport const probe = teamsRoutes;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('noRestrictedImports');
  });

  it("accepts another module's public entry file", async () => {
    const result = await lintProbe(
      'apps/server/src/modules/spaces',
      "import { teamsRoutes } from '../teams/index.ts';\n\nexport const probe = teamsRoutes;\n",
    );
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.failed).toBe(false);
  });
});
