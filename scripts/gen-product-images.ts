/**
 * Draws the demo shop's own pictures (decision 041) as small SVGs under public/: every view of every demo product
 * that server/demo/demo-pictures.ts names, and the covers and body pictures of the demo news and articles. One flat
 * style: the product on a light neutral ground with a soft shadow, the brand's green as the accent, no text.
 * Deterministic (no randomness, no dates), so a re-run rewrites the same bytes. Run after changing the demo data:
 *   node --import tsx scripts/gen-product-images.ts && npm run images   (the WebP renditions, decision 015)
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_PICTURES } from '../server/demo/demo-content-pictures.ts';
import { demoProducts } from '../server/demo/demo-data.ts';
import { isSheet, type Look, lookOf, pictureSrc, type View, viewsOf } from '../server/demo/demo-pictures.ts';

type Pt = readonly [number, number];

// ── Palette ────────────────────────────────────────────────────────────────
const GREEN = '#2e7d32';
const GREEN_DARK = '#1b5e20';
const GREEN_LIGHT = '#66bb6a';
const INK = '#1f2428';
const METAL = '#b8c1ca';
const METAL_DARK = '#97a2ad';

const f = (n: number) => Math.round(n * 10) / 10;
const pts = (ps: readonly Pt[]) => ps.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
const poly = (ps: readonly Pt[], fill: string, extra = '') => `<polygon points="${pts(ps)}" fill="${fill}"${extra}/>`;
const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const down = (p: Pt, t: number): Pt => [p[0], p[1] + t];

/** The common defs: ground, shadow blur, foil sheen, textures, the release liner's green print. */
function defs(width: number, height: number): string {
  return (
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f8f7"/><stop offset="1" stop-color="#e4e9e6"/></linearGradient>` +
    `<radialGradient id="glow" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    '<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>' +
    '<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f8"/><stop offset=".35" stop-color="#c5ccd3"/><stop offset=".55" stop-color="#eef1f4"/><stop offset="1" stop-color="#aeb7c0"/></linearGradient>' +
    '<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d3d9df"/><stop offset="1" stop-color="#a7b1bb"/></linearGradient>' +
    '<linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset=".5" stop-color="#9aa5b0"/><stop offset="1" stop-color="#d5dbe0"/></linearGradient>' +
    '<linearGradient id="can" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset=".3" stop-color="#fff" stop-opacity=".28"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>' +
    '<pattern id="pores" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="5" cy="6" r="2.6" fill="#000" fill-opacity=".28"/><circle cx="15" cy="15" r="3.2" fill="#000" fill-opacity=".22"/><circle cx="17" cy="4" r="1.6" fill="#fff" fill-opacity=".08"/></pattern>' +
    '<pattern id="cells" width="26" height="26" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="5" fill="none" stroke="#000" stroke-opacity=".07" stroke-width="1.5"/><circle cx="19" cy="19" r="6" fill="none" stroke="#000" stroke-opacity=".06" stroke-width="1.5"/></pattern>' +
    '<pattern id="fibres" width="30" height="18" patternUnits="userSpaceOnUse"><path d="M0 4q8-4 15 0t15 0M4 12q7 4 13 0t13 1" fill="none" stroke="#fff" stroke-opacity=".13" stroke-width="1.6"/></pattern>' +
    `<pattern id="liner" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="36" height="36" fill="#f2f8f2"/><rect width="9" height="36" fill="${GREEN_LIGHT}" fill-opacity=".35"/></pattern>` +
    `<pattern id="knit" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0 5h10" stroke="#000" stroke-opacity=".08" stroke-width="3"/></pattern>` +
    '</defs>' +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/><ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.5}" ry="${height * 0.45}" fill="url(#glow)"/>`
  );
}

const frame = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs(width, height)}${body}</svg>\n`;

const shadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.22) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#1b2a22" fill-opacity="${opacity}" filter="url(#soft)"/>`;

// ── Sheets in an axonometric view ──────────────────────────────────────────
const EX: Pt = [0.84, 0.36];
const EY: Pt = [-0.6, 0.52];
const iso = (o: Pt, x: number, y: number): Pt => [o[0] + x * EX[0] + y * EY[0], o[1] + x * EX[1] + y * EY[1]];

interface Material {
  top: string;
  /** texture over the top face */
  texture?: string;
  side: string;
  sideTexture?: string;
  /** a foil face: a bright line along the top of the edge */
  foil?: boolean;
}

const MATERIALS: Record<string, Material> = {
  vibration: { top: 'url(#foil)', side: '#2a2e33', foil: true },
  foam: { top: '#4a5058', texture: 'url(#pores)', side: '#3b4047', sideTexture: 'url(#pores)' },
  foamFoil: { top: 'url(#foil)', side: '#3b4047', sideTexture: 'url(#pores)', foil: true },
  felt: { top: '#7d838a', texture: 'url(#fibres)', side: '#6b7178', sideTexture: 'url(#fibres)' },
  pe: { top: '#dfe3e7', texture: 'url(#cells)', side: '#c6ccd2', sideTexture: 'url(#cells)' },
  peFoil: { top: 'url(#foil)', side: '#cfd5da', sideTexture: 'url(#cells)', foil: true },
  membrane: { top: '#30343a', side: '#1e2125' },
  antisqueak: { top: '#646b73', texture: 'url(#pores)', side: '#555b62' },
  antisqueakBitumen: { top: '#3d3833', texture: 'url(#pores)', side: '#2f2b27' },
};

function materialOf(look: Look): Material {
  switch (look) {
    case 'vibration':
    case 'vibration-arch':
      return MATERIALS.vibration!;
    case 'foam-foil':
      return MATERIALS.foamFoil!;
    case 'felt':
      return MATERIALS.felt!;
    case 'pe':
      return MATERIALS.pe!;
    case 'pe-foil':
      return MATERIALS.peFoil!;
    case 'membrane':
      return MATERIALS.membrane!;
    case 'antisqueak':
      return MATERIALS.antisqueak!;
    case 'antisqueak-bitumen':
      return MATERIALS.antisqueakBitumen!;
    default:
      return MATERIALS.foam!;
  }
}

const OUTLINE = ' stroke="#0f1a14" stroke-opacity=".12" stroke-width="1.5" stroke-linejoin="round"';

