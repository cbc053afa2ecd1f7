// A small, safe markdown subset shared by the app (rendered as React elements) and the functions
// (rendered as escaped HTML in emails): headings, paragraphs, lists, **bold**, *italic*, `code`,
// [links](https://…), and addresses written as they are (https://… or <https://…>), which link to
// themselves exactly: no markup applies inside an address. Raw HTML is never interpreted: it stays text.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_URL = /^(https?:\/\/|mailto:)[^\s<>"']+$/i;

export function safeHref(url: string): string | null {
  return SAFE_URL.test(url.trim()) ? url.trim() : null;
}

/** An address written as it is: up to the next space, without the punctuation that ends a sentence. */
const BARE_URL = String.raw`https?:\/\/[^\s<>"]*[^\s<>".,;:!?')\]]`;
// Links and addresses come first: at the place an address starts, it is taken whole.
const INLINE = new RegExp(String.raw`(\[[^\]]+\]\([^)\s]+\)|<${BARE_URL}>|${BARE_URL}|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|` + '`[^`]+`)');

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (i > 0) out.push({ type: 'break' });
    for (const part of line.split(INLINE)) {
      if (!part) continue;
      const address = new RegExp(`^<?(${BARE_URL})>?$`).exec(part);
      if (address && safeHref(address[1])) out.push({ type: 'link', href: address[1], children: [{ type: 'text', text: address[1] }] });
      else if (/^(\*\*|__).+(\*\*|__)$/.test(part)) out.push({ type: 'strong', children: parseInline(part.slice(2, -2)) });
      else if (/^[*_].+[*_]$/.test(part) && part.length > 2) out.push({ type: 'em', children: parseInline(part.slice(1, -1)) });
      else if (/^`.+`$/.test(part)) out.push({ type: 'code', text: part.slice(1, -1) });
      else if (/^\[.+\]\(.+\)$/.test(part)) {
        const m = /^\[(.+)\]\((.+)\)$/.exec(part)!;
        const href = safeHref(m[2]);
        out.push(href ? { type: 'link', href, children: parseInline(m[1]) } : { type: 'text', text: m[1] });
      } else out.push({ type: 'text', text: part });
    }
  });
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1].length as 1 | 2 | 3, children: parseInline(heading[2]) });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (list) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function inlineHtml(nodes: Inline[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
          return escapeHtml(n.text);
        case 'break':
          return '<br>';
        case 'code':
          return `<code>${escapeHtml(n.text)}</code>`;
        case 'link':
          return `<a href="${escapeHtml(n.href)}">${inlineHtml(n.children)}</a>`;
        default:
          return `<${n.type}>${inlineHtml(n.children)}</${n.type}>`;
      }
    })
    .join('');
}

/** Escaped HTML for emails. */
export function markdownToHtml(source: string): string {
  return parseMarkdown(source)
    .map((b) => {
      if (b.type === 'heading') return `<h${b.level + 1}>${inlineHtml(b.children)}</h${b.level + 1}>`;
      if (b.type === 'paragraph') return `<p>${inlineHtml(b.children)}</p>`;
      const tag = b.ordered ? 'ol' : 'ul';
      return `<${tag}>${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join('')}</${tag}>`;
    })
    .join('\n');
}

function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : n.type === 'break' ? '\n' : n.type === 'link' ? (inlineText(n.children) === n.href ? n.href : `${inlineText(n.children)} (${n.href})`) : inlineText(n.children))).join('');
}

/** Plain text for the text part of emails. */
export function markdownToText(source: string): string {
  return parseMarkdown(source)
    .map((b) => (b.type === 'list' ? b.items.map((i, k) => `${b.ordered ? `${k + 1}.` : '-'} ${inlineText(i)}`).join('\n') : inlineText(b.children)))
    .join('\n\n');
}
