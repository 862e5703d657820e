import type { OpenText } from './records.js';

/**
 * Bytes → text for the import readers (issue 39). A byte-order mark says the encoding (UTF-8, UTF-16 LE or
 * BE); without one the file is UTF-8, unless its bytes are not valid UTF-8, which old spreadsheet exports
 * (Excel's "CSV" on Windows) are: those are windows-1252. Streaming: the decoder keeps a character cut
 * between two chunks (`stream: true`), so no chunk boundary splits one.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Where the bytes come from: each call a fresh stream from the start (the readers may read twice). */
export type OpenBytes = () => AsyncIterable<Uint8Array>;

/** The encoding a BOM at the start names, and the BOM's length. */
export function encodingByMark(start: Uint8Array): { encoding: TextEncoding; markLength: number } | undefined {
  if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) return { encoding: 'utf-8', markLength: 3 };
  if (start[0] === 0xff && start[1] === 0xfe) return { encoding: 'utf-16le', markLength: 2 };
  if (start[0] === 0xfe && start[1] === 0xff) return { encoding: 'utf-16be', markLength: 2 };
  return undefined;
}

/** The BOM can span the first chunks (a source may hand out single bytes): the first three bytes, gathered. */
async function* withFirstBytes(chunks: AsyncIterable<Uint8Array>, onStart: (start: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  let head = new Uint8Array(0);
  let started = false;
  for await (const chunk of chunks) {
    if (started) {
      yield chunk;
      continue;
    }
    const joined = new Uint8Array(head.length + chunk.length);
    joined.set(head);
    joined.set(chunk, head.length);
    head = joined;
    if (head.length >= 3) {
      started = true;
      onStart(head);
      yield head;
    }
  }
  if (!started) {
    onStart(head);
    if (head.length > 0) yield head;
  }
}

/** Whether all the bytes are valid UTF-8: one pass with a fatal decoder, nothing kept. */
async function isUtf8(open: OpenBytes): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of open()) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The encoding of the bytes: by BOM, else UTF-8 when valid, else windows-1252 (reads the bytes once more only without a BOM). */
export async function detectEncoding(open: OpenBytes): Promise<TextEncoding> {
  let marked: TextEncoding | undefined;
  for await (const _chunk of withFirstBytes(open(), (start) => (marked = encodingByMark(start)?.encoding))) break;
  if (marked) return marked;
  return (await isUtf8(open)) ? 'utf-8' : 'windows-1252';
}

/** Decodes the bytes as the encoding, dropping a BOM. */
export async function* decodeBytes(chunks: AsyncIterable<Uint8Array>, encoding: TextEncoding): AsyncGenerator<string> {
  // ignoreBOM false (the default) drops a leading BOM of the decoder's own encoding.
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** The file's text for the readers: its encoding found once, then each `open` a fresh decoded stream. */
export async function openText(open: OpenBytes): Promise<OpenText> {
  const encoding = await detectEncoding(open);
  return () => decodeBytes(open(), encoding);
}
