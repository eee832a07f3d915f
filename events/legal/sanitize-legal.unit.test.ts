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

  it('drops scripts, event handlers and javascript: addresses', () => {
    expect(sanitizeLegal('<p>a</p><script>alert(1)</script>')).toBe('<p>a</p>');
    expect(sanitizeLegal('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeLegal('<img src="https://a.pe/x.png" onerror="alert(1)">')).toBe('<img src="https://a.pe/x.png" />');
    expect(sanitizeLegal('<a href="javascript:alert(1)">clic</a>')).toBe('<a>clic</a>');
    expect(sanitizeLegal('<a href=" JaVaScRiPt:alert(1)">clic</a>')).toBe('<a>clic</a>');
    expect(sanitizeLegal('<a href="jav&#x09;ascript:alert(1)">clic</a>')).toBe('<a>clic</a>');
    expect(sanitizeLegal('<p onclick="alert(1)" onmouseover="x()">p</p>')).toBe('<p>p</p>');
    expect(sanitizeLegal('<svg onload=alert(1)></svg><iframe src="https://x"></iframe><style>*{}</style><object data="x"></object>')).toBe('');
    expect(sanitizeLegal('<form action="https://x"><input name="a"><button>b</button></form>')).toBe('b');
  });

  it('allows only http(s) and mailto links, and http(s) or inline raster images', () => {
    expect(sanitizeLegal('<a href="//evil.pe">x</a><a href="/rel">y</a><a href="data:text/html,x">z</a>')).toBe('<a>x</a><a>y</a><a>z</a>');
    expect(sanitizeLegal('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(sanitizeLegal('<img src="data:text/html;base64,PHNjcmlwdD4=">')).toBe('');
    expect(sanitizeLegal('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeLegal('<img src="javascript:alert(1)">')).toBe('');
  });

  it('keeps only whitelisted styles and makes new-tab links safe', () => {
    expect(sanitizeLegal('<p style="position:fixed;background:url(javascript:alert(1));color:red">c</p>')).toBe('<p style="color:red">c</p>');
    expect(sanitizeLegal('<span style="color:expression(alert(1))">e</span>')).toBe('<span>e</span>');
    expect(sanitizeLegal('<a href="https://faena.pe" target="_blank">w</a>')).toBe('<a href="https://faena.pe" target="_blank" rel="noopener noreferrer">w</a>');
    expect(sanitizeLegal('<a href="https://faena.pe" target="_parent" rel="opener">w</a>')).toBe('<a href="https://faena.pe">w</a>');
  });

  it('is stable: sanitising clean text again changes nothing', () => {
    const once = sanitizeLegal('<p>a<script>x</script><a href="https://a.pe" target="_blank">b</a><img src=y onerror=z></p>');
    expect(sanitizeLegal(once)).toBe(once);
  });
});
