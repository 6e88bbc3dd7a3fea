/**
 * Real Opus recordings of known durations, made by the test itself (no files, no network, no ffmpeg): every packet
 * is the 20 ms Opus silence frame — a valid packet any Opus decoder plays — wrapped in the three containers the
 * server accepts.
 *
 * - `opusOgg(packets)`: hand-built Ogg pages (RFC 7845: OpusHead, OpusTags, audio pages whose granule positions
 *   count 48 kHz samples, the first `OPUS_PRE_SKIP` of which are never heard), so the server's parser is checked
 *   against an encoder that is not its own.
 * - `opusWebm(packets, { live })` and `opusMp4(packets, { fragmented })` through mediabunny's muxers; `live` writes
 *   WebM as a browser's MediaRecorder streams it (append-only: no duration, sizes unknown, no cues), `fragmented`
 *   fMP4 as Safari's MediaRecorder does.
 *
 * Durations: WebM and MP4 last `packets × 0.02` s; Ogg `(packets × 960 − 312) / 48 000` s.
 */
import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
  type OutputFormat,
} from 'mediabunny';

/** TOC 0xF8: CELT-only, fullband, 20 ms, mono, one frame; then the frame coded as silence. */
export const OPUS_SILENCE = Uint8Array.of(0xf8, 0xff, 0xfe);
export const OPUS_PACKET_S = 0.02;
const SAMPLES_PER_PACKET = 960; // 20 ms at 48 kHz, Opus's clock
export const OPUS_PRE_SKIP = 312;

/** The identification header (RFC 7845 §5.1): mono, 312 samples of pre-skip, recorded at 48 kHz, no gain. */
export function opusHead(): Uint8Array {
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set(new TextEncoder().encode('OpusHead'));
  head[8] = 1; // version
  head[9] = 1; // channels
  view.setUint16(10, OPUS_PRE_SKIP, true);
  view.setUint32(12, 48_000, true);
  return head; // output gain 0, channel mapping family 0
}

function opusTags(): Uint8Array {
  const vendor = new TextEncoder().encode('wellbeing-tests');
  const tags = new Uint8Array(8 + 4 + vendor.length + 4);
  const view = new DataView(tags.buffer);
  tags.set(new TextEncoder().encode('OpusTags'));
  view.setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  return tags; // no user comments
}

// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, no final XOR.
const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  return crc;
}

/** One Ogg page holding whole packets (each under 255 bytes here, so one lacing value each). */
function oggPage(packets: Uint8Array[], granule: bigint, sequence: number, flags: number): Uint8Array {
  const body = packets.reduce((n, p) => n + p.length, 0);
  const page = new Uint8Array(27 + packets.length + body);
  const view = new DataView(page.buffer);
  page.set(new TextEncoder().encode('OggS'));
  page[5] = flags; // 0x02 first page of the stream, 0x04 last
  view.setBigInt64(6, granule, true);
  view.setUint32(14, 0x5eed, true); // stream serial number
  view.setUint32(18, sequence, true);
  page[26] = packets.length;
  let at = 27;
  for (const p of packets) page[at++] = p.length;
  for (const p of packets) {
    page.set(p, at);
    at += p.length;
  }
  view.setUint32(22, oggCrc(page), true); // computed with the CRC field still zero
  return page;
}

export function opusOgg(packets: number): Uint8Array<ArrayBuffer> {
  const pages = [oggPage([opusHead()], 0n, 0, 0x02), oggPage([opusTags()], 0n, 1, 0)];
  const perPage = 50; // a second of audio per page
  for (let done = 0; done < packets; done += perPage) {
    const n = Math.min(perPage, packets - done);
    const last = done + n >= packets;
    const granule = BigInt((done + n) * SAMPLES_PER_PACKET);
    pages.push(oggPage(Array(n).fill(OPUS_SILENCE), granule, pages.length, last ? 0x04 : 0));
  }
  const file = new Uint8Array(pages.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pages) {
    file.set(p, at);
    at += p.length;
  }
  return file;
}

async function mux(format: OutputFormat, packets: number): Promise<Uint8Array<ArrayBuffer>> {
  const output = new Output({ format, target: new BufferTarget() });
  const source = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(source);
  await output.start();
  const decoderConfig = { codec: 'opus', numberOfChannels: 1, sampleRate: 48_000, description: opusHead() };
  for (let i = 0; i < packets; i++) {
    const packet = new EncodedPacket(OPUS_SILENCE, 'key', i * OPUS_PACKET_S, OPUS_PACKET_S);
    await source.add(packet, i === 0 ? { decoderConfig } : undefined);
  }
  await output.finalize();
  return new Uint8Array(output.target.buffer!);
}

export const opusWebm = (packets: number, options: { live?: boolean } = {}) =>
  mux(new WebMOutputFormat({ appendOnly: options.live ?? false }), packets);

export const opusMp4 = (packets: number, options: { fragmented?: boolean } = {}) =>
  mux(new Mp4OutputFormat({ fastStart: options.fragmented ? 'fragmented' : 'in-memory' }), packets);