/** One slab: its top face and the two edges that face the viewer. */
function slab(o: Pt, w: number, d: number, t: number, m: Material, top = true): string {
  const a = o;
  const b = iso(o, w, 0);
  const c = iso(o, w, d);
  const dd = iso(o, 0, d);
  const left = [dd, c, down(c, t), down(dd, t)] as const;
  const right = [b, c, down(c, t), down(b, t)] as const;
  let s = poly(left, m.side, OUTLINE) + poly(right, m.side, OUTLINE) + poly(right, '#000', ' fill-opacity=".12"');
  if (m.sideTexture) s += poly(left, m.sideTexture) + poly(right, m.sideTexture);
  if (m.foil && t > 4)
    s += `<polyline points="${pts([down(dd, 1.5), down(c, 1.5), down(b, 1.5)])}" fill="none" stroke="#dfe4e8" stroke-width="3"/>`;
  if (top) {
    s += poly([a, b, c, dd], m.top, OUTLINE);
    if (m.texture) s += poly([a, b, c, dd], m.texture);
    if (m.foil)
      s += poly([iso(o, w * 0.18, 0), iso(o, w * 0.34, 0), iso(o, w * 0.12, d), iso(o, -w * 0.04, d)], '#fff', ' fill-opacity=".28"');
  }
  return s;
}

const reflect = (p: Pt, a: Pt, b: Pt): Pt => {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const k = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
  const q: Pt = [a[0] + k * dx, a[1] + k * dy];
  return [2 * q[0] - p[0], 2 * q[1] - p[1]];
};

/** A neat stack of sheets, the top one with its right corner folded back to show the release liner. */
function sheetStack(center: Pt, w: number, d: number, t: number, m: Material, count = 3, liner = true): string {
  const o: Pt = [center[0] - (w * EX[0] + d * EY[0]) / 2, center[1] - (w * EX[1] + d * EY[1]) / 2];
  const gap = t + 3;
  const low = iso(o, w, d);
  let s = shadow(center[0] + 10, low[1] + count * gap - 10, w * 0.62, 46);
  for (let i = count - 1; i >= 0; i--) {
    const shift: Pt = [i % 2 === 1 ? 10 : -4 * i, i * gap];
    const oi = add(o, shift);
    s += slab(oi, w, d, t, m);
    // the liner under each sheet shows as a thin green-white line
    if (liner) {
      const li = [down(iso(oi, 0, d), t), down(iso(oi, w, d), t), down(iso(oi, w, 0), t)];
      s += `<polyline points="${pts(li)}" fill="none" stroke="#e4f2e5" stroke-width="2.5"/>`;
    }
  }
  if (!liner) return s;
  const corner = iso(o, w, 0);
  const p1 = iso(o, w - w * 0.36, 0);
  const p2 = iso(o, w, d * 0.5);
  const tip = reflect(corner, p1, p2);
  s += poly([corner, p1, p2], '#5b636b', ' fill-opacity=".55"');
  s += poly(
    [p1, p2, tip].map((p) => add(p, [6, 10])),
    '#0f1a14',
    ' fill-opacity=".18"',
  );
  s += `<path d="M${pts([p1])} Q${pts([add(tip, [-30, 8])])} ${pts([tip])} Q${pts([add(tip, [10, 30])])} ${pts([p2])}Z" fill="url(#liner)"${OUTLINE}/>`;
  return s;
}

interface Layer {
  fill: string;
  texture?: string;
  h: number;
}

function layersOf(look: Look): Layer[] {
  const liner: Layer = { fill: 'url(#liner)', h: 7 };
  const glue: Layer = { fill: '#e9e2c8', h: 6 };
  const foil: Layer = { fill: 'url(#foil)', h: 8 };
  switch (look) {
    case 'vibration':
      return [foil, { fill: '#262a2f', h: 70 }, liner];
    case 'vibration-arch':
      return [foil, { fill: '#2d2824', h: 120 }, liner];
    case 'foam':
      return [{ fill: '#4a5058', texture: 'url(#pores)', h: 120 }, glue, liner];
    case 'foam-foil':
      return [foil, { fill: '#4a5058', texture: 'url(#pores)', h: 110 }, glue, liner];
    case 'felt':
      return [{ fill: '#7d838a', texture: 'url(#fibres)', h: 110 }, glue, liner];
    case 'pe':
      return [{ fill: '#dfe3e7', texture: 'url(#cells)', h: 80 }, glue, liner];
    case 'pe-foil':
      return [foil, { fill: '#dfe3e7', texture: 'url(#cells)', h: 100 }, glue, liner];
    case 'membrane':
      return [{ fill: '#30343a', h: 50 }, glue, liner];
    case 'antisqueak-bitumen':
      return [{ fill: '#3d3833', texture: 'url(#pores)', h: 60 }, glue, liner];
    default:
      return [{ fill: '#646b73', texture: 'url(#pores)', h: 60 }, glue, liner];
  }
}

/** A cut block of the material, large: its layers from the face to the liner, the liner peeling at the front. */
function layerBlock(center: Pt, look: Look): string {
  const layers = layersOf(look);
  const total = layers.reduce((s, l) => s + l.h, 0);
  const w = 620;
  const d = 420;
  const o: Pt = [center[0] - (w * EX[0] + d * EY[0]) / 2 + 20, center[1] - (w * EX[1] + d * EY[1]) / 2 - total / 2];
  const low = iso(o, w, d);
  let s = shadow(center[0], low[1] + total + 6, w * 0.6, 50, 0.26);
  let y = 0;
  for (const [i, l] of layers.entries()) {
    const m: Material = { top: l.fill, side: l.fill, ...(l.texture ? { texture: l.texture, sideTexture: l.texture } : {}) };
    const oi = down(o, y);
    // the liner is drawn shorter on the left edge: it is being peeled off there
    s += slab(oi, w, d, l.h, m, i === 0);
    s += poly([iso(oi, w, 0), iso(oi, w, d), down(iso(oi, w, d), l.h), down(iso(oi, w, 0), l.h)], '#000', ' fill-opacity=".14"');
    y += l.h;
  }
  if (layers[0]!.fill === 'url(#foil)') {
    const sheen = [iso(o, w * 0.2, 0), iso(o, w * 0.32, 0), iso(o, w * 0.14, d), iso(o, w * 0.02, d)];
    s += poly(sheen, '#fff', ' fill-opacity=".3"');
  }
  // the liner peeling away from the front-left corner
  const a = down(iso(o, 0, d), total);
  const b = down(iso(o, w * 0.38, d), total);
  s += `<path d="M${pts([a])} Q${pts([add(a, [-60, 40])])} ${pts([add(a, [-40, 110])])} L${pts([add(b, [-40, 120])])} Q${pts([add(b, [-10, 50])])} ${pts([b])}Z" fill="url(#liner)"${OUTLINE}/>`;
  return s;
}

// ── Car panels seen from the inside (the "at work" views) ───────────────────
type Scene = 'door' | 'hood' | 'floor' | 'arch' | 'trim';

