import { describe, expect, it } from 'vitest';
import { sanitizeLegal } from './sanitize-legal';

describe('sanitizeLegal', () => {
  it('keeps the formatting an editor produces', () => {
    const html =
      '<h1>Términos</h1><h4>1. Uso</h4><p style="text-align:center">Hola <strong>mundo</strong>, <em>a</em> <u>b</u> <s>c</s><br /></p>' +
      '<ul><li>uno</li></ul><ol><li>dos</li></ol><blockquote>cita</blockquote>' +
      '<table><thead><tr><th colspan="2">T</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
      '<span style="color:#c00;background-color:rgb(1, 2, 3);font-weight:bold">x</span><div style="text-align:right">d</div>' +
      '<a href="https://faena.pe/legal">web</a> <a href="mailto:legal@faena.pe">correo</a>' +
      '<img src="https://faena.pe/logo.png" alt="logo" width="120" height="40" />';
    expect(sanitizeLegal(html)).toBe(html);
  });

  const drops = 'drops scripts, event handlers and javascript: addresses';
  const links = 'allows only http(s) and mailto links, and http(s) or inline raster images';
  const styles = 'keeps only whitelisted styles and makes new-tab links safe';
  // Each row: the rule, what an editor (or an attacker) sends, and what is kept of it.
  it.each([
    [drops, '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    [drops, '<img src=x onerror=alert(1)>', ''],
    [drops, '<img src="https://a.pe/x.png" onerror="alert(1)">', '<img src="https://a.pe/x.png" />'],
    [drops, '<a href="javascript:alert(1)">clic</a>', '<a>clic</a>'],
    [drops, '<a href=" JaVaScRiPt:alert(1)">clic</a>', '<a>clic</a>'],
    [drops, '<a href="jav&#x09;ascript:alert(1)">clic</a>', '<a>clic</a>'],
    [drops, '<p onclick="alert(1)" onmouseover="x()">p</p>', '<p>p</p>'],
    [drops, '<svg onload=alert(1)></svg><iframe src="https://x"></iframe><style>*{}</style><object data="x"></object>', ''],
    [drops, '<form action="https://x"><input name="a"><button>b</button></form>', 'b'],
    [links, '<a href="//evil.pe">x</a><a href="/rel">y</a><a href="data:text/html,x">z</a>', '<a>x</a><a>y</a><a>z</a>'],
    [links, '<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="data:image/png;base64,iVBORw0KGgo=" />'],
    [links, '<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    [links, '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    [links, '<img src="javascript:alert(1)">', ''],
    [styles, '<p style="position:fixed;background:url(javascript:alert(1));color:red">c</p>', '<p style="color:red">c</p>'],
    [styles, '<span style="color:expression(alert(1))">e</span>', '<span>e</span>'],
    [styles, '<a href="https://faena.pe" target="_blank">w</a>', '<a href="https://faena.pe" target="_blank" rel="noopener noreferrer">w</a>'],
    [styles, '<a href="https://faena.pe" target="_parent" rel="opener">w</a>', '<a href="https://faena.pe">w</a>'],
  ])('%s: %s', (_rule, html, kept) => {
    expect(sanitizeLegal(html)).toBe(kept);
  });

  it('is stable: sanitising clean text again changes nothing', () => {
    const once = sanitizeLegal('<p>a<script>x</script><a href="https://a.pe" target="_blank">b</a><img src=y onerror=z></p>');
    expect(sanitizeLegal(once)).toBe(once);
  });
});
