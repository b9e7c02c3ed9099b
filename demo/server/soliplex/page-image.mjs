// A page preview as the chunk route sends it: a PNG of a page (grey text lines on white) with the
// chunk's lines highlighted, as haiku.rag's visualize_chunk draws them. Made here, no image library.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(/** @type {Buffer} */ bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(/** @type {string} */ type, /** @type {Buffer} */ data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const WIDTH = 170;
const HEIGHT = 220;
const LINE_HEIGHT = 10;

/**
 * A page with text lines, the lines `from`..`to` (0-based, inclusive) highlighted.
 * @param {{ from: number, to: number }} highlight @returns {string} the PNG, base64
 */
export function pageImageBase64({ from, to }) {
  const rows = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3, 255); // filter byte 0, then white RGB
    row[0] = 0;
    const line = Math.floor((y - 16) / LINE_HEIGHT);
    const inLine = y >= 16 && y < HEIGHT - 16 && (y - 16) % LINE_HEIGHT < 4;
    const highlighted = line >= from && line <= to && y >= 16 && y < HEIGHT - 16;
    for (let x = 0; x < WIDTH; x++) {
      const o = 1 + x * 3;
      if (highlighted && x >= 12 && x < WIDTH - 12) [row[o], row[o + 1], row[o + 2]] = [255, 236, 140];
      if (inLine && x >= 16 && x < WIDTH - 16 - ((line * 37) % 40)) [row[o], row[o + 1], row[o + 2]] = [150, 150, 150];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return png.toString('base64');
}
