/**
 * Landing page JavaScript budget (docs/performance-budgets.md#web: at most 100 KB gzipped). Reads the built app (`npm
 * run build` first), follows what the landing page loads before it renders: the entry script, its modulepreloads, and
 * the chunk the entry imports for a visit that starts on the landing page (`render-landing`, ADR 0118) with its static
 * imports, and prints their gzipped sizes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
const landingEntry = readdirSync(path.join(dist, 'assets')).find((file) => /^render-landing-.*\.js$/.test(file));
if (!landingEntry) {
  console.error('No render-landing chunk in apps/web/dist/assets: the landing page entry is missing.');
  process.exit(1);
}
const queue = [...fromHtml, `assets/${landingEntry}`];
const loaded = new Set<string>();
while (queue.length) {
  const file = queue.shift() as string;
  if (loaded.has(file)) continue;
  loaded.add(file);
  const source = readFileSync(path.join(dist, file), 'utf8');
  // Static imports load before the module runs; dynamic import() chunks load later and are not counted.
  for (const match of source.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(`assets/${match[1]}`);
  }
}

let total = 0;
for (const file of loaded) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`landing page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`);
process.exitCode = total <= BUDGET_BYTES ? 0 : 1;