function sceneOf(look: Look): Scene {
  if (look === 'foam-foil' || look === 'pe-foil') return 'hood';
  if (look === 'felt' || look === 'membrane') return 'floor';
  if (look === 'vibration-arch' || look === 'spray' || look === 'jar' || look === 'bucket') return 'arch';
  if (look === 'antisqueak' || look === 'antisqueak-bitumen' || look === 'tape-felt' || look === 'tape-foam') return 'trim';
  return 'door';
}

/** A patch of material stuck on a panel, seen straight on. */
function patch(x: number, y: number, w: number, h: number, m: Material, rot = 0): string {
  const t = m.texture ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${m.texture}"/>` : '';
  const sheen = m.foil ? `<path d="M${x + w * 0.15} ${y}h${w * 0.12}l${-w * 0.12} ${h}h${-w * 0.12}z" fill="#fff" fill-opacity=".3"/>` : '';
  return (
    `<g transform="rotate(${rot} ${x + w / 2} ${y + h / 2})">` +
    `<rect x="${x + 5}" y="${y + 7}" width="${w}" height="${h}" rx="6" fill="#0f1a14" fill-opacity=".18"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${m.top}"${OUTLINE}/>${t}${sheen}</g>`
  );
}

function doorPanel(): string {
  return (
    shadow(600, 810, 430, 40) +
    // window frame and glass
    `<path d="M250 330 L400 120 Q410 108 426 108 L940 108 Q968 108 972 136 L990 330 Z" fill="${METAL_DARK}"/>` +
    `<path d="M300 330 L428 148 L930 148 L946 330 Z" fill="#dbe6ee"/>` +
    `<path d="M520 148 L600 148 L470 330 L390 330 Z" fill="#fff" fill-opacity=".5"/>` +
    // the inner panel
    `<path d="M170 330 Q170 300 200 300 L1010 300 Q1040 300 1040 330 L1040 720 Q1040 790 970 790 L330 790 Q230 790 190 700 Z" fill="url(#metal)"${OUTLINE}/>` +
    `<path d="M240 360 L980 360 L980 700 Q980 740 940 740 L340 740 Q280 740 255 690 Z" fill="${METAL_DARK}" fill-opacity=".45"/>` +
    `<ellipse cx="420" cy="560" rx="110" ry="80" fill="#4d5863"/><ellipse cx="790" cy="520" rx="130" ry="95" fill="#4d5863"/>` +
    `<rect x="560" y="650" width="160" height="50" rx="25" fill="#4d5863"/>` +
    [260, 1000].map((x) => `<circle cx="${x}" cy="380" r="10" fill="${METAL_DARK}"/>`).join('')
  );
}

function hoodPanel(): string {
  return (
    shadow(600, 820, 470, 40) +
    `<path d="M150 250 Q600 150 1050 250 L1110 760 Q600 840 90 760 Z" fill="url(#metal)"${OUTLINE}/>` +
    `<path d="M230 300 Q600 225 970 300 L1010 700 Q600 760 190 700 Z" fill="${METAL_DARK}" fill-opacity=".5"/>` +
    `<path d="M600 240 L600 790" stroke="${METAL}" stroke-width="40"/><path d="M180 500 Q600 470 1030 500" stroke="${METAL}" stroke-width="34" fill="none"/>`
  );
}

function floorPanel(): string {
  return (
    shadow(600, 830, 480, 36) +
    `<rect x="110" y="150" width="980" height="660" rx="60" fill="url(#metal)"${OUTLINE}/>` +
    `<path d="M520 150 L680 150 L660 810 L540 810 Z" fill="#d8dee4"/><path d="M520 150 L545 810" stroke="${METAL_DARK}" stroke-width="6"/>` +
    [300, 500, 700]
      .map((y) => `<path d="M140 ${y} h360 M700 ${y} h360" stroke="${METAL_DARK}" stroke-width="10" stroke-linecap="round" opacity=".6"/>`)
      .join('')
  );
}

function archPanel(): string {
  return (
    shadow(600, 830, 480, 36) +
    `<path d="M80 220 Q80 180 120 180 L1080 180 Q1120 180 1120 220 L1120 800 L80 800 Z" fill="url(#metal)"${OUTLINE}/>` +
    `<path d="M230 800 L230 700 A370 370 0 0 1 970 700 L970 800 Z" fill="#39414a"/>` +
    `<path d="M300 800 L300 710 A300 300 0 0 1 900 710 L900 800 Z" fill="#20252a"/>` +
    `<circle cx="600" cy="800" r="200" fill="#15181b"/><circle cx="600" cy="800" r="110" fill="#3a4048"/><circle cx="600" cy="800" r="40" fill="${METAL_DARK}"/>`
  );
}

