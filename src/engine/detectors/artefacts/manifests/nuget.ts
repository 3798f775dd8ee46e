// NuGet: MSBuild project files (`*.csproj`, `*.fsproj`, `*.vbproj`, `Directory.Packages.props`,
// `Directory.Build.props`) with `<PackageReference>`/`<PackageVersion>` elements, and `packages.config`
// with `<package id=… version=…>`. Versions from the element (attribute or child), same-file MSBuild
// properties (`$(BouncyCastleVersion)`), or an exact NuGet range (`[2.4.0]`); floating versions and
// ranges are not versions. A reference without a version (central package management) has none here.
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { exactVersion, findLibrary, keywordsFor, libraryDetection } from './libraries.js';

const ID = 'manifest-nuget';

/**
 * `<PackageReference Include="X" Version="1" />`, `<PackageVersion …>`, `<package id="X" version="1" />`,
 * with or without a body. The body is bounded: an element never closed (a hostile or broken file)
 * must not make each match scan to the end of the file.
 */
const ELEMENT = /<(PackageReference|PackageVersion|GlobalPackageReference|package)\b([^<>]*?)(\/>|>([\s\S]{0,2000}?)<\/\1\s*>|>)/g;
const attr = (attrs: string, name: string): { value: string; at: number } | undefined => {
  const m = new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`, 'i').exec(attrs);
  return m ? { value: m[2]!, at: m.index + m[0].indexOf(m[2]!) } : undefined;
};

/**
 * Same-file MSBuild properties: `<PropertyGroup><BcVersion>2.4.0</BcVersion></PropertyGroup>` (first
 * definition wins). Groups are found with indexOf and values trimmed in code, not with lazy regexes
 * around `\s*`: a group never closed, or a long run of blanks, would otherwise make matching quadratic
 * in the file's size (manifests come from the scanned repository).
 */
function msbuildProperties(xml: string): Map<string, string> {
  const props = new Map<string, string>();
  for (let at = xml.indexOf('<PropertyGroup'); at !== -1; at = xml.indexOf('<PropertyGroup', at)) {
    const open = xml.indexOf('>', at);
    const close = open === -1 ? -1 : xml.indexOf('</PropertyGroup>', open);
    if (close === -1) break;
    for (const m of xml.slice(open + 1, close).matchAll(/<([A-Za-z_][\w.-]*)(?:\s[^>]*)?>([^<]*)<\/\1>/g)) {
      if (!props.has(m[1]!)) props.set(m[1]!, m[2]!.trim());
    }
    at = close;
  }
  return props;
}

/** A NuGet version: `2.4.0`, `$(Prop)` from this file, `[2.4.0]` (exactly that version); ranges and `*` are none. */
function nugetVersion(spec: string | undefined, props: ReadonlyMap<string, string>): string | undefined {
  let v = spec?.trim();
  for (let i = 0; v && i < 4 && /\$\((\w[\w.-]*)\)/.test(v); i++) v = v.replace(/\$\((\w[\w.-]*)\)/g, (_, k: string) => props.get(k) ?? '\u0000');
  if (!v || v.includes('\u0000') || v.includes('$(')) return undefined;
  const exact = /^\[\s*([^,\]]+?)\s*\]$/.exec(v);
  return exactVersion(exact ? exact[1] : v);
}

export const nugetManifestDetector: Detector = {
  id: ID,
  keywords: keywordsFor('nuget'),
  appliesTo: (path) => {
    const name = baseName(path);
    return /\.(cs|fs|vb)proj$/i.test(name) || /^(Directory\.Packages\.props|Directory\.Build\.props|packages\.config)$/i.test(name);
  },
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const props = msbuildProperties(text);
    const out: Detection[] = [];
    ELEMENT.lastIndex = 0;
    for (let m = ELEMENT.exec(text); m; m = ELEMENT.exec(text)) {
      const attrs = m[2]!;
      const attrsAt = m.index + 1 + m[1]!.length;
      const id = m[1] === 'package' ? attr(attrs, 'id') : attr(attrs, 'Include') ?? attr(attrs, 'Update');
      if (!id) continue;
      const lib = findLibrary('nuget', id.value.trim());
      if (!lib) continue;
      const version = attr(attrs, m[1] === 'package' ? 'version' : 'Version')?.value ?? (m[4] !== undefined ? /<Version>([^<]*)<\/Version>/i.exec(m[4])?.[1]?.trim() : undefined);
      out.push(libraryDetection('nuget', lib, lib.name, nugetVersion(version, props), occurrenceAt(index, file.path, attrsAt + id.at, ID, lib.name)));
    }
    return out;
  },
};
