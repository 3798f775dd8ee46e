// Readable colours whatever accent a tenant picks: text on the accent and the accent as text on the
// page both reach WCAG AA (4.5:1), checked over the whole colour cube at a coarse step plus the
// known worst cases; the fixed badge colours of the results view are checked too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { contrastRatio, inkOn, readableTextOn, relativeLuminance, themeCss, themeFor } from '../../../src/service/web/theme.js';
import { LEVEL, SEVERITY } from '../../../src/service/web/client/labels.js';

const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(
  ([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase(),
);

describe('theme colours', () => {
  it('computes WCAG luminance and contrast like the specification examples', () => {
    assert.equal(relativeLuminance('#000000'), 0);
    assert.equal(relativeLuminance('#FFFFFF'), 1);
    assert.equal(contrastRatio('#000000', '#FFFFFF'), 21);
    assert.equal(contrastRatio('#777777', '#777777'), 1);
    // #767676 is the classic lightest grey that passes AA on white.
    assert.ok(contrastRatio('#767676', '#FFFFFF') >= 4.5);
    assert.ok(contrastRatio('#777777', '#FFFFFF') < 4.5);
  });

  it('picks black on light accents and white on dark ones', () => {
    assert.equal(readableTextOn('#FFD200'), '#000000');
    assert.equal(readableTextOn('#FFFFFF'), '#000000');
    assert.equal(readableTextOn('#1B1464'), '#FFFFFF');
    assert.equal(readableTextOn('#000000'), '#FFFFFF');
  });

  it('text on any accent, and any accent as text on white, reach 4.5:1', () => {
    fc.assert(
      fc.property(hex, (accent) => {
        const t = themeFor(accent);
        assert.ok(contrastRatio(t.accent, t.onAccent) >= 4.5, `${accent} with ${t.onAccent}`);
        assert.ok(contrastRatio(t.accentInk, '#FFFFFF') >= 4.5, `${accent} ink ${t.accentInk}`);
      }),
      { numRuns: 3000 },
    );
    for (const worst of ['#757575', '#767676', '#7F7F7F', '#808080', '#00A0A0', '#FF0000', '#00FF00', '#0000FF', '#FFFF00']) {
      const t = themeFor(worst);
      assert.ok(contrastRatio(t.accent, t.onAccent) >= 4.5, worst);
      assert.ok(contrastRatio(t.accentInk, '#FFFFFF') >= 4.5, worst);
    }
  });

  it('keeps an accent that already reads on white as it is', () => {
    assert.equal(inkOn('#1B1464'), '#1B1464');
    assert.notEqual(inkOn('#FFD200'), '#FFD200');
  });

  it('falls back to the default accent for anything that is not #RRGGBB, so the stylesheet holds only colours', () => {
    for (const bad of [null, '', 'red', '#FFF', '#12345G', 'red;}body{display:none']) {
      const css = themeCss(themeFor(bad));
      assert.match(css, /^:root\{--accent:#[0-9A-F]{6};--on-accent:#(000000|FFFFFF);--accent-ink:#[0-9A-F]{6};\}\n$/);
    }
  });

  it('badge colours of the results view carry white text at 4.5:1', () => {
    for (const { color } of [...Object.values(SEVERITY), ...Object.values(LEVEL)]) {
      assert.ok(contrastRatio(color, '#FFFFFF') >= 4.5, `${color}: ${contrastRatio(color, '#FFFFFF').toFixed(2)}`);
    }
  });

  it('the stylesheet paints badges in the same colours as the charts (labels.ts is the source)', () => {
    const css = readFileSync(new URL('../../../src/service/web/client/styles.css', import.meta.url), 'utf8');
    const colourOf = (selector: string) => new RegExp(`\\${selector}\\s*\\{\\s*background:\\s*(#[0-9a-fA-F]{6})`).exec(css)?.[1]?.toUpperCase();
    for (const [k, v] of Object.entries(SEVERITY)) assert.equal(colourOf(`.sev-${k}`), v.color.toUpperCase(), k);
    for (const [k, v] of Object.entries(LEVEL)) assert.equal(colourOf(`.level-${k}`), v.color.toUpperCase(), k);
  });
});
