// How the phases of a scan map onto one percentage a client can draw as a progress bar:
// downloading 0-25, scanning 25-95 (by files done), encoding 95-99, completed 100.
import type { ScanProgress as EngineProgress } from '../../engine/scan.js';
import type { FetchProgress } from '../../engine/source/github.js';
import type { ScanProgress } from '../store/scans.js';

export function downloadProgress(p: FetchProgress): ScanProgress {
  const fraction = p.totalBytes ? Math.min(1, p.receivedBytes / p.totalBytes) : 0;
  return { phase: 'downloading', percent: Math.floor(fraction * 25), files_done: p.files, files_total: 0 };
}

export function engineProgress(p: EngineProgress): ScanProgress {
  const fraction = p.filesTotal > 0 ? p.filesDone / p.filesTotal : p.phase === 'walk' ? 0 : 1;
  return { phase: p.phase === 'walk' ? 'walking' : p.phase === 'detect' ? 'detecting' : 'analysing', percent: 25 + Math.floor(fraction * 70), files_done: p.filesDone, files_total: p.filesTotal };
}

export function encodingProgress(filesTotal: number): ScanProgress {
  return { phase: 'encoding', percent: 95, files_done: filesTotal, files_total: filesTotal };
}