function trimPanel(): string {
  return (
    shadow(600, 820, 460, 36) +
    `<path d="M140 200 Q140 160 180 160 L1020 160 Q1060 160 1060 200 L1060 700 Q1060 790 960 790 L240 790 Q140 790 140 700 Z" fill="#3c4249"${OUTLINE}/>` +
    `<path d="M190 210 L1010 210 L1010 690 Q1010 740 950 740 L250 740 Q190 740 190 690 Z" fill="#4a5159"/>` +
    `<rect x="300" y="330" width="600" height="110" rx="20" fill="#555d66"/>` +
    [
      [240, 260],
      [960, 260],
      [240, 690],
      [960, 690],
      [600, 560],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="22" fill="#e8ecef"/><circle cx="${x}" cy="${y}" r="9" fill="#9aa4ae"/>`)
      .join('')
  );
}

function roller(x: number, y: number, width: number, rot: number, scale = 1): string {
  const wheel = 40 + width * 2;
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale})">` +
    `<path d="M0 0 L150 0" stroke="#9aa5b0" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M150 0 L190 -30" stroke="#9aa5b0" stroke-width="10" stroke-linecap="round"/>` +
    `<rect x="${190 - wheel / 2}" y="-62" width="${wheel}" height="62" rx="12" fill="url(#steel)" stroke="#5f6b76" stroke-width="3"/>` +
    `<rect x="${190 - wheel / 2}" y="-42" width="${wheel}" height="6" fill="#fff" fill-opacity=".6"/>` +
    `<rect x="-250" y="-26" width="250" height="52" rx="26" fill="${GREEN}"/>` +
    `<rect x="-250" y="-26" width="250" height="20" rx="10" fill="#fff" fill-opacity=".16"/>` +
    [-200, -160, -120, -80].map((gx) => `<rect x="${gx}" y="-26" width="14" height="52" fill="${GREEN_DARK}"/>`).join('') +
    `<rect x="-20" y="-20" width="30" height="40" rx="6" fill="#c7ced5"/>` +
    `</g>`
  );
}

function sceneAtWork(look: Look, product: { attributes: Record<string, string | number> }): string {
  const m = materialOf(look);
  const scene = sceneOf(look);
  switch (scene) {
    case 'door': {
      let s = doorPanel();
      if (look === 'roller' || look === 'knife' || look === 'heat-gun' || look === 'bottle' || look === 'foil-tape' || look === 'gloves')
        return s;
      s += patch(300, 470, 250, 190, m, -4) + patch(640, 420, 300, 200, m, 3);
      if (look === 'vibration') s += roller(620, 600, 40, -18, 0.9);
      if (look === 'foam' || look === 'pe') s += patch(560, 640, 180, 80, m, 0);
      return s;
    }
    case 'hood':
      return (
        hoodPanel() +
        patch(250, 320, 320, 160, m, -2) +
        patch(630, 320, 320, 160, m, 2) +
        patch(250, 530, 320, 160, m, 1) +
        patch(630, 530, 320, 160, m, -1)
      );
    case 'floor':
      return (
        floorPanel() +
        patch(170, 200, 320, 260, m, 0) +
        patch(710, 200, 320, 260, m, 0) +
        patch(170, 520, 320, 250, m, 0) +
        patch(710, 520, 320, 250, m, 0)
      );
    case 'trim': {
      let s = trimPanel();
      const strip = look.startsWith('tape') ? (look === 'tape-felt' ? '#25292e' : '#8a929a') : m.top;
      const tex = look === 'tape-felt' ? 'url(#fibres)' : look === 'tape-foam' ? 'url(#cells)' : (m.texture ?? '');
      const strips: Array<[number, number, number, number]> = [
        [200, 222, 800, 34],
        [200, 694, 800, 34],
        [204, 300, 34, 340],
        [962, 300, 34, 340],
        [320, 345, 120, 80],
        [760, 345, 120, 80],
      ];
      for (const [x, y, w, h] of strips)
        s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${strip}"/>${tex ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${tex}"/>` : ''}`;
      return s;
    }
    case 'arch': {
      let s = archPanel();
      if (look === 'vibration-arch') {
        s += patch(150, 260, 240, 180, m, -6) + patch(810, 260, 240, 180, m, 6) + patch(470, 230, 260, 150, m, 0);
        return s;
      }
      // the mastic coat: a textured black band along the arch
      s += `<path d="M230 800 L230 700 A370 370 0 0 1 970 700 L970 800 L920 800 L920 705 A320 320 0 0 0 280 705 L280 800 Z" fill="#101214"/>`;
      s += `<path d="M230 800 L230 700 A370 370 0 0 1 970 700 L970 800 L920 800 L920 705 A320 320 0 0 0 280 705 L280 800 Z" fill="url(#pores)"/>`;
      if (look === 'spray') s += sprayCan(960, 330, 0.75, '#23272b', -35) + mist(860, 360, 200);
      else s += spatula(820, 300, -30);
      return s;
    }
  }
  void product;
  return '';
}

// ── Packs and tools ────────────────────────────────────────────────────────
function sprayCan(x: number, y: number, scale: number, body: string, rot = 0): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale})">` +
    `<rect x="-110" y="-230" width="220" height="500" rx="30" fill="${body}"/>` +
    `<rect x="-110" y="-60" width="220" height="150" fill="${GREEN}"/>` +
    `<path d="M-110 -10 h220" stroke="#fff" stroke-opacity=".5" stroke-width="6"/><path d="M-110 40 h220" stroke="${GREEN_LIGHT}" stroke-width="10"/>` +
    `<rect x="-110" y="-230" width="220" height="500" rx="30" fill="url(#can)"/>` +
    `<path d="M-110 -200 Q-110 -280 0 -290 Q110 -280 110 -200 Z" fill="#c9d0d6"/>` +
    `<rect x="-70" y="-360" width="140" height="90" rx="18" fill="${GREEN_DARK}"/><rect x="-70" y="-360" width="140" height="90" rx="18" fill="url(#can)"/>` +
    `<rect x="-20" y="-385" width="40" height="30" rx="6" fill="#e9edf0"/>` +
    `<rect x="-110" y="250" width="220" height="20" rx="6" fill="#aab3bb"/>` +
    `</g>`
  );
}

function mist(x: number, y: number, r: number): string {
  return [0.35, 0.6, 0.85, 1]
    .map(
      (k, i) =>
        `<circle cx="${f(x - r * k)}" cy="${f(y + r * 0.35 * k + (i % 2) * 12)}" r="${f(14 + 28 * k)}" fill="#3a4148" fill-opacity="${f(0.35 - k * 0.2)}"/>`,
    )
    .join('');
}

