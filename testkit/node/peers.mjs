// Loads the peers from the node_modules the build installed (ARROWFILE_NODE_MODULES, set by NodePeers), and the
// helpers both scripts share: the codecs the JavaScript libraries are given, and the canonical value forms.
import { createRequire } from 'node:module';
import nodePath from 'node:path';

const modules = process.env.ARROWFILE_NODE_MODULES;
if (!modules) {
  throw new Error('ARROWFILE_NODE_MODULES is not set: run this script through io.arrowfile.testing.NodePeers');
}
const require = createRequire(nodePath.resolve(modules) + '/');

export const A = require('apache-arrow');
export const F = require('@uwdata/flechette');
export const W = require('parquet-wasm/node');
const lz4 = require('lz4js');
const zstd = require('@bokuweb/zstd-wasm');

export const versions = Object.fromEntries(['apache-arrow', '@uwdata/flechette', 'parquet-wasm', 'lz4js',
  '@bokuweb/zstd-wasm'].map(n => [n, JSON.parse(require('node:fs').readFileSync(
  `${modules}/${n}/package.json`, 'utf8')).version]));

/**
 * apache-arrow and flechette ship no compression codec: each takes LZ4_FRAME and ZSTD implementations from its
 * user (apache-arrow: compressionRegistry.set, flechette: setCompressionCodec). These are the JavaScript codecs
 * a user of either would register: lz4js (LZ4 frames) and @bokuweb/zstd-wasm (the zstd C library in WebAssembly).
 */
export async function registerCodecs() {
  await zstd.init();
  const lz4Codec = {
    encode: bytes => lz4.compress(bytes),
    decode: (bytes, length) => {
      const out = lz4.decompress(bytes, length ?? undefined);
      return out instanceof Uint8Array ? out : Uint8Array.from(out);
    },
  };
  const zstdCodec = {
    encode: bytes => zstd.compress(bytes, 3),
    decode: bytes => zstd.decompress(bytes),
  };
  A.compressionRegistry.set(A.CompressionType.LZ4_FRAME, lz4Codec);
  A.compressionRegistry.set(A.CompressionType.ZSTD, zstdCodec);
  F.setCompressionCodec(F.CompressionType.LZ4_FRAME, lz4Codec);
  F.setCompressionCodec(F.CompressionType.ZSTD, zstdCodec);
}

/** A double's exact decimal expansion, as Python's format(Decimal(x), "f") and Java's BigDecimal(d) write it. */
export function exactDecimal(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return '0';
  const bits = new BigUint64Array(new Float64Array([x]).buffer)[0];
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exp;
  if (biased === 0) {
    exp = -1074;
  } else {
    mantissa |= 1n << 52n;
    exp = biased - 1075;
  }
  let s;
  if (exp >= 0) {
    s = (mantissa << BigInt(exp)).toString();
  } else {
    const k = -exp;
    const digits = (mantissa * 5n ** BigInt(k)).toString().padStart(k + 1, '0');
    s = (digits.slice(0, digits.length - k) + '.' + digits.slice(digits.length - k)).replace(/\.?0+$/, '');
  }
  return (negative ? '-' : '') + s;
}

/** An unscaled decimal integer as a plain string at {@code scale}: 1250n, 2 -> "12.50". */
export function plainDecimal(unscaled, scale) {
  const negative = unscaled < 0n;
  let digits = (negative ? -unscaled : unscaled).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = digits.slice(0, digits.length - scale) + '.' + digits.slice(digits.length - scale);
  }
  return (negative ? '-' : '') + digits;
}

export function hex(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** JSON with BigInts as decimal strings. */
export function stringify(value) {
  return JSON.stringify(value, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
}
