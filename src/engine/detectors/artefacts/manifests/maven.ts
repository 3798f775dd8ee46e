// Maven and Gradle: pom.xml <dependency> elements (versions from literal text or same-file <properties>)
// and Gradle build scripts' "group:artifact:version" coordinates (Groovy and Kotlin DSL).
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { exactVersion, findLibrary, keywordsFor, libraryDetection } from './libraries.js';

const POM_ID = 'manifest-maven';
const GRADLE_ID = 'manifest-gradle';

const DEPENDENCY = /<dependency>([\s\S]*?)<\/dependency>/g;
const tag = (xml: string, name: string): string | undefined => new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(xml)?.[1];

function pomProperties(xml: string): Map<string, string> {
  const props = new Map<string, string>();
  const block = /<properties>([\s\S]*?)<\/properties>/.exec(xml)?.[1];
  if (block) for (const m of block.matchAll(/<([A-Za-z0-9_.-]+)>\s*([^<]*?)\s*<\/\1>/g)) props.set(m[1]!, m[2]!);
  const projectVersion = /<\/parent>[\s\S]*?<version>\s*([^<]*?)\s*<\/version>|^[\s\S]*?<artifactId>[^<]*<\/artifactId>\s*<version>\s*([^<]*?)\s*<\/version>/.exec(xml);
  const pv = projectVersion?.[1] ?? projectVersion?.[2];
  if (pv) props.set('project.version', pv);
  return props;
}

export const mavenPomDetector: Detector = {
  id: POM_ID,
  keywords: keywordsFor('maven'),
  appliesTo: (path) => baseName(path) === 'pom.xml',
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const props = pomProperties(text);
    const out: Detection[] = [];
    DEPENDENCY.lastIndex = 0;
    for (let m = DEPENDENCY.exec(text); m; m = DEPENDENCY.exec(text)) {
      const group = tag(m[1]!, 'groupId');
      const artifact = tag(m[1]!, 'artifactId');
      if (!group || !artifact) continue;
      const lib = findLibrary('maven', `${group}:${artifact}`);
      if (!lib) continue;
      let rawVersion = tag(m[1]!, 'version');
      const ref = rawVersion && /^\$\{([^}]+)\}$/.exec(rawVersion);
      if (ref) rawVersion = props.get(ref[1]!);
      const at = m.index + m[0].indexOf(artifact);
      out.push(libraryDetection('maven', lib, lib.name, exactVersion(rawVersion), occurrenceAt(index, file.path, at, POM_ID, `${group}:${artifact}`)));
    }
    return out;
  },
};

/** 'group:artifact:version' or "group:artifact:version" (optionally with a classifier), also without a version (BOM-managed). */
const COORDINATE = /["']([A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+)(?::([^:"'@\s]+))?(?::[^"'@\s]*)?(?:@[a-z]+)?["']/g;
/** Map notation: group: 'org.bouncycastle', name: 'bcprov-jdk18on', version: '1.78'. */
const MAP_NOTATION = /group\s*[:=]\s*["']([^"']+)["']\s*,\s*name\s*[:=]\s*["']([^"']+)["'](?:\s*,\s*version\s*[:=]\s*["']([^"']+)["'])?/g;

export const gradleDetector: Detector = {
  id: GRADLE_ID,
  keywords: keywordsFor('maven'),
  appliesTo: (path) => /^build\.gradle(\.kts)?$/.test(baseName(path)),
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    for (const re of [COORDINATE, MAP_NOTATION]) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const lib = findLibrary('maven', `${m[1]!}:${m[2]!}`);
        if (!lib) continue;
        // `$bcVersion` / `${libs.versions...}` are not literals: the version stays unknown.
        const version = m[3] && !m[3].includes('$') ? exactVersion(m[3]) : undefined;
        out.push(libraryDetection('maven', lib, lib.name, version, occurrenceAt(index, file.path, m.index + 1, GRADLE_ID, `${m[1]!}:${m[2]!}`)));
      }
    }
    return out.sort((a, b) => (a.occurrence.offset ?? 0) - (b.occurrence.offset ?? 0));
  },
};
