// Encoding worker (piscina): turns a stored engine result into both BOM documents off the event
// loop (canonical JSON and SHA-256 of a large inventory take a while). Loaded as
// dist/service/scans/encode-worker.js in production and as this .ts file under tsx.
import { BOM_FORMATS, encodeBom } from '../../engine/encoders/index.js';
import type { ScanResult, SourceDescriptor } from '../../engine/inventory/model.js';
import type { StoredBom } from '../store/scans.js';

export interface EncodeTask {
  /** The engine's ScanResult as stored (JSON text: cheaper to pass between threads than an object graph). */
  resultJson: string;
  source: SourceDescriptor;
}

export interface EncodeOutput {
  boms: StoredBom[];
  score: number;
  methodologyVersion: string;
  filesScanned: number;
}

export default function encode(task: EncodeTask): EncodeOutput {
  const result = JSON.parse(task.resultJson) as ScanResult;
  const boms = BOM_FORMATS.map((format) => {
    const b = encodeBom(result, task.source, format);
    return { format, contentType: b.contentType, document: b.json, sha256: b.sha256 };
  });
  return { boms, score: result.score, methodologyVersion: result.methodologyVersion, filesScanned: result.inventory.stats.filesScanned };
}
