import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A text with one slot, compressed once and filled per answer without compressing again (issue
 * #16: the home page is the same for every visitor but for their CSRF token, and gzip of its
 * ~70 KB was most of what a kept page still cost). The gzip member is written as
 *
 *   gzip header · deflate(prefix) ending in a full flush · a stored block holding the slot's
 *   text · deflate(suffix), a fresh stream ending the member · CRC-32 · length
 *
 * A full flush leaves the stream byte-aligned with nothing referring back across it, a stored
 * block is raw bytes behind a 5-byte header (RFC 1951 §3.2.4), and the suffix's own stream never
 * refers back to anything before it, so the blocks together are one valid deflate stream of
 * prefix + slot + suffix (RFC 1952 member, read by every browser and by `gunzip`). Per answer
 * the cost is the slot's stored block, the CRC-32 of the slot and the suffix (`zlib.crc32`,
 * continued from the prefix's), and one copy of the compressed bytes.
 */
export class GzipSlot {
  private readonly head: Buffer;
  private readonly tail: Buffer;
  private readonly prefixCrc: number;
  private readonly prefixBytes: number;
  private readonly suffix: Buffer;
  /** The uncompressed text around the slot, for clients that take no gzip. */
  readonly text: { prefix: string; suffix: string };

  /** `level`: zlib's 1–9 for the two fixed parts (they are compressed once). */
  constructor(prefix: string, suffix: string, level = 9) {
    const p = Buffer.from(prefix, "utf8");
    this.suffix = Buffer.from(suffix, "utf8");
    this.text = { prefix, suffix };
    // 1f 8b: gzip; 08: deflate; flags 0; mtime 0; xfl 0; OS 255 (unknown), RFC 1952 §2.3.
    const header = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
    const body = p.length ? deflateRawSync(p, { level, finishFlush: constants.Z_FULL_FLUSH }) : Buffer.alloc(0);
    this.head = Buffer.concat([header, body]);
    this.tail = deflateRawSync(this.suffix, { level });
    this.prefixCrc = crcOn(p, 0);
    this.prefixBytes = p.length;
  }

  /** The text with `slot` in its place (what `gzip` compresses). */
  fillText(slot: string): string {
    return this.text.prefix + slot + this.text.suffix;
  }

  /** One gzip member of prefix + `slot` + suffix. `slot` is at most 65,535 bytes of UTF-8 (one stored block). */
  gzip(slot: string): Buffer {
    const s = Buffer.from(slot, "utf8");
    if (s.length > 0xffff) throw new RangeError("a gzip slot holds at most 65,535 bytes");
    // Stored block, not the last (BFINAL 0, BTYPE 00, padded to the byte), then LEN and ~LEN.
    const stored = Buffer.allocUnsafe(5);
    stored[0] = 0;
    stored.writeUInt16LE(s.length, 1);
    stored.writeUInt16LE(~s.length & 0xffff, 3);
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crcOn(this.suffix, crcOn(s, this.prefixCrc)), 0);
    trailer.writeUInt32LE((this.prefixBytes + s.length + this.suffix.length) >>> 0, 4);
    return Buffer.concat([this.head, stored, s, this.tail, trailer]);
  }
}

/**
 * CRC-32 of `data` continued from `crc`. An empty buffer leaves it as it is: Node 20's
 * `zlib.crc32` answers 0 for an empty buffer that has been through `deflateRawSync`.
 */
function crcOn(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : crc32(data, crc) >>> 0;
}
