import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name real files: every backticked repository path in `docs/**` and the README must exist, and every
 * `docs/….md#anchor` (in the docs or in a code comment) must name a heading of that page. No database needed.
 */

/** This file is apps/server/src/docs-paths.test.ts. */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A path from one of the repository's top folders, ending with a file extension or a slash (an anchor may follow). */
const REPO_PATH = /^((?:apps|packages|e2e|docs|bench)\/(?:[\w@.\-/]*(?:\.[A-Za-z0-9]+|\/))?)(#[\w-]+)?$/;
const CODE_SPAN = /`([^`\n]+)`/g;
const FENCED_BLOCK = /^```[\s\S]*?^```/gm;
const DOC_ANCHOR = /\bdocs\/[\w\-/]+\.md#[\w-]+/g;
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.css', '.json', '.md']);
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'data', '.git', 'migrations', 'test-results']);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');

const markdownFiles = [
  path.join(repoRoot, 'README.md'),
  ...filesUnder(path.join(repoRoot, 'docs'), (name) => name.endsWith('.md')),
];

/** The backticked repository paths of a Markdown text, outside fenced code blocks. */
function backtickedPaths(markdown: string): Array<{ file: string; anchor: string | null }> {
  const prose = markdown.replace(FENCED_BLOCK, '');
  return [...prose.matchAll(CODE_SPAN)].flatMap(([, span = '']) => {
    const match = REPO_PATH.exec(span.trim());
    const file = match?.[1];
    return file ? [{ file, anchor: match?.[2]?.slice(1) ?? null }] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByPage = new Map<string, Set<string>>();
function anchorsOf(page: string): Set<string> {
  let anchors = anchorsByPage.get(page);
  if (!anchors) {
    const text = readFileSync(path.join(repoRoot, page), 'utf8').replace(FENCED_BLOCK, '');
    anchors = new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading = '']) => headingAnchor(heading)));
    anchorsByPage.set(page, anchors);
  }
  return anchors;
}

function isMissing(file: string, anchor: string | null): boolean {
  if (!existsSync(path.join(repoRoot, file))) return true;
  return anchor !== null && file.endsWith('.md') && !anchorsOf(file).has(anchor);
}

describe('paths named in the docs', () => {
  it('finds the paths it checks', () => {
    const flows = markdownFiles.map(relative).filter((file) => file.startsWith('docs/flows/'));
    expect(flows.length).toBeGreaterThanOrEqual(3);
    const count = markdownFiles.reduce((sum, file) => sum + backtickedPaths(readFileSync(file, 'utf8')).length, 0);
    expect(count).toBeGreaterThan(100);
  });

  it('names only files and folders that exist, and headings that exist', () => {
    const missing = markdownFiles.flatMap((file) =>
      backtickedPaths(readFileSync(file, 'utf8'))
        .filter(({ file: named, anchor }) => isMissing(named, anchor))
        .map(({ file: named, anchor }) => `${relative(file)}: ${named}${anchor ? `#${anchor}` : ''}`),
    );
    expect(missing).toEqual([]);
  });

  it('points code comments only at docs pages and headings that exist', () => {
    const sources = ['apps', 'packages', 'e2e', 'bench'].flatMap((top) =>
      filesUnder(path.join(repoRoot, top), (name) => SOURCE_EXTENSIONS.has(path.extname(name))),
    );
    const missing = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(DOC_ANCHOR)]
        .map(([reference]) => reference.split('#') as [string, string])
        .filter(([page, anchor]) => isMissing(page, anchor))
        .map(([page, anchor]) => `${relative(file)}: ${page}#${anchor}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads anchors and paths as GitHub and the docs write them', () => {
    expect(headingAnchor('Space file permissions')).toBe('space-file-permissions');
    expect(headingAnchor('Sign-in and accounts')).toBe('sign-in-and-accounts');
    expect(backtickedPaths('see `apps/web/src/config/paths.ts` and `docs/product-rules.md#roles`, `npm test`')).toEqual(
      [
        { file: 'apps/web/src/config/paths.ts', anchor: null },
        { file: 'docs/product-rules.md', anchor: 'roles' },
      ],
    );
    expect(backtickedPaths('`apps/server/src` `apps/web/src/locales/<namespace>/<lang>.json` `bench/`')).toEqual([
      { file: 'bench/', anchor: null },
    ]);
  });
});
