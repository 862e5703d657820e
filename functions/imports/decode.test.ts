import { describe, expect, it } from 'vitest';
import { decodeBytes, detectEncoding, openText, type OpenBytes } from './decode.js';

/** The bytes handed out in chunks of `size` (1: every character cut between chunks). */
const chunked =
  (bytes: Uint8Array, size: number): OpenBytes =>
  async function* () {
    for (let start = 0; start < bytes.length; start += size) yield bytes.slice(start, start + size);
  };

async function textOf(open: OpenBytes): Promise<string> {
  let text = '';
  for await (const part of (await openText(open))()) text += part;
  return text;
}

const utf16 = (text: string, bigEndian: boolean): Uint8Array => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const [high, low] = [code >> 8, code & 0xff];
    bytes.set(bigEndian ? [high, low] : [low, high], 2 + index * 2);
  }
  return bytes;
};

const sample = 'Title,Owner\r\n"Café — été",Zoë 😀\r\n';

describe('decode: bytes to text for the import readers', () => {
  it('reads UTF-8 without a BOM, even one byte a chunk (characters cut between chunks)', async () => {
    const bytes = new TextEncoder().encode(sample);
    expect(await detectEncoding(chunked(bytes, 1))).toBe('utf-8');
    expect(await textOf(chunked(bytes, 1))).toBe(sample);
  });

  it('drops a UTF-8 BOM, also when it is cut across the first chunks', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(sample)]);
    expect(await textOf(chunked(bytes, 1))).toBe(sample);
    expect(await textOf(chunked(bytes, 4096))).toBe(sample);
  });

  it('reads UTF-16 LE and BE by their BOMs, surrogate pairs cut between chunks included', async () => {
    expect(await detectEncoding(chunked(utf16(sample, false), 3))).toBe('utf-16le');
    expect(await textOf(chunked(utf16(sample, false), 3))).toBe(sample);
    expect(await detectEncoding(chunked(utf16(sample, true), 5))).toBe('utf-16be');
    expect(await textOf(chunked(utf16(sample, true), 5))).toBe(sample);
  });

  it('falls back to windows-1252 when the bytes are not valid UTF-8 (a spreadsheet saved on Windows)', async () => {
    // "Café – €5" in windows-1252: é 0xE9, en dash 0x96, euro 0x80; none valid alone in UTF-8.
    const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x80, 0x35]);
    expect(await detectEncoding(chunked(bytes, 2))).toBe('windows-1252');
    expect(await textOf(chunked(bytes, 2))).toBe('Café – €5');
  });

  it('reads an empty file and a file shorter than a BOM', async () => {
    expect(await textOf(chunked(new Uint8Array(0), 1))).toBe('');
    expect(await textOf(chunked(new TextEncoder().encode('ab'), 1))).toBe('ab');
  });

  it('gives a fresh stream each open, and decodes lazily chunk by chunk', async () => {
    const bytes = new TextEncoder().encode('a'.repeat(10_000));
    const open = await openText(chunked(bytes, 1000));
    const parts: string[] = [];
    for await (const part of open()) parts.push(part);
    expect(parts.length).toBe(10);
    let again = '';
    for await (const part of open()) again += part;
    expect(again.length).toBe(10_000);
  });

  it('leaves a lone invalid byte at the end of a UTF-16 stream as a replacement character, never throws', async () => {
    const parts: string[] = [];
    for await (const part of decodeBytes(chunked(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x42]), 2)(), 'utf-16le')) parts.push(part);
    expect(parts.join('')).toBe('A\ufffd');
  });
});
