// Running one construct once per case (Evaluator.eachCase) in a detector whose handlers leave marks
// for the constructs after them: node ids an enclosing construct consumed (the engine inside its mode
// wrapper, the hash inside `padding.OAEP(...)`) and ranges already reported. A construct's second run
// must see the marks as its first run saw them, not the ones that run left (it would skip itself as
// already reported); after the last run the marks of every run stand.
//
// Each algorithm a run reports from a value passed by a call of the file is also reported at that
// call's argument: `hex(manifest, "MD5")` is where MD5 is chosen, and where a finding must point.
import type { Evaluator } from './evaluate.js';
import type { DetectionSink } from './sink.js';

export interface Marks {
  /** Absent for a detector whose handlers mark nothing for later constructs (Go, JS/TS, C). */
  consumed?: Set<number>;
  /** Reported ranges in document order (a handler's insideReported test relies on it). */
  reported?: { start: number; end: number }[];
  /** Where the handlers report: algorithms from a call's arguments are reported at that call too. */
  sink: DetectionSink;
}

export function eachCaseMarked(ev: Evaluator, marks: Marks, visit: () => void): void {
  const consumed = marks.consumed ?? new Set<number>();
  const consumedBefore = consumed.size;
  const reportedBefore = marks.reported?.length ?? 0;
  const consumedLater: number[] = [];
  const reportedLater: { start: number; end: number }[] = [];
  let runs = 0;
  let before = 0;
  const { sink } = marks;
  ev.eachCase(() => {
    before = sink.detections.length;
    if (runs++ > 0) {
      // A Set iterates in insertion order: what the earlier runs added comes after consumedBefore.
      let i = 0;
      const added: number[] = [];
      for (const id of consumed) if (i++ >= consumedBefore) added.push(id);
      for (const id of added) consumed.delete(id);
      consumedLater.push(...added);
      if (marks.reported) reportedLater.push(...marks.reported.splice(reportedBefore));
    }
    visit();
  }, (supplied) => {
    if (supplied.length === 0) return;
    const reported = sink.detections.slice(before);
    for (const d of reported) {
      // An algorithm the run could not name was not chosen by any caller.
      if (d.type !== 'algorithm' || d.spelling.startsWith('unknown-')) continue;
      for (const s of supplied) sink.detections.push({ ...d, occurrence: sink.occurrences.at(s.arg, s.name) });
    }
  });
  if (runs < 2) return;
  for (const id of consumedLater) consumed.add(id);
  if (marks.reported && reportedLater.length) {
    const all = [...marks.reported, ...reportedLater];
    const seen = new Set<string>();
    marks.reported.length = 0;
    for (const r of all.sort((a, b) => a.start - b.start || b.end - a.end)) {
      const key = `${r.start}:${r.end}`;
      if (!seen.has(key)) {
        seen.add(key);
        marks.reported.push(r);
      }
    }
  }
}
