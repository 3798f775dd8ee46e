// PHP's `sprintf`/`vsprintf` over resolved values, so that `sprintf('aes-%d-gcm', $bits)` names a cipher
// the way `"aes-{$bits}-gcm"` does. Only the conversions that make names are read: `%s`, `%d`, `%u` and
// the integer bases `%x`, `%X`, `%o`, `%b`, with PHP's argument numbers (`%1$s`), flags (`-`, `+`, `0`,
// space, `'c` padding), width and, for `%s`, precision. Floats, `%c`, `%e`/`%g` and any argument that
// is not a known string or integer make the whole result unknown: a name is never half-guessed.
import { UNKNOWN, str, type Value } from '../common/value.js';

/** `%[argnum$][flags][width][.precision]specifier` (php.net sprintf). */
const SPEC = /%(?:(\d+)\$)?((?:[-+ 0]|'[\s\S])*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g;

/** The formatted string, or UNKNOWN. `args` are the values after the format. */
export function phpSprintf(format: string, args: readonly Value[]): Value {
  let out = '';
  let last = 0;
  let next = 0;
  for (const m of format.matchAll(SPEC)) {
    out += format.slice(last, m.index);
    last = m.index! + m[0].length;
    const [, argnum, flags = '', width, precision, spec] = m;
    if (spec === '%') {
      out += '%';
      continue;
    }
    const arg = args[argnum ? Number(argnum) - 1 : next++];
    if (!arg) return UNKNOWN; // PHP 8 throws ArgumentCountError.
    const piece = convert(spec!, arg, flags, precision);
    if (piece === undefined) return UNKNOWN;
    out += pad(piece, flags, width ? Number(width) : 0, spec!);
  }
  return str(out + format.slice(last));
}

function convert(spec: string, arg: Value, flags: string, precision: string | undefined): string | undefined {
  if (spec === 's') {
    const s = arg.kind === 'str' ? arg.value : arg.kind === 'int' ? String(arg.value) : undefined;
    return s !== undefined && precision !== undefined ? s.slice(0, Number(precision)) : s;
  }
  const n = arg.kind === 'int' ? arg.value : arg.kind === 'str' && /^\s*[+-]?\d+\s*$/.test(arg.value) ? Number(arg.value) : undefined;
  if (n === undefined || !Number.isSafeInteger(n)) return undefined;
  switch (spec) {
    case 'd':
      return n >= 0 && flags.includes('+') ? `+${n}` : String(n);
    case 'u':
    case 'x':
    case 'X':
    case 'o':
    case 'b': {
      // Negative numbers print as 64-bit two's complement: not a name anyone writes.
      if (n < 0) return undefined;
      const base = spec === 'u' ? 10 : spec === 'o' ? 8 : spec === 'b' ? 2 : 16;
      const text = n.toString(base);
      return spec === 'X' ? text.toUpperCase() : text;
    }
    default:
      return undefined;
  }
}

/** Width padding: spaces by default, `0` or `'c` as the pad character, `-` to justify left (PHP pads with the same character on the right). */
function pad(s: string, flags: string, width: number, spec: string): string {
  if (s.length >= width) return s;
  const custom = /'([\s\S])/.exec(flags)?.[1];
  const char = custom ?? (flags.replace(/'[\s\S]/g, '').includes('0') ? '0' : ' ');
  const fill = char.repeat(width - s.length);
  if (flags.replace(/'[\s\S]/g, '').includes('-')) return s + fill;
  // A zero-padded number keeps its sign in front (`%+05d` of 7 is `+0007`).
  if (char === '0' && spec !== 's' && /^[+-]/.test(s)) return s[0] + fill + s.slice(1);
  return fill + s;
}
