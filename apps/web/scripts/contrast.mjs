// WCAG 2.2 contrast ratios of the theme tokens in src/index.css (oklch → linear sRGB → relative luminance).
// Usage: node apps/web/scripts/contrast.mjs
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../src/index.css', import.meta.url), 'utf8');

/** Reads the `--name: oklch(L C H [/ A%])` tokens of one block (`:root` or `.dark`). */
function tokens(selector) {
  const block = css.slice(css.indexOf(`${selector} {`));
  const body = block.slice(0, block.indexOf('}'));
  const out = {};
  for (const m of body.matchAll(/--([\w-]+):\s*oklch\(([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+)%)?\)/g)) {
    out[m[1]] = { l: Number(m[2]), c: Number(m[3]), h: Number(m[4]), a: m[5] ? Number(m[5]) / 100 : 1 };
  }
  return out;
}

/** oklch → linear sRGB, clipped to the gamut (what Chromium paints). */
function linear({ l, c, h }) {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const rgb = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return rgb.map((v) => Math.min(1, Math.max(0, v)));
}

const encode = (v) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const decode = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/** sRGB (0–1, gamma-encoded) of a token, alpha-composited over `under` (CSS blends in sRGB). */
function srgb(color, under) {
  const top = linear(color).map(encode);
  if (color.a === 1 || !under) return top;
  return top.map((v, i) => color.a * v + (1 - color.a) * under[i]);
}

const luminance = (rgb) => {
  const [r, g, b] = rgb.map(decode);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (x, y) => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
};
const hex = (rgb) =>
  `#${rgb
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const withAlpha = (color, a) => ({ ...color, a });

const checks = [
  // [label, foreground, background, needed]; a background may be [token, alpha, over-token]
  ['primary-foreground on primary (buttons, own bubble)', 'primary-foreground', 'primary', 4.5],
  ['primary-text on background (links)', 'primary-text', 'background', 4.5],
  ['primary-text on card', 'primary-text', 'card', 4.5],
  [
    'primary-text on primary/15 over background (avatar initials)',
    'primary-text',
    ['primary', 0.15, 'background'],
    4.5,
  ],
  ['primary-text on primary/15 over popover (Premium Plan)', 'primary-text', ['primary', 0.15, 'popover'], 4.5],
  ['muted-foreground on background', 'muted-foreground', 'background', 4.5],
  ['muted-foreground on muted (assistant bubble time)', 'muted-foreground', 'muted', 4.5],
  ['muted-foreground on sidebar', 'muted-foreground', 'sidebar', 4.5],
  ['muted-foreground on sidebar-accent', 'muted-foreground', 'sidebar-accent', 4.5],
  // classes the components no longer use, kept to show why they went
  ['primary-foreground/70 on primary (own message time, before)', ['primary-foreground', 0.7], 'primary', 4.5],
  ['sidebar-foreground/70 on sidebar (group labels)', ['sidebar-foreground', 0.7], 'sidebar', 4.5],
  [
    'emerald-600 on sidebar (Daily Updates +1, before)',
    { l: 0.596, c: 0.145, h: 163.225, a: 1 },
    'sidebar',
    4.5,
    'light',
  ],
  ['emerald-700 on sidebar (Daily Updates +1)', { l: 0.508, c: 0.118, h: 165.612, a: 1 }, 'sidebar', 4.5, 'light'],
  ['emerald-400 on sidebar (Daily Updates +1)', { l: 0.765, c: 0.177, h: 163.223, a: 1 }, 'sidebar', 4.5, 'dark'],
  ['ring/50 on card (before: focus-visible:ring-ring/50)', ['ring', 0.5], 'card', 3],
  ['ring on background (also the offset gap beside a primary button)', 'ring', 'background', 3],
  ['ring on card', 'ring', 'card', 3],
  ['ring on sidebar-accent', 'sidebar-ring', 'sidebar-accent', 3],
  ['ring on sidebar', 'sidebar-ring', 'sidebar', 3],
];

for (const theme of [':root', '.dark']) {
  const t = tokens(theme);
  const paint = (spec) => {
    if (Array.isArray(spec)) {
      const [name, alpha, over] = spec;
      return srgb(withAlpha(t[name], alpha), srgb(t[over]));
    }
    return srgb(t[spec]);
  };
  const name = theme === ':root' ? 'light' : 'dark';
  console.log(`\n${name}`);
  for (const [label, fg, bg, needed, only] of checks) {
    if (only && only !== name) continue;
    const back = paint(bg);
    const front = Array.isArray(fg) ? srgb(withAlpha(t[fg[0]], fg[1]), back) : srgb(t[fg] ?? fg, back);
    const r = ratio(front, back);
    console.log(`${r >= needed ? 'ok  ' : 'FAIL'} ${r.toFixed(2)}:1 (${hex(front)} on ${hex(back)}) ${label}`);
  }
}