function spatula(x: number, y: number, rot: number): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<rect x="-26" y="-170" width="52" height="170" rx="20" fill="${GREEN}"/><rect x="-26" y="-170" width="18" height="170" rx="9" fill="#fff" fill-opacity=".18"/>` +
    `<path d="M-70 0 L70 0 L90 150 L-90 150 Z" fill="url(#steel)" stroke="#6b7680" stroke-width="3"/>` +
    `<path d="M-90 150 L90 150 L90 170 L-90 170 Z" fill="#111"/>` +
    `</g>`
  );
}

function cylinder(cx: number, top: number, rx: number, h: number, body: string, lid: string): string {
  const ry = rx * 0.28;
  return (
    `<path d="M${cx - rx} ${top} L${cx - rx} ${top + h} A${rx} ${ry} 0 0 0 ${cx + rx} ${top + h} L${cx + rx} ${top} Z" fill="${body}"/>` +
    `<path d="M${cx - rx} ${top} L${cx - rx} ${top + h} A${rx} ${ry} 0 0 0 ${cx + rx} ${top + h} L${cx + rx} ${top} Z" fill="url(#can)"/>` +
    `<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="${lid}"/>`
  );
}

function jar(): string {
  return (
    shadow(560, 760, 330, 46) +
    cylinder(520, 390, 230, 330, '#2a2f35', '#15181b') +
    `<path d="M290 500 L290 640 A230 64 0 0 0 750 640 L750 500 A230 64 0 0 1 290 500 Z" fill="${GREEN}"/>` +
    `<path d="M290 555 A230 64 0 0 0 750 555" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="6"/>` +
    `<ellipse cx="520" cy="390" rx="206" ry="56" fill="#0d0f11"/><ellipse cx="500" cy="380" rx="120" ry="26" fill="url(#pores)"/>` +
    `<path d="M430 372 q40 -20 90 -6 q40 12 80 -4" stroke="#3a4148" stroke-width="6" fill="none"/>` +
    // the lid, leaning on the jar
    `<g transform="rotate(-14 880 560)"><ellipse cx="880" cy="560" rx="70" ry="230" fill="${GREEN_DARK}"/><ellipse cx="870" cy="560" rx="56" ry="206" fill="${GREEN}"/></g>` +
    spatula(880, 330, 38)
  );
}

function bucket(): string {
  return (
    shadow(600, 800, 360, 50) +
    `<path d="M330 300 L380 760 A220 56 0 0 0 820 760 L870 300 Z" fill="#e9edf0"/>` +
    `<path d="M330 300 L380 760 A220 56 0 0 0 820 760 L870 300 Z" fill="url(#can)"/>` +
    `<path d="M350 420 L365 600 A235 60 0 0 0 835 600 L850 420 A260 66 0 0 1 350 420 Z" fill="${GREEN}"/>` +
    `<path d="M358 500 A245 62 0 0 0 842 500" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="8"/>` +
    `<ellipse cx="600" cy="300" rx="276" ry="70" fill="${GREEN_DARK}"/><ellipse cx="600" cy="290" rx="250" ry="58" fill="${GREEN}"/>` +
    `<path d="M330 330 Q600 -20 870 330" fill="none" stroke="#5f6b76" stroke-width="10"/>` +
    spatula(960, 520, 24)
  );
}

function knife(x: number, y: number, rot: number, scale = 1): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale})">` +
    `<path d="M-320 -40 L120 -40 L160 0 L120 40 L-320 40 Q-350 40 -350 0 Q-350 -40 -320 -40 Z" fill="${GREEN}"/>` +
    `<path d="M-320 -40 L120 -40 L150 -12 L-350 -12 Q-350 -40 -320 -40 Z" fill="#fff" fill-opacity=".18"/>` +
    `<rect x="-300" y="-14" width="300" height="50" rx="14" fill="${INK}"/>` +
    [-270, -230, -190, -150, -110, -70].map((gx) => `<rect x="${gx}" y="-10" width="12" height="42" rx="4" fill="#3b4249"/>`).join('') +
    `<rect x="40" y="-56" width="60" height="22" rx="8" fill="${GREEN_DARK}"/>` +
    `<path d="M150 -26 L420 -26 L470 26 L150 26 Z" fill="url(#steel)" stroke="#6b7680" stroke-width="2"/>` +
    [210, 270, 330, 390].map((bx) => `<path d="M${bx} -26 L${bx + 44} 26" stroke="#6b7680" stroke-width="2"/>`).join('') +
    `</g>`
  );
}

function trimTools(): string {
  const shapes = [
    'M-26 0 L26 0 L30 -300 Q0 -330 -30 -300 Z',
    'M-30 0 L30 0 L34 -260 L0 -310 L-34 -260 Z',
    'M-26 0 L26 0 L40 -280 Q46 -300 20 -300 L8 -270 L-8 -270 L-20 -300 Q-46 -300 -40 -280 Z',
    'M-28 0 L28 0 L24 -290 Q0 -300 -24 -290 Z',
    'M-24 0 L24 0 L60 -280 Q0 -320 -20 -280 Z',
  ];
  const fills = [GREEN, '#388e3c', GREEN_DARK, '#43a047', INK];
  return (
    shadow(600, 790, 420, 44) +
    shapes
      .map(
        (d, i) =>
          `<g transform="translate(600 760) rotate(${-52 + i * 26}) scale(1.55)"><path d="${d}" fill="${fills[i]}"/><path d="${d}" fill="#fff" fill-opacity=".12" transform="scale(.5 1)"/><circle cx="0" cy="-40" r="9" fill="#0f1a14" fill-opacity=".35"/></g>`,
      )
      .join('')
  );
}

function heatGun(x: number, y: number, scale: number, rot = 0): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale})">` +
    `<path d="M-260 -110 Q-300 -110 -300 -60 L-300 40 Q-300 90 -250 90 L140 90 Q180 90 190 50 L200 -70 Q200 -110 160 -110 Z" fill="${GREEN}"/>` +
    `<path d="M-260 -110 L160 -110 Q200 -110 200 -70 L198 -60 L-300 -60 Q-300 -110 -260 -110 Z" fill="#fff" fill-opacity=".16"/>` +
    `<path d="M-120 90 L-60 90 L-20 360 Q-20 390 -60 390 L-150 390 Q-190 390 -180 350 Z" fill="${INK}"/>` +
    `<rect x="-106" y="120" width="30" height="60" rx="10" fill="#e8ecef"/>` +
    [-260, -235, -210].map((vx) => `<rect x="${vx}" y="-70" width="12" height="120" rx="6" fill="${GREEN_DARK}"/>`).join('') +
    `<rect x="190" y="-80" width="250" height="130" rx="14" fill="url(#steel)" stroke="#6b7680" stroke-width="3"/>` +
    `<rect x="430" y="-90" width="30" height="150" rx="8" fill="#7c8790"/>` +
    `</g>`
  );
}

function heatWaves(x: number, y: number): string {
  return [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${x + i * 34} ${y} q-18 30 0 60 t0 60 t0 60" fill="none" stroke="#ef6c00" stroke-opacity="${0.75 - i * 0.18}" stroke-width="8" stroke-linecap="round"/>`,
    )
    .join('');
}

function bottle(x: number, y: number, scale = 1): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    `<path d="M-150 -180 Q-150 -230 -100 -250 L-50 -270 L-50 -330 L50 -330 L50 -270 L100 -250 Q150 -230 150 -180 L150 300 Q150 330 120 330 L-120 330 Q-150 330 -150 300 Z" fill="#f4f7f9"/>` +
    `<path d="M-150 -180 Q-150 -230 -100 -250 L-50 -270 L-50 -330 L50 -330 L50 -270 L100 -250 Q150 -230 150 -180 L150 300 Q150 330 120 330 L-120 330 Q-150 330 -150 300 Z" fill="url(#can)"/>` +
    `<rect x="-150" y="-80" width="300" height="250" fill="${GREEN}"/><rect x="-150" y="-80" width="300" height="250" fill="url(#can)"/>` +
    `<path d="M-150 20 h300" stroke="#fff" stroke-opacity=".6" stroke-width="10"/><path d="M-150 60 h300" stroke="${GREEN_LIGHT}" stroke-width="14"/>` +
    `<rect x="-62" y="-380" width="124" height="70" rx="12" fill="${GREEN_DARK}"/>` +
    [-40, -14, 12, 38].map((cx) => `<rect x="${cx}" y="-376" width="8" height="62" fill="#0f3d13"/>`).join('') +
    `</g>`
  );
}

