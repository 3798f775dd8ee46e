// Maven and Gradle: pom.xml <dependency> elements (versions from literal text or same-file <properties>)
// and Gradle build scripts' "group:artifact:version" coordinates (Groovy and Kotlin DSL) and version
// catalogs (gradle/libs.versions.toml: [libraries] entries, versions from [versions] by version.ref).
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
  // Every <properties> block (project and profiles); the first definition wins, as the project's comes first.
  for (const block of xml.matchAll(/<properties>([\s\S]*?)<\/properties>/g)) {
    for (const m of block[1]!.matchAll(/<([A-Za-z0-9_.-]+)>\s*([^<]*?)\s*<\/\1>/g)) if (!props.has(m[1]!)) props.set(m[1]!, m[2]!);
  }
  const projectVersion = /<\/parent>[\s\S]*?<version>\s*([^<]*?)\s*<\/version>|^[\s\S]*?<artifactId>[^<]*<\/artifactId>\s*<version>\s*([^<]*?)\s*<\/version>/.exec(xml);
  const pv = projectVersion?.[1] ?? projectVersion?.[2];
  if (pv) props.set('project.version', pv);
  return props;
}

/** `${bc.version}`, also through other properties (`<bc.version>${bouncycastle.version}</bc.version>`); undefined if any part is unknown. */
export function expandProperties(value: string | undefined, props: ReadonlyMap<string, string>): string | undefined {
  let v = value;
  for (let depth = 0; v !== undefined && v.includes('${') && depth < 8; depth++) {
    let unknown = false;
    v = v.replace(/\$\{([^}]+)\}/g, (_, key: string) => props.get(key) ?? ((unknown = true), ''));
    if (unknown) return undefined;
  }
  return v?.includes('${') ? undefined : v;
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
    const deps = [...text.matchAll(DEPENDENCY)].map((m) => ({
      at: m.index,
      body: m[1]!,
      // Coordinates may be properties too (`<artifactId>${bcprov.artifactId}</artifactId>`).
      group: expandProperties(tag(m[1]!, 'groupId'), props),
      artifact: expandProperties(tag(m[1]!, 'artifactId'), props),
      version: expandProperties(tag(m[1]!, 'version'), props),
    }));
    // A dependency without a version takes the one this pom's <dependencyManagement> gives it.
    const managed = new Map(deps.filter((d) => d.version).map((d) => [`${d.group}:${d.artifact}`, d.version]));
    for (const d of deps) {
      if (!d.group || !d.artifact) continue;
      const lib = findLibrary('maven', `${d.group}:${d.artifact}`);
      if (!lib) continue;
      const version = d.version ?? managed.get(`${d.group}:${d.artifact}`);
      const named = d.body.indexOf(d.artifact);
      const at = d.at + '<dependency>'.length + (named >= 0 ? named : Math.max(0, d.body.indexOf('<artifactId>')));
      out.push(libraryDetection('maven', lib, lib.name, exactVersion(version), occurrenceAt(index, file.path, at, POM_ID, `${d.group}:${d.artifact}`)));
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

const CATALOG_ID = 'manifest-gradle-catalog';
const str = (line: string, key: string): string | undefined => new RegExp(`(?:^|[{,\\s])${key.replace('.', '\\.')}\\s*=\\s*"([^"]*)"`).exec(line)?.[1];

/** Gradle version catalog: `bcprov = { module = "org.bouncycastle:bcprov-jdk18on", version.ref = "bc" }`. */
export const gradleCatalogDetector: Detector = {
  id: CATALOG_ID,
  keywords: keywordsFor('maven'),
  appliesTo: (path) => /\.versions\.toml$/.test(baseName(path)),
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const versions = new Map<string, string>();
    const entries: { line: string; offset: number }[] = [];
    let section = '';
    let offset = 0;
    for (const raw of text.split('\n')) {
      const lineOffset = offset;
      offset += raw.length + 1;
      const line = raw.replace(/\s#.*$/, '');
      const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
      if (header) {
        section = header[1]!.trim();
        continue;
      }
      if (section === 'versions') {
        // `bc = "1.78"` or a rich version `bc = { strictly = "1.78" }` (require/prefer alike).
        const m = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"([^"]*)"|\{.*?(?:strictly|require|prefer)\s*=\s*"([^"]*)")/.exec(line);
        if (m) versions.set(m[1]!, (m[2] ?? m[3])!);
      } else if (section === 'libraries') {
        entries.push({ line, offset: lineOffset });
      }
    }
    const out: Detection[] = [];
    for (const { line, offset: lineOffset } of entries) {
      const m = /^\s*[A-Za-z0-9_.-]+\s*=\s*(.*)$/.exec(line);
      if (!m) continue;
      const value = m[1]!;
      let coordinate: string | undefined;
      let version: string | undefined;
      const literal = /^"([^":]+):([^":]+)(?::([^"]+))?"/.exec(value);
      if (literal) {
        coordinate = `${literal[1]!}:${literal[2]!}`;
        version = literal[3];
      } else {
        const module = str(value, 'module');
        const group = str(value, 'group');
        const name = str(value, 'name');
        coordinate = module ?? (group && name ? `${group}:${name}` : undefined);
        const ref = str(value, 'version.ref');
        version = ref !== undefined ? versions.get(ref) : (str(value, 'version') ?? /version\s*=\s*\{.*?(?:strictly|require|prefer)\s*=\s*"([^"]*)"/.exec(value)?.[1]);
      }
      if (!coordinate) continue;
      const lib = findLibrary('maven', coordinate);
      if (!lib) continue;
      const at = lineOffset + Math.max(0, line.indexOf(coordinate.split(':')[0]!));
      out.push(libraryDetection('maven', lib, lib.name, exactVersion(version), occurrenceAt(index, file.path, at, CATALOG_ID, coordinate)));
    }
    return out;
  },
};
