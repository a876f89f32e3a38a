/**
 * Writes the shop's icons from its mark (the wave on the green square of public/favicon.svg, repeated here), for what browsers and
 * phones ask for besides the SVG favicon (issue 19, item 11): /favicon.ico (16, 32 and 48 px, PNG inside the ICO,
 * which every browser since IE 11 reads), /apple-touch-icon.png (180 px, full bleed: iOS rounds it itself), and the
 * web app manifest's icons (192 and 512 px, plus a 512 px maskable one whose wave sits in the 80 % safe zone). The
 * output is committed; run after changing the mark:
 *   node --import tsx scripts/gen-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MARK_COLOR } from '../shared/web-app.ts';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const WAVE = 'M7 20c3-8 6 4 9-4s6 4 9-4';

/** The mark on a 32-unit square: rounded corners for tabs and launchers, square for iOS, scaled in for maskable. */
function mark({ rounded, scale }: { rounded: boolean; scale: number }): Buffer {
  const offset = 16 - 16 * scale;
  const transform = scale === 1 ? '' : ` transform="translate(${offset} ${offset}) scale(${scale})"`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" ${rounded ? 'rx="7"' : ''} fill="${MARK_COLOR}"/>` +
      `<path${transform} d="${WAVE}" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`,
  );
}

async function png(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images: a 6-byte header, a 16-byte entry per image, then the images. */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

function write(path: string, data: Buffer) {
  const file = join(publicDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  console.log(`${path}: ${data.length} bytes`);
}

const rounded = mark({ rounded: true, scale: 1 });
write('favicon.ico', ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })))));
write('apple-touch-icon.png', await png(mark({ rounded: false, scale: 1 }), 180));
write('icons/icon-192.png', await png(rounded, 192));
write('icons/icon-512.png', await png(rounded, 512));
write('icons/icon-maskable-512.png', await png(mark({ rounded: false, scale: 0.7 }), 512));