function cloth(x: number, y: number): string {
  return (
    `<g transform="translate(${x} ${y})"><path d="M-150 -40 Q-120 -80 -40 -70 L150 -60 Q180 -20 150 40 L-120 60 Q-170 30 -150 -40 Z" fill="#9fd3c4"/>` +
    `<path d="M-140 -20 Q0 -40 150 -30 M-130 20 Q0 0 155 10" stroke="#fff" stroke-opacity=".35" stroke-width="8" fill="none"/></g>`
  );
}

function tapeRoll(cx: number, cy: number, r: number, width: number, face: string, tex: string, tail = true): string {
  const ry = r; // seen side-on: a circle for the face, the roll's width to the right
  return (
    shadow(cx + width / 2, cy + r + 20, r + width * 0.6, 34) +
    (tail
      ? `<path d="M${cx + width} ${cy + r} L${cx + width + 260} ${cy + r + 40} L${cx + 250} ${cy + r + 40} L${cx} ${cy + r} Z" fill="${face}"/>`
      : '') +
    (tail && tex
      ? `<path d="M${cx + width} ${cy + r} L${cx + width + 260} ${cy + r + 40} L${cx + 250} ${cy + r + 40} L${cx} ${cy + r} Z" fill="${tex}"/>`
      : '') +
    `<rect x="${cx}" y="${cy - ry}" width="${width}" height="${2 * ry}" fill="${face}"/>` +
    (tex ? `<rect x="${cx}" y="${cy - ry}" width="${width}" height="${2 * ry}" fill="${tex}"/>` : '') +
    `<rect x="${cx}" y="${cy - ry}" width="${width}" height="${2 * ry}" fill="url(#can)" transform="rotate(90 ${cx + width / 2} ${cy})" opacity=".0"/>` +
    `<ellipse cx="${cx + width}" cy="${cy}" rx="${r * 0.32}" ry="${r}" fill="${face}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.32}" ry="${r}" fill="${face}"${OUTLINE}/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.32}" ry="${r}" fill="#000" fill-opacity=".12"/>` +
    [0.85, 0.7]
      .map(
        (k) =>
          `<ellipse cx="${cx}" cy="${cy}" rx="${f(r * 0.32 * k)}" ry="${f(r * k)}" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="3"/>`,
      )
      .join('') +
    `<ellipse cx="${cx}" cy="${cy}" rx="${f(r * 0.32 * 0.55)}" ry="${f(r * 0.55)}" fill="${GREEN}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${f(r * 0.32 * 0.42)}" ry="${f(r * 0.42)}" fill="#e4e9e6"/>`
  );
}

function glove(x: number, y: number, rot: number, mirror = false): string {
  const knit = '#d9dee3';
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${mirror ? -1 : 1} 1)">` +
    `<rect x="-110" y="120" width="220" height="130" rx="30" fill="${knit}"/><rect x="-110" y="120" width="220" height="130" rx="30" fill="url(#knit)"/>` +
    `<rect x="-120" y="-120" width="240" height="260" rx="70" fill="${GREEN}"/>` +
    [-90, -30, 30, 90]
      .map(
        (fx, i) =>
          `<rect x="${fx - 26}" y="${-330 + Math.abs(i - 1.5) * 30}" width="52" height="${260 - Math.abs(i - 1.5) * 30}" rx="26" fill="${GREEN}"/>`,
      )
      .join('') +
    `<rect x="100" y="-60" width="52" height="190" rx="26" fill="${GREEN}" transform="rotate(-38 126 120)"/>` +
    `<rect x="-120" y="-120" width="240" height="80" rx="30" fill="#fff" fill-opacity=".1"/>` +
    `</g>`
  );
}

function productMain(look: Look, p: { attributes: Record<string, string | number> }): string {
  const a = p.attributes;
  if (isSheet(look)) {
    const big = Number(a.sheet_length_m ?? 1) >= 1;
    const t = Math.min(28, Math.max(5, Number(a.thickness_mm ?? 2) * 1.6 + 3));
    return sheetStack([600, 400], big ? 720 : 680, big ? 540 : 430, t, materialOf(look), 3);
  }
  switch (look) {
    case 'tape-felt':
      return tapeRoll(380, 430, 280, Math.max(70, Number(a.width_mm) * 5), '#25292e', 'url(#fibres)');
    case 'tape-foam':
      return tapeRoll(380, 430, 280, Math.max(60, Number(a.width_mm) * 5), '#8a929a', 'url(#cells)');
    case 'foil-tape':
      return tapeRoll(380, 430, 270, Math.max(90, Number(a.width_mm) * 3), 'url(#foil)', '');
    case 'spray':
      return shadow(600, 790, 200, 36) + sprayCan(600, 420, 1, '#23272b');
    case 'glue-spray':
      return shadow(600, 790, 200, 36) + sprayCan(600, 420, 1, '#eef1f4');
    case 'jar':
      return jar();
    case 'bucket':
      return bucket();
    case 'roller':
      return shadow(600, 720, 440, 44) + roller(600, 560, Number(a.width_mm ?? 50), -20, 1.7);
    case 'knife':
      return shadow(600, 660, 480, 40) + knife(560, 470, -14, 1.35);
    case 'trim-tools':
      return trimTools();
    case 'heat-gun':
      return shadow(600, 800, 420, 40) + heatGun(540, 330, 1.2);
    case 'bottle':
      return shadow(560, 800, 330, 44) + bottle(480, 440) + cloth(820, 700);
    case 'gloves':
      return shadow(600, 790, 400, 44) + glove(460, 480, -14) + glove(760, 470, 14, true);
    default:
      return '';
  }
}

