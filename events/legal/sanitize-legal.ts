import sanitizeHtml from 'sanitize-html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4'];
const STYLED = ['span', 'div', 'p', ...HEADINGS, 'li', 'td', 'th'];
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE = /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$)/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'hr', ...HEADINGS, 'ul', 'ol', 'li', 'blockquote', 'a', 'img',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'span', 'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ...Object.fromEntries(STYLED.map((tag) => [tag, tag === 'td' || tag === 'th' ? ['colspan', 'rowspan', 'style'] : ['style']])),
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/i],
      color: colour,
      'background-color': colour,
      'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/i],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Only absolute http(s) and mailto links; a link that opens a new tab cannot reach its opener.
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const href = (attribs.href ?? '').trim();
      if (LINK.test(href)) out.href = href;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
    // Only absolute http(s) images and inline png/jpeg/gif/webp data; anything else loses its src
    // and is dropped below.
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      const src = (attribs.src ?? '').trim();
      if (IMAGE.test(src)) out.src = src;
      for (const key of ['alt', 'width', 'height']) if (attribs[key] !== undefined) out[key] = attribs[key];
      if (out.width !== undefined && !/^\d{1,4}%?$/.test(out.width)) delete out.width;
      if (out.height !== undefined && !/^\d{1,4}%?$/.test(out.height)) delete out.height;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The legal text as it may be stored and shown to every user: the formatting an editor produces
 * (paragraphs, headings, lists, quotes, tables, links, images, a few styles), never a script, an
 * event handler attribute, a `javascript:` address or any other active content. */
export function sanitizeLegal(html: string): string {
  return sanitizeHtml(html, options);
}
