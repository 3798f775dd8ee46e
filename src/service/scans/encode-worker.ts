// Encoding worker (piscina): turns a stored engine result into both BOM documents off the event
// loop (canonical JSON and SHA-256 of a large inventory take a while). Loaded as
// dist/service/scans/encode-worker.js in production and as this .ts file under tsx.
//
// Each document is streamed to a file in the scan's work folder (writeBom hands over ~64 Ki pieces):
// a large SPDX document can come near V8's maximum string length, so it is never built as one
// string; the store then copies the file into the database chunk by chunk.
import fs from 'node:fs';
import path from 'node:path';
import { BOM_FORMATS, writeBom } from '../../engine/encoders/index.js';
import type { ScanResult, SourceDescriptor } from '../../engine/inventory/model.js';
import type { BomFile } from '../store/scans.js';

export interface EncodeTask {
  /** The engine's ScanResult as stored (JSON text: cheaper to pass between threads than an object graph). */
  resultJson: string;
  source: SourceDescriptor;
  /** An existing, private folder; the documents are written there as `<format>.json`. */
  dir: string;
}

/** A document the worker wrote, by path. */
export type WrittenBom = BomFile & { file: string };

export interface EncodeOutput {
  boms: WrittenBom[];
  score: number;
  methodologyVersion: string;
  filesScanned: number;
}

export default function encode(task: EncodeTask): EncodeOutput {
  const result = JSON.parse(task.resultJson) as ScanResult;
  const boms = BOM_FORMATS.map((format): WrittenBom => {
    const file = path.join(task.dir, `${format}.json`);
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      const b = writeBom(result, task.source, format, (chunk) => {
        const bytes = Buffer.from(chunk, 'utf8');
        // write(2) may write less than asked; carry on until every byte is in the file.
        for (let off = 0; off < bytes.length; ) off += fs.writeSync(fd, bytes, off, bytes.length - off);
      });
      return { format, contentType: b.contentType, sha256: b.sha256, file };
    } finally {
      fs.closeSync(fd);
    }
  });
  return { boms, score: result.score, methodologyVersion: result.methodologyVersion, filesScanned: result.inventory.stats.filesScanned };
}