function productAtWork(look: Look, p: { attributes: Record<string, string | number> }): string {
  const a = p.attributes;
  const foil = MATERIALS.vibration!;
  switch (look) {
    case 'roller':
      return doorPanel() + patch(330, 450, 560, 230, foil, -2) + roller(560, 600, Number(a.width_mm ?? 50), -18, 1);
    case 'knife':
      return (
        shadow(600, 780, 460, 40) +
        sheetStack([600, 470], 640, 420, 8, foil, 1, false) +
        `<path d="M${pts([iso([600 - (640 * EX[0] + 420 * EY[0]) / 2, 470 - (640 * EX[1] + 420 * EY[1]) / 2], 320, 0)])} L${pts([iso([600 - (640 * EX[0] + 420 * EY[0]) / 2, 470 - (640 * EX[1] + 420 * EY[1]) / 2], 320, 420)])}" stroke="${GREEN}" stroke-width="5" stroke-dasharray="16 12"/>` +
        knife(560, 470, 58, 0.8)
      );
    case 'trim-tools':
      return (
        trimPanel() +
        `<rect x="140" y="160" width="920" height="630" rx="40" fill="none" stroke="#23282d" stroke-width="14"/>` +
        `<g transform="translate(150 520) rotate(-120) scale(1.6)"><path d="M-26 0 L26 0 L30 -300 Q0 -330 -30 -300 Z" fill="${GREEN}"/><path d="M-26 0 L0 0 L0 -310 Q-20 -320 -30 -300 Z" fill="#fff" fill-opacity=".14"/></g>`
      );
    case 'heat-gun':
      return (
        archPanel() +
        patch(300, 300, 360, 200, foil, -8) +
        `<g transform="translate(900 250) scale(-1 1) rotate(-25)">${heatGun(0, 0, 0.7)}</g>` +
        heatWaves(640, 330)
      );
    case 'bottle':
      return (
        doorPanel() +
        `<path d="M320 420 L900 420" stroke="#fff" stroke-opacity=".7" stroke-width="60" stroke-linecap="round"/>` +
        cloth(760, 430) +
        bottle(1000, 560, 0.6)
      );
    case 'glue-spray':
      return (
        sheetStack([480, 560], 560, 380, 16, MATERIALS.foam!, 1, false) + sprayCan(920, 360, 0.7, '#eef1f4', -40) + mist(790, 420, 200)
      );
    case 'foil-tape':
      return (
        doorPanel() +
        patch(300, 440, 300, 260, foil, 0) +
        patch(610, 440, 300, 260, foil, 0) +
        `<rect x="575" y="430" width="60" height="280" fill="url(#foil)"${OUTLINE}/><rect x="575" y="430" width="60" height="280" fill="#fff" fill-opacity=".2"/>`
      );
    case 'gloves':
      return sheetStack([520, 520], 560, 360, 10, foil, 2) + glove(860, 420, 30, true) + roller(200, 780, 40, -10, 0.8);
    default:
      return sceneAtWork(look, p);
  }
}

function productPicture(look: Look, view: View, p: { attributes: Record<string, string | number> }): string {
  const body = view === 'main' ? productMain(look, p) : view === 'detail' ? layerBlock([600, 460], look) : productAtWork(look, p);
  return frame(1200, 900, body);
}

// ── Covers and body pictures of the news and articles ──────────────────────
function car(x: number, y: number, scale: number, body = '#dfe4e8'): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    shadow(0, 150, 480, 30) +
    `<path d="M-470 110 L-470 30 Q-470 -10 -420 -20 L-250 -40 L-130 -140 Q-100 -160 -50 -160 L190 -160 Q240 -160 270 -130 L360 -40 L440 -20 Q480 -10 480 40 L480 110 Z" fill="${body}"${OUTLINE}/>` +
    `<path d="M-210 -45 L-110 -130 L-10 -130 L-10 -45 Z M20 -45 L20 -130 L190 -130 Q220 -130 240 -110 L300 -45 Z" fill="#c4d3de"/>` +
    `<path d="M-470 40 L480 40" stroke="#000" stroke-opacity=".07" stroke-width="10"/>` +
    [-270, 290]
      .map((wx) => `<circle cx="${wx}" cy="110" r="90" fill="${INK}"/><circle cx="${wx}" cy="110" r="48" fill="${METAL_DARK}"/>`)
      .join('') +
    `</g>`
  );
}

const COVER = { width: 1200, height: 675 } as const;

function cover(body: string): string {
  return frame(COVER.width, COVER.height, body);
}

