import { describe, expect, it } from 'vitest';
import { markdownToHtml, markdownToText, parseMarkdown } from '../../contract/markdown';

describe('markdown subset (no raw HTML)', () => {
  it('renders paragraphs, bold, italic, code, lists and headings', () => {
    expect(markdownToHtml('# Title\n\nA **bold** and *soft* `x`\nnext line\n\n- one\n- two\n\n1. first\n2. second')).toBe(
      '<h2>Title</h2>\n<p>A <strong>bold</strong> and <em>soft</em> <code>x</code><br>next line</p>\n<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>',
    );
  });

  it('escapes raw HTML instead of interpreting it', () => {
    const html = markdownToHtml('<script>alert(1)</script> <img src=x onerror=alert(1)> & "q"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps only http, https and mailto links', () => {
    expect(markdownToHtml('[site](https://school.test/a) [bad](javascript:void0) [mail](mailto:o@s.test)')).toBe(
      '<p><a href="https://school.test/a">site</a> bad <a href="mailto:o@s.test">mail</a></p>',
    );
    expect(markdownToHtml('[x](javascript:alert(1))')).not.toContain('href');
  });

  it('gives a plain-text version for emails', () => {
    expect(markdownToText('Pay **by check**\n\n- cash\n- [Venmo](https://venmo.com/x)')).toBe('Pay by check\n\n- cash\n- Venmo (https://venmo.com/x)');
  });

  it('parses list continuation lines into the same item', () => {
    expect(parseMarkdown('- one\n  more\n- two')).toEqual([
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'one more' }], [{ type: 'text', text: 'two' }]] },
    ]);
  });

  it('makes an address written as it is a link to exactly that address; markup never applies inside it', () => {
    const form = 'https://docs.google.com/forms/d/e/1FAIpQ/viewform?usp=sf_link';
    expect(markdownToHtml(`Sign up: ${form}. Thanks!`)).toBe(`<p>Sign up: <a href="${form.replace(/&/g, '&amp;')}">${form}</a>. Thanks!</p>`);
    expect(markdownToHtml('Map: <https://maps.example/x_y__z__w>, then _walk_.')).toBe('<p>Map: <a href="https://maps.example/x_y__z__w">https://maps.example/x_y__z__w</a>, then <em>walk</em>.</p>');
    // The sentence's own punctuation stays out of the address; a closing bracket too.
    expect(markdownToHtml('(see https://a.example/p?q=1)')).toBe('<p>(see <a href="https://a.example/p?q=1">https://a.example/p?q=1</a>)</p>');
    // Only web addresses: nothing else becomes a link.
    expect(markdownToHtml('javascript:alert(1) ftp://x.example')).not.toContain('href');
    // The text part of an email gives the address once.
    expect(markdownToText(`Form: ${form}`)).toBe(`Form: ${form}`);
  });
});