/** Each demo entry's own picture: the file name (no extension) → its drawing. */
const CONTENT_ART: Record<string, () => string> = {
  // Articles
  'sloi-shumoizolyacii': () =>
    cover(
      car(380, 330, 0.62) +
        `<circle cx="380" cy="300" r="70" fill="none" stroke="${GREEN}" stroke-width="10"/><path d="M440 260 L700 170" stroke="${GREEN}" stroke-width="8" stroke-dasharray="18 12"/>` +
        shadow(900, 470, 230, 26) +
        slab([780, 300], 300, 160, 20, MATERIALS.antisqueak!) +
        slab([800, 250], 270, 150, 26, MATERIALS.pe!) +
        slab([820, 200], 240, 140, 30, MATERIALS.foam!) +
        slab([840, 170], 210, 130, 14, MATERIALS.vibration!) +
        slab([860, 150], 180, 120, 10, { top: 'url(#metal)', side: METAL_DARK }),
    ),
  'skolko-listov-nuzhno': () =>
    cover(
      car(600, 300, 0.9) +
        [0, 1, 2, 3]
          .map((i) => `<rect x="${310 + i * 150}" y="470" width="130" height="96" rx="8" fill="url(#foil)"${OUTLINE}/>`)
          .join('') +
        `<rect x="910" y="470" width="130" height="96" rx="8" fill="${GREEN}" fill-opacity=".9"/><path d="M955 518 h40 M975 498 v40" stroke="#fff" stroke-width="10" stroke-linecap="round"/>`,
    ),
  'shumoizolyaciya-dverej': () =>
    `${frame(COVER.width, COVER.height, `<g transform="translate(150 -60) scale(.75)">${doorPanel()}${patch(300, 470, 250, 190, MATERIALS.vibration!, -4)}${patch(640, 420, 300, 200, MATERIALS.vibration!, 3)}${patch(420, 560, 220, 140, MATERIALS.foam!, 2)}</g>`)}`,
  'skolko-vesit-shumoizolyaciya': () =>
    cover(
      shadow(600, 600, 360, 34) +
        `<rect x="300" y="470" width="600" height="110" rx="26" fill="${INK}"/><rect x="300" y="470" width="600" height="40" rx="20" fill="#fff" fill-opacity=".08"/>` +
        `<rect x="500" y="500" width="200" height="56" rx="10" fill="#0d2a12"/><rect x="520" y="514" width="60" height="28" rx="4" fill="${GREEN_LIGHT}"/><rect x="592" y="514" width="40" height="28" rx="4" fill="${GREEN_LIGHT}"/><rect x="644" y="514" width="36" height="28" rx="4" fill="${GREEN_LIGHT}" fill-opacity=".5"/>` +
        sheetStack([600, 330], 480, 300, 14, MATERIALS.vibration!, 4),
    ),
  'temperatura-montazha': () =>
    cover(
      sheetStack([500, 380], 480, 300, 12, MATERIALS.vibration!, 2) +
        `<g transform="translate(930 150)"><rect x="-34" y="0" width="68" height="330" rx="34" fill="#fff"${OUTLINE}/><rect x="-14" y="120" width="28" height="230" rx="14" fill="#ef6c00"/><circle cx="0" cy="380" r="62" fill="#ef6c00"/><circle cx="-18" cy="360" r="14" fill="#fff" fill-opacity=".5"/></g>` +
        heatWaves(780, 180),
    ),
  'zhidkaya-shumoizolyaciya-arok': () =>
    cover(
      car(600, 330, 1.05) + `<circle cx="316" cy="445" r="118" fill="none" stroke="${GREEN}" stroke-width="12" stroke-dasharray="22 14"/>`,
    ),
  layers: () =>
    cover(
      shadow(600, 560, 440, 40) +
        slab([300, 330], 600, 300, 30, { top: '#3c4249', side: '#2f343a' }) +
        slab([320, 280], 560, 290, 16, MATERIALS.antisqueak!) +
        slab([340, 220], 520, 280, 40, MATERIALS.pe!) +
        slab([360, 160], 480, 270, 46, MATERIALS.foam!) +
        slab([380, 130], 440, 260, 18, MATERIALS.vibration!) +
        slab([400, 110], 400, 250, 12, { top: 'url(#metal)', side: METAL_DARK }),
    ),
  'heat-gun': () =>
    cover(
      shadow(600, 600, 420, 30) +
        `<path d="M160 560 Q600 360 1040 560 L1040 610 Q600 420 160 610 Z" fill="url(#metal)"${OUTLINE}/>` +
        `<path d="M380 480 Q600 410 820 480 L820 500 Q600 432 380 500 Z" fill="url(#foil)"/>` +
        `<g transform="translate(820 250) scale(-1 1) rotate(-28)">${heatGun(0, 0, 0.6)}</g>` +
        heatWaves(540, 300),
    ),
  arches: () =>
    cover(
      `<g transform="translate(150 -40) scale(.75)">${archPanel()}<path d="M230 800 L230 700 A370 370 0 0 1 970 700 L970 800 L920 800 L920 705 A320 320 0 0 0 280 705 L280 800 Z" fill="#101214"/><path d="M230 800 L230 700 A370 370 0 0 1 970 700 L970 800 L920 800 L920 705 A320 320 0 0 0 280 705 L280 800 Z" fill="url(#pores)"/></g>` +
        spatula(900, 300, -30),
    ),
  // News
  'komplekty-dlya-sedana': () =>
    cover(
      shadow(600, 600, 440, 40) +
        `<path d="M250 300 L950 300 L950 580 L250 580 Z" fill="#c49a6c"/><path d="M250 300 L950 300 L950 340 L250 340 Z" fill="#b3885a"/>` +
        `<path d="M250 300 L170 200 L850 200 L950 300 Z" fill="#d8b184"/>` +
        `<rect x="250" y="420" width="700" height="50" fill="${GREEN}"/>` +
        sheetStack([560, 250], 420, 240, 10, MATERIALS.vibration!, 2, false).replace(/<ellipse[^>]*filter="url\(#soft\)"\/>/, '') +
        roller(820, 250, 60, -30, 0.6),
    ),
  'vibro-premium-v-prodazhe': () =>
    cover(
      sheetStack([560, 360], 560, 340, 12, MATERIALS.vibration!, 3) +
        `<g transform="translate(960 170)"><circle r="90" fill="${GREEN}"/><circle r="70" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/><path d="M0 -44 L13 -14 L44 -12 L20 8 L28 40 L0 22 L-28 40 L-20 8 L-44 -12 L-13 -14 Z" fill="#fff"/></g>`,
    ),
  'dostavka-sdek-kazahstan': () =>
    cover(
      shadow(600, 560, 460, 30) +
        `<rect x="220" y="230" width="500" height="290" rx="16" fill="#f4f7f9"${OUTLINE}/><rect x="220" y="390" width="500" height="40" fill="${GREEN}"/>` +
        `<path d="M720 300 L880 300 L970 400 L970 520 L720 520 Z" fill="${GREEN}"/><path d="M745 320 L865 320 L930 400 L745 400 Z" fill="#c4d3de"/>` +
        [340, 850]
          .map((wx) => `<circle cx="${wx}" cy="530" r="56" fill="${INK}"/><circle cx="${wx}" cy="530" r="24" fill="${METAL_DARK}"/>`)
          .join('') +
        `<rect x="70" y="420" width="120" height="100" rx="8" fill="#c49a6c"/><rect x="70" y="460" width="120" height="16" fill="${GREEN_DARK}"/>` +
        `<path d="M60 330 h110 M90 290 h80 M40 370 h100" stroke="${GREEN_LIGHT}" stroke-width="10" stroke-linecap="round"/>`,
    ),
  'kalkulyator-shumoizolyacii': () =>
    cover(
      `<g transform="translate(600 340)">${shadow(0, 150, 240, 40)}<rect x="-180" y="-300" width="360" height="600" rx="150" fill="#dfe4e8"${OUTLINE}/>` +
        `<rect x="-140" y="-190" width="280" height="110" rx="30" fill="#c4d3de"/><rect x="-140" y="160" width="280" height="80" rx="30" fill="#c4d3de"/>` +
        `<rect x="-160" y="-60" width="320" height="200" rx="16" fill="${GREEN}" fill-opacity=".85"/>` +
        `<rect x="-190" y="-60" width="30" height="200" rx="10" fill="${GREEN_LIGHT}"/><rect x="160" y="-60" width="30" height="200" rx="10" fill="${GREEN_LIGHT}"/>` +
        `<path d="M-160 -10 h320 M-160 40 h320 M-160 90 h320 M-80 -60 v200 M0 -60 v200 M80 -60 v200" stroke="#fff" stroke-opacity=".55" stroke-width="4"/></g>` +
        [0, 1, 2]
          .map((i) => `<rect x="${880 + (i % 2) * 20}" y="${190 + i * 110}" width="170" height="90" rx="10" fill="url(#foil)"${OUTLINE}/>`)
          .join('') +
        `<path d="M800 330 l50 0 m-16 -18 l18 18 l-18 18" stroke="${GREEN}" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    ),
};

// ── Writing the files ──────────────────────────────────────────────────────
const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
let written = 0;
const write = (src: string, text: string) => {
  const file = join(publicDir, src);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written += 1;
};

// Old pictures of the products go (a product's set may have changed); categories are drawn elsewhere.
const productsDir = join(publicDir, 'img/products');
for (const name of readdirSync(productsDir)) if (name.endsWith('.svg')) rmSync(join(productsDir, name));
for (const product of demoProducts) {
  const look = lookOf(product);
  for (const view of viewsOf(look)) write(pictureSrc(product.sku, view), productPicture(look, view, product));
}
const contentDir = join(publicDir, 'img/content');
for (const name of readdirSync(contentDir)) if (name.endsWith('.svg')) rmSync(join(contentDir, name));
for (const picture of CONTENT_PICTURES) {
  const draw = CONTENT_ART[picture.name];
  if (!draw) throw new Error(`no drawing for ${picture.src}`);
  write(picture.src, draw());
}
console.log(`${written} pictures written under public/img/products and public/img/content`);
